// Formulario de Vehículos: no `?id=` registers a vehicle (with an optional
// first odometer reading), `?id=N` edits one. Sections: identificación (VIN
// checked as typed: refused North-American check digit, warning for other
// regions), asignación (grupo, locación, conductor from RH), seguro y
// adquisición, and once saved the photo, the documents (one row per type,
// with its state) and the odometer log; Dar de baja / Reactivar and
// Registrar lectura open their own dialogs. The editor is keyed by id +
// version so a save, a baja or a reading starts from the server.
import { recordGate } from '../../../components/recordGate';
import { useState } from 'react';
import { Alert, Button, Group, Paper, ScrollArea, Select, SimpleGrid, Stack, Table, Text, TextInput, Textarea, Tooltip } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQuery } from '@apollo/client/react';
import { IconAlertCircle, IconAlertTriangle, IconArrowBackUp, IconGauge, IconTool, IconTruckOff } from '@tabler/icons-react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import {
  VehicleCreateDocument,
  VehicleDetailDocument,
  VehicleDocumentAddDocument,
  VehicleDocumentRemoveDocument,
  VehicleFormOptionsDocument,
  VehiclePhotoSetDocument,
  VehicleUpdateDocument,
  type VehicleDetailQuery,
  type VehicleFormOptionsQuery,
} from '../../../../generated/modules/vehicle-park/graphql';
import { checkVin, normalizeVin } from '../../../../schema/vehicle-park/vin';
import { todayMx } from '../../../../schema/dates';
import { useScreenAccess, type ScreenAccess } from '../../../components/access';
import { DateField } from '../../../components/DateField';
import { EmployeeSelect } from '../../../components/EmployeeSelect';
import { FormPage } from '../../../components/FormPage';
import { NumberField } from '../../../components/NumberField';
import { DocumentsPanel, PhotoPanel } from '../../../components/RecordFiles';
import { StatusBadge } from '../../../components/StatusBadge';
import { toDecimal } from '../../../components/decimal';
import { formatDate } from '../../../components/format';
import { readGraphQLError } from '../../../components/graphqlErrors';
import { useFormSave } from '../../../components/useFormSave';
import { FUEL_LABELS, SOURCE_LABELS, VEHICLE_PATHS, VEHICLE_STATUS_BADGES, VEHICLE_TYPES, VP_FUEL_SCREEN, VP_MODULE, VP_VEHICLES_SCREEN, texts } from '../texts';
import { FuelSummaryPanel } from '../fuel/FuelSummaryPanel';
import { OdometerDialog, ReactivateDialog, RetireDialog } from './VehicleDialogs';
import { idParam } from '../../../components/dates';

const t = texts.form;
const f = t.fields;
export type Vehicle = NonNullable<VehicleDetailQuery['vehicle']>;
type Options = VehicleFormOptionsQuery['vehicleFormOptions'];
type Fuel = Vehicle['fuel'];

type Values = {
  economicNumber: string;
  plate: string;
  vin: string;
  brand: string;
  model: string;
  year: string;
  vehicleType: string;
  fuel: Fuel;
  groupId: string;
  locationId: string;
  driverId: string;
  insurancePolicy: string;
  insuranceExpiresOn: string;
  acquisitionCost: string;
  acquisitionDate: string;
  notes: string;
  initialKm: string;
  initialKmDate: string;
};

const EMPTY: Values = {
  economicNumber: '', plate: '', vin: '', brand: '', model: '', year: String(new Date().getFullYear()), vehicleType: '', fuel: 'gasolina', groupId: '', locationId: '',
  driverId: '', insurancePolicy: '', insuranceExpiresOn: '', acquisitionCost: '', acquisitionDate: '', notes: '', initialKm: '', initialKmDate: '',
};

