// Kárdex of one article in one warehouse over a date range: opening balance,
// each movement with its in/out quantity, unit cost, running quantity and
// value, closing balance. The article, warehouse and dates live in the URL
// (`?articleId=&warehouseId=&from=&to=`), so the view can be linked.
import { useState } from 'react';
import { Alert, Anchor, Button, Group, Menu, Paper, Select, Skeleton, Stack, Table, Text } from '@mantine/core';
import { useApolloClient, useQuery } from '@apollo/client/react';
import { IconArrowLeft, IconChevronDown, IconDownload } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { KardexDocument, KardexExportDocument, type WarehouseExportFormat } from '../../../../generated/modules/warehouse/graphql';
import { formatDate, formatMoney, formatNumber } from '../../../components/format';
import { readGraphQLError } from '../../../components/graphqlErrors';
import { notifyError } from '../../../components/notify';
import { WAREHOUSE_PATHS, withId } from '../paths';
import { useScreenTitle } from '../../../components/screenTitle';
import { texts } from '../texts';
import { downloadServerFile } from './download';
import { useWarehouseOptions } from './options';
import { DateField } from '../../../components/DateField';

const t = texts.kardex;

type Props = {
  articleId: string;
  warehouseId: string;
  from: string;
  to: string;
  canExport: boolean;
  onChange: (next: { warehouseId?: string; from?: string; to?: string }) => void;
  onBack: () => void;
};

const right = { textAlign: 'right' } as const;

