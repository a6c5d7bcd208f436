// The lines of a document (movement, requisition, PDM): article, what is on
// hand in the chosen warehouse, quantity in the unit's decimals and, when the
// document needs it, a unit cost and its amount. Controlled: the parent's form
// holds `lines` and the per-field errors ("lines.0.quantity" → message).
import { ActionIcon, Button, Group, Paper, Table, Text } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@apollo/client/react';
import { ArticleOptionsDocument } from '../../../../generated/modules/warehouse/graphql';
import { NumberField } from '../../../components/NumberField';
import { onLinesKeyDown } from '../../../components/lineKeys';
import { toDecimal, UiDecimal } from '../../../components/decimal';
import { formatMoney, formatNumber } from '../../../components/format';
import { texts } from '../texts';
import { ArticleSelect, type ArticleOption } from './ArticleSelect';

export type LineValues = { key: string; articleId: string; quantity: string; unitCost: string };

let lineSeq = 0;
export const newLine = (): LineValues => ({ key: `l${++lineSeq}`, articleId: '', quantity: '', unitCost: '' });

/** Current facts about the lines' articles in one warehouse (unit, decimals, on hand). */
export function useArticleInfo(ids: string[], warehouseId: string | null) {
  const unique = [...new Set(ids.filter(Boolean))].sort();
  const { data } = useQuery(ArticleOptionsDocument, {
    variables: { ids: unique, warehouseId: warehouseId || null, limit: Math.max(1, Math.min(200, unique.length)) },
    skip: unique.length === 0,
    fetchPolicy: 'cache-and-network',
  });
  return new Map<string, ArticleOption>((data?.articleOptions ?? []).map((a) => [a.id, a]));
}

export const lineAmount = (quantity: string, unitCost: string): string | null => {
  const q = toDecimal(quantity);
  const c = toDecimal(unitCost);
  return q && c ? q.times(c).toDecimalPlaces(2).toFixed(2) : null;
};

type Props = {
  lines: LineValues[];
  onChange: (lines: LineValues[]) => void;
  errors: Record<string, unknown>;
  /** Shows what is on hand in this warehouse. */
  warehouseId?: string | null;
  showAvailable?: boolean;
  /** Cost column: its label, or null for documents without costs. */
  costLabel?: string | null;
  readOnly?: boolean;
  known?: ArticleOption[];
  quantityLabel?: string;
};

export function LinesEditor({ lines, onChange, errors, warehouseId = null, showAvailable = false, costLabel = null, readOnly = false, known = [], quantityLabel = texts.common.quantity }: Props) {
  const info = useArticleInfo(lines.map((l) => l.articleId), warehouseId);
  const set = (index: number, patch: Partial<LineValues>) => onChange(lines.map((l, i) => (i === index ? { ...l, ...patch } : l)));
  const err = (index: number, field: string) => {
    const e = errors[`lines.${index}.${field}`];
    return typeof e === 'string' ? e : undefined;
  };
  const total = lines.reduce((sum, l) => sum.plus(lineAmount(l.quantity, l.unitCost) ?? 0), new UiDecimal(0));

  return (
    <Paper withBorder radius="md" p="sm">
      <Table.ScrollContainer minWidth={720}>
        <Table verticalSpacing="xs" onKeyDown={readOnly ? undefined : onLinesKeyDown(() => onChange([...lines, newLine()]))}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th style={{ width: '2rem' }}>#</Table.Th>
              <Table.Th>{texts.common.article}</Table.Th>
              {showAvailable ? <Table.Th style={{ textAlign: 'right' }}>{texts.common.available}</Table.Th> : null}
              <Table.Th style={{ width: '9rem' }}>{quantityLabel}</Table.Th>
              <Table.Th style={{ width: '7rem' }}>{texts.common.unit}</Table.Th>
              {costLabel ? <Table.Th style={{ width: '10rem' }}>{costLabel}</Table.Th> : null}
              {costLabel ? <Table.Th style={{ textAlign: 'right' }}>{texts.common.amount}</Table.Th> : null}
              {readOnly ? null : <Table.Th style={{ width: '3rem' }} />}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {lines.map((line, index) => {
              const article = info.get(line.articleId) ?? known.find((k) => k.id === line.articleId);
              const decimals = article?.unit.decimals ?? 0;
              const amount = costLabel ? lineAmount(line.quantity, line.unitCost) : null;
              return (
                <Table.Tr key={line.key}>
                  <Table.Td c="dimmed">{index + 1}</Table.Td>
                  <Table.Td>
                    <ArticleSelect
                      aria-label={`${texts.common.article} ${index + 1}`}
                      value={line.articleId}
                      known={known}
                      onChange={(articleId) => set(index, { articleId })}
                      error={err(index, 'articleId')}
                      disabled={readOnly}
                    />
                  </Table.Td>
                  {showAvailable ? (
                    <Table.Td style={{ textAlign: 'right', whiteSpace: 'nowrap' }}>
                      {article ? formatNumber(article.available, decimals) : ''}
                    </Table.Td>
                  ) : null}
                  <Table.Td>
                    <NumberField
                      aria-label={`${quantityLabel} ${index + 1}`}
                      value={line.quantity}
                      onChange={(quantity) => set(index, { quantity })}
                      precision={decimals}
                      min={0}
                      error={err(index, 'quantity')}
                      disabled={readOnly}
                    />
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{article?.unit.name ?? ''}</Text>
                  </Table.Td>
                  {costLabel ? (
                    <Table.Td>
                      <NumberField
                        aria-label={`${costLabel} ${index + 1}`}
                        value={line.unitCost}
                        onChange={(unitCost) => set(index, { unitCost })}
                        precision={2}
                        min={0}
                        money
                        error={err(index, 'unitCost') ?? err(index, 'estimatedUnitCost')}
                        disabled={readOnly}
                      />
                    </Table.Td>
                  ) : null}
                  {costLabel ? <Table.Td style={{ textAlign: 'right' }}>{amount ? formatMoney(amount) : ''}</Table.Td> : null}
                  {readOnly ? null : (
                    <Table.Td>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={`${texts.common.removeLine} ${index + 1}`}
                        onClick={() => onChange(lines.filter((_, i) => i !== index))}
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Table.Td>
                  )}
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Group justify="space-between" mt="xs">
        {readOnly ? <span /> : (
          <Button variant="light" leftSection={<IconPlus size={16} />} onClick={() => onChange([...lines, newLine()])}>
            {texts.common.addLine}
          </Button>
        )}
        {typeof errors.lines === 'string' ? <Text c="red" size="sm">{errors.lines}</Text> : null}
        {costLabel ? (
          <Text fw={600}>
            {texts.common.total}: {formatMoney(total.toFixed(2))}
          </Text>
        ) : null}
      </Group>
    </Paper>
  );
}