const valuesOf = (v: Vehicle): Values => ({
  economicNumber: v.economicNumber, plate: v.plate, vin: v.vin, brand: v.brand, model: v.model, year: String(v.year), vehicleType: v.vehicleType, fuel: v.fuel,
  groupId: v.groupId ?? '', locationId: v.locationId ?? '', driverId: v.driverId ?? '', insurancePolicy: v.insurancePolicy, insuranceExpiresOn: v.insuranceExpiresOn ?? '',
  acquisitionCost: v.acquisitionCost ? (toDecimal(v.acquisitionCost)?.toFixed(2) ?? v.acquisitionCost) : '', acquisitionDate: v.acquisitionDate ?? '', notes: v.notes,
  initialKm: '', initialKmDate: '',
});

const FIELDS = Object.keys(EMPTY);
const required = (v: string) => (v.trim() ? null : texts.required);

/** The VIN as typed: null when fine (or empty), the refusal, or the warning for a non-North-American check digit. */
function vinState(vin: string): { error: string | null; warning: string | null } {
  if (!vin.trim()) return { error: null, warning: null };
  const r = checkVin(vin);
  return r.ok ? { error: null, warning: r.warning } : { error: r.error, warning: null };
}

function VehicleEditor({ vehicle, options, access, onReload }: { vehicle: Vehicle | null; options: Options; access: ScreenAccess; onReload?: () => void }) {
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<'retire' | 'reactivate' | 'odometer' | null>(null);
  const [create] = useMutation(VehicleCreateDocument);
  const [update] = useMutation(VehicleUpdateDocument);
  const [setPhoto] = useMutation(VehiclePhotoSetDocument);
  const [addDocument] = useMutation(VehicleDocumentAddDocument);
  const [removeDocument] = useMutation(VehicleDocumentRemoveDocument);
  const fuelAccess = useScreenAccess(VP_MODULE, VP_FUEL_SCREEN);
  const baja = vehicle?.status === 'baja';
  const openOrders = vehicle?.openMaintenanceOrders ?? [];
  const readOnly = vehicle ? !access.editar || baja : !access.crear;
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: vehicle ? valuesOf(vehicle) : EMPTY,
    validate: {
      economicNumber: (v) => required(v) ?? (/^[A-Za-z0-9-]{1,20}$/.test(v.trim()) ? null : 'Número económico no válido: de 1 a 20 letras, números o guiones.'),
      vin: (v) => vinState(v).error,
      brand: required,
      model: required,
      year: (v) => (/^\d{4}$/.test(v) ? null : 'Indica el año modelo.'),
      vehicleType: required,
      initialKm: (v) => (v === '' || /^\d+$/.test(v) ? null : 'Captura los kilómetros como un número entero, cero o mayor.'),
    },
  });
  const v = form.values;
  const { save: runSave, saving, error } = useFormSave({ form, fields: FIELDS, onSaved: () => undefined, readOnly });
  const vin = vinState(v.vin);
  // Inactive catalogue entries stay listed while the vehicle still points at them.
  const withCurrent = (list: readonly { id: string; name: string }[], id: string | null | undefined, name: string | null | undefined) =>
    id && name && !list.some((x) => x.id === id) ? [...list, { id, name }] : list;
  const groups = withCurrent(options.groups, vehicle?.groupId, vehicle?.groupName);
  const locations = withCurrent(options.locations, vehicle?.locationId, vehicle?.locationName);

  const save = () =>
    runSave(async () => {
      const input = {
        economicNumber: v.economicNumber.trim().toUpperCase(),
        plate: v.plate.trim().toUpperCase(),
        vin: normalizeVin(v.vin),
        brand: v.brand,
        model: v.model,
        year: Number(v.year),
        vehicleType: v.vehicleType,
        fuel: v.fuel,
        groupId: v.groupId || null,
        locationId: v.locationId || null,
        driverId: v.driverId || null,
        insurancePolicy: v.insurancePolicy,
        insuranceExpiresOn: v.insuranceExpiresOn || null,
        acquisitionCost: v.acquisitionCost || null,
        acquisitionDate: v.acquisitionDate || null,
        notes: v.notes,
        ...(vehicle ? {} : { initialKm: v.initialKm === '' ? null : Number(v.initialKm), initialKmDate: v.initialKmDate || null }),
      };
      if (vehicle) {
        await update({ variables: { id: vehicle.id, version: vehicle.version, input } });
        return texts.saved;
      }
      const result = await create({ variables: { input } });
      // Straight to the record: the photo, the documents and the readings need it saved.
      return { message: t.created, onSaved: () => void navigate(`${VEHICLE_PATHS.form}?id=${result.data?.vehicleCreate.id ?? ''}`, { replace: true }) };
    });

  const headerActions = vehicle ? (
    <Group gap="xs">
      <StatusBadge status={vehicle.status} labels={VEHICLE_STATUS_BADGES} />
      {!baja && access.editar ? (
        <Button size="xs" variant="light" leftSection={<IconGauge size={14} />} onClick={() => setDialog('odometer')}>
          {t.odometer.add}
        </Button>
      ) : null}
      {!baja && access.eliminar && openOrders.length ? (
        // Closing or cancelling the order gives the vehicle back: no baja meanwhile (the server refuses it too).
        <Tooltip label={t.retireBlocked(openOrders)} multiline maw={320}>
          <Button size="xs" variant="light" color="red" leftSection={<IconTruckOff size={14} />} data-disabled onClick={(e) => e.preventDefault()}>
            {t.retire}
          </Button>
        </Tooltip>
      ) : !baja && access.eliminar ? (
        <Button size="xs" variant="light" color="red" leftSection={<IconTruckOff size={14} />} onClick={() => setDialog('retire')}>
          {t.retire}
        </Button>
      ) : null}
      {baja && access.eliminar ? (
        <Button size="xs" variant="light" leftSection={<IconArrowBackUp size={14} />} onClick={() => setDialog('reactivate')}>
          {t.reactivate}
        </Button>
      ) : null}
    </Group>
  ) : undefined;

  return (
    <>
      <FormPage
        entity="vehicle"
        title={vehicle ? `${vehicle.economicNumber} · ${vehicle.brand} ${vehicle.model}` : t.newTitle}
        description={vehicle ? [vehicle.plate, vehicle.year, vehicle.vehicleType].filter(Boolean).join(' · ') : undefined}
        headerActions={headerActions}
        onSubmit={save}
        onCancel={() => void navigate(VEHICLE_PATHS.list)}
        dirty={!readOnly && form.isDirty()}
        saving={saving}
        error={error}
        onReload={onReload}
        readOnly={readOnly}
      >
        <Stack gap="md">
          {vehicle ? null : !access.crear ? (
            <Alert color="gray" variant="light" icon={<IconAlertCircle size={18} />}>
              {t.readOnly}
            </Alert>
          ) : null}
          {vehicle && !access.editar ? (
            <Alert color="gray" variant="light" icon={<IconAlertCircle size={18} />}>
              {t.readOnly}
            </Alert>
          ) : null}
          {vehicle && baja ? (
            <Alert color="gray" variant="light" icon={<IconTruckOff size={18} />}>
              {t.retiredNotice(formatDate(vehicle.retiredOn ?? ''), vehicle.retiredReason)}
            </Alert>
          ) : null}
          {vehicle?.status === 'en_taller' || openOrders.length ? (
            <Alert color="orange" variant="light" icon={<IconTool size={18} />}>
              {openOrders.length ? t.inShopOrders(openOrders) : t.inShopNotice}
            </Alert>
          ) : null}
          <Paper withBorder radius="md" p="md">
            <Text fw={600} mb="sm">
              {t.sections.identity}
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
              <TextInput label={f.economicNumber} required disabled={readOnly} maxLength={20} {...form.getInputProps('economicNumber')} onChange={(e) => form.setFieldValue('economicNumber', e.currentTarget.value.toUpperCase())} />
              <TextInput label={f.plate} disabled={readOnly} maxLength={10} {...form.getInputProps('plate')} onChange={(e) => form.setFieldValue('plate', e.currentTarget.value.toUpperCase())} />
              <TextInput
                label={f.vin}
                description={f.vinHint}
                disabled={readOnly}
                maxLength={17}
                {...form.getInputProps('vin')}
                onChange={(e) => form.setFieldValue('vin', e.currentTarget.value.toUpperCase())}
                styles={{ input: { fontFamily: 'monospace', letterSpacing: 1 } }}
              />
              <TextInput label={f.brand} required disabled={readOnly} maxLength={60} {...form.getInputProps('brand')} />
              <TextInput label={f.model} required disabled={readOnly} maxLength={60} {...form.getInputProps('model')} />
              <NumberField label={f.year} required precision={0} min={1950} max={new Date().getFullYear() + 1} disabled={readOnly} {...form.getInputProps('year')} />
              <Select
                label={f.vehicleType}
                required
                disabled={readOnly}
                searchable
                data={[...new Set([...VEHICLE_TYPES, ...(v.vehicleType ? [v.vehicleType] : [])])]}
                {...form.getInputProps('vehicleType')}
                value={v.vehicleType || null}
                onChange={(value) => form.setFieldValue('vehicleType', value ?? '')}
              />
              <Select
                label={f.fuel}
                required
                disabled={readOnly}
                allowDeselect={false}
                data={Object.entries(FUEL_LABELS).map(([value, label]) => ({ value, label }))}
                {...form.getInputProps('fuel')}
              />
            </SimpleGrid>
            {vin.warning ? (
              <Alert mt="md" color="yellow" variant="light" icon={<IconAlertTriangle size={18} />} data-testid="vin-warning">
                {vin.warning}
              </Alert>
            ) : null}
          </Paper>

          <Paper withBorder radius="md" p="md">
            <Text fw={600} mb="sm">
              {t.sections.assignment}
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
              <Select
                label={f.group}
                disabled={readOnly}
                clearable
                placeholder={t.none}
                data={groups.map((g) => ({ value: g.id, label: g.name }))}
                {...form.getInputProps('groupId')}
                value={v.groupId || null}
                onChange={(value) => form.setFieldValue('groupId', value ?? '')}
              />
              <Select
                label={f.location}
                disabled={readOnly}
                clearable
                placeholder={t.none}
                data={locations.map((l) => ({ value: l.id, label: l.name }))}
                {...form.getInputProps('locationId')}
                value={v.locationId || null}
                onChange={(value) => form.setFieldValue('locationId', value ?? '')}
              />
              <EmployeeSelect
                label={f.driver}
                disabled={readOnly}
                clearable
                value={v.driverId}
                known={vehicle?.driverId && vehicle.driverName ? { id: vehicle.driverId, fullName: vehicle.driverName, number: vehicle.driverNumber ?? undefined } : null}
                onChange={(id) => form.setFieldValue('driverId', id)}
                error={form.errors.driverId as string | undefined}
              />
            </SimpleGrid>
          </Paper>

          <Paper withBorder radius="md" p="md">
            <Text fw={600} mb="sm">
              {t.sections.insurance}
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md">
              <TextInput label={f.insurancePolicy} disabled={readOnly} maxLength={60} {...form.getInputProps('insurancePolicy')} />
              <DateField label={f.insuranceExpiresOn} disabled={readOnly} clearable {...form.getInputProps('insuranceExpiresOn')} />
              <NumberField label={f.acquisitionCost} precision={2} money min={0} disabled={readOnly} {...form.getInputProps('acquisitionCost')} />
              <DateField label={f.acquisitionDate} disabled={readOnly} clearable max={todayMx()} {...form.getInputProps('acquisitionDate')} />
            </SimpleGrid>
            {vehicle ? null : (
              <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md" mt="md">
                <NumberField label={f.initialKm} precision={0} min={0} disabled={readOnly} {...form.getInputProps('initialKm')} />
                <DateField label={f.initialKmDate} disabled={readOnly || v.initialKm === ''} clearable max={todayMx()} {...form.getInputProps('initialKmDate')} />
              </SimpleGrid>
            )}
            <Textarea label={f.notes} mt="md" autosize minRows={2} disabled={readOnly} maxLength={1000} {...form.getInputProps('notes')} />
          </Paper>

          {vehicle ? (
            <>
              <PhotoPanel photo={vehicle.photo} canEdit={access.editar && !baja} onPhoto={(fileId) => setPhoto({ variables: { vehicleId: vehicle.id, fileId } })} />
              <DocumentsPanel
                documents={vehicle.documents}
                documentAlerts={vehicle.documentAlerts}
                untracked={baja ? t.documentsUntracked : null}
                canEdit={access.editar && !baja}
                empty={t.documentsEmpty}
                actions={{
                  add: (input) => addDocument({ variables: { vehicleId: vehicle.id, input } }),
                  remove: (id) => removeDocument({ variables: { id } }),
                }}
              />
              <OdometerPanel vehicle={vehicle} />
              {fuelAccess.ver ? <FuelSummaryPanel vehicleId={vehicle.id} /> : null}
            </>
          ) : (
            <Text size="sm" c="dimmed">
              {t.saveFirst}
            </Text>
          )}
        </Stack>
      </FormPage>
      {vehicle && dialog === 'retire' ? <RetireDialog vehicle={vehicle} onClose={() => setDialog(null)} /> : null}
      {vehicle && dialog === 'reactivate' ? <ReactivateDialog vehicle={vehicle} onClose={() => setDialog(null)} /> : null}
      {vehicle && dialog === 'odometer' ? <OdometerDialog vehicle={vehicle} onClose={() => setDialog(null)} /> : null}
    </>
  );
}

