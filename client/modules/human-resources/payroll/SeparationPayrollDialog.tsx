// «Calcular finiquito» (issue 27) on a terminated employee's record: the separation data, the
// server's preview (rhSeparationPayrollPreview runs separation() of schema/rh/benefits.ts, the
// function the payroll's calculation runs) with its steps, then «Crear nómina de finiquito»
// (rhSeparationPayrollCreate) opens the new payroll. Changing a datum asks for a new preview.
import { useState } from 'react';
import { Accordion, Alert, Select, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useApolloClient, useMutation } from '@apollo/client/react';
import { useNavigate } from 'react-router-dom';
import { IconCalculator } from '@tabler/icons-react';
import {
  RhSeparationPayrollCreateDocument,
  RhSeparationPayrollPreviewDocument,
  type RhSeparationPayrollPreviewQuery,
  type SeparationKind,
} from '../../../../generated/modules/human-resources/graphql';
import { DateField } from '../../../components/DateField';
import { DetailTable } from '../../../components/DetailTable';
import { FormDialog } from '../../../components/EditDialog';
import { applyServerFieldErrors } from '../../../components/FormPage';
import { formatDate, formatMoney } from '../../../components/format';
import type { AppError } from '../../../components/graphqlErrors';
import { NumberField } from '../../../components/NumberField';
import { notifySuccess } from '../../../components/notify';
import { todayIso } from '../../../components/dates';
import { asAppError, errorForForm, placedFields } from '../../../components/serverErrors';
import { TaxTrace } from '../fiscal/TaxTrace';
import { PAYROLL_PATHS, separationKindOptions, texts } from './texts';

const t = texts.separation;
const FIELDS = ['kind', 'salaryOwedDays', 'pendingVacationDaysFromPastYears', 'twentyDaysPerYear', 'paymentDate', 'description'];
type Preview = RhSeparationPayrollPreviewQuery['rhSeparationPayrollPreview'];
type Row = { key: string; label: string; amount: string; strong?: boolean };
const LINE_KEYS = ['salaryOwed', 'aguinaldoProp', 'vacations', 'primaVacacional', 'indemnizacion3Meses', 'veinteDiasPorAnio', 'primaAntiguedad'] as const;
const TOTAL_KEYS = ['total', 'exemptTotal', 'taxableTotal', 'isrOrdinary', 'isrArt95', 'net'] as const;

/** The preview as rows: the percepciones it pays (zero ones left out), then totals, ISR and net. */
function previewRows(p: Preview): Row[] {
  const lines = LINE_KEYS.filter((k) => Number(p[k]) !== 0).map((k) => ({ key: k, label: t.lines[k], amount: p[k] }));
  return [...lines, ...TOTAL_KEYS.map((k) => ({ key: k, label: t.lines[k], amount: p[k], strong: k === 'total' || k === 'net' }))];
}

const COLUMNS = [
  { key: 'label', header: t.concept, render: (r: Row) => <Text size="sm" fw={r.strong ? 700 : undefined}>{r.label}</Text> },
  { key: 'amount', header: t.amount, align: 'right' as const, format: 'money' as const, render: (r: Row) => <Text size="sm" fw={r.strong ? 700 : undefined} style={{ fontVariantNumeric: 'tabular-nums' }}>{formatMoney(r.amount)}</Text> },
];

export type SeparationEmployee = { id: string; number: string; fullName: string; hireDate: string; dailySalary: string; terminationDate: string | null; terminationReason: string | null };

