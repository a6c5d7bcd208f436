// Formulario de Combustible: no `?id=` registers a load (what a driver
// captures from the phone: vehicle, date, litres, amount, odometer, full tank,
// station, card, the station's CFDI XML and a ticket photo), `?id=N` shows a
// saved load read-only with its km/l, its band and its files, and «Eliminar
// carga» for a load captured by mistake (its odometer reading goes with it).
import { recordGate } from '../../../components/recordGate';
import { useState } from 'react';
import { Alert, Badge, Group, Paper, SimpleGrid, Stack, Switch, Text, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQuery } from '@apollo/client/react';
import { IconAlertCircle, IconAlertTriangle, IconTrash } from '@tabler/icons-react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { FuelLoadCreateDocument, FuelLoadDeleteDocument, FuelLoadDetailDocument, type FuelLoadDetailQuery } from '../../../../generated/modules/vehicle-park/graphql';
import { todayMx } from '../../../../schema/dates';
import { pricePerLitre } from '../../../../schema/vehicle-park/fuel';
import { useScreenAccess, type ScreenAccess } from '../../../components/access';
import { AttachmentList, PendingUploads, UPLOAD_IN_PROGRESS } from '../../../components/Attachments';
import type { FileType, UploadedFile } from '../../../components/attachments';
import { ConfirmButton } from '../../../components/confirm';
import { DateField } from '../../../components/DateField';
import { EmployeeSelect } from '../../../components/EmployeeSelect';
import { formatDate, formatDateTime, formatMoney, formatNumber } from '../../../components/format';
import { FormPage } from '../../../components/FormPage';
import { readGraphQLError } from '../../../components/graphqlErrors';
import { InfoField } from '../../../components/InfoField';
import { notifyError, notifySuccess } from '../../../components/notify';
import { NumberField } from '../../../components/NumberField';
import { asAppError } from '../../../components/serverErrors';
import { useFormSave } from '../../../components/useFormSave';
import { VehicleSelect } from '../../../components/VehicleSelect';
import { FUEL_PATHS, VP_FUEL_SCREEN, VP_MODULE, fuelTexts, texts } from '../texts';
import { KmPerLitreCell } from './FuelLoadsPage';
import { idParam } from '../../../components/dates';

const t = fuelTexts.form;
const f = t.fields;
type Load = NonNullable<FuelLoadDetailQuery['fuelLoad']>;

type Values = { vehicleId: string; driverId: string; loadedOn: string; litres: string; amount: string; odometerKm: string; fullTank: boolean; station: string; fuelCard: string; notes: string };
const EMPTY: Values = { vehicleId: '', driverId: '', loadedOn: todayMx(), litres: '', amount: '', odometerKm: '', fullTank: true, station: '', fuelCard: '', notes: '' };
const FIELDS = [...Object.keys(EMPTY), 'cfdiFileId', 'fileIds'];
const CFDI_TYPES: readonly FileType[] = ['xml'];
const TICKET_TYPES: readonly FileType[] = ['pdf', 'png', 'jpg', 'webp'];
const required = (v: string) => (v.trim() ? null : texts.required);

