// «Nota de crédito» of a stamped invoice: a discount or bonus line (SAT 84111506, unidad ACT) or
// the invoice's lines to return, with the invoice's own tax rates; the total is previewed with the
// server's rule (schema/sales/creditNotes) against the invoice's balance. Saving issues, seals and
// stamps it at once.
import { Group, SegmentedControl, Select, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@apollo/client/react';
import { CreditNoteCreateDocument, type InvoiceDetailQuery } from '../../../../generated/modules/sales/graphql';
import { BONUS_PROD_SERV, BONUS_UNIT, creditNoteTotals, defaultCreditNoteForma } from '../../../../schema/sales/creditNotes';
import { dec } from '../../../../schema/money';
import { FormDialog } from '../../../components/EditDialog';
import { notifyError } from '../../../components/notify';
import { asAppError } from '../../../components/serverErrors';
import { useFormSave } from '../../../components/useFormSave';
import { texts } from '../texts';
import { PAYMENT_FORMA_OPTIONS } from './catalogs';
import { LinesEditor, newLine, toLineInputs, type LineValues } from './LinesEditor';
import { TotalsPanel } from './Totals';

const t = texts.creditNotes;
type Invoice = NonNullable<InvoiceDetailQuery['invoice']>;
type Kind = 'bonificacion' | 'devolucion';
type Values = { kind: Kind; formaPago: string; notes: string; lines: LineValues[] };

const FIELDS = ['formaPago', 'notes', 'lines', 'lines.'];

const linesFor = (kind: Kind, invoice: Invoice): LineValues[] =>
  kind === 'bonificacion'
    ? [newLine({ description: t.bonusDescription(invoice.label), prodServKey: BONUS_PROD_SERV, unitKey: BONUS_UNIT.key, unitName: BONUS_UNIT.name, unitPrice: '' })]
    : invoice.lines.map((l) =>
        newLine({ description: l.description, prodServKey: l.prodServKey, unitKey: l.unitKey, unitName: l.unitName, quantity: l.quantity, unitPrice: l.unitPrice, discountPercent: l.discountPercent, objetoImp: l.objetoImp }),
      );

export function CreditNoteDialog({ invoice, onClose, onSaved }: { invoice: Invoice; onClose: () => void; onSaved: () => void }) {
  const [create] = useMutation(CreditNoteCreateDocument);
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: { kind: 'bonificacion', formaPago: defaultCreditNoteForma(invoice.formaPago), notes: '', lines: linesFor('bonificacion', invoice) },
  });
  const v = form.values;
  const { save: runSave, saving, error } = useFormSave({ form, fields: FIELDS, onSaved });
  const rates = { ivaRate: invoice.ivaRate, isrRetentionRate: invoice.isrRetentionRate, ivaRetentionRate: invoice.ivaRetentionRate };
  const totals = creditNoteTotals(v.lines, rates);
  const remaining = dec(invoice.balance).minus(totals.total);
  const save = () =>
    runSave(async (values) => {
      try {
        const r = await create({ variables: { input: { invoiceId: invoice.id, formaPago: values.formaPago, notes: values.notes, lines: toLineInputs(values.lines, { withObjetoImp: true }) } } });
        return t.created(r.data?.creditNoteCreate.label ?? '');
      } catch (caught) {
        // The note exists once the PAC was asked: it did not answer (pendiente) or refused it
        // (rechazada). The dialog closes on the invoice, which lists it, so nobody issues it twice.
        const appError = asAppError(caught);
        if (appError.code === 'CONFLICT' && /^El PAC (no respondió|rechazó)/.test(appError.message)) {
          return {
            message: null,
            onSaved: () => {
              notifyError(appError.message, texts.common.actionFailed);
              onSaved();
            },
          };
        }
        throw caught;
      }
    });
  return (
    <FormDialog title={t.title(invoice.label)} opened onClose={onClose} onSubmit={save} saving={saving} error={error} submitLabel={t.submit} size="min(84rem, 100%)">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t.intro}
        </Text>
        <Group gap="md" align="flex-end" wrap="wrap">
          <Stack gap={4} style={{ flex: '1 1 16rem' }}>
            <Text size="sm" fw={500}>
              {t.kind}
            </Text>
            <Text size="xs" c="dimmed">
              {t.kindHelp}
            </Text>
            <SegmentedControl
              fullWidth
              data={(['bonificacion', 'devolucion'] as const).map((k) => ({ value: k, label: t.kinds[k] }))}
              value={v.kind}
              onChange={(kind) => form.setValues({ kind: kind as Kind, lines: linesFor(kind as Kind, invoice) })}
              aria-label={t.kind}
            />
          </Stack>
          <Select label={t.formaPago} description={t.formaHelp} data={PAYMENT_FORMA_OPTIONS} searchable allowDeselect={false} required style={{ flex: '1 1 16rem' }} {...form.getInputProps('formaPago')} />
        </Group>
        <LinesEditor title={t.lines} lines={v.lines} onChange={(lines) => form.setFieldValue('lines', lines)} errors={form.errors} withObjetoImp />
        <Group align="flex-start" justify="space-between" wrap="wrap" gap="md">
          <Textarea label={t.notes} autosize minRows={2} style={{ flex: '1 1 20rem' }} {...form.getInputProps('notes')} />
          <Stack gap={4}>
            <TotalsPanel
              totals={totals}
              extra={[
                { label: t.balance, value: invoice.balance },
                { label: t.remaining, value: remaining.toFixed(2) },
              ]}
            />
            {remaining.isNegative() ? (
              <Text c="red" size="sm" data-testid="credit-note-over">
                {t.overBalance}
              </Text>
            ) : null}
          </Stack>
        </Group>
      </Stack>
    </FormDialog>
  );
}
