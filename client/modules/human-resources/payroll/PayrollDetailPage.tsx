// Creación de Nómina: without `?id=` the header form creates the payroll
// (its active employees are included); with `?id=N` the employee grid with
// the incidents (edited in a dialog), "Calcular", totals per employee and per
// concept (negative nets in red), "Cerrar" (confirmed; refused by the server
// while a net is negative), the receipts PDF (one or all) and the XLSX summary.
import { useState } from 'react';
import { ActionIcon, Alert, Button, Group, Paper, Select, SimpleGrid, Stack, Switch, Table, Text, Textarea, TextInput, ThemeIcon, Tooltip } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useApolloClient, useMutation, useQuery } from '@apollo/client/react';
import { IconAlertCircle, IconAlertTriangle, IconBan, IconEdit, IconFileX, IconCalculator, IconCertificate, IconCircleCheck, IconClock, IconEye, IconFileCode, IconFileSpreadsheet, IconFileTypePdf, IconLock, IconPencil, IconPlus, IconRefresh, IconTrash } from '@tabler/icons-react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import {
  RhPayrollCalculateDocument,
  RhPayrollCaptureConceptsDocument,
  RhPayrollCloseDocument,
  RhPayrollCreateDocument,
  RhPayrollDeleteDocument,
  RhPayrollDetailDocument,
  RhPayrollIncidentSaveDocument,
  RhPayrollReceiptCancelDocument,
  RhPayrollReceiptCfdiCancelRetryDocument,
  RhPayrollReceiptCfdiXmlDocument,
  RhPayrollReceiptCorrectDocument,
  RhPayrollPtuExclusionDocument,
  RhPayrollReceiptExcludeDocument,
  RhPayrollReceiptsDocument,
  RhPayrollReceiptStampDocument,
  RhPayrollReceiptXmlDocument,
  type RhAguinaldoIsrMethod,
  type RhPayFrequency,
  type RhPayrollDetailQuery,
  type RhPayrollKind,
} from '../../../../generated/modules/human-resources/graphql';
import { CONCEPT_KIND_LABELS, isOrdinaryPayroll, isrMethodLabel, PAYROLL_KIND_LABELS, quincenaOf } from '../../../../schema/rh/payroll';
import { useScreenAccess } from '../../../components/access';
import { downloadBase64, downloadXml } from '../../../components/attachments';
import { confirmAction } from '../../../components/confirm';
import { DateField } from '../../../components/DateField';
import { idParam, todayIso } from '../../../components/dates';
import { FormDialog } from '../../../components/EditDialog';
import { exportRows, type ExportColumn } from '../../../components/exportRows';
import { FormPage, SaveErrorAlert } from '../../../components/FormPage';
import { formatDate, formatDateTime, formatMoney, formatNumber } from '../../../components/format';
import { ERROR_MESSAGES, readGraphQLError, type AppError } from '../../../components/graphqlErrors';
import { InfoField } from '../../../components/InfoField';
import { EmployerCostPanel } from './EmployerCostPanel';
import { notifySuccess } from '../../../components/notify';
import { NumberField } from '../../../components/NumberField';
import { PageHeader } from '../../../components/PageHeader';
import { ReasonDialog } from '../../../components/ReasonDialog';
import { RecordHistoryButton } from '../../../components/RecordHistory';
import { useScreenTitle } from '../../../components/screenTitle';
import { asAppError } from '../../../components/serverErrors';
import { StatusBadge } from '../../../components/StatusBadge';
import { useFormSave } from '../../../components/useFormSave';
import { useRecordChanges } from '../../../components/useRecordChanges';
import { OvertimeSources } from './OvertimeSources';
import { WorkedDatesField } from './WorkedDatesField';
import { restDayOf, validateRestDaysWorked } from '../../../../schema/rh/restDaysWorked';
import { creationKindOptions, extraordinaryIsrMethodOptions, frequencyOptions, isrMethodOptions, PAYROLL_BADGES, RECEIPT_CANCEL_OPTIONS, SEPARATION_KIND_LABELS, PAYROLL_PATHS, STAMP_BADGES, STAMPING_BADGES, texts } from './texts';
import { CfdiCancelNote } from '../../../components/CfdiCancelNote';

type Payroll = NonNullable<RhPayrollDetailQuery['rhPayroll']>;
type PayrollEmployee = Payroll['employees'][number];

const Money = ({ value }: { value: string }) => (Number(value) < 0 ? <Text span c="red" fw={600} inherit>{formatMoney(value)}</Text> : <>{formatMoney(value)}</>);

// ---- new payroll --------------------------------------------------------------------------

type HeaderValues = {
  kind: string;
  frequency: string;
  periodStart: string;
  periodEnd: string;
  paymentDate: string;
  description: string;
  aguinaldoDays: string;
  isrMethod: string;
  ptuYear: string;
  ptuAmount: string;
};
const HEADER_FIELDS = ['kind', 'frequency', 'periodStart', 'periodEnd', 'paymentDate', 'description', 'aguinaldoDays', 'isrMethod', 'ptuYear', 'ptuAmount'] as const;

/** An aguinaldo's default payment date: 15 December of the year (the law's limit is the 20th). */
const aguinaldoDateOf = (today: string) => `${today.slice(0, 4)}-12-15`;
/** A PTU's default payment date: 30 May of the year (a company's limit, art. 122 LFT), for the previous ejercicio. */
const ptuDateOf = (today: string) => `${today.slice(0, 4)}-05-30`;