function OdometerPanel({ vehicle }: { vehicle: Vehicle }) {
  const o = t.odometer;
  return (
    <Paper withBorder radius="md" p="md">
      <Group justify="space-between" mb="sm">
        <Text fw={600}>{t.sections.odometer}</Text>
        <Text size="sm" fw={600} style={{ fontVariantNumeric: 'tabular-nums' }}>
          {f.odometer}: {texts.km(vehicle.odometerKm)}
        </Text>
      </Group>
      {vehicle.odometerReadings.length === 0 ? (
        <Text size="sm" c="dimmed">
          {o.empty}
        </Text>
      ) : (
        <ScrollArea type="auto" mah={360}>
          <Table verticalSpacing={4} miw={560} striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{o.date}</Table.Th>
                <Table.Th ta="right">{o.km}</Table.Th>
                <Table.Th>{o.source}</Table.Th>
                <Table.Th>{o.reference}</Table.Th>
                <Table.Th>{o.by}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {vehicle.odometerReadings.map((r) => (
                <Table.Tr key={r.id}>
                  <Table.Td>{formatDate(r.readOn)}</Table.Td>
                  <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                    {texts.km(r.km)}
                  </Table.Td>
                  <Table.Td>{SOURCE_LABELS[r.source]}</Table.Td>
                  <Table.Td>{[r.sourceReference, r.notes].filter(Boolean).join(' · ')}</Table.Td>
                  <Table.Td>{r.recordedByName ?? ''}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      )}
    </Paper>
  );
}

export function VehicleFormPage() {
  const [searchParams] = useSearchParams();
  const rawId = searchParams.get('id');
  const id = idParam(rawId);
  const access = useScreenAccess(VP_MODULE, VP_VEHICLES_SCREEN);
  const detail = useQuery(VehicleDetailDocument, { variables: { id: id ?? '' }, skip: id === null, fetchPolicy: 'network-only' });
  const options = useQuery(VehicleFormOptionsDocument, { fetchPolicy: 'network-only' });
  const vehicle = detail.data?.vehicle ?? null;
  const opts = options.data?.vehicleFormOptions;
  const gate = recordGate({
    rawId, id, record: vehicle, loading: detail.loading, error: readGraphQLError(detail.error) ?? readGraphQLError(options.error), hasData: !!((id === null || detail.data) && opts),
    notFound: 'El vehículo no existe.', back: { label: 'Regresar' }, waiting: !opts,
  });
  if (gate || !opts) return gate;
  return <VehicleEditor key={vehicle ? `${vehicle.id}:${vehicle.version}` : 'new'} vehicle={vehicle} options={opts} access={access} onReload={id === null ? undefined : () => void detail.refetch()} />;
}