export function KardexView({ articleId, warehouseId, from, to, canExport, onChange, onBack }: Props) {
  const client = useApolloClient();
  const warehouses = useWarehouseOptions();
  const [exporting, setExporting] = useState(false);
  const validRange = Boolean(from && to && from <= to);
  const { data, loading, error } = useQuery(KardexDocument, {
    variables: { articleId, warehouseId, from, to },
    skip: !validRange,
    fetchPolicy: 'cache-and-network',
  });
  const k = data?.kardex;
  const decimals = k?.article.unit.decimals ?? 0;
  const qty = (v: string) => formatNumber(v, decimals);

  const download = async (format: WarehouseExportFormat) => {
    setExporting(true);
    try {
      const result = await client.query({ query: KardexExportDocument, variables: { articleId, warehouseId, from, to, format }, fetchPolicy: 'network-only' });
      if (result.data) downloadServerFile(result.data.kardexExport);
    } catch (caught) {
      notifyError(readGraphQLError(caught)?.message ?? texts.common.exportFailed, texts.common.exportFailed);
    } finally {
      setExporting(false);
    }
  };

  useScreenTitle(k ? `${t.title}: ${k.article.sku} · ${k.article.name}` : t.title);

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Stack gap={2}>
          {k ? <Text size="sm" c="dimmed">{k.warehouse.code} · {k.warehouse.name} · {k.article.unit.name}</Text> : null}
        </Stack>
        <Group gap="xs">
          <Button variant="default" leftSection={<IconArrowLeft size={16} />} onClick={onBack}>{t.back}</Button>
          {canExport ? (
            <Menu position="bottom-end">
              <Menu.Target>
                <Button variant="default" loading={exporting} disabled={!validRange} leftSection={<IconDownload size={16} />} rightSection={<IconChevronDown size={14} />}>{texts.common.export}</Button>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item onClick={() => void download('XLSX')}>{texts.common.exportXlsx}</Menu.Item>
                <Menu.Item onClick={() => void download('CSV')}>{texts.common.exportCsv}</Menu.Item>
                <Menu.Item onClick={() => void download('PDF')}>{texts.common.exportPdf}</Menu.Item>
              </Menu.Dropdown>
            </Menu>
          ) : null}
        </Group>
      </Group>
      <Group gap="sm" align="flex-end">
        <Select label={texts.common.warehouse} data={warehouses.options.map((o) => ({ ...o, disabled: false }))} value={warehouseId} onChange={(v) => v && onChange({ warehouseId: v })} allowDeselect={false} searchable w={260} />
        <DateField label={t.from} value={from} onChange={(value) => onChange({ from: value })} w={160} />
        <DateField label={t.to} value={to} onChange={(value) => onChange({ to: value })} w={160} />
      </Group>
      {!validRange ? <Alert color="orange" variant="light">{t.rangeInvalid}</Alert> : null}
      {error ? <Alert color="red" variant="light" title={texts.common.loadFailed}>{readGraphQLError(error)?.message}</Alert> : null}
      {k?.truncated ? <Alert color="orange" variant="light">{t.truncated}</Alert> : null}
      <Paper withBorder radius="md">
        <Table.ScrollContainer minWidth={960}>
          <Table verticalSpacing="xs" striped aria-label={t.title} aria-busy={loading}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{texts.common.date}</Table.Th>
                <Table.Th>{texts.common.folio}</Table.Th>
                <Table.Th>{t.concept}</Table.Th>
                <Table.Th>{t.reference}</Table.Th>
                <Table.Th style={right}>{t.in}</Table.Th>
                <Table.Th style={right}>{t.out}</Table.Th>
                <Table.Th style={right}>{texts.common.unitCost}</Table.Th>
                <Table.Th style={right}>{texts.common.amount}</Table.Th>
                <Table.Th style={right}>{t.balanceQty}</Table.Th>
                <Table.Th style={right}>{t.balanceValue}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {!k && validRange ? (
                <Table.Tr>
                  <Table.Td colSpan={10}><Skeleton height={14} /></Table.Td>
                </Table.Tr>
              ) : !k ? null : (
                <>
                  <Table.Tr fw={600}>
                    <Table.Td>{formatDate(k.from)}</Table.Td>
                    <Table.Td colSpan={5}>{t.opening}</Table.Td>
                    <Table.Td style={right}>{formatMoney(k.opening.averageCost, 4)}</Table.Td>
                    <Table.Td />
                    <Table.Td style={right}>{qty(k.opening.quantity)}</Table.Td>
                    <Table.Td style={right}>{formatMoney(k.opening.value)}</Table.Td>
                  </Table.Tr>
                  {k.entries.map((e, i) => (
                    <Table.Tr key={`${e.movementId}-${i}`}>
                      <Table.Td>{formatDate(e.date)}</Table.Td>
                      <Table.Td><Anchor component={Link} to={withId(WAREHOUSE_PATHS.movements, e.movementId)} size="sm">{e.folio}</Anchor></Table.Td>
                      <Table.Td>{e.conceptName}</Table.Td>
                      <Table.Td>{e.reference}</Table.Td>
                      <Table.Td style={right}>{e.inQuantity === '0' ? '' : qty(e.inQuantity)}</Table.Td>
                      <Table.Td style={right}>{e.outQuantity === '0' ? '' : qty(e.outQuantity)}</Table.Td>
                      <Table.Td style={right}>{formatMoney(e.unitCost, 4)}</Table.Td>
                      <Table.Td style={right}>{formatMoney(e.amount)}</Table.Td>
                      <Table.Td style={right}>{qty(e.balanceQuantity)}</Table.Td>
                      <Table.Td style={right}>{formatMoney(e.balanceValue)}</Table.Td>
                    </Table.Tr>
                  ))}
                  {k.entries.length === 0 ? (
                    <Table.Tr>
                      <Table.Td colSpan={10}><Text c="dimmed" size="sm" ta="center">{t.empty}</Text></Table.Td>
                    </Table.Tr>
                  ) : null}
                  <Table.Tr fw={600}>
                    <Table.Td>{formatDate(k.to)}</Table.Td>
                    <Table.Td colSpan={3}>{t.closing}</Table.Td>
                    <Table.Td style={right}>{qty(k.totalIn)}</Table.Td>
                    <Table.Td style={right}>{qty(k.totalOut)}</Table.Td>
                    <Table.Td style={right}>{formatMoney(k.closing.averageCost, 4)}</Table.Td>
                    <Table.Td />
                    <Table.Td style={right}>{qty(k.closing.quantity)}</Table.Td>
                    <Table.Td style={right}>{formatMoney(k.closing.value)}</Table.Td>
                  </Table.Tr>
                </>
              )}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
    </Stack>
  );
}
