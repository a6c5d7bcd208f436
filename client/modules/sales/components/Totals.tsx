// Totals of a document as the CFDI computes them (the server's own pure
// function, so the preview and the saved figures always agree), plus the
// retention switches (by rule / force / none) that feed the rates.
import { Group, Paper, SegmentedControl, Select, Stack, Table, Text } from '@mantine/core';
import { rfcKind } from '../../../../schema/validators';
import { computeTotals, IVA_KINDS, retentionRates, type DocumentTotals, type IvaKind, type TotalsLineInput } from '../../../../schema/sales/totals';
import { formatMoney } from '../../../components/format';
import { toMxn, type Currency } from '../../../../schema/sales/currency';
import { usePhone } from '../../../components/phone';
import { texts } from '../texts';

const t = texts.lines;

/** 'six': the 6 % IVA retention (invoices only). */
export type RetentionMode = 'auto' | 'yes' | 'no' | 'six';
export const retentionChoice = (mode: RetentionMode): boolean | null => (mode === 'auto' ? null : mode === 'yes' || mode === 'six');
export const retentionMode = (rate: string | null | undefined): RetentionMode =>
  rate === undefined || rate === null ? 'auto' : Number(rate) === 0.06 ? 'six' : Number(rate) > 0 ? 'yes' : 'no';

export const IVA_KIND_OPTIONS = (Object.keys(IVA_KINDS) as IvaKind[]).map((k) => ({ value: k, label: IVA_KINDS[k].label }));

export function previewTotals(
  lines: TotalsLineInput[],
  company: { personType: string; regimenFiscal: string } | null | undefined,
  clientRfc: string | null | undefined,
  modes: { isr: RetentionMode; iva: RetentionMode; ivaKind?: IvaKind },
): DocumentTotals {
  const kind = clientRfc ? rfcKind(clientRfc, { allowGeneric: true }) ?? 'moral' : 'moral';
  const rates = retentionRates(
    { personType: company?.personType === 'fisica' ? 'fisica' : 'moral', regimenFiscal: company?.regimenFiscal ?? '601' },
    kind,
    { isr: retentionChoice(modes.isr), iva: retentionChoice(modes.iva), ivaKind: modes.ivaKind, ivaRetentionKind: modes.iva === 'six' ? 'SEIS' : null },
  );
  return computeTotals(lines, rates).totals;
}

const MODES = [
  { value: 'auto', label: t.retentionAuto },
  { value: 'yes', label: t.retentionYes },
  { value: 'no', label: t.retentionNo },
];

const IVA_MODES = [
  { value: 'auto', label: t.retentionAuto },
  { value: 'yes', label: t.retentionTwoThirds },
  { value: 'six', label: t.retentionSix },
  { value: 'no', label: t.retentionNo },
];

/** Invoices: the IVA trasladado and the retentions with the 6 % option; errors are the server's field messages. */
export function InvoiceTaxControls({
  ivaKind,
  isr,
  iva,
  onChange,
  disabled,
  errors = {},
}: {
  ivaKind: IvaKind;
  isr: RetentionMode;
  iva: RetentionMode;
  onChange: (next: { ivaKind: IvaKind; isr: RetentionMode; iva: RetentionMode }) => void;
  disabled?: boolean;
  errors?: Record<string, unknown>;
}) {
  const error = (k: string) => (errors[k] ? String(errors[k]) : null);
  const retentionError = error('ivaRetention') ?? error('ivaRetentionKind') ?? error('isrRetention');
  // Four IVA-retention choices do not fit a phone's width side by side: there they stack.
  const phone = usePhone();
  const orientation = phone ? ('vertical' as const) : ('horizontal' as const);
  return (
    <Stack gap="xs">
      <Select
        label={t.ivaKind}
        description={t.ivaKindHelp}
        data={IVA_KIND_OPTIONS}
        value={ivaKind}
        allowDeselect={false}
        disabled={disabled}
        error={error('ivaKind')}
        onChange={(value) => onChange({ ivaKind: (value ?? 'TASA_16') as IvaKind, isr, iva })}
        maw={360}
      />
      <Text size="sm" fw={500}>
        {t.retentions}
      </Text>
      <Group gap="md" wrap="wrap">
        <Stack gap={2}>
          <Text size="xs" c="dimmed">
            {t.isrRetention}
          </Text>
          <SegmentedControl size="xs" orientation={orientation} data={MODES} value={isr} disabled={disabled} onChange={(value) => onChange({ ivaKind, isr: value as RetentionMode, iva })} aria-label={t.isrRetention} />
        </Stack>
        <Stack gap={2}>
          <Text size="xs" c="dimmed">
            {t.ivaRetentionLong}
          </Text>
          <SegmentedControl size="xs" orientation={orientation} data={IVA_MODES} value={iva} disabled={disabled} onChange={(value) => onChange({ ivaKind, isr, iva: value as RetentionMode })} aria-label={t.ivaRetentionLong} />
        </Stack>
      </Group>
      {retentionError ? (
        <Text size="xs" c="red" role="alert">
          {retentionError}
        </Text>
      ) : null}
      <Text size="xs" c="dimmed">
        {t.retentionHelp} {t.retentionSixHelp}
      </Text>
    </Stack>
  );
}