export function SeparationPayrollDialog({ employee, onClose }: { employee: SeparationEmployee; onClose: () => void }) {
  const client = useApolloClient();
  const navigate = useNavigate();
  const [create] = useMutation(RhSeparationPayrollCreateDocument);
  const [preview, setPreview] = useState<{ key: string; result: Preview } | null>(null);
  const [error, setError] = useState<AppError | null>(null);
  const [busy, setBusy] = useState(false);
  const baja = employee.terminationDate ?? '';
  const today = todayIso();
  const form = useForm({
    mode: 'controlled',
    initialValues: {
      kind: (/despido/i.test(employee.terminationReason ?? '') ? 'DESPIDO_INJUSTIFICADO' : 'RENUNCIA') as SeparationKind,
      salaryOwedDays: '0',
      pendingVacationDaysFromPastYears: '',
      twentyDaysPerYear: false,
      paymentDate: today > baja ? today : baja,
      description: '',
    },
  });
  const v = form.values;
  const input = {
    ...v,
    // Empty: the server takes the vacation balance on the baja date (the preview's steps show the days).
    pendingVacationDaysFromPastYears: v.pendingVacationDaysFromPastYears.trim() || null,
    twentyDaysPerYear: v.kind === 'DESPIDO_INJUSTIFICADO' && v.twentyDaysPerYear,
    description: v.description || null,
  };
  const key = JSON.stringify(input);
  const current = preview?.key === key ? preview.result : null;

  const submit = async () => {
    setError(null);
    form.clearErrors();
    setBusy(true);
    try {
      if (!current) {
        const r = await client.query({ query: RhSeparationPayrollPreviewDocument, variables: { employeeId: employee.id, input }, fetchPolicy: 'network-only' });
        if (r.error) throw r.error;
        if (r.data) setPreview({ key, result: r.data.rhSeparationPayrollPreview });
        return;
      }
      const r = await create({ variables: { employeeId: employee.id, input } });
      const created = r.data?.rhSeparationPayrollCreate;
      if (created) {
        notifySuccess(t.created(created.folio));
        void navigate(`${PAYROLL_PATHS.detail}?id=${created.id}`);
      }
    } catch (caught) {
      const e = asAppError(caught);
      applyServerFieldErrors(form, placedFields(e, FIELDS));
      setError(errorForForm(e, FIELDS));
    } finally {
      setBusy(false);
    }
  };

  return (
    <FormDialog title={t.title(`${employee.number} · ${employee.fullName}`)} opened onClose={onClose} onSubmit={() => void submit()} saving={busy} error={error} submitLabel={current ? t.create : t.calculate} size="xl">
      <Text size="sm" c="dimmed">
        {t.help(formatDate(baja), formatDate(employee.hireDate), formatMoney(employee.dailySalary))}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        <Select label={t.kind} required data={separationKindOptions} allowDeselect={false} {...form.getInputProps('kind')} />
        <NumberField label={t.salaryOwedDays} description={t.salaryOwedHelp} precision={1} min={0} max={31} required {...form.getInputProps('salaryOwedDays')} />
        <NumberField label={t.pendingVacationDays} description={t.pendingVacationHelp} precision={2} min={0} max={365} placeholder={t.pendingVacationPlaceholder} {...form.getInputProps('pendingVacationDaysFromPastYears')} />
        <DateField label={t.paymentDate} required min={baja} {...form.getInputProps('paymentDate')} />
        <TextInput label={t.description} maxLength={300} {...form.getInputProps('description')} />
        {v.kind === 'DESPIDO_INJUSTIFICADO' ? <Switch label={t.twentyDays} description={t.twentyDaysHelp} mt="md" {...form.getInputProps('twentyDaysPerYear', { type: 'checkbox' })} /> : <div />}
      </SimpleGrid>
      {current ? (
        <Stack gap="sm" aria-live="polite">
          <DetailTable columns={COLUMNS} rows={previewRows(current)} rowKey={(r) => r.key} aria-label={t.title(employee.fullName)} />
          {/* The steps folded: the figures and a refusal (on top of the dialog) stay in view. */}
          <Accordion variant="contained">
            <Accordion.Item value="steps">
              <Accordion.Control>{t.steps}</Accordion.Control>
              <Accordion.Panel>
                <TaxTrace steps={current.steps} />
              </Accordion.Panel>
            </Accordion.Item>
          </Accordion>
        </Stack>
      ) : (
        <Alert color="gray" variant="light" icon={<IconCalculator size={18} />}>
          {t.empty}
        </Alert>
      )}
    </FormDialog>
  );
}