function NewLoad({ access }: { access: ScreenAccess }) {
  const navigate = useNavigate();
  const [create] = useMutation(FuelLoadCreateDocument);
  const [cfdi, setCfdi] = useState<UploadedFile[]>([]);
  const [tickets, setTickets] = useState<UploadedFile[]>([]);
  const [uploading, setUploading] = useState(0);
  const [lastKm, setLastKm] = useState<number | null>(null);
  const readOnly = !access.crear;
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: EMPTY,
    validate: {
      vehicleId: required,
      loadedOn: required,
      litres: (v) => (v.trim() && Number(v) > 0 ? null : 'Los litros deben ser mayores que 0.'),
      amount: (v) => (v.trim() && Number(v) > 0 ? null : 'El importe debe ser mayor que 0.'),
      odometerKm: (v) => (/^\d+$/.test(v.trim()) ? null : 'Captura el odómetro como un número entero, cero o mayor.'),
    },
  });
  const v = form.values;
  const { save: runSave, saving, error, setError } = useFormSave({ form, fields: FIELDS, onSaved: () => undefined, readOnly });
  const price = v.litres && v.amount && Number(v.litres) > 0 ? pricePerLitre(v.amount, v.litres) : null;
  const busy = (delta: number) => (b: boolean) => setUploading((n) => Math.max(0, n + (b ? delta : -delta)));

  const save = async () => {
    if (uploading) {
      setError(form.validate().hasErrors ? null : { code: 'BAD_USER_INPUT', message: UPLOAD_IN_PROGRESS, fields: {} });
      return;
    }
    await runSave(async () => {
      const input = {
        vehicleId: v.vehicleId,
        driverId: v.driverId || null,
        loadedOn: v.loadedOn,
        litres: v.litres.trim(),
        amount: v.amount.trim(),
        odometerKm: Number(v.odometerKm),
        fullTank: v.fullTank,
        station: v.station,
        fuelCard: v.fuelCard,
        notes: v.notes,
        cfdiFileId: cfdi[0]?.id ?? null,
        fileIds: tickets.map((x) => x.id),
      };
      const result = await create({ variables: { input } });
      return { message: t.created, onSaved: () => void navigate(`${FUEL_PATHS.form}?id=${result.data?.fuelLoadCreate.id ?? ''}`, { replace: true }) };
    });
  };

  return (
    <FormPage entity="vehicle_fuel_load" title={t.newTitle} onSubmit={save} onCancel={() => void navigate(FUEL_PATHS.list)} dirty={!readOnly && form.isDirty()} saving={saving} error={error} readOnly={readOnly}>
      <Stack gap="md">
        {readOnly ? (
          <Alert color="gray" variant="light" icon={<IconAlertCircle size={18} />}>
            {t.readOnly}
          </Alert>
        ) : null}
        <Paper withBorder radius="md" p="md">
          <Text fw={600} mb="sm">
            {t.sections.vehicle}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <VehicleSelect
              label={f.vehicle}
              required
              disabled={readOnly}
              value={v.vehicleId}
              error={form.errors.vehicleId as string | undefined}
              onChange={(id, vehicle) => {
                form.setFieldValue('vehicleId', id);
                setLastKm(vehicle?.odometerKm ?? null);
              }}
            />
            <EmployeeSelect label={f.driver} disabled={readOnly} clearable value={v.driverId} onChange={(id) => form.setFieldValue('driverId', id)} error={form.errors.driverId as string | undefined} />
          </SimpleGrid>
        </Paper>
        <Paper withBorder radius="md" p="md">
          <Text fw={600} mb="sm">
            {t.sections.load}
          </Text>
          <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="md">
            <DateField label={f.loadedOn} required disabled={readOnly} max={todayMx()} {...form.getInputProps('loadedOn')} />
            <NumberField label={f.litres} required precision={3} min={0} disabled={readOnly} {...form.getInputProps('litres')} />
            <NumberField label={f.amount} required precision={2} money min={0} disabled={readOnly} description={price ? `${f.price}: ${formatMoney(price, 3)}` : undefined} {...form.getInputProps('amount')} />
            <NumberField label={f.odometerKm} required precision={0} min={0} disabled={readOnly} description={lastKm !== null ? f.odometerHint(lastKm) : undefined} {...form.getInputProps('odometerKm')} />
          </SimpleGrid>
          <Switch mt="md" label={f.fullTank} description={f.fullTankHint} disabled={readOnly} {...form.getInputProps('fullTank', { type: 'checkbox' })} />
        </Paper>
        <Paper withBorder radius="md" p="md">
          <Text fw={600} mb="sm">
            {t.sections.station}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput label={f.station} maxLength={120} disabled={readOnly} {...form.getInputProps('station')} />
            <TextInput label={f.fuelCard} maxLength={40} disabled={readOnly} {...form.getInputProps('fuelCard')} />
          </SimpleGrid>
          <Stack gap="md" mt="md">
            <PendingUploads files={cfdi} onChange={setCfdi} types={CFDI_TYPES} max={1} label={f.cfdi} hint={f.cfdiHint} error={form.errors.cfdiFileId as string | undefined} onBusyChange={busy(1)} />
            <PendingUploads files={tickets} onChange={setTickets} types={TICKET_TYPES} max={5} label={f.files} hint={f.filesHint} error={form.errors.fileIds as string | undefined} onBusyChange={busy(1)} />
            <Textarea label={f.notes} autosize minRows={2} maxLength={500} disabled={readOnly} {...form.getInputProps('notes')} />
          </Stack>
        </Paper>
      </Stack>
    </FormPage>
  );
}