function NewPayroll() {
  const navigate = useNavigate();
  const access = useScreenAccess('Recursos Humanos', 'Nóminas');
  const [create] = useMutation(RhPayrollCreateDocument);
  const q = quincenaOf(todayIso());
  const form = useForm<HeaderValues>({
    mode: 'controlled',
    initialValues: {
      kind: 'quincenal',
      frequency: '',
      periodStart: q.start,
      periodEnd: q.end,
      paymentDate: q.end,
      description: '',
      aguinaldoDays: '15',
      isrMethod: 'art174',
      ptuYear: String(Number(todayIso().slice(0, 4)) - 1),
      ptuAmount: '',
    },
    validate: { frequency: (v, all) => ((all.kind === 'extraordinaria' || all.kind === 'aguinaldo') && !v ? texts.required : null) },
    onValuesChange: (values, previous) => {
      // Choosing Aguinaldo proposes its usual payment date; the period is that day.
      if (values.kind === 'aguinaldo' && previous.kind !== 'aguinaldo') form.setFieldValue('paymentDate', aguinaldoDateOf(todayIso()));
      if (values.kind === 'ptu' && previous.kind !== 'ptu') form.setFieldValue('paymentDate', ptuDateOf(todayIso()));
      // Each kind proposes its usual ISR method: art. 174 for aguinaldo and PTU, art. 96 for an extraordinaria.
      if (values.kind !== previous.kind) form.setFieldValue('isrMethod', values.kind === 'extraordinaria' ? 'art96' : 'art174');
    },
  });
  const aguinaldo = form.values.kind === 'aguinaldo';
  const ptu = form.values.kind === 'ptu';
  const { save, saving, error } = useFormSave<HeaderValues>({ form, fields: HEADER_FIELDS, readOnly: !access.crear, onSaved: () => undefined });
  const h = texts.header;
  const submit = () =>
    save(async (v) => {
      const r = await create({
        variables: {
          input:
            v.kind === 'ptu'
              ? {
                  kind: 'ptu',
                  periodStart: v.paymentDate,
                  periodEnd: v.paymentDate,
                  paymentDate: v.paymentDate,
                  description: v.description,
                  ptuYear: v.ptuYear ? Number(v.ptuYear) : null,
                  ptuAmount: v.ptuAmount || null,
                  isrMethod: v.isrMethod as RhAguinaldoIsrMethod,
                }
              : v.kind === 'aguinaldo'
              ? { kind: 'aguinaldo', frequency: v.frequency as RhPayFrequency, periodStart: v.paymentDate, periodEnd: v.paymentDate, paymentDate: v.paymentDate, description: v.description, aguinaldoDays: v.aguinaldoDays || null, isrMethod: v.isrMethod as RhAguinaldoIsrMethod }
              : v.kind === 'extraordinaria'
              ? { kind: 'extraordinaria', frequency: v.frequency as RhPayFrequency, periodStart: v.periodStart, periodEnd: v.periodEnd, paymentDate: v.paymentDate, description: v.description, isrMethod: v.isrMethod as RhAguinaldoIsrMethod }
              : { kind: v.kind as RhPayrollKind, frequency: null, periodStart: v.periodStart, periodEnd: v.periodEnd, paymentDate: v.paymentDate, description: v.description },
        },
      });
      const p = r.data?.rhPayrollCreate;
      void navigate(p ? `${PAYROLL_PATHS.detail}?id=${p.id}` : PAYROLL_PATHS.list, { replace: true });
      return h.created(p?.folio ?? 0, p?.employeeCount ?? 0);
    });
  return (
    <FormPage title={texts.newTitle} description={aguinaldo ? h.aguinaldoHelp : ptu ? h.ptuHelp : h.createHelp} onSubmit={submit} onCancel={() => void navigate(PAYROLL_PATHS.list)} dirty={form.isDirty()} saving={saving} error={error} submitLabel={h.create} readOnly={!access.crear}>
      <Paper withBorder radius="md" p="md">
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
          <Select label={h.kind} required data={creationKindOptions} allowDeselect={false} {...form.getInputProps('kind')} />
          {form.values.kind === 'extraordinaria' || aguinaldo ? <Select label={h.frequency} required data={frequencyOptions} {...form.getInputProps('frequency')} /> : <div />}
          <TextInput label={h.description} maxLength={300} {...form.getInputProps('description')} />
          {ptu ? (
            <>
              <NumberField label={h.ptuYear} description={h.ptuYearHelp} precision={0} min={2000} required {...form.getInputProps('ptuYear')} />
              <NumberField label={h.ptuAmount} description={h.ptuAmountHelp} precision={2} money min={0} required {...form.getInputProps('ptuAmount')} />
              <Select label={h.isrMethod} required data={isrMethodOptions} allowDeselect={false} {...form.getInputProps('isrMethod')} />
            </>
          ) : aguinaldo ? (
            <>
              <NumberField label={h.aguinaldoDays} description={h.aguinaldoDaysHelp} precision={2} min={15} required {...form.getInputProps('aguinaldoDays')} />
              <Select label={h.isrMethod} required data={isrMethodOptions} allowDeselect={false} {...form.getInputProps('isrMethod')} />
            </>
          ) : (
            <>
              <DateField label={h.periodStart} required {...form.getInputProps('periodStart')} />
              <DateField label={h.periodEnd} required {...form.getInputProps('periodEnd')} />
            </>
          )}
          <DateField label={h.paymentDate} required {...form.getInputProps('paymentDate')} />
          {form.values.kind === 'extraordinaria' && <Select label={h.isrMethod} description={h.extraordinaryIsrHelp} required data={extraordinaryIsrMethodOptions} allowDeselect={false} {...form.getInputProps('isrMethod')} />}
        </SimpleGrid>
      </Paper>
    </FormPage>
  );
}

// ---- incidents ------------------------------------------------------------------------------

type Extra = { key: number; conceptId: string; amount: string; description: string };
type IncidentValues = {
  daysWorked: string;
  absences: string;
  overtimeDoubleHours: string;
  overtimeTripleHours: string;
  /** Days with double / triple hours (the CFDI's HorasExtra Dias), whole numbers typed as text. */
  overtimeDoubleDays: string;
  overtimeTripleDays: string;
  sundaysWorked: string[];
  restDaysWorked: string[];
  extras: Extra[];
  reason: string;
};
const INCIDENT_FIELDS = ['daysWorked', 'absences', 'overtimeDoubleHours', 'overtimeTripleHours', 'overtimeDoubleDays', 'overtimeTripleDays', 'sundaysWorked', 'sundaysWorked.', 'restDaysWorked', 'restDaysWorked.', 'extras', 'extras.', 'reason'];

/** The dates' own rules before sending (the server checks them again, and that no other payroll has them). */
function checkWorkedDates(v: IncidentValues, period: { start: string; end: string }): Record<string, string> {
  const empty: Record<string, string> = {};
  for (const key of ['sundaysWorked', 'restDaysWorked'] as const) v[key].forEach((d, n) => (d ? null : (empty[`${key}.${n}`] = texts.incident.dateRequired)));
  return { ...validateRestDaysWorked(v, { periodStart: period.start, periodEnd: period.end }), ...empty };
}
let nextKey = 1;

/**
 * The incidencias of one employee: saved while the payroll is open; with `correction`, the same
 * editor corrects a stamped receipt of a closed payroll (a reason, a new CFDI substituting the old).
 */