export function RetentionControls({ isr, iva, onChange, disabled }: { isr: RetentionMode; iva: RetentionMode; onChange: (next: { isr: RetentionMode; iva: RetentionMode }) => void; disabled?: boolean }) {
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        {t.retentions}
      </Text>
      <Group gap="md" wrap="wrap">
        <Stack gap={2}>
          <Text size="xs" c="dimmed">
            {t.isrRetention}
          </Text>
          <SegmentedControl size="xs" data={MODES} value={isr} disabled={disabled} onChange={(value) => onChange({ isr: value as RetentionMode, iva })} aria-label={t.isrRetention} />
        </Stack>
        <Stack gap={2}>
          <Text size="xs" c="dimmed">
            {t.ivaRetention}
          </Text>
          <SegmentedControl size="xs" data={MODES} value={iva} disabled={disabled} onChange={(value) => onChange({ isr, iva: value as RetentionMode })} aria-label={t.ivaRetention} />
        </Stack>
      </Group>
      <Text size="xs" c="dimmed">
        {t.retentionHelp}
      </Text>
    </Stack>
  );
}

type TotalsLike = Pick<DocumentTotals, 'subtotal' | 'discount' | 'iva' | 'isrRetained' | 'ivaRetained' | 'total'>;

/**
 * The document's totals in its own currency. A dollar document says so and gives its total in pesos
 * at its TipoCambio (when one is typed).
 */
export function TotalsPanel({
  totals,
  extra,
  ivaKind,
  currency = 'MXN',
  exchangeRate,
}: {
  totals: TotalsLike;
  extra?: { label: string; value: string }[];
  ivaKind?: IvaKind | null;
  currency?: Currency;
  exchangeRate?: string | null;
}) {
  const rate = currency === 'USD' && exchangeRate && Number(exchangeRate) > 0 ? exchangeRate : null;
  const rows: [string, string, boolean?][] = [[t.subtotal, totals.subtotal]];
  if (Number(totals.discount) > 0) rows.push([t.discount, `-${totals.discount}`]);
  rows.push([ivaKind ? IVA_KINDS[ivaKind].label : t.iva, totals.iva]);
  if (Number(totals.isrRetained) > 0) rows.push([t.isrRetained, `-${totals.isrRetained}`]);
  if (Number(totals.ivaRetained) > 0) rows.push([t.ivaRetained, `-${totals.ivaRetained}`]);
  rows.push([t.total, totals.total, true]);
  for (const e of extra ?? []) rows.push([e.label, e.value]);
  return (
    <Paper withBorder radius="md" p="sm" miw={280} data-testid="document-totals">
      <Table withRowBorders={false} verticalSpacing={2}>
        <Table.Tbody>
          {rows.map(([label, value, bold]) => (
            <Table.Tr key={label}>
              <Table.Td fw={bold ? 700 : undefined}>{label}</Table.Td>
              <Table.Td style={{ textAlign: 'right', fontVariantNumeric: 'tabular-nums' }} fw={bold ? 700 : undefined}>
                {formatMoney(value)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {currency === 'USD' ? (
        <Text size="xs" c="dimmed" ta="right" data-testid="totals-currency">
          {rate ? t.inUsdWithMxn(formatMoney(toMxn(totals.total, rate)), rate) : t.inUsd}
        </Text>
      ) : null}
    </Paper>
  );
}
