// The concept lines of a quote, an invoice or a contract: description, SAT
// product/service and unit keys, quantity, unit price and (when the document
// has them) discount percent and objeto de impuesto. Controlled: the parent's
// form holds `lines`; server messages arrive as "lines.0.quantity" keys.
import { ActionIcon, Autocomplete, Button, Group, Paper, Select, Table, Text, TextInput, Tooltip } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { NumberField } from '../../../components/NumberField';
import { onLinesKeyDown } from '../../../components/lineKeys';
import { formatMoney } from '../../../components/format';
import { lineTotals, type TaxRates } from '../../../../schema/sales/totals';
import { texts } from '../texts';
import { OBJETO_OPTIONS, PROD_SERV_KEYS, UNIT_KEYS } from './catalogs';

// The column shows the code («02»); the list names each one («02 · Sí objeto»), so the
// description keeps the room it needs.
const OBJETO_CODES = OBJETO_OPTIONS.map((o) => ({ value: o.value, label: o.value }));
const OBJETO_LABEL: Record<string, string> = Object.fromEntries(OBJETO_OPTIONS.map((o) => [o.value, o.label]));

const t = texts.lines;

export type LineValues = {
  key: string;
  /** Existing contract concept (kept on update). */
  id?: string;
  description: string;
  prodServKey: string;
  unitKey: string;
  unitName: string;
  quantity: string;
  unitPrice: string;
  discountPercent: string;
  objetoImp: string;
};

let seq = 0;
export const newLine = (over: Partial<LineValues> = {}): LineValues => ({
  key: `l${++seq}`,
  description: '',
  prodServKey: '72102900',
  unitKey: 'E48',
  unitName: 'Servicio',
  quantity: '1',
  unitPrice: '',
  discountPercent: '0',
  objetoImp: '02',
  ...over,
});

const NO_TAX: TaxRates = { iva: '0', isrRetention: '0', ivaRetention: '0' };

type Props = {
  lines: LineValues[];
  onChange: (lines: LineValues[]) => void;
  errors: Record<string, unknown>;
  /** Prefix of the server's field keys ("lines" or "concepts"). */
  field?: 'lines' | 'concepts';
  withDiscount?: boolean;
  withObjetoImp?: boolean;
  readOnly?: boolean;
  title?: string;
};

