// Anticipos and factura global on the invoice form (schema/sales/anticipos.ts holds the rules):
// - InvoiceKindFields: the kind (factura, anticipo, global), the anticipo's amount, the factura
//   global's periodicidad/mes/año (meses follow the periodicidad), and the client's available
//   anticipos a final invoice relates (07);
// - RelatedCfdis: on a record, the anticipos it relates with «Aplicar anticipo», or for an
//   anticipo the egresos that applied it;
// - AnticipoApplyDialog: the egreso (tipo E, 07, forma 30) for an amount before IVA, previewed
//   with the anticipo's own rates against the invoice's balance.
import { Button, Checkbox, Group, Paper, Select, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQuery } from '@apollo/client/react';
import { useNavigate } from 'react-router-dom';
import { AvailableAnticiposDocument, InvoiceApplyAnticipoDocument, type InvoiceAnticipoFieldsFragment, type InvoiceDetailQuery, type InvoiceKind } from '../../../../generated/modules/sales/graphql';
import { anticipoAppliedLine, INVOICE_KINDS, mesesFor, PERIODICIDADES } from '../../../../schema/sales/anticipos';
import { creditNoteTotals } from '../../../../schema/sales/creditNotes';
import { dec } from '../../../../schema/money';
import { DetailTable } from '../../../components/DetailTable';
import { FormDialog } from '../../../components/EditDialog';
import { formatDate, formatMoney } from '../../../components/format';
import { NumberField } from '../../../components/NumberField';
import { useFormSave } from '../../../components/useFormSave';
import { recordPath, SALES_PATHS } from '../paths';
import { texts } from '../texts';
import { TotalsPanel } from './Totals';

const t = texts.anticipos;
type Invoice = NonNullable<InvoiceDetailQuery['invoice']>;

export type KindValues = { kind: InvoiceKind; anticipoAmount: string; globalPeriodicidad: string; globalMeses: string; globalAnio: string; anticipoIds: string[] };
export const KIND_FIELDS = ['kind', 'anticipoAmount', 'globalPeriodicidad', 'globalMeses', 'globalAnio', 'anticipoIds', 'anticipoIds.'];

export const kindValuesOf = (inv: Invoice | null, today: string): KindValues =>
  inv
    ? {
        kind: inv.kind,
        anticipoAmount: inv.kind === 'ANTICIPO' ? inv.subtotal : '',
        globalPeriodicidad: inv.globalPeriodicidad ?? '04',
        globalMeses: inv.globalMeses ?? today.slice(5, 7),
        globalAnio: String(inv.globalAnio ?? today.slice(0, 4)),
        anticipoIds: inv.anticipos.map((a) => a.id),
      }
    : { kind: 'NORMAL', anticipoAmount: '', globalPeriodicidad: '04', globalMeses: today.slice(5, 7), globalAnio: today.slice(0, 4), anticipoIds: [] };

/** The part of InvoiceInput these fields own. */
export const kindInput = (v: KindValues) => ({
  kind: v.kind,
  anticipoAmount: v.kind === 'ANTICIPO' ? v.anticipoAmount || null : null,
  anticipoIds: v.kind === 'ANTICIPO' ? [] : v.anticipoIds,
  globalPeriodicidad: v.kind === 'GLOBAL' ? v.globalPeriodicidad : null,
  globalMeses: v.kind === 'GLOBAL' ? v.globalMeses : null,
  globalAnio: v.kind === 'GLOBAL' ? Number(v.globalAnio) : null,
});

const errorOf = (errors: Record<string, unknown>, key: string) => (typeof errors[key] === 'string' ? (errors[key] as string) : undefined);

