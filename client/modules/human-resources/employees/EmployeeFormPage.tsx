// Formulario de Empleados: no `?id=` registers an employee (alta), `?id=N`
// edits one. Sections: datos personales, puesto y salario (SDI with its
// formula, the zone's minimum wage as a hint), banco y contacto, the data the CFDI de
// nómina needs (CP fiscal, entidad, tipo de contrato), and once
// saved the photo, the documents (one row per type, with its state), the IMSS
// incapacities and the history; Dar de baja / Reingreso open their own dialogs. The editor is
// keyed by id + version so a save, a baja or a reload starts from the server.
import { recordGate } from '../../../components/recordGate';
import { useState } from 'react';
import { Alert, Badge, Button, Group, Paper, ScrollArea, Select, SimpleGrid, Stack, Switch, Table, Text, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQuery } from '@apollo/client/react';
import { IconAlertCircle, IconArrowBackUp, IconCalculator, IconUserOff } from '@tabler/icons-react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import {
  RhEmployeeCreateDocument,
  RhEmployeeDetailDocument,
  RhEmployeeFormOptionsDocument,
  RhEmployeeUpdateDocument,
  type RhEmployeeDetailQuery,
  type RhEmployeeFormOptionsQuery,
} from '../../../../generated/modules/human-resources/graphql';
import { CLABE_MESSAGE, CURP_MESSAGE, NSS_MESSAGE, isClabe, isCurp, isNss, rfcKind } from '../../../../schema/validators';
import { EMPLOYEE_MESSAGES, identityDateErrors, isEditableAfterBaja } from '../../../../schema/rh/employees';
import { ESTADOS, TIPOS_CONTRATO } from '../../../../schema/rh/satNomina';
import { catalogOptions } from '../../../../schema/sat';
import { useScreenAccess, type ScreenAccess } from '../../../components/access';
import { DateField } from '../../../components/DateField';
import { FormPage } from '../../../components/FormPage';
import { NumberField } from '../../../components/NumberField';
import { toDecimal } from '../../../components/decimal';
import { StatusBadge } from '../../../components/StatusBadge';
import { formatDate, formatMoney } from '../../../components/format';
import { readGraphQLError } from '../../../components/graphqlErrors';
import { useFormSave } from '../../../components/useFormSave';
import { todayMx } from '../../../../schema/dates';
import { DocumentsPanel, PhotoPanel } from './EmployeeFiles';
import { IncapacitiesPanel } from './IncapacitiesPanel';
import { VacationBalancePanel } from '../vacations/VacationBalancePanel';
import { RehireDialog, TerminateDialog } from './EmployeeDialogs';
import { SeparationPayrollDialog } from '../payroll/SeparationPayrollDialog';
import { texts as payrollTexts } from '../payroll/texts';
import { EMPLOYEE_PATHS, FREQUENCY_LABELS, STATUS_BADGES, ZONE_LABELS, texts } from './texts';
import { idParam } from '../../../components/dates';

const t = texts.form;
const f = t.fields;
export type Employee = NonNullable<RhEmployeeDetailQuery['rhEmployee']>;
type Options = RhEmployeeFormOptionsQuery['rhEmployeeFormOptions'];

type Values = {
  number: string;
  names: string;
  lastName: string;
  secondLastName: string;
  rfc: string;
  curp: string;
  nss: string;
  birthDate: string;
  hireDate: string;
  areaId: string;
  positionId: string;
  workplaceId: string;
  payFrequency: 'semanal' | 'quincenal';
  wageZone: 'general' | 'frontera';
  dailySalary: string;
  bank: string;
  clabe: string;
  email: string;
  phone: string;
  address: string;
  emergencyContact: string;
  postalCode: string;
  workState: string;
  contractType: string;
  /** Trabajador de confianza (LFT art. 127 fr. II: their PTU salary is capped). */
  trustWorker: boolean;
  employerRegistrationId: string;
  /** Issue 27: when a changed salary takes effect (sent only on update; the server ignores it when the salary stays). */
  salaryEffectiveDate: string;
};

const EMPTY: Values = {
  number: '', names: '', lastName: '', secondLastName: '', rfc: '', curp: '', nss: '', birthDate: '', hireDate: '', areaId: '', positionId: '', workplaceId: '',
  payFrequency: 'quincenal', wageZone: 'general', dailySalary: '', bank: '', clabe: '', email: '', phone: '', address: '', emergencyContact: '',
  postalCode: '', workState: '', contractType: '', trustWorker: false, employerRegistrationId: '', salaryEffectiveDate: '',
};

