// The lines of an Orden de compra: each one an Almacén article (searched on
// the server through Compras' own query, as a buyer may not see Almacén's
// catalogue) or a service (description only), with quantity, unit price and
// its amount. Controlled: the parent's form holds `lines`; server messages
// arrive as "lines.0.quantity" keys.
import { useState } from 'react';
import { ActionIcon, Button, Group, Paper, Table, Text, TextInput } from '@mantine/core';
import { useQuery } from '@apollo/client/react';
import { IconPackage, IconPlus, IconTool, IconTrash } from '@tabler/icons-react';
import { PurchaseArticleOptionsDocument } from '../../../../generated/modules/shopping/graphql';
import { NumberField } from '../../../components/NumberField';
import { onLinesKeyDown } from '../../../components/lineKeys';
import { formatMoney } from '../../../components/format';
import { SearchSelect } from '../../../components/SearchSelect';

export type PurchaseLineValues = { key: string; kind: 'article' | 'service'; articleId: string; sku: string; description: string; quantity: string; unitPrice: string };

let seq = 0;
export const newPurchaseLine = (over: Partial<PurchaseLineValues> = {}): PurchaseLineValues => ({
  key: `p${++seq}`,
  kind: 'article',
  articleId: '',
  sku: '',
  description: '',
  quantity: '',
  unitPrice: '',
  ...over,
});

type KnownArticle = { id: string; sku: string; name: string };
const articleLabel = (a: KnownArticle) => `${a.sku} · ${a.name}`;
const PICKER_TEXTS = { placeholder: 'Busca por SKU o nombre', nothingFound: 'Ningún artículo coincide.', searching: 'Buscando…' } as const;
const NONE: readonly KnownArticle[] = [];

function ArticlePicker({ value, known, onChange, error, disabled, label }: { value: string; known: KnownArticle | null; onChange: (a: KnownArticle | null) => void; error?: string; disabled?: boolean; label: string }) {
  const [search, setSearch] = useState<string | null>(null);
  const { data, loading } = useQuery(PurchaseArticleOptionsDocument, { variables: { search, limit: 20 }, skip: disabled, fetchPolicy: 'cache-first' });
  const results = data?.purchaseArticleOptions ?? NONE;
  return (
    <SearchSelect<KnownArticle>
      aria-label={label}
      value={value}
      onChange={(_id, item) => onChange(item)}
      known={known}
      labelOf={articleLabel}
      texts={PICKER_TEXTS}
      results={results}
      loading={loading}
      onSearch={setSearch}
      error={error}
      disabled={disabled}
      miw={240}
    />
  );
}

type Props = {
  lines: PurchaseLineValues[];
  onChange: (lines: PurchaseLineValues[]) => void;
  errors: Record<string, unknown>;
  amounts: string[];
  readOnly?: boolean;
  /** Received so far, per line position (an order already authorised). */
  received?: string[];
};

export function PurchaseOrderLines({ lines, onChange, errors, amounts, readOnly = false, received }: Props) {
  const set = (index: number, patch: Partial<PurchaseLineValues>) => onChange(lines.map((l, i) => (i === index ? { ...l, ...patch } : l)));
  const err = (index: number, name: string) => {
    const e = errors[`lines.${index}.${name}`];
    return typeof e === 'string' ? e : undefined;
  };
  return (
    <Paper withBorder radius="md" p="sm">
      <Group justify="space-between" mb="xs">
        <Text fw={600}>Partidas</Text>
        {typeof errors.lines === 'string' ? (
          <Text c="red" size="sm">
            {errors.lines}
          </Text>
        ) : null}
      </Group>
      <Table.ScrollContainer minWidth={760}>
        <Table verticalSpacing="xs" onKeyDown={readOnly ? undefined : onLinesKeyDown(() => onChange([...lines, newPurchaseLine()]))}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th style={{ width: '2rem' }}>#</Table.Th>
              <Table.Th>Artículo o servicio</Table.Th>
              <Table.Th style={{ width: '8rem' }}>Cantidad</Table.Th>
              <Table.Th style={{ width: '10rem' }}>Precio unitario</Table.Th>
              <Table.Th style={{ width: '8rem', textAlign: 'right' }}>Importe</Table.Th>
              {received ? <Table.Th style={{ width: '7rem', textAlign: 'right' }}>Recibido</Table.Th> : null}
              {readOnly ? null : <Table.Th style={{ width: '3rem' }} />}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {lines.map((line, index) => (
              <Table.Tr key={line.key}>
                <Table.Td c="dimmed">{index + 1}</Table.Td>
                <Table.Td>
                  {line.kind === 'article' ? (
                    <ArticlePicker
                      label={`Artículo ${index + 1}`}
                      value={line.articleId}
                      known={line.articleId ? { id: line.articleId, sku: line.sku, name: line.description } : null}
                      onChange={(a) => set(index, a ? { articleId: a.id, sku: a.sku, description: a.name } : { articleId: '', sku: '', description: '' })}
                      error={err(index, 'articleId') ?? err(index, 'description')}
                      disabled={readOnly}
                    />
                  ) : (
                    <TextInput
                      aria-label={`Servicio ${index + 1}`}
                      placeholder="Descripción del servicio"
                      maxLength={300}
                      value={line.description}
                      onChange={(e) => set(index, { description: e.currentTarget.value })}
                      error={err(index, 'description')}
                      disabled={readOnly}
                      leftSection={<IconTool size={14} />}
                    />
                  )}
                </Table.Td>
                <Table.Td>
                  <NumberField aria-label={`Cantidad ${index + 1}`} value={line.quantity} onChange={(quantity) => set(index, { quantity })} precision={4} min={0} error={err(index, 'quantity')} disabled={readOnly} />
                </Table.Td>
                <Table.Td>
                  <NumberField aria-label={`Precio unitario ${index + 1}`} value={line.unitPrice} onChange={(unitPrice) => set(index, { unitPrice })} precision={2} min={0} money error={err(index, 'unitPrice')} disabled={readOnly} />
                </Table.Td>
                <Table.Td style={{ textAlign: 'right' }}>{formatMoney(amounts[index] ?? '0')}</Table.Td>
                {received ? <Table.Td style={{ textAlign: 'right' }}>{received[index] ?? ''}</Table.Td> : null}
                {readOnly ? null : (
                  <Table.Td>
                    <ActionIcon variant="subtle" color="red" aria-label={`Quitar partida ${index + 1}`} onClick={() => onChange(lines.filter((_, i) => i !== index))}>
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {readOnly ? null : (
        <Group gap="xs" mt="xs">
          <Button variant="light" leftSection={<IconPackage size={16} />} onClick={() => onChange([...lines, newPurchaseLine()])}>
            Agregar artículo
          </Button>
          <Button variant="default" leftSection={<IconPlus size={16} />} onClick={() => onChange([...lines, newPurchaseLine({ kind: 'service' })])}>
            Agregar servicio
          </Button>
        </Group>
      )}
    </Paper>
  );
}