export function InvoiceKindFields({ values, clientId, related, editable, errors, onChange }: {
  values: KindValues;
  clientId: string;
  /** The anticipos this draft already relates (offered even if another draft took them meanwhile). */
  related: InvoiceAnticipoFieldsFragment[];
  editable: boolean;
  errors: Record<string, unknown>;
  onChange: (patch: Partial<KindValues>) => void;
}) {
  const available = useQuery(AvailableAnticiposDocument, { variables: { clientId }, skip: !clientId || !editable || values.kind === 'ANTICIPO', fetchPolicy: 'network-only' });
  const options = [...related, ...(available.data?.availableAnticipos ?? []).filter((a) => !related.some((r) => r.id === a.id))];
  const year = Number(values.globalAnio) || new Date().getFullYear();
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
          <Select
            label={t.kind}
            description={t.kindHelp}
            data={INVOICE_KINDS}
            allowDeselect={false}
            disabled={!editable}
            value={values.kind}
            error={errorOf(errors, 'kind')}
            onChange={(kind) => onChange({ kind: (kind ?? 'NORMAL') as InvoiceKind })}
          />
          {values.kind === 'ANTICIPO' ? (
            <NumberField label={t.amount} description={t.amountHelp} precision={2} min={0} money required disabled={!editable} value={values.anticipoAmount} error={errorOf(errors, 'anticipoAmount')} onChange={(anticipoAmount) => onChange({ anticipoAmount })} />
          ) : null}
        </SimpleGrid>
        {values.kind === 'GLOBAL' ? (
          <>
            <Text fw={600}>{t.globalTitle}</Text>
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
              <Select
                label={t.periodicidad}
                data={PERIODICIDADES.map((p) => ({ value: p.code, label: `${p.code} · ${p.name}` }))}
                allowDeselect={false}
                required
                disabled={!editable}
                value={values.globalPeriodicidad}
                error={errorOf(errors, 'globalPeriodicidad')}
                onChange={(p) => {
                  const periodicidad = p ?? '04';
                  // Changing between monthly and bimonthly periods resets a mes that no longer fits.
                  const fits = mesesFor(periodicidad).some((m) => m.code === values.globalMeses);
                  onChange({ globalPeriodicidad: periodicidad, ...(fits ? {} : { globalMeses: mesesFor(periodicidad)[0].code }) });
                }}
              />
              <Select
                label={t.meses}
                data={mesesFor(values.globalPeriodicidad).map((m) => ({ value: m.code, label: `${m.code} · ${m.name}` }))}
                allowDeselect={false}
                required
                disabled={!editable}
                value={values.globalMeses}
                error={errorOf(errors, 'globalMeses')}
                onChange={(m) => onChange({ globalMeses: m ?? '' })}
              />
              <Select
                label={t.anio}
                data={[year - 1, year, year + 1].filter((y) => y >= 2021).map(String)}
                allowDeselect={false}
                required
                disabled={!editable}
                value={values.globalAnio}
                error={errorOf(errors, 'globalAnio')}
                onChange={(a) => onChange({ globalAnio: a ?? '' })}
              />
            </SimpleGrid>
          </>
        ) : null}
        {values.kind !== 'ANTICIPO' && editable && clientId ? (
          <Stack gap={4}>
            <Text fw={600}>{t.toApply}</Text>
            <Text size="xs" c="dimmed">
              {t.toApplyHelp}
            </Text>
            {errorOf(errors, 'anticipoIds') ? <Text c="red" size="sm">{errorOf(errors, 'anticipoIds')}</Text> : null}
            {options.length === 0 && !available.loading ? (
              <Text size="sm" c="dimmed">
                {t.noneAvailable}
              </Text>
            ) : (
              options.map((a, i) => (
                <Checkbox
                  key={a.id}
                  label={t.option(a.label, formatDate(a.date), formatMoney(a.available))}
                  checked={values.anticipoIds.includes(a.id)}
                  error={errorOf(errors, `anticipoIds.${values.anticipoIds.indexOf(a.id) >= 0 ? values.anticipoIds.indexOf(a.id) : i}`)}
                  onChange={(e) => onChange({ anticipoIds: e.currentTarget.checked ? [...values.anticipoIds, a.id] : values.anticipoIds.filter((x) => x !== a.id) })}
                />
              ))
            )}
          </Stack>
        ) : null}
      </Stack>
    </Paper>
  );
}