const valuesOf = (e: Employee): Values => ({
  number: e.number, names: e.names, lastName: e.lastName, secondLastName: e.secondLastName, rfc: e.rfc, curp: e.curp, nss: e.nss, birthDate: e.birthDate,
  hireDate: e.hireDate, areaId: e.areaId, positionId: e.positionId, workplaceId: e.workplaceId ?? '', payFrequency: e.payFrequency, wageZone: e.wageZone,
  dailySalary: toDecimal(e.dailySalary)?.toFixed(2) ?? e.dailySalary, bank: e.bank, clabe: e.clabe, email: e.email, phone: e.phone, address: e.address, emergencyContact: e.emergencyContact,
  postalCode: e.postalCode, workState: e.workState, contractType: e.contractType, trustWorker: e.trustWorker, employerRegistrationId: e.employerRegistrationId ?? '',
  salaryEffectiveDate: todayMx(),
});

const FIELDS = Object.keys(EMPTY);
const required = (v: string) => (v.trim() ? null : 'Este campo es obligatorio.');

function EmployeeEditor({ employee, options, access, onReload }: { employee: Employee | null; options: Options; access: ScreenAccess; onReload?: () => void }) {
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<'terminate' | 'rehire' | 'finiquito' | null>(null);
  // «Calcular finiquito» creates a payroll: the Nóminas ability, not the Empleados one.
  const payrollAccess = useScreenAccess('Recursos Humanos', 'Nóminas');
  // The vacation balance is read with the Vacaciones ability.
  const vacationAccess = useScreenAccess('Recursos Humanos', 'Vacaciones');
  const [create] = useMutation(RhEmployeeCreateDocument);
  const [update] = useMutation(RhEmployeeUpdateDocument);
  const readOnly = employee ? !access.editar : !access.crear;
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: employee ? valuesOf(employee) : EMPTY,
    validate: (v) => {
      const errors: Record<string, string | null> = {
        number: required(v.number),
        names: required(v.names),
        lastName: required(v.lastName),
        rfc: rfcKind(v.rfc) === 'fisica' ? null : EMPLOYEE_MESSAGES.rfcFisica,
        curp: isCurp(v.curp) ? null : CURP_MESSAGE,
        nss: isNss(v.nss) ? null : NSS_MESSAGE,
        clabe: v.clabe === '' || isClabe(v.clabe) ? null : CLABE_MESSAGE,
        postalCode: v.postalCode === '' || /^\d{5}$/.test(v.postalCode) ? null : EMPLOYEE_MESSAGES.postalCode,
        birthDate: required(v.birthDate),
        hireDate: required(v.hireDate),
        areaId: required(v.areaId),
        positionId: required(v.positionId),
        dailySalary: required(v.dailySalary),
      };
      const clean = Object.values(errors).every((e) => e === null);
      // The same cross-field rules the server applies, once each field is well formed.
      if (clean) Object.assign(errors, identityDateErrors(v, todayMx()));
      return errors;
    },
  });
  const v = form.values;
  const { save: runSave, saving, error } = useFormSave({ form, fields: FIELDS, onSaved: () => undefined, readOnly });
  const positions = options.positions.filter((p) => p.areaId === v.areaId);
  // Vacant plazas of the puesto, plus the one this employee holds.
  const workplaces = [
    ...(employee?.workplaceId && employee.positionId === v.positionId ? [{ id: employee.workplaceId, code: employee.workplaceCode ?? '', location: '' }] : []),
    ...options.workplaces.filter((w) => w.positionId === v.positionId),
  ];
  const minimum = v.wageZone === 'frontera' ? options.minimumWageBorder : options.minimumWageGeneral;
  const baja = employee?.status === 'baja';
  // After a baja only contact, bank and CFDI de nómina data change (schema/rh/employees EDITABLE_AFTER_BAJA); the rest takes a reingreso.
  const locked = (field: keyof Values) => readOnly || (baja && !isEditableAfterBaja(field));
  const typedSalary = toDecimal(v.dailySalary);
  const salaryChanged = Boolean(employee && typedSalary && !typedSalary.eq(employee.dailySalary));

  const save = () =>
    runSave(async () => {
      const input = {
        ...v,
        number: v.number.trim().toUpperCase(),
        rfc: v.rfc.trim().toUpperCase(),
        curp: v.curp.trim().toUpperCase(),
        workplaceId: v.workplaceId || null,
        employerRegistrationId: v.employerRegistrationId || null,
        salaryEffectiveDate: employee && salaryChanged ? v.salaryEffectiveDate || null : null,
      };
      if (employee) {
        await update({ variables: { id: employee.id, version: employee.version, input } });
        return t.saved;
      }
      const result = await create({ variables: { input } });
      // Straight to the record: the photo and the documents need it saved.
      return { message: t.created, onSaved: () => void navigate(`${EMPLOYEE_PATHS.form}?id=${result.data?.rhEmployeeCreate.id ?? ''}`, { replace: true }) };
    });

  const headerActions = employee ? (
    <Group gap="xs">
      <StatusBadge status={employee.status} labels={STATUS_BADGES} />
      {!baja && access.eliminar ? (
        <Button size="xs" variant="light" color="red" leftSection={<IconUserOff size={14} />} onClick={() => setDialog('terminate')}>
          {t.terminate}
        </Button>
      ) : null}
      {baja && payrollAccess.crear ? (
        <Button size="xs" variant="light" leftSection={<IconCalculator size={14} />} onClick={() => setDialog('finiquito')}>
          {payrollTexts.separation.open}
        </Button>
      ) : null}
      {baja && access.editar ? (
        <Button size="xs" variant="light" leftSection={<IconArrowBackUp size={14} />} onClick={() => setDialog('rehire')}>
          {t.rehire}
        </Button>
      ) : null}
    </Group>
  ) : undefined;

  return (
    <>
      <FormPage
        entity="rh_employee"
        title={employee ? `${employee.number} · ${employee.fullName}` : t.newTitle}
        description={employee ? `${employee.positionName} · ${employee.areaName}` : undefined}
        headerActions={headerActions}
        onSubmit={save}
        onCancel={() => void navigate(EMPLOYEE_PATHS.list)}
        dirty={!readOnly && form.isDirty()}
        saving={saving}
        error={error}
        onReload={onReload}
        readOnly={readOnly}
      >
        <Stack gap="md">
          {readOnly ? (
            <Alert color="gray" variant="light" icon={<IconAlertCircle size={18} />}>
              {t.readOnly}
            </Alert>
          ) : null}
          {employee && baja ? (
            <Alert color="gray" variant="light" icon={<IconUserOff size={18} />}>
              {t.bajaNotice(formatDate(employee.terminationDate ?? ''), employee.terminationReason ?? '')}
              {readOnly ? null : <Text size="sm">{t.bajaEditable}</Text>}
            </Alert>
          ) : null}
          <Paper withBorder radius="md" p="md">
            <Text fw={600} mb="sm">
              {t.sections.personal}
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
              <TextInput label={f.number} required disabled={locked('number')} maxLength={20} {...form.getInputProps('number')} onChange={(e) => form.setFieldValue('number', e.currentTarget.value.toUpperCase())} />
              <TextInput label={f.names} required disabled={locked('names')} maxLength={80} {...form.getInputProps('names')} />
              <TextInput label={f.lastName} required disabled={locked('lastName')} maxLength={80} {...form.getInputProps('lastName')} />
              <TextInput label={f.secondLastName} disabled={locked('secondLastName')} maxLength={80} {...form.getInputProps('secondLastName')} />
              <TextInput label={f.rfc} required disabled={locked('rfc')} maxLength={13} {...form.getInputProps('rfc')} onChange={(e) => form.setFieldValue('rfc', e.currentTarget.value.toUpperCase())} />
              <TextInput label={f.curp} required disabled={locked('curp')} maxLength={18} {...form.getInputProps('curp')} onChange={(e) => form.setFieldValue('curp', e.currentTarget.value.toUpperCase())} />
              <TextInput label={f.nss} required disabled={locked('nss')} maxLength={11} inputMode="numeric" {...form.getInputProps('nss')} />
              <DateField label={f.birthDate} required disabled={locked('birthDate')} {...form.getInputProps('birthDate')} />
              <DateField label={f.hireDate} required disabled={locked('hireDate')} {...form.getInputProps('hireDate')} />
            </SimpleGrid>
          </Paper>

          <Paper withBorder radius="md" p="md">
            <Text fw={600} mb="sm">
              {t.sections.job}
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
              <Select
                label={f.area}
                required
                disabled={locked('areaId')}
                searchable
                data={options.areas.map((a) => ({ value: a.id, label: a.name }))}
                {...form.getInputProps('areaId')}
                onChange={(value) => form.setValues({ areaId: value ?? '', positionId: '', workplaceId: '' })}
              />
              <Select
                label={f.position}
                required
                disabled={locked('positionId') || !v.areaId}
                searchable
                data={positions.map((p) => ({ value: p.id, label: `${p.name} (${formatMoney(p.baseDailySalary)} diarios)` }))}
                {...form.getInputProps('positionId')}
                onChange={(value) => {
                  const position = options.positions.find((p) => p.id === value);
                  form.setValues({ positionId: value ?? '', workplaceId: '', ...(position && !v.dailySalary ? { dailySalary: position.baseDailySalary } : {}) });
                }}
              />
              <Select
                label={f.workplace}
                disabled={locked('workplaceId') || !v.positionId}
                clearable
                placeholder={f.workplaceNone}
                data={workplaces.map((w) => ({ value: w.id, label: w.location ? `${w.code} · ${w.location}` : w.code }))}
                {...form.getInputProps('workplaceId')}
                onChange={(value) => form.setFieldValue('workplaceId', value ?? '')}
              />
              <Select
                label={f.payFrequency}
                required
                disabled={locked('payFrequency')}
                allowDeselect={false}
                data={Object.entries(FREQUENCY_LABELS).map(([value, label]) => ({ value, label }))}
                {...form.getInputProps('payFrequency')}
              />
              <Select
                label={f.wageZone}
                required
                disabled={locked('wageZone')}
                allowDeselect={false}
                data={Object.entries(ZONE_LABELS).map(([value, label]) => ({ value, label }))}
                {...form.getInputProps('wageZone')}
              />
              <NumberField
                label={f.dailySalary}
                description={t.minimumWageHint(v.wageZone === 'frontera' ? 'frontera' : 'general', formatMoney(minimum))}
                precision={2}
                money
                min={0}
                required
                disabled={locked('dailySalary')}
                {...form.getInputProps('dailySalary')}
              />
            </SimpleGrid>
            <Switch label={f.trustWorker} description={t.trustWorkerHint} mt="md" disabled={locked('trustWorker')} {...form.getInputProps('trustWorker', { type: 'checkbox' })} />
            {salaryChanged ? (
              <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md" mt="md">
                <DateField
                  label={f.salaryEffectiveDate}
                  description={t.salaryEffectiveDateHint}
                  required
                  min={v.hireDate}
                  max={todayMx()}
                  disabled={locked('dailySalary')}
                  {...form.getInputProps('salaryEffectiveDate')}
                />
              </SimpleGrid>
            ) : null}
            {employee ? (
              <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md" mt="md">
                <TextInput label={f.sdi} value={formatMoney(employee.sdi)} readOnly variant="filled" description={employee.sdiFormula} />
                <TextInput label={f.yearsOfService} value={t.years(employee.yearsOfService)} readOnly variant="filled" description={`${f.hireDate}: ${formatDate(employee.hireDate)}`} />
                <TextInput label={f.firstHireDate} value={formatDate(employee.firstHireDate)} readOnly variant="filled" />
              </SimpleGrid>
            ) : null}
          </Paper>

          <Paper withBorder radius="md" p="md">
            <Text fw={600} mb="sm">
              {t.sections.bank}
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
              <TextInput label={f.bank} disabled={locked('bank')} maxLength={60} {...form.getInputProps('bank')} />
              <TextInput label={f.clabe} disabled={locked('clabe')} maxLength={18} inputMode="numeric" {...form.getInputProps('clabe')} />
              <TextInput label={f.email} type="email" disabled={locked('email')} {...form.getInputProps('email')} />
              <TextInput label={f.phone} disabled={locked('phone')} maxLength={30} {...form.getInputProps('phone')} />
              <TextInput label={f.emergencyContact} disabled={locked('emergencyContact')} maxLength={200} {...form.getInputProps('emergencyContact')} />
            </SimpleGrid>
            <Textarea label={f.address} mt="md" autosize minRows={2} disabled={locked('address')} maxLength={300} {...form.getInputProps('address')} />
          </Paper>

          <Paper withBorder radius="md" p="md">
            <Text fw={600}>{t.sections.cfdi}</Text>
            <Text size="sm" c="dimmed" mb="sm">
              {t.cfdiHint}
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
              <TextInput label={f.postalCode} description={t.postalCodeHint} disabled={locked('postalCode')} maxLength={5} inputMode="numeric" {...form.getInputProps('postalCode')} />
              <Select label={f.workState} disabled={locked('workState')} searchable clearable data={catalogOptions(ESTADOS)} {...form.getInputProps('workState')} onChange={(value) => form.setFieldValue('workState', value ?? '')} />
              <Select label={f.contractType} disabled={locked('contractType')} searchable clearable data={catalogOptions(TIPOS_CONTRATO)} {...form.getInputProps('contractType')} onChange={(value) => form.setFieldValue('contractType', value ?? '')} />
              <Select
                label={f.employerRegistration}
                description={t.employerRegistrationHint}
                placeholder={t.employerRegistrationDefault}
                disabled={locked('employerRegistrationId')}
                clearable
                data={options.employerRegistrations.filter((r) => r.active || r.id === v.employerRegistrationId).map((r) => ({ value: r.id, label: `${r.registro} · ${r.name}` }))}
                {...form.getInputProps('employerRegistrationId')}
                onChange={(value) => form.setFieldValue('employerRegistrationId', value ?? '')}
              />
            </SimpleGrid>
          </Paper>

          {employee ? (
            <>
              <PhotoPanel employee={employee} canEdit={access.editar} />
              <DocumentsPanel employee={employee} canEdit={access.editar} />
              <IncapacitiesPanel employee={employee} canEdit={access.editar && !baja} />
              {vacationAccess.ver ? <VacationBalancePanel employeeId={employee.id} /> : null}
              <HistoryPanel employee={employee} />
            </>
          ) : (
            <Text size="sm" c="dimmed">
              {t.saveFirst}
            </Text>
          )}
        </Stack>
      </FormPage>
      {employee && dialog === 'terminate' ? <TerminateDialog employee={employee} onClose={() => setDialog(null)} /> : null}
      {employee && dialog === 'finiquito' ? <SeparationPayrollDialog employee={employee} onClose={() => setDialog(null)} /> : null}
      {employee && dialog === 'rehire' ? <RehireDialog employee={employee} workplaces={options.workplaces.filter((w) => w.positionId === employee.positionId)} onClose={() => setDialog(null)} /> : null}
    </>
  );
}

