// Calculadora (?dialog=calculadora on Nóminas Fiscales): ISR, subsidio para el
// empleo, ISR a retener and IMSS obrero for one income, with the tables of the
// payment date (payrollTaxPreview); the server's trace shows every step.
import { useState } from 'react';
import { Alert, Group, Paper, Select, SimpleGrid, Stack, Switch, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useApolloClient } from '@apollo/client/react';
import { IconCalculator } from '@tabler/icons-react';
import { PayrollTaxPreviewViewDocument, type PayPeriod, type PayrollTaxPreviewViewQuery } from '../../../../generated/modules/human-resources/graphql';
import { PAY_PERIOD_LABELS, PAY_PERIODS } from '../../../../schema/rh/fiscal';
import { DateField } from '../../../components/DateField';
import { FormDialog } from '../../../components/EditDialog';
import { applyServerFieldErrors } from '../../../components/FormPage';
import { formatMoney } from '../../../components/format';
import type { AppError } from '../../../components/graphqlErrors';
import { InfoField } from '../../../components/InfoField';
import { NumberField } from '../../../components/NumberField';
import { todayIso } from '../../../components/dates';
import { asAppError, errorForForm, placedFields } from '../../../components/serverErrors';
import { TaxTrace } from './TaxTrace';
import { texts } from './texts';

const t = texts.calculator;
const FIELDS = ['paymentDate', 'period', 'taxableIncome', 'sbcDaily', 'days'];
const PERIOD_OPTIONS = PAY_PERIODS.map((p) => ({ value: p, label: PAY_PERIOD_LABELS[p] }));

type Result = PayrollTaxPreviewViewQuery['payrollTaxPreview'];

function Figure({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <Paper withBorder radius="md" p="sm">
      <InfoField
        label={label}
        value={
          <Text fw={strong ? 700 : 500} size="lg" style={{ fontVariantNumeric: 'tabular-nums' }}>
            {value}
          </Text>
        }
      />
    </Paper>
  );
}

export function TaxCalculatorDialog({ onClose }: { onClose: () => void }) {
  const client = useApolloClient();
  const [result, setResult] = useState<Result | null>(null);
  const [error, setError] = useState<AppError | null>(null);
  const [loading, setLoading] = useState(false);
  const form = useForm({
    mode: 'controlled',
    initialValues: { paymentDate: todayIso(), period: 'QUINCENAL' as PayPeriod, taxableIncome: '', sbcDaily: '', days: '', minimumWageOnly: false },
  });

  const calculate = async () => {
    const v = form.getValues();
    setError(null);
    form.clearErrors();
    setLoading(true);
    try {
      const r = await client.query({
        query: PayrollTaxPreviewViewDocument,
        variables: {
          input: {
            paymentDate: v.paymentDate,
            period: v.period,
            taxableIncome: v.taxableIncome,
            sbcDaily: v.sbcDaily || null,
            days: v.days ? Number(v.days) : null,
            minimumWageOnly: v.minimumWageOnly,
          },
        },
        fetchPolicy: 'network-only',
      });
      if (r.error) throw r.error;
      setResult(r.data?.payrollTaxPreview ?? null);
    } catch (caught) {
      const e = asAppError(caught);
      applyServerFieldErrors(form, placedFields(e, FIELDS));
      setError(errorForForm(e, FIELDS));
      setResult(null);
    } finally {
      setLoading(false);
    }
  };

  return (
    <FormDialog title={t.title} opened onClose={onClose} onSubmit={calculate} saving={loading} error={error} submitLabel={t.calculate} size="xl">
      <Text size="sm" c="dimmed">
        {t.help}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        <DateField label={t.paymentDate} required {...form.getInputProps('paymentDate')} />
        <Select label={t.period} required data={PERIOD_OPTIONS} allowDeselect={false} {...form.getInputProps('period')} />
        <NumberField label={t.taxableIncome} required precision={2} min={0} money {...form.getInputProps('taxableIncome')} />
        <NumberField label={t.sbcDaily} description={t.sbcHelp} precision={2} min={0} money {...form.getInputProps('sbcDaily')} />
        <NumberField label={t.days} description={t.daysHelp} precision={0} min={1} max={31} {...form.getInputProps('days')} />
        <Switch label={t.minimumWageOnly} mt="xl" {...form.getInputProps('minimumWageOnly', { type: 'checkbox' })} />
      </SimpleGrid>
      {result ? (
        <Stack gap="sm" aria-live="polite">
          <Group justify="space-between">
            <Text fw={600}>{t.tableYear(result.tableYear)}</Text>
          </Group>
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
            <Figure label={t.isr} value={formatMoney(result.isr)} />
            <Figure label={t.subsidy} value={formatMoney(result.subsidy)} />
            <Figure label={t.withheld} value={formatMoney(result.withheld)} strong />
            <Figure label={t.imss} value={result.imssEmployee === null ? t.noImss : formatMoney(result.imssEmployee)} />
          </SimpleGrid>
          <Text fw={600} size="sm">
            {t.steps}
          </Text>
          <TaxTrace steps={result.steps} />
        </Stack>
      ) : (
        <Alert color="gray" variant="light" icon={<IconCalculator size={18} />}>
          {t.empty}
        </Alert>
      )}
    </FormDialog>
  );
}