/** The CFDI an emitted invoice relates: its anticipos (07) with «Aplicar», or the egresos that applied this anticipo. */
export function RelatedCfdis({ invoice, canApply, onApply }: { invoice: Invoice; canApply: boolean; onApply: (a: InvoiceAnticipoFieldsFragment) => void }) {
  const navigate = useNavigate();
  const open = invoice.stampStatus === 'timbrada' && dec(invoice.balance).gt(0) && invoice.status !== 'cancelada' && invoice.satCancelStatus !== 'solicitada';
  if (invoice.kind === 'ANTICIPO') {
    return (
      <Paper withBorder radius="md" p="sm" data-testid="anticipo-applications">
        <Group justify="space-between" mb="xs">
          <Text fw={600}>{t.applications}</Text>
          <Text size="sm">
            {t.available}: <b>{formatMoney(invoice.anticipoAvailable ?? '0')}</b>
          </Text>
        </Group>
        <DetailTable
          rows={invoice.anticipoApplications}
          rowKey={(n) => n.id}
          striped={false}
          aria-label={t.applications}
          onRowClick={(n) => void navigate(recordPath(SALES_PATHS.billForm, n.invoiceId))}
          columns={[
            { key: 'note', header: t.cols.note, render: (n) => n.label },
            { key: 'invoice', header: t.cols.invoice, render: (n) => n.invoiceLabel },
            { key: 'date', header: texts.creditNotes.cols.date, render: (n) => formatDate(n.date) },
            { key: 'uuid', header: t.cols.uuid, render: (n) => n.uuid ?? '—' },
            { key: 'total', header: t.cols.total, align: 'right', render: (n) => formatMoney(n.total) },
          ]}
        />
      </Paper>
    );
  }
  if (!invoice.anticipos.length) return null;
  return (
    <Paper withBorder radius="md" p="sm" data-testid="related-anticipos">
      <Text fw={600} mb="xs">
        {t.relatedAnticipos}
      </Text>
      <DetailTable
        rows={invoice.anticipos}
        rowKey={(a) => a.id}
        striped={false}
        aria-label={t.relatedAnticipos}
        columns={[
          { key: 'label', header: t.cols.label, render: (a) => a.label },
          { key: 'uuid', header: t.cols.uuid, render: (a) => a.uuid ?? '—' },
          { key: 'total', header: t.cols.total, align: 'right', render: (a) => formatMoney(a.total) },
          { key: 'applied', header: t.cols.applied, align: 'right', render: (a) => formatMoney(a.applied) },
          { key: 'available', header: t.cols.available, align: 'right', render: (a) => formatMoney(a.available) },
          {
            key: 'apply',
            header: '',
            exportable: false,
            render: (a) =>
              canApply && open && dec(a.available).gt(0) ? (
                <Button size="xs" variant="light" onClick={() => onApply(a)}>
                  {t.apply}
                </Button>
              ) : null,
          },
        ]}
      />
    </Paper>
  );
}

type ApplyValues = { amount: string; notes: string };

export function AnticipoApplyDialog({ invoice, anticipo, onClose, onSaved }: { invoice: Invoice; anticipo: InvoiceAnticipoFieldsFragment; onClose: () => void; onSaved: () => void }) {
  const [apply] = useMutation(InvoiceApplyAnticipoDocument);
  const form = useForm<ApplyValues>({ mode: 'controlled', initialValues: { amount: dec(anticipo.available).toFixed(2), notes: '' } });
  const { save: runSave, saving, error } = useFormSave({ form, fields: ['amount', 'anticipoId', 'invoiceId', 'notes'], onSaved });
  const totals = creditNoteTotals([anticipoAppliedLine(form.values.amount || '0')], anticipo);
  const remaining = dec(invoice.balance).minus(totals.total);
  const save = () =>
    runSave(async (values) => {
      const r = await apply({ variables: { input: { invoiceId: invoice.id, anticipoId: anticipo.id, amount: values.amount, notes: values.notes } } });
      return t.applied(r.data?.invoiceApplyAnticipo.label ?? '');
    });
  return (
    <FormDialog title={t.applyTitle(anticipo.label, invoice.label)} opened onClose={onClose} onSubmit={save} saving={saving} error={error} submitLabel={t.applySubmit} size="min(40rem, 100%)">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t.applyIntro}
        </Text>
        <NumberField label={t.applyAmount} description={`${t.available}: ${formatMoney(anticipo.available)}`} precision={2} min={0} money required {...form.getInputProps('amount')} />
        <TotalsPanel
          totals={totals}
          extra={[
            { label: t.balance, value: invoice.balance },
            { label: t.remaining, value: remaining.toFixed(2) },
          ]}
        />
        <Textarea label={texts.creditNotes.notes} autosize minRows={2} {...form.getInputProps('notes')} />
      </Stack>
    </FormDialog>
  );
}