function SavedLoad({ load, access }: { load: Load; access: ScreenAccess }) {
  const navigate = useNavigate();
  const [remove, removing] = useMutation(FuelLoadDeleteDocument);
  const doRemove = async () => {
    try {
      await remove({ variables: { id: load.id } });
      notifySuccess(t.deleted);
      void navigate(FUEL_PATHS.list, { replace: true });
    } catch (caught) {
      notifyError(asAppError(caught).message);
    }
  };
  return (
    <FormPage
      entity="vehicle_fuel_load"
      liveRecordId={load.id}
      title={`${load.economicNumber} · ${formatDate(load.loadedOn)}`}
      description={[load.plate, load.vehicleType].filter(Boolean).join(' · ')}
      headerActions={
        <Group gap="xs">
          {load.outlier ? (
            <Badge color="red" variant="light">
              {fuelTexts.list.outlier}
            </Badge>
          ) : null}
          {access.eliminar ? (
            <ConfirmButton size="xs" variant="light" color="red" leftSection={<IconTrash size={14} />} loading={removing.loading} confirmTitle={t.delete} confirmMessage={t.deleteConfirm} confirmLabel={t.delete} onConfirm={() => void doRemove()}>
              {t.delete}
            </ConfirmButton>
          ) : null}
        </Group>
      }
      onSubmit={async () => undefined}
      onCancel={() => void navigate(FUEL_PATHS.list)}
      dirty={false}
      saving={false}
      readOnly
    >
      <Stack gap="md">
        {load.outlier ? (
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />}>
            {fuelTexts.list.outlierHint(formatNumber(load.bandMin, 3), formatNumber(load.bandMax, 3))}
          </Alert>
        ) : null}
        <Paper withBorder radius="md" p="md">
          <Text fw={600} mb="sm">
            {t.sections.load}
          </Text>
          <SimpleGrid cols={{ base: 2, sm: 3, lg: 4 }} spacing="md">
            <InfoField label={f.loadedOn} value={formatDate(load.loadedOn)} />
            <InfoField label={f.litres} value={fuelTexts.litres(load.litres)} />
            <InfoField label={f.amount} value={formatMoney(load.amount)} />
            <InfoField label={f.price} value={formatMoney(load.pricePerLitre, 3)} />
            <InfoField label={f.odometerKm} value={texts.km(load.odometerKm)} />
            <InfoField label={f.fullTank} value={load.fullTank ? 'Sí' : 'No'} />
            <InfoField label={f.station} value={load.station || '—'} />
            <InfoField label={f.fuelCard} value={load.fuelCard || '—'} />
            <InfoField label={f.driver} value={load.driverName ?? '—'} />
            <InfoField label={f.createdBy} value={[load.createdByName, formatDateTime(load.createdAt)].filter(Boolean).join(' · ')} />
          </SimpleGrid>
          {load.notes ? (
            <Text size="sm" mt="md">
              {load.notes}
            </Text>
          ) : null}
        </Paper>
        <Paper withBorder radius="md" p="md">
          <Text fw={600} mb="sm">
            {t.sections.efficiency}
          </Text>
          {load.kmPerLitre ? (
            <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md">
              <InfoField label={f.km} value={texts.km(load.km ?? 0)} />
              <InfoField label={f.litresSince} value={fuelTexts.litres(load.litresSince ?? '0')} />
              <InfoField label={f.kml} value={<KmPerLitreCell load={load} />} />
              <InfoField label={f.band} value={`${formatNumber(load.bandMin, 3)} – ${formatNumber(load.bandMax, 3)} km/l`} />
            </SimpleGrid>
          ) : (
            <Text size="sm" c="dimmed">
              {t.noKml}
            </Text>
          )}
        </Paper>
        <Paper withBorder radius="md" p="md">
          <Text fw={600} mb="sm">
            {t.sections.station}
          </Text>
          <Stack gap="sm">
            {load.cfdiUuid ? (
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                <InfoField label={f.cfdiUuid} value={<span style={{ overflowWrap: 'anywhere' }}>{load.cfdiUuid}</span>} />
                <InfoField label={f.cfdiEmisor} value={[load.cfdiEmisorName, load.cfdiEmisorRfc].filter(Boolean).join(' · ')} />
              </SimpleGrid>
            ) : null}
            <AttachmentList files={[...(load.cfdiFile ? [load.cfdiFile] : []), ...load.files]} />
          </Stack>
        </Paper>
      </Stack>
    </FormPage>
  );
}

export function FuelLoadFormPage() {
  const [searchParams] = useSearchParams();
  const rawId = searchParams.get('id');
  const id = idParam(rawId);
  const access = useScreenAccess(VP_MODULE, VP_FUEL_SCREEN);
  const detail = useQuery(FuelLoadDetailDocument, { variables: { id: id ?? '' }, skip: id === null, fetchPolicy: 'network-only' });
  const load = detail.data?.fuelLoad ?? null;
  const gate = recordGate({
    rawId, id, record: load, loading: detail.loading, error: readGraphQLError(detail.error), hasData: !!detail.data,
    notFound: 'La carga de combustible no existe.', back: { label: 'Regresar' },
  });
  if (gate) return gate;
  if (id === null || !load) return <NewLoad access={access} />;
  return <SavedLoad key={load.id} load={load} access={access} />;
}
