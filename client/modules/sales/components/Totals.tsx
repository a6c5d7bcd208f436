// Totals of a document as the CFDI computes them (the server's own pure
// function, so the preview and the saved figures always agree), plus the
// retention switches (by rule / force / none) that feed the rates.
import { Group, Paper, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import { rfcKind } from '../../../../schema/validators';
import { computeTotals, retentionRates, type DocumentTotals, type TotalsLineInput } from '../../../../schema/sales/totals';
import { formatMoney } from '../../../components/format';
import { texts } from '../texts';

const t = texts.lines;

export type RetentionMode = 'auto' | 'yes' | 'no';
export const retentionChoice = (mode: RetentionMode): boolean | null => (mode === 'auto' ? null : mode === 'yes');
export const retentionMode = (rate: string | null | undefined): RetentionMode => (rate === undefined || rate === null ? 'auto' : Number(rate) > 0 ? 'yes' : 'no');

export function previewTotals(
  lines: TotalsLineInput[],
  company: { personType: string; regimenFiscal: string } | null | undefined,
  clientRfc: string | null | undefined,
  modes: { isr: RetentionMode; iva: RetentionMode },
): DocumentTotals {
  const kind = clientRfc ? rfcKind(clientRfc, { allowGeneric: true }) ?? 'moral' : 'moral';
  const rates = retentionRates(
    { personType: company?.personType === 'fisica' ? 'fisica' : 'moral', regimenFiscal: company?.regimenFiscal ?? '601' },
    kind,
    { isr: retentionChoice(modes.isr), iva: retentionChoice(modes.iva) },
  );
  return computeTotals(lines, rates).totals;
}

const MODES = [
  { value: 'auto', label: t.retentionAuto },
  { value: 'yes', label: t.retentionYes },
  { value: 'no', label: t.retentionNo },
];

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

export function TotalsPanel({ totals, extra }: { totals: TotalsLike; extra?: { label: string; value: string }[] }) {
  const rows: [string, string, boolean?][] = [[t.subtotal, totals.subtotal]];
  if (Number(totals.discount) > 0) rows.push([t.discount, `-${totals.discount}`]);
  rows.push([t.iva, totals.iva]);
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
    </Paper>
  );
}