export function LinesEditor({ lines, onChange, errors, field = 'lines', withDiscount = true, withObjetoImp = false, readOnly = false, title = t.title }: Props) {
  const set = (index: number, patch: Partial<LineValues>) => onChange(lines.map((l, i) => (i === index ? { ...l, ...patch } : l)));
  const err = (index: number, name: string) => {
    const e = errors[`${field}.${index}.${name}`];
    return typeof e === 'string' ? e : undefined;
  };
  const listError = errors[field];

  return (
    <Paper withBorder radius="md" p="sm">
      <Group justify="space-between" mb="xs">
        <Text fw={600}>{title}</Text>
        {readOnly ? null : (
          <Button size="xs" variant="light" leftSection={<IconPlus size={14} />} onClick={() => onChange([...lines, newLine()])}>
            {t.add}
          </Button>
        )}
      </Group>
      {typeof listError === 'string' ? (
        <Text c="red" size="sm" mb="xs">
          {listError}
        </Text>
      ) : null}
      <Table.ScrollContainer minWidth={1100}>
        <Table verticalSpacing={4} horizontalSpacing={6} onKeyDown={readOnly ? undefined : onLinesKeyDown(() => onChange([...lines, newLine()]))}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th style={{ width: '2rem' }}>#</Table.Th>
              <Table.Th style={{ minWidth: '12rem' }}>{t.description}</Table.Th>
              <Table.Th style={{ width: '7rem' }}>{t.prodServKey}</Table.Th>
              <Table.Th style={{ width: '5rem' }}>{t.unitKey}</Table.Th>
              <Table.Th style={{ width: '7rem' }}>{t.unitName}</Table.Th>
              <Table.Th style={{ width: '6.5rem' }}>{t.quantity}</Table.Th>
              <Table.Th style={{ width: '8.5rem' }}>{t.unitPrice}</Table.Th>
              {withDiscount ? <Table.Th style={{ width: '5rem' }}>{t.discountPercent}</Table.Th> : null}
              {withObjetoImp ? <Table.Th style={{ width: '5.5rem' }}>{t.objetoImp}</Table.Th> : null}
              <Table.Th style={{ width: '8rem', textAlign: 'right' }}>{t.amount}</Table.Th>
              {readOnly ? null : <Table.Th style={{ width: '2.5rem' }} />}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {lines.map((line, index) => {
              const amount = lineTotals({ ...line, discountPercent: withDiscount ? line.discountPercent : '0' }, NO_TAX).base;
              const n = index + 1;
              return (
                <Table.Tr key={line.key}>
                  <Table.Td c="dimmed">{n}</Table.Td>
                  <Table.Td>
                    <TextInput aria-label={`${t.description} ${n}`} value={line.description} onChange={(e) => set(index, { description: e.currentTarget.value })} error={err(index, 'description')} disabled={readOnly} />
                  </Table.Td>
                  <Table.Td>
                    <Autocomplete
                      aria-label={`${t.prodServKey} ${n}`}
                      data={PROD_SERV_KEYS.map((k) => ({ value: k.code, label: `${k.code} - ${k.name}` }))}
                      value={line.prodServKey}
                      onChange={(value) => set(index, { prodServKey: value.replace(/\s.*$/, '') })}
                      error={err(index, 'prodServKey')}
                      disabled={readOnly}
                      comboboxProps={{ width: 360, position: 'bottom-start' }}
                    />
                  </Table.Td>
                  <Table.Td>
                    <Autocomplete
                      aria-label={`${t.unitKey} ${n}`}
                      data={UNIT_KEYS.map((k) => ({ value: k.code, label: `${k.code} - ${k.name}` }))}
                      value={line.unitKey}
                      onChange={(value) => {
                        const code = value.replace(/\s.*$/, '').toUpperCase();
                        const known = UNIT_KEYS.find((k) => k.code === code);
                        set(index, { unitKey: code, ...(known && known.code !== line.unitKey ? { unitName: known.name } : {}) });
                      }}
                      error={err(index, 'unitKey')}
                      disabled={readOnly}
                      comboboxProps={{ width: 240, position: 'bottom-start' }}
                    />
                  </Table.Td>
                  <Table.Td>
                    <TextInput aria-label={`${t.unitName} ${n}`} value={line.unitName} onChange={(e) => set(index, { unitName: e.currentTarget.value })} error={err(index, 'unitName')} disabled={readOnly} />
                  </Table.Td>
                  <Table.Td>
                    <NumberField aria-label={`${t.quantity} ${n}`} precision={4} min={0} value={line.quantity} onChange={(value) => set(index, { quantity: value })} error={err(index, 'quantity')} disabled={readOnly} />
                  </Table.Td>
                  <Table.Td>
                    <NumberField aria-label={`${t.unitPrice} ${n}`} precision={2} min={0} money value={line.unitPrice} onChange={(value) => set(index, { unitPrice: value })} error={err(index, 'unitPrice')} disabled={readOnly} />
                  </Table.Td>
                  {withDiscount ? (
                    <Table.Td>
                      <NumberField aria-label={`${t.discountPercent} ${n}`} precision={4} min={0} max={100} value={line.discountPercent} onChange={(value) => set(index, { discountPercent: value })} error={err(index, 'discountPercent')} disabled={readOnly} />
                    </Table.Td>
                  ) : null}
                  {withObjetoImp ? (
                    <Table.Td>
                      <Select
                        aria-label={`${t.objetoImp} ${n}`}
                        data={OBJETO_CODES}
                        renderOption={({ option }) => OBJETO_LABEL[option.value] ?? option.value}
                        comboboxProps={{ width: 200, position: 'bottom-start' }}
                        title={OBJETO_LABEL[line.objetoImp]}
                        value={line.objetoImp} allowDeselect={false} onChange={(value) => set(index, { objetoImp: value ?? '02' })} error={err(index, 'objetoImp')} disabled={readOnly} />
                    </Table.Td>
                  ) : null}
                  <Table.Td style={{ textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}>{formatMoney(amount)}</Table.Td>
                  {readOnly ? null : (
                    <Table.Td>
                      <Tooltip label={t.remove}>
                        <ActionIcon variant="subtle" color="red" aria-label={`${t.remove} ${n}`} onClick={() => onChange(lines.filter((_, i) => i !== index))}>
                          <IconTrash size={16} />
                        </ActionIcon>
                      </Tooltip>
                    </Table.Td>
                  )}
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}

/** Lines as the API takes them (form keys and ids dropped). */
export function toLineInputs(lines: LineValues[], opts: { withDiscount?: boolean; withObjetoImp?: boolean } = {}) {
  return lines.map((l) => ({
    description: l.description,
    prodServKey: l.prodServKey,
    unitKey: l.unitKey,
    unitName: l.unitName,
    quantity: l.quantity,
    unitPrice: l.unitPrice,
    ...(opts.withDiscount === false ? {} : { discountPercent: l.discountPercent || '0' }),
    ...(opts.withObjetoImp ? { objetoImp: l.objetoImp } : {}),
  }));
}
