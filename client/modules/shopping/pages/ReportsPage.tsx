// Reportes de Compras: cuentas por pagar por antigüedad, gasto por proveedor /
// categoría / mes y pagos por cuenta; on screen, Excel (built in the browser
// with the shared exportRows) and PDF (built by the server).
import { useState, type ReactNode } from 'react';
import { Alert, Button, Group, Paper, SegmentedControl, Skeleton, Stack, Table, Tabs, Text } from '@mantine/core';
import { useApolloClient, useQuery } from '@apollo/client/react';
import { IconFileSpreadsheet, IconFileTypePdf } from '@tabler/icons-react';
import {
  AccountPaymentsReportViewDocument,
  PayablesAgingReportDocument,
  ShoppingReportPdfFileDocument,
  SpendReportViewDocument,
  type ShoppingReportInput,
  type SpendGroupBy,
} from '../../../../generated/graphql';
import { AGING_LABELS } from '../../../../schema/shopping/fiscal';
import { exportRows, type ExportColumn } from '../../../components/exportRows';
import { formatDate, formatMoney, formatNumber } from '../../../components/format';
import { readGraphQLError } from '../../../components/graphqlErrors';
import { notifyError } from '../../../components/notify';
import { useShoppingAccess } from '../access';
import { firstOfMonthIso, todayIso } from '../../../components/dates';
import { asAppError } from '../../../components/serverErrors';
import { downloadBase64 } from '../../../components/attachments';
import { DateField } from '../../../components/DateField';

type Column<T> = ExportColumn<T> & { money?: boolean; count?: boolean };