function IncidentDialog({
  employee,
  period,
  readOnly,
  correction = false,
  onClose,
}: {
  employee: PayrollEmployee;
  period: { start: string; end: string };
  readOnly: boolean;
  correction?: boolean;
  onClose: (saved: boolean) => void;
}) {
  const i = texts.incident;
  const a = texts.actions;
  const [correctReceipt] = useMutation(RhPayrollReceiptCorrectDocument);
  const concepts = useQuery(RhPayrollCaptureConceptsDocument, { fetchPolicy: 'cache-first' }).data?.rhCaptureConcepts ?? [];
  const [saveIncident] = useMutation(RhPayrollIncidentSaveDocument);
  const form = useForm<IncidentValues>({
    mode: 'controlled',
    initialValues: {
      daysWorked: employee.daysWorked,
      absences: employee.absences,
      overtimeDoubleHours: employee.overtimeDoubleHours,
      overtimeTripleHours: employee.overtimeTripleHours,
      overtimeDoubleDays: String(employee.overtimeDoubleDays),
      overtimeTripleDays: String(employee.overtimeTripleDays),
      sundaysWorked: [...employee.sundaysWorked],
      restDaysWorked: [...employee.restDaysWorked],
      extras: employee.lines.filter((l) => l.source === 'captura').map((l) => ({ key: nextKey++, conceptId: l.conceptId, amount: l.amount, description: l.description })),
      reason: '',
    },
  });
  const v = form.values;
  const { save: runSave, saving, error } = useFormSave({ form, fields: INCIDENT_FIELDS, validate: (values) => checkWorkedDates(values, period), onSaved: () => onClose(true) });
  const submit = () =>
    runSave(async () => {
      const input = {
        daysWorked: v.daysWorked || '0',
        absences: v.absences || '0',
        overtimeDoubleHours: v.overtimeDoubleHours || '0',
        overtimeTripleHours: v.overtimeTripleHours || '0',
        overtimeDoubleDays: Number(v.overtimeDoubleDays || '0'),
        overtimeTripleDays: Number(v.overtimeTripleDays || '0'),
        sundaysWorked: v.sundaysWorked,
        restDaysWorked: v.restDaysWorked,
        extras: v.extras.map((x) => ({ conceptId: x.conceptId, amount: x.amount || '0', description: x.description })),
      };
      if (correction) {
        await correctReceipt({ variables: { payrollEmployeeId: employee.id, uuid: employee.uuid ?? '', input, reason: v.reason } });
        return a.corrected(employee.employeeNumber);
      }
      await saveIncident({ variables: { payrollEmployeeId: employee.id, input } });
      return i.saved;
    });
  const conceptOptions = concepts.map((c) => ({ value: c.id, label: `${c.code} · ${c.name} (${CONCEPT_KIND_LABELS[c.kind]})` }));
  const calculated = employee.lines.filter((l) => l.source !== 'captura');
  return (
    <FormDialog
      title={correction ? a.correctTitle(employee.employeeNumber, employee.employeeName) : i.title(employee.employeeNumber, employee.employeeName)}
      opened
      onClose={() => onClose(false)}
      onSubmit={submit}
      saving={saving}
      error={error}
      readOnly={readOnly}
      submitLabel={correction ? a.correct : undefined}
      size="xl"
    >
      {correction ? (
        <Alert color="orange" variant="light" p="xs">
          <Text size="sm">{a.correctMessage}</Text>
        </Alert>
      ) : null}
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        <NumberField label={i.daysWorked} precision={2} min={0} disabled={readOnly} {...form.getInputProps('daysWorked')} />
        <NumberField label={i.absences} precision={2} min={0} disabled={readOnly} {...form.getInputProps('absences')} />
        <NumberField label={i.double} precision={2} min={0} disabled={readOnly} {...form.getInputProps('overtimeDoubleHours')} />
        <NumberField label={i.triple} precision={2} min={0} disabled={readOnly} {...form.getInputProps('overtimeTripleHours')} />
        <NumberField label={i.doubleDays} precision={0} min={0} disabled={readOnly} {...form.getInputProps('overtimeDoubleDays')} />
        <NumberField label={i.tripleDays} precision={0} min={0} disabled={readOnly} {...form.getInputProps('overtimeTripleDays')} />
      </SimpleGrid>
      <Text size="xs" c="dimmed">
        {i.overtimeDaysHelp}
      </Text>
      <OvertimeSources sources={employee.overtimeSources} />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <WorkedDatesField
          label={i.sundays}
          description={i.sundaysHelp}
          addLabel={i.addSunday}
          dates={v.sundaysWorked}
          period={period}
          sundaysOnly
          readOnly={readOnly}
          inputProps={(n) => form.getInputProps(`sundaysWorked.${n}`)}
          onAdd={() => form.insertListItem('sundaysWorked', '')}
          onRemove={(n) => form.removeListItem('sundaysWorked', n)}
        />
        <WorkedDatesField
          label={i.restDays}
          description={i.restDaysHelp}
          addLabel={i.addRestDay}
          dates={v.restDaysWorked}
          period={period}
          hint={(d) => restDayOf(d).label}
          readOnly={readOnly}
          inputProps={(n) => form.getInputProps(`restDaysWorked.${n}`)}
          onAdd={() => form.insertListItem('restDaysWorked', '')}
          onRemove={(n) => form.removeListItem('restDaysWorked', n)}
        />
      </SimpleGrid>
      <Stack gap="xs">
        <Text fw={600} size="sm">
          {i.extras}
        </Text>
        {v.extras.length === 0 ? (
          <Text size="sm" c="dimmed">
            {i.noExtras}
          </Text>
        ) : null}
        {v.extras.map((x, n) => (
          <Group key={x.key} gap="xs" align="flex-start" wrap="nowrap">
            <Select aria-label={i.concept} placeholder={i.concept} data={conceptOptions} searchable disabled={readOnly} style={{ flex: 3 }} {...form.getInputProps(`extras.${n}.conceptId`)} />
            <NumberField aria-label={i.amount} placeholder={i.amount} precision={2} money min={0} disabled={readOnly} style={{ flex: 1.4 }} {...form.getInputProps(`extras.${n}.amount`)} />
            <TextInput aria-label={i.description} placeholder={i.description} maxLength={200} disabled={readOnly} style={{ flex: 2 }} {...form.getInputProps(`extras.${n}.description`)} />
            {readOnly ? null : (
              <ActionIcon variant="subtle" color="red" aria-label={i.removeLine} mt={4} onClick={() => form.removeListItem('extras', n)}>
                <IconTrash size={16} />
              </ActionIcon>
            )}
          </Group>
        ))}
        {readOnly ? null : (
          <Group>
            <Button variant="light" size="xs" leftSection={<IconPlus size={14} />} onClick={() => form.insertListItem('extras', { key: nextKey++, conceptId: '', amount: '', description: '' })}>
              {i.add}
            </Button>
          </Group>
        )}
      </Stack>
      {calculated.length ? (
        <Stack gap={4}>
          <Text fw={600} size="sm">
            {i.lines}
          </Text>
          <Table withTableBorder verticalSpacing={2} fz="sm">
            <Table.Tbody>
              {employee.lines.map((l) => (
                <Table.Tr key={l.id}>
                  <Table.Td>{CONCEPT_KIND_LABELS[l.kind]}</Table.Td>
                  <Table.Td>
                    {l.conceptCode} · {l.conceptName}
                    {l.description ? <Text span c="dimmed" size="xs">{` — ${l.description}`}</Text> : null}
                  </Table.Td>
                  <Table.Td ta="right">{formatMoney(l.amount)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Stack>
      ) : null}
      {correction ? <Textarea label={a.correctReason} required autosize minRows={2} maxLength={500} {...form.getInputProps('reason')} /> : null}
    </FormDialog>
  );
}

// ---- the payroll ------------------------------------------------------------------------------

const SUMMARY_COLUMNS = (() => {
  const c = texts.summaryCols;
  const money = (key: keyof PayrollEmployee & string, header: string, format: ExportColumn<PayrollEmployee>['format'] = 'money'): ExportColumn<PayrollEmployee> => ({ key, header, format, exportValue: (r) => Number(r[key]) });
  return [
    { key: 'employeeNumber', header: c.number },
    { key: 'employeeName', header: c.name },
    money('dailySalary', c.daily),
    money('sbcDaily', c.sbc),
    money('daysWorked', c.days, 'number'),
    money('absences', c.absences, 'number'),
    money('overtimeDoubleHours', c.double, 'number'),
    money('overtimeTripleHours', c.triple, 'number'),
    money('perceptions', c.perceptions),
    money('taxable', c.taxable),
    money('exempt', c.exempt),
    money('isr', c.isr),
    money('subsidy', c.subsidy),
    money('isrWithheld', c.isrWithheld),
    money('imssEmployee', c.imss),
    money('deductions', c.deductions),
    money('otherPayments', c.otherPayments),
    money('net', c.net),
  ] as ExportColumn<PayrollEmployee>[];
})();

function PayrollView({ payroll, onReload }: { payroll: Payroll; onReload: () => void }) {
  const navigate = useNavigate();
  const client = useApolloClient();
  const access = useScreenAccess('Recursos Humanos', 'Nóminas');
  const [calculate] = useMutation(RhPayrollCalculateDocument);
  const [close] = useMutation(RhPayrollCloseDocument);
  const [remove] = useMutation(RhPayrollDeleteDocument);
  const [stamp] = useMutation(RhPayrollReceiptStampDocument);
  const [exclude] = useMutation(RhPayrollReceiptExcludeDocument);
  const [ptuExclusion] = useMutation(RhPayrollPtuExclusionDocument);
  const [excluding, setExcluding] = useState<PayrollEmployee | null>(null);
  const [correcting, setCorrecting] = useState<PayrollEmployee | null>(null);
  const [cancelling, setCancelling] = useState<PayrollEmployee | null>(null);
  const [cancelMotivo, setCancelMotivo] = useState<string | null>(null);
  const [motivoError, setMotivoError] = useState<string | null>(null);
  const [cancelReceipt] = useMutation(RhPayrollReceiptCancelDocument);
  const [retryCfdiCancel] = useMutation(RhPayrollReceiptCfdiCancelRetryDocument);
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<AppError | null>(null);
  const [editing, setEditing] = useState<PayrollEmployee | null>(null);
  const a = texts.actions;
  const g = texts.grid;
  const open = payroll.status !== 'cerrada';
  // An aguinaldo or a finiquito has no incidents: its grid only shows each receipt.
  const editable = open && access.editar && payroll.kind !== 'aguinaldo' && payroll.kind !== 'finiquito' && payroll.kind !== 'ptu';
  // A PTU payroll shows each worker's share instead of the incidents; «Participa» is marked while it is open.
  const ptu = payroll.kind === 'ptu';
  const toggleParticipation = (e: PayrollEmployee, participates: boolean) =>
    run(`ptu-${e.id}`, async () => {
      await ptuExclusion({ variables: { payrollEmployeeId: e.id, excluded: !participates } });
      onReload();
      return participates ? texts.ptuExclusion.included(e.employeeNumber) : texts.ptuExclusion.excluded(e.employeeNumber);
    });
  const negatives = payroll.status === 'calculada' ? payroll.employees.filter((e) => Number(e.net) < 0).length : 0;
  useScreenTitle(texts.titleOf(payroll.folio, PAYROLL_KIND_LABELS[payroll.kind]));
  useRecordChanges('rh_payroll', (id, byMe) => {
    if (id === payroll.id && !byMe) onReload();
  });

  const run = async (name: string, work: () => Promise<string | null>) => {
    setError(null);
    setBusy(name);
    try {
      const message = await work();
      if (message) notifySuccess(message);
    } catch (caught) {
      setError(asAppError(caught));
    } finally {
      setBusy(null);
    }
  };
  const closed = payroll.status === 'cerrada';
  const canStamp = (e: PayrollEmployee) => closed && e.stampStatus !== 'timbrada' && e.stampStatus !== 'excluida' && e.stampStatus !== 'cancelada' && access.autorizar;
  const canExclude = (e: PayrollEmployee) => closed && (e.stampStatus === null || e.stampStatus === 'rechazada') && access.autorizar;
  // A stamped receipt is corrected (new CFDI substituting it) or cancelled; an aguinaldo or finiquito has no incidencias to correct.
  const canCorrect = (e: PayrollEmployee) => closed && e.stampStatus === 'timbrada' && access.autorizar && payroll.kind !== 'aguinaldo' && payroll.kind !== 'finiquito';
  const canCancel = (e: PayrollEmployee) => closed && e.stampStatus === 'timbrada' && access.autorizar;
  const oldXml = (e: PayrollEmployee, cfdi: PayrollEmployee['replacedCfdis'][number]) =>
    run(`xml-${cfdi.id}`, async () => {
      const r = await client.query({ query: RhPayrollReceiptCfdiXmlDocument, variables: { cfdiId: cfdi.id }, fetchPolicy: 'network-only' });
      if (r.data) downloadXml(r.data.rhPayrollReceiptCfdiXml, `CFDI nómina ${payroll.folio} ${e.employeeNumber} ${cfdi.uuid}`);
      return null;
    });
  // A replaced or cancelled CFDI SAT has not cancelled yet (the PAC did not answer or refused it): asked again.
  const retryCancel = (cfdi: PayrollEmployee['replacedCfdis'][number]) =>
    run(`retry-${cfdi.id}`, async () => {
      try {
        await retryCfdiCancel({ variables: { cfdiId: cfdi.id } });
        return a.retriedCancel(cfdi.uuid);
      } finally {
        onReload();
      }
    });
  const receiptXml = (e: PayrollEmployee) =>
    run(`xml-${e.id}`, async () => {
      const r = await client.query({ query: RhPayrollReceiptXmlDocument, variables: { payrollEmployeeId: e.id }, fetchPolicy: 'network-only' });
      if (r.data) downloadXml(r.data.rhPayrollReceiptXml, `CFDI nómina ${payroll.folio} ${e.employeeNumber}`);
      return null;
    });
  const stampReceipt = (e: PayrollEmployee) =>
    run(`stamp-${e.id}`, async () => {
      try {
        await stamp({ variables: { payrollEmployeeId: e.id } });
        return a.stamped(e.employeeNumber);
      } finally {
        onReload();
      }
    });
  const receipts = (employeeId: string | null, name: string) =>
    run(`pdf-${employeeId ?? 'all'}`, async () => {
      const r = await client.query({ query: RhPayrollReceiptsDocument, variables: { id: payroll.id, employeeId }, fetchPolicy: 'network-only' });
      if (r.data) downloadBase64(r.data.rhPayrollReceiptsPdf, `${name}.pdf`, 'application/pdf');
      return null;
    });

  return (
    <Stack gap="md">
      <PageHeader
        description={payroll.description || undefined}
        actions={
          <>
            <StatusBadge status={payroll.status} labels={PAYROLL_BADGES} />
            {closed ? <StatusBadge status={payroll.stampingComplete ? 'completo' : 'incompleto'} labels={STAMPING_BADGES} /> : null}
            <RecordHistoryButton entity="rh_payroll" entityId={payroll.id} reference={`Nómina ${payroll.folio}`} />
            {open && access.editar ? (
              <Button leftSection={<IconCalculator size={16} />} loading={busy === 'calc'} onClick={() => void run('calc', async () => { await calculate({ variables: { id: payroll.id, version: payroll.version } }); onReload(); return a.calculated; })}>
                {a.calculate}
              </Button>
            ) : null}
            {payroll.status === 'calculada' && access.autorizar ? (
              <Button
                color="teal"
                leftSection={<IconLock size={16} />}
                loading={busy === 'close'}
                onClick={() =>
                  confirmAction({
                    title: a.closeTitle(payroll.folio),
                    message: a.closeMessage,
                    confirmLabel: a.close,
                    onConfirm: () => void run('close', async () => { await close({ variables: { id: payroll.id, version: payroll.version } }); onReload(); return a.closed(payroll.folio); }),
                  })
                }
              >
                {a.close}
              </Button>
            ) : null}
            {payroll.status !== 'borrador' && access.exportar ? (
              <Button variant="default" leftSection={<IconFileTypePdf size={16} />} loading={busy === 'pdf-all'} onClick={() => void receipts(null, `Recibos nómina ${payroll.folio}`)}>
                {a.receipts}
              </Button>
            ) : null}
            {access.exportar ? (
              <Button variant="default" leftSection={<IconFileSpreadsheet size={16} />} onClick={() => void run('xlsx', async () => { await exportRows(texts.summarySheet(payroll.folio), SUMMARY_COLUMNS, payroll.employees, 'xlsx'); return null; })}>
                {a.summary}
              </Button>
            ) : null}
            {open && access.eliminar ? (
              <Button
                color="red"
                variant="light"
                leftSection={<IconTrash size={16} />}
                onClick={() =>
                  confirmAction({
                    title: a.removeTitle(payroll.folio),
                    message: a.removeMessage,
                    confirmLabel: a.remove,
                    onConfirm: () => void run('remove', async () => { await remove({ variables: { id: payroll.id, version: payroll.version } }); void navigate(PAYROLL_PATHS.list, { replace: true }); return a.removed(payroll.folio); }),
                  })
                }
              >
                {a.remove}
              </Button>
            ) : null}
          </>
        }
      />
      {error && error.code === 'CONFLICT' && error.message === ERROR_MESSAGES.CONFLICT ? <SaveErrorAlert error={error} onReload={onReload} /> : null}
      {error && !(error.code === 'CONFLICT' && error.message === ERROR_MESSAGES.CONFLICT) ? (
        // A refusal with its reason (a negative net, a closed payroll, missing tables) stays on screen.
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title={texts.actionFailed} withCloseButton onClose={() => setError(null)}>
          {error.message}
        </Alert>
      ) : null}
      {payroll.status === 'borrador' ? <Alert color="gray" variant="light">{payroll.kind === 'aguinaldo' ? texts.aguinaldoNotice : ptu ? texts.ptuNotice : payroll.kind === 'finiquito' ? texts.finiquitoNotice : texts.draftNotice}</Alert> : null}
      {payroll.status === 'cerrada' ? <Alert color="teal" variant="light">{texts.closedNotice}</Alert> : null}
      {closed && payroll.receiptsToStamp > 0 ? (
        <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />}>
          {texts.stamping.toStamp(payroll.receiptsToStamp)}
        </Alert>
      ) : null}
      {negatives ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />}>
          {texts.negativeNotice(negatives)}
        </Alert>
      ) : null}
      <Paper withBorder radius="md" p="md">
        <SimpleGrid cols={{ base: 2, sm: 3, md: 6 }} spacing="sm">
          <InfoField label={texts.header.kind} value={PAYROLL_KIND_LABELS[payroll.kind]} />
          {ptu ? (
            <>
              <InfoField label={texts.info.ptuYear} value={payroll.ptuYear ?? '—'} />
              <InfoField label={texts.info.ptuAmount} value={formatMoney(payroll.ptuAmount ?? '0')} />
              <InfoField label={texts.info.isrMethod} value={isrMethodLabel(payroll.kind, payroll.isrMethod)} />
            </>
          ) : payroll.kind === 'aguinaldo' ? (
            <>
              <InfoField label={texts.info.aguinaldoDays} value={formatNumber(payroll.aguinaldoDays ?? '0')} />
              <InfoField label={texts.info.isrMethod} value={isrMethodLabel(payroll.kind, payroll.isrMethod)} />
            </>
          ) : payroll.separation ? (
            <>
              <InfoField label={texts.info.separationKind} value={SEPARATION_KIND_LABELS[payroll.separation.kind]} />
              <InfoField label={texts.info.separationDate} value={formatDate(payroll.separation.separationDate)} />
            </>
          ) : payroll.kind === 'extraordinaria' ? (
            <>
              <InfoField label={texts.columns.period} value={texts.period(formatDate(payroll.periodStart), formatDate(payroll.periodEnd))} />
              <InfoField label={texts.info.isrMethod} value={isrMethodLabel(payroll.kind, payroll.isrMethod)} />
            </>
          ) : (
            <InfoField label={texts.columns.period} value={texts.period(formatDate(payroll.periodStart), formatDate(payroll.periodEnd))} />
          )}
          <InfoField label={texts.header.paymentDate} value={formatDate(payroll.paymentDate)} />
          <InfoField label={texts.info.employees} value={payroll.employeeCount} />
          <InfoField label={texts.info.tableYear} value={payroll.tableYear ?? '—'} />
          <InfoField label={texts.totals.net} value={<Money value={payroll.net} />} />
        </SimpleGrid>
      </Paper>
      <Paper withBorder radius="md" p="md">
        <Text fw={600} mb="sm">
          {g.title}
        </Text>
        <Table.ScrollContainer minWidth={980}>
          <Table striped highlightOnHover verticalSpacing={4} aria-label={g.title}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{g.number}</Table.Th>
                <Table.Th>{g.name}</Table.Th>
                <Table.Th ta="right">{g.daily}</Table.Th>
                <Table.Th ta="right">{g.days}</Table.Th>
                {ptu ? (
                  <>
                    <Table.Th ta="center">{g.participates}</Table.Th>
                    <Table.Th ta="right">{g.exempt}</Table.Th>
                    <Table.Th ta="right">{g.taxable}</Table.Th>
                  </>
                ) : (
                  <>
                    <Table.Th ta="right">{g.absences}</Table.Th>
                    <Table.Th ta="right">{g.double}</Table.Th>
                    <Table.Th ta="right">{g.triple}</Table.Th>
                  </>
                )}
                <Table.Th ta="right">{ptu ? g.ptu : g.perceptions}</Table.Th>
                <Table.Th ta="right">{ptu ? g.isr : g.deductions}</Table.Th>
                <Table.Th ta="right">{g.net}</Table.Th>
                <Table.Th ta="center">{texts.stamping.column}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {payroll.employees.map((e) => (
                <Table.Tr key={e.id} bg={payroll.status === 'calculada' && Number(e.net) < 0 ? 'var(--mantine-color-red-light)' : undefined}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{e.employeeNumber}</Table.Td>
                  <Table.Td style={{ minWidth: 200 }}>
                    {e.employeeName}
                    {e.minimumWageOnly ? <Text span c="dimmed" size="xs">{` · ${g.minimumWage}`}</Text> : null}
                  </Table.Td>
                  <Table.Td ta="right">{formatMoney(e.dailySalary)}</Table.Td>
                  <Table.Td ta="right">{formatNumber(e.daysWorked)}</Table.Td>
                  {ptu ? (
                    <>
                      <Table.Td ta="center">
                        {open && access.editar ? (
                          <Switch
                            size="sm"
                            styles={{ body: { justifyContent: 'center' } }}
                            aria-label={texts.ptuExclusion.label(e.employeeNumber)}
                            checked={!e.ptuExcluded}
                            disabled={busy === `ptu-${e.id}`}
                            onChange={(event) => void toggleParticipation(e, event.currentTarget.checked)}
                          />
                        ) : e.ptuExcluded ? (
                          g.no
                        ) : (
                          g.yes
                        )}
                      </Table.Td>
                      <Table.Td ta="right">{formatMoney(e.exempt)}</Table.Td>
                      <Table.Td ta="right">{formatMoney(e.taxable)}</Table.Td>
                    </>
                  ) : (
                    <>
                      <Table.Td ta="right">{formatNumber(e.absences)}</Table.Td>
                      <Table.Td ta="right">{formatNumber(e.overtimeDoubleHours)}</Table.Td>
                      <Table.Td ta="right">{formatNumber(e.overtimeTripleHours)}</Table.Td>
                    </>
                  )}
                  <Table.Td ta="right">{formatMoney(e.perceptions)}</Table.Td>
                  <Table.Td ta="right">{formatMoney(e.deductions)}</Table.Td>
                  <Table.Td ta="right">
                    <Money value={e.net} />
                  </Table.Td>
                  <Table.Td ta="center">
                    {e.stampStatus ? <StampMark receipt={e} /> : null}
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap" justify="flex-end">
                      <Tooltip label={a.incidents}>
                        <ActionIcon variant="subtle" aria-label={`${a.incidents} ${e.employeeNumber}`} onClick={() => setEditing(e)}>
                          {editable ? <IconPencil size={16} /> : <IconEye size={16} />}
                        </ActionIcon>
                      </Tooltip>
                      {payroll.status !== 'borrador' && access.exportar ? (
                        <Tooltip label={a.receipt}>
                          <ActionIcon variant="subtle" aria-label={`${a.receipt} ${e.employeeNumber}`} loading={busy === `pdf-${e.employeeId}`} onClick={() => void receipts(e.employeeId, `Recibo ${payroll.folio} ${e.employeeNumber}`)}>
                            <IconFileTypePdf size={16} />
                          </ActionIcon>
                        </Tooltip>
                      ) : null}
                      {(e.stampStatus === 'timbrada' || e.stampStatus === 'pendiente') && access.exportar ? (
                        <Tooltip label={a.xml}>
                          <ActionIcon variant="subtle" aria-label={`${a.xml} ${e.employeeNumber}`} loading={busy === `xml-${e.id}`} onClick={() => void receiptXml(e)}>
                            <IconFileCode size={16} />
                          </ActionIcon>
                        </Tooltip>
                      ) : null}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
            <Table.Tfoot>
              <Table.Tr fw={700}>
                <Table.Td colSpan={7}>{texts.totals.net}</Table.Td>
                <Table.Td ta="right">{formatMoney(payroll.perceptions)}</Table.Td>
                <Table.Td ta="right">{formatMoney(payroll.deductions)}</Table.Td>
                <Table.Td ta="right">
                  <Money value={payroll.net} />
                </Table.Td>
                <Table.Td />
                <Table.Td />
              </Table.Tr>
            </Table.Tfoot>
          </Table>
        </Table.ScrollContainer>
      </Paper>
      {closed ? (
        <ReceiptStamping
          payroll={payroll}
          busy={busy}
          canStamp={canStamp}
          canExclude={canExclude}
          canXml={access.exportar}
          onStamp={(e) => void stampReceipt(e)}
          onExclude={setExcluding}
          onXml={(e) => void receiptXml(e)}
          canCorrect={canCorrect}
          canCancel={canCancel}
          onCorrect={setCorrecting}
          onCancel={(e) => {
            setCancelMotivo(null);
            setMotivoError(null);
            setCancelling(e);
          }}
          onOldXml={(e, cfdi) => void oldXml(e, cfdi)}
          canRetryCancel={access.autorizar}
          onRetryCancel={(cfdi) => void retryCancel(cfdi)}
        />
      ) : null}
      {payroll.conceptTotals.length ? (
        <Paper withBorder radius="md" p="md">
          <Text fw={600} mb="sm">
            {texts.totals.title}
          </Text>
          <Table striped verticalSpacing={4} aria-label={texts.totals.title}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{texts.totals.concept}</Table.Th>
                <Table.Th>{texts.totals.kind}</Table.Th>
                <Table.Th ta="right">{texts.totals.amount}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {payroll.conceptTotals.map((t) => (
                <Table.Tr key={t.conceptId}>
                  <Table.Td>
                    {t.code} · {t.name}
                  </Table.Td>
                  <Table.Td>{CONCEPT_KIND_LABELS[t.kind]}</Table.Td>
                  <Table.Td ta="right">{formatMoney(t.amount)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Group justify="flex-end" gap="xl" mt="sm">
            <InfoField label={texts.totals.perceptions} value={formatMoney(payroll.perceptions)} />
            <InfoField label={texts.totals.otherPayments} value={formatMoney(payroll.otherPayments)} />
            <InfoField label={texts.totals.deductions} value={formatMoney(payroll.deductions)} />
            <InfoField label={texts.totals.net} value={<Money value={payroll.net} />} />
          </Group>
        </Paper>
      ) : null}
      {isOrdinaryPayroll(payroll.kind) && payroll.status !== 'borrador' ? <EmployerCostPanel key={payroll.version} payrollId={payroll.id} /> : null}
      <ReasonDialog
        opened={excluding !== null}
        title={excluding ? a.excludeTitle(excluding.employeeNumber, excluding.employeeName) : ''}
        message={a.excludeMessage}
        confirmLabel={a.exclude}
        onClose={(done) => {
          const e = excluding;
          setExcluding(null);
          if (done && e) {
            notifySuccess(a.excluded(e.employeeNumber));
            onReload();
          }
        }}
        onConfirm={(reason) => exclude({ variables: { payrollEmployeeId: excluding!.id, reason } })}
      />
      <ReasonDialog
        opened={cancelling !== null}
        title={cancelling ? a.cancelTitle(cancelling.employeeNumber, cancelling.employeeName) : ''}
        message={a.cancelMessage}
        confirmLabel={a.cancelReceipt}
        extra={<Select label={a.cancelMotivo} required data={RECEIPT_CANCEL_OPTIONS} value={cancelMotivo} onChange={setCancelMotivo} error={motivoError} />}
        onFieldErrors={(fields) => {
          setMotivoError(fields.motivo ?? null);
          return Boolean(fields.motivo);
        }}
        onClose={(done) => {
          const e = cancelling;
          setCancelling(null);
          if (done && e) {
            notifySuccess(a.cancelled(e.employeeNumber));
            onReload();
          }
        }}
        onConfirm={(reason) => cancelReceipt({ variables: { payrollEmployeeId: cancelling!.id, uuid: cancelling!.uuid ?? '', motivo: cancelMotivo ?? '', reason } })}
      />
      {correcting ? (
        <IncidentDialog
          employee={correcting}
          period={{ start: payroll.periodStart, end: payroll.periodEnd }}
          readOnly={false}
          correction
          onClose={(saved) => {
            setCorrecting(null);
            if (saved) onReload();
          }}
        />
      ) : null}
      {editing ? (
        <IncidentDialog
          employee={editing}
          period={{ start: payroll.periodStart, end: payroll.periodEnd }}
          readOnly={!editable}
          onClose={(saved) => {
            setEditing(null);
            if (saved) onReload();
          }}
        />
      ) : null}
    </Stack>
  );
}

export function PayrollDetailPage() {
  const [searchParams] = useSearchParams();
  const rawId = searchParams.get('id');
  const id = idParam(rawId);
  const detail = useQuery(RhPayrollDetailDocument, { variables: { id: id ?? '' }, skip: id === null, fetchPolicy: 'network-only' });
  const payroll = detail.data?.rhPayroll ?? null;
  const loadError = readGraphQLError(detail.error);
  if (rawId === null) return <NewPayroll />;
  if (id === null || (detail.data && !payroll) || loadError) {
    return (
      <Alert color="orange" variant="light" icon={<IconAlertCircle size={18} />} title={loadError?.message ?? texts.notFound}>
        <Link to={PAYROLL_PATHS.list}>{texts.back}</Link>
      </Alert>
    );
  }
  if (!payroll) return <FormPage onSubmit={async () => undefined} onCancel={() => undefined} dirty={false} saving={false} loading>{null}</FormPage>;
  return <PayrollView payroll={payroll} onReload={() => void detail.refetch()} />;
}

/** A closed payroll's receipts: each one's CFDI state, its UUID (or why not), «Timbrar» and «Excluir del timbrado». */
function ReceiptStamping(props: {
  payroll: Payroll;
  busy: string | null;
  canStamp: (e: PayrollEmployee) => boolean;
  canExclude: (e: PayrollEmployee) => boolean;
  canXml: boolean;
  onStamp: (e: PayrollEmployee) => void;
  onExclude: (e: PayrollEmployee) => void;
  onXml: (e: PayrollEmployee) => void;
  canCorrect: (e: PayrollEmployee) => boolean;
  canCancel: (e: PayrollEmployee) => boolean;
  onCorrect: (e: PayrollEmployee) => void;
  onCancel: (e: PayrollEmployee) => void;
  onOldXml: (e: PayrollEmployee, cfdi: PayrollEmployee['replacedCfdis'][number]) => void;
  canRetryCancel: boolean;
  onRetryCancel: (cfdi: PayrollEmployee['replacedCfdis'][number]) => void;
}) {
  const { payroll, busy } = props;
  const t = texts.stamping;
  const a = texts.actions;
  const detailOf = (e: PayrollEmployee) => {
    if ((e.stampStatus === 'timbrada' || e.stampStatus === 'cancelada') && e.uuid) return t.uuid(e.uuid, Boolean(e.stampSandbox));
    if (e.stampStatus === 'excluida') return t.excludedBy(e.exclusionReason ?? '', e.excludedByName ?? null, e.excludedAt ? formatDateTime(e.excludedAt) : '');
    return e.stampError ?? '';
  };
  return (
    <Paper withBorder radius="md" p="md">
      <Group justify="space-between" mb="sm" gap="xs">
        <Text fw={600}>{t.title}</Text>
        {payroll.stampingComplete && payroll.stampingCompletedAt ? (
          <Text size="sm" c="dimmed">
            {t.complete(formatDateTime(payroll.stampingCompletedAt))}
          </Text>
        ) : null}
      </Group>
      <Table.ScrollContainer minWidth={640}>
        <Table striped verticalSpacing={4} aria-label={t.title}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t.cols.number}</Table.Th>
              <Table.Th>{t.cols.name}</Table.Th>
              <Table.Th>{t.cols.status}</Table.Th>
              <Table.Th>{t.cols.detail}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {payroll.employees.flatMap((e) => [
              <Table.Tr key={e.id}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{e.employeeNumber}</Table.Td>
                <Table.Td style={{ minWidth: 160 }}>{e.employeeName}</Table.Td>
                <Table.Td>{e.stampStatus ? <StatusBadge status={e.stampStatus} labels={STAMP_BADGES} /> : <Text size="sm" c="dimmed">{t.notSealed}</Text>}</Table.Td>
                <Table.Td style={{ minWidth: 220, wordBreak: 'break-word' }}>
                  <Text size="sm" ff={e.stampStatus === 'timbrada' ? 'monospace' : undefined} c={e.stampStatus === 'rechazada' ? 'red' : undefined}>
                    {detailOf(e)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap" justify="flex-end">
                    {(e.stampStatus === 'timbrada' || e.stampStatus === 'pendiente' || e.stampStatus === 'cancelada') && props.canXml ? (
                      <Button size="compact-sm" variant="subtle" leftSection={<IconFileCode size={14} />} loading={busy === `xml-${e.id}`} onClick={() => props.onXml(e)} aria-label={`${a.xml} ${e.employeeNumber}`}>
                        XML
                      </Button>
                    ) : null}
                    {props.canStamp(e) ? (
                      <Button size="compact-sm" variant="light" color="teal" leftSection={<IconCertificate size={14} />} loading={busy === `stamp-${e.id}`} onClick={() => props.onStamp(e)} aria-label={`${a.stamp} ${e.employeeNumber}`}>
                        {a.stamp}
                      </Button>
                    ) : null}
                    {props.canExclude(e) ? (
                      <Button size="compact-sm" variant="subtle" color="gray" leftSection={<IconBan size={14} />} onClick={() => props.onExclude(e)} aria-label={`${a.exclude} ${e.employeeNumber}`}>
                        {a.exclude}
                      </Button>
                    ) : null}
                    {props.canCorrect(e) ? (
                      <Button size="compact-sm" variant="light" leftSection={<IconEdit size={14} />} onClick={() => props.onCorrect(e)} aria-label={`${a.correct} ${e.employeeNumber}`}>
                        {a.correct}
                      </Button>
                    ) : null}
                    {props.canCancel(e) ? (
                      <Button size="compact-sm" variant="subtle" color="red" leftSection={<IconFileX size={14} />} onClick={() => props.onCancel(e)} aria-label={`${a.cancelReceipt} ${e.employeeNumber}`}>
                        {a.cancelReceipt}
                      </Button>
                    ) : null}
                  </Group>
                </Table.Td>
              </Table.Tr>,
              // The CFDIs the receipt no longer carries: cancelled (substituted or alone), their XML still downloadable.
              ...e.replacedCfdis.map((c) => (
                <Table.Tr key={`cfdi-${c.id}`} data-testid={`replaced-cfdi-${c.uuid}`}>
                  <Table.Td />
                  <Table.Td />
                  <Table.Td>
                    <StatusBadge status={c.status === 'cancelado' ? 'cancelada' : 'pendiente'} labels={STAMP_BADGES} />
                  </Table.Td>
                  <Table.Td style={{ minWidth: 220, wordBreak: 'break-word' }}>
                    <Text size="sm" ff="monospace" mb={4}>
                      {c.uuid}
                    </Text>
                    <CfdiCancelNote
                      statusLabel={c.status !== 'cancelado' ? (c.cancelError ?? t.toCancel) : c.motivo === '01' ? t.replaced(c.substituteUuid ?? null) : t.cancelledAlone}
                      color={c.status === 'cancelado' ? 'gray' : 'orange'}
                      motivoLabel={`${c.motivo} · ${c.motivoLabel}`}
                      // «Cancelado (sustituido por …)» already names the substitute.
                      substituteUuid={c.status === 'cancelado' && c.motivo === '01' ? null : c.substituteUuid}
                      details={[t.replacedBy(c.reason, c.requestedByName ?? null, formatDateTime(c.requestedAt)), `${texts.stamping.cols.net}: ${formatMoney(c.net)}`]}
                    />
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap" justify="flex-end">
                      {c.status === 'por_cancelar' && props.canRetryCancel ? (
                        <Button size="compact-sm" variant="subtle" color="orange" leftSection={<IconRefresh size={14} />} loading={busy === `retry-${c.id}`} onClick={() => props.onRetryCancel(c)} aria-label={`${a.retryCancel} ${c.uuid}`}>
                          {a.retryCancel}
                        </Button>
                      ) : null}
                      {props.canXml ? (
                        <Button size="compact-sm" variant="subtle" leftSection={<IconFileCode size={14} />} loading={busy === `xml-${c.id}`} onClick={() => props.onOldXml(e, c)} aria-label={`${a.oldXml} ${c.uuid}`}>
                          XML
                        </Button>
                      ) : null}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              )),
            ])}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}

const STAMP_ICONS = { timbrada: IconCircleCheck, pendiente: IconClock, rechazada: IconAlertTriangle, excluida: IconBan, cancelada: IconBan } as const;

/** The receipt's CFDI in one icon (the grid is already wide): its state, and in the tooltip the UUID or why it was not stamped. */
function StampMark({ receipt: e }: { receipt: PayrollEmployee }) {
  const status = e.stampStatus!;
  const Icon = STAMP_ICONS[status];
  const { label, color } = STAMP_BADGES[status];
  const detail = status === 'timbrada' && e.uuid ? texts.stamping.uuid(e.uuid, Boolean(e.stampSandbox)) : status === 'excluida' ? e.exclusionReason : e.stampError;
  return (
    <Tooltip multiline maw={360} label={detail ? `${label}: ${detail}` : label}>
      <ThemeIcon variant="light" color={color} size="sm" radius="xl" role="img" aria-label={`CFDI ${label} ${e.employeeNumber}`}>
        <Icon size={14} />
      </ThemeIcon>
    </Tooltip>
  );
}