function HistoryPanel({ employee }: { employee: Employee }) {
  const h = t.history;
  return (
    <Paper withBorder radius="md" p="md">
      <Text fw={600} mb="sm">
        {t.sections.history}
      </Text>
      {employee.history.length === 0 ? (
        <Text size="sm" c="dimmed">
          {h.empty}
        </Text>
      ) : (
        <ScrollArea type="auto">
          <Table verticalSpacing={4} miw={560}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{h.date}</Table.Th>
                <Table.Th>{h.event}</Table.Th>
                <Table.Th>{h.detail}</Table.Th>
                <Table.Th ta="right">{h.salary}</Table.Th>
                <Table.Th>{h.workplace}</Table.Th>
                <Table.Th>{h.by}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {employee.history.map((e) => (
                <Table.Tr key={e.id}>
                  <Table.Td>{formatDate(e.date)}</Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={e.event === 'baja' ? 'gray' : e.event === 'alta' || e.event === 'reingreso' ? 'green' : 'blue'}>
                      {e.eventLabel}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{e.reason}</Table.Td>
                  <Table.Td ta="right">{e.dailySalary ? formatMoney(e.dailySalary) : ''}</Table.Td>
                  <Table.Td>{e.workplaceCode ?? ''}</Table.Td>
                  <Table.Td>{e.recordedByName ?? ''}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      )}
    </Paper>
  );
}

export function EmployeeFormPage() {
  const [searchParams] = useSearchParams();
  const rawId = searchParams.get('id');
  const id = idParam(rawId);
  const access = useScreenAccess('Recursos Humanos', 'Empleados');
  const detail = useQuery(RhEmployeeDetailDocument, { variables: { id: id ?? '' }, skip: id === null, fetchPolicy: 'network-only' });
  const options = useQuery(RhEmployeeFormOptionsDocument, { fetchPolicy: 'network-only' });
  const employee = detail.data?.rhEmployee ?? null;
  const opts = options.data?.rhEmployeeFormOptions;
  const gate = recordGate({
    rawId, id, record: employee, loading: detail.loading, error: readGraphQLError(detail.error) ?? readGraphQLError(options.error), hasData: !!((id === null || detail.data) && opts),
    notFound: 'El empleado no existe.', back: { label: 'Regresar' }, waiting: !opts,
  });
  if (gate || !opts) return gate;
  return <EmployeeEditor key={employee ? `${employee.id}:${employee.version}` : 'new'} employee={employee} options={opts} access={access} onReload={id === null ? undefined : () => void detail.refetch()} />;
}