function ReportTable<T extends Record<string, unknown>>({ columns, rows, totals, loading }: { columns: Column<T>[]; rows: T[]; totals?: T; loading: boolean }) {
  const cell = (c: Column<T>, row: T) => {
    const value = row[c.key];
    if (c.money) return formatMoney(String(value ?? ''));
    if (c.count) return formatNumber(Number(value ?? 0), 0);
    return String(value ?? '');
  };
  if (loading && rows.length === 0) return <Skeleton height={160} />;
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped>
        <Table.Thead>
          <Table.Tr>
            {columns.map((c) => (
              <Table.Th key={c.key} ta={c.money || c.count ? 'right' : undefined}>
                {c.header}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row, i) => (
            <Table.Tr key={i}>
              {columns.map((c) => (
                <Table.Td key={c.key} ta={c.money || c.count ? 'right' : undefined}>
                  {cell(c, row)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
          {rows.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={columns.length}>
                <Text size="sm" c="dimmed" ta="center">
                  Sin datos para los parámetros elegidos.
                </Text>
              </Table.Td>
            </Table.Tr>
          ) : null}
        </Table.Tbody>
        {totals && rows.length ? (
          <Table.Tfoot>
            <Table.Tr>
              {columns.map((c) => (
                <Table.Th key={c.key} ta={c.money || c.count ? 'right' : undefined}>
                  {cell(c, totals)}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Tfoot>
        ) : null}
      </Table>
    </Table.ScrollContainer>
  );
}

function Toolbar({ children, onExcel, pdf, canExport }: { children: ReactNode; onExcel: () => Promise<void>; pdf: ShoppingReportInput; canExport: boolean }) {
  const client = useApolloClient();
  const [busy, setBusy] = useState<'xlsx' | 'pdf' | null>(null);
  const run = async (kind: 'xlsx' | 'pdf') => {
    setBusy(kind);
    try {
      if (kind === 'xlsx') await onExcel();
      else {
        const r = await client.query({ query: ShoppingReportPdfFileDocument, variables: { input: pdf }, fetchPolicy: 'network-only' });
        if (r.data) downloadBase64(r.data.shoppingReportPdf, `${pdf.kind === 'AGING' ? 'antiguedad-saldos' : pdf.kind === 'SPEND' ? 'gasto' : 'pagos-por-cuenta'}.pdf`, 'application/pdf');
      }
    } catch (caught) {
      notifyError(asAppError(caught).message, 'No se pudo exportar');
    } finally {
      setBusy(null);
    }
  };
  return (
    <Group justify="space-between" align="flex-end">
      <Group gap="sm" align="flex-end">
        {children}
      </Group>
      {canExport ? (
        <Group gap="xs">
          <Button variant="default" leftSection={<IconFileSpreadsheet size={16} />} loading={busy === 'xlsx'} onClick={() => void run('xlsx')}>
            Excel
          </Button>
          <Button variant="default" leftSection={<IconFileTypePdf size={16} />} loading={busy === 'pdf'} onClick={() => void run('pdf')}>
            PDF
          </Button>
        </Group>
      ) : null}
    </Group>
  );
}

type AgingRow = { supplierName: string; current: string; d1to30: string; d31to60: string; d61to90: string; over90: string; total: string };
const AGING_COLUMNS: Column<AgingRow>[] = [
  { key: 'supplierName', header: 'Proveedor' },
  ...(['current', 'd1to30', 'd31to60', 'd61to90', 'over90'] as const).map((k) => ({ key: k, header: AGING_LABELS[k], money: true, exportValue: (r: AgingRow) => Number(r[k]) })),
  { key: 'total', header: 'Total', money: true, exportValue: (r) => Number(r.total) },
];

function AgingTab({ canExport }: { canExport: boolean }) {
  const [asOf, setAsOf] = useState(todayIso());
  const { data, previousData, loading, error } = useQuery(PayablesAgingReportDocument, { variables: { asOf }, skip: !asOf, fetchPolicy: 'cache-and-network' });
  const r = (data ?? previousData)?.payablesAging;
  const rows = r?.rows ?? [];
  return (
    <Stack gap="sm">
      <Toolbar canExport={canExport} pdf={{ kind: 'AGING', asOf }} onExcel={() => exportRows(`Antigüedad de saldos al ${formatDate(asOf)}`, AGING_COLUMNS, r ? [...rows, r.totals] : [], 'xlsx')}>
        <DateField label="Saldos al" value={asOf} onChange={setAsOf} />
        <Text size="sm" c="dimmed">
          Días vencidos contados desde la fecha de vencimiento de cada gasto.
        </Text>
      </Toolbar>
      {error ? <Alert color="red">{readGraphQLError(error)?.message}</Alert> : null}
      <ReportTable columns={AGING_COLUMNS} rows={rows} totals={r?.totals} loading={loading} />
    </Stack>
  );
}

type SpendRow = { label: string; count: number; subtotal: string; iva: string; total: string };
const GROUP_LABEL: Record<SpendGroupBy, string> = { SUPPLIER: 'Proveedor', CATEGORY: 'Categoría', MONTH: 'Mes' };

function SpendTab({ canExport }: { canExport: boolean }) {
  const today = todayIso();
  const [from, setFrom] = useState(`${today.slice(0, 4)}-01-01`);
  const [to, setTo] = useState(today);
  const [groupBy, setGroupBy] = useState<SpendGroupBy>('SUPPLIER');
  const { data, previousData, loading, error } = useQuery(SpendReportViewDocument, { variables: { from, to, groupBy }, skip: !from || !to, fetchPolicy: 'cache-and-network' });
  const r = (data ?? previousData)?.spendReport;
  const columns: Column<SpendRow>[] = [
    { key: 'label', header: GROUP_LABEL[groupBy] },
    { key: 'count', header: 'Gastos', count: true },
    { key: 'subtotal', header: 'Subtotal', money: true, exportValue: (x) => Number(x.subtotal) },
    { key: 'iva', header: 'IVA', money: true, exportValue: (x) => Number(x.iva) },
    { key: 'total', header: 'Total', money: true, exportValue: (x) => Number(x.total) },
  ];
  return (
    <Stack gap="sm">
      <Toolbar canExport={canExport} pdf={{ kind: 'SPEND', from, to, groupBy }} onExcel={() => exportRows(`Gasto por ${GROUP_LABEL[groupBy].toLowerCase()}`, columns, r ? [...r.rows, r.totals] : [], 'xlsx')}>
        <DateField label="Desde" value={from} onChange={setFrom} />
        <DateField label="Hasta" value={to} onChange={setTo} />
        <SegmentedControl value={groupBy} onChange={(v) => setGroupBy(v as SpendGroupBy)} data={(Object.keys(GROUP_LABEL) as SpendGroupBy[]).map((k) => ({ value: k, label: `Por ${GROUP_LABEL[k].toLowerCase()}` }))} />
      </Toolbar>
      {error ? <Alert color="red">{readGraphQLError(error)?.message}</Alert> : null}
      <ReportTable columns={columns} rows={r?.rows ?? []} totals={r?.totals} loading={loading} />
    </Stack>
  );
}

type PaymentsRow = { accountName: string; count: number; amount: string };
const PAYMENTS_COLUMNS: Column<PaymentsRow>[] = [
  { key: 'accountName', header: 'Cuenta' },
  { key: 'count', header: 'Pagos', count: true },
  { key: 'amount', header: 'Importe pagado', money: true, exportValue: (x) => Number(x.amount) },
];

function PaymentsTab({ canExport }: { canExport: boolean }) {
  const today = todayIso();
  const [from, setFrom] = useState(firstOfMonthIso(today));
  const [to, setTo] = useState(today);
  const { data, previousData, loading, error } = useQuery(AccountPaymentsReportViewDocument, { variables: { from, to }, skip: !from || !to, fetchPolicy: 'cache-and-network' });
  const r = (data ?? previousData)?.accountPaymentsReport;
  return (
    <Stack gap="sm">
      <Toolbar canExport={canExport} pdf={{ kind: 'ACCOUNT_PAYMENTS', from, to }} onExcel={() => exportRows('Pagos por cuenta', PAYMENTS_COLUMNS, r ? [...r.rows, r.totals] : [], 'xlsx')}>
        <DateField label="Desde" value={from} onChange={setFrom} />
        <DateField label="Hasta" value={to} onChange={setTo} />
      </Toolbar>
      {error ? <Alert color="red">{readGraphQLError(error)?.message}</Alert> : null}
      <ReportTable columns={PAYMENTS_COLUMNS} rows={r?.rows ?? []} totals={r?.totals} loading={loading} />
    </Stack>
  );
}

export function ReportsPage() {
  const access = useShoppingAccess('Reportes');
  return (
    <Paper withBorder radius="md" p="md">
      <Tabs defaultValue="aging" keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="aging">Antigüedad de saldos</Tabs.Tab>
          <Tabs.Tab value="spend">Gasto</Tabs.Tab>
          <Tabs.Tab value="payments">Pagos por cuenta</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="aging">
          <AgingTab canExport={access.exportar} />
        </Tabs.Panel>
        <Tabs.Panel value="spend">
          <SpendTab canExport={access.exportar} />
        </Tabs.Panel>
        <Tabs.Panel value="payments">
          <PaymentsTab canExport={access.exportar} />
        </Tabs.Panel>
      </Tabs>
    </Paper>
  );
}

export default ReportsPage;
