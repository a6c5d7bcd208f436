// Reportes de Compras: cuentas por pagar por antigüedad, gasto por proveedor /
// categoría / mes y pagos por cuenta; on screen, Excel (built in the browser
// with the shared exportRows) and PDF (built by the server).
import { useState, type ReactNode } from 'react';
import { Alert, Button, Code, Group, Paper, SegmentedControl, Stack, Tabs, Text } from '@mantine/core';
import { MonthPickerInput } from '@mantine/dates';
import { IconDownload } from '@tabler/icons-react';
import { useApolloClient, useQuery } from '@apollo/client/react';
import {
  AccountPaymentsReportViewDocument,
  DiotReportViewDocument,
  DiotTxtFileDocument,
  PayablesAgingReportDocument,
  ShoppingReportPdfFileDocument,
  SpendReportViewDocument,
  type ShoppingReportInput,
  type SpendGroupBy,
} from '../../../../generated/modules/shopping/graphql';
import { AGING_LABELS } from '../../../../schema/shopping/fiscal';
import { exportRows } from '../../../components/exportRows';
import type { ListColumn } from '../../../components/columns';
import { countColumn, moneyColumn, ReportExportButtons, ReportTable } from '../../../components/ReportTable';
import { formatDate, formatMoney } from '../../../components/format';
import { readGraphQLError } from '../../../components/graphqlErrors';
import { useScreenAccess } from '../access';
import { firstOfMonthIso, todayIso } from '../../../components/dates';
import { downloadBase64 } from '../../../components/attachments';
import { DateField } from '../../../components/DateField';
import { downloadBlob } from '../../../components/exportRows';
import { notifyError } from '../../../components/notify';
import { asAppError } from '../../../components/serverErrors';
import { DIOT_LAYOUT_FIELDS, DIOT_LAYOUT_LABELS, DIOT_OPERATION_LABELS, DIOT_THIRD_PARTY_LABELS, diotLayoutFor, type DiotLayout, type DiotOperation, type DiotThirdPartyType } from '../../../../schema/shopping/diot';

function Toolbar({ children, onExcel, pdf, canExport }: { children: ReactNode; onExcel: () => Promise<void>; pdf: ShoppingReportInput; canExport: boolean }) {
  const client = useApolloClient();
  const onPdf = async () => {
    const r = await client.query({ query: ShoppingReportPdfFileDocument, variables: { input: pdf }, fetchPolicy: 'network-only' });
    if (r.data) downloadBase64(r.data.shoppingReportPdf, `${pdf.kind === 'AGING' ? 'antiguedad-saldos' : pdf.kind === 'SPEND' ? 'gasto' : 'pagos-por-cuenta'}.pdf`, 'application/pdf');
  };
  return (
    <Group justify="space-between" align="flex-end">
      <Group gap="sm" align="flex-end">
        {children}
      </Group>
      {canExport ? <ReportExportButtons onXlsx={onExcel} onPdf={onPdf} /> : null}
    </Group>
  );
}

type AgingRow = { supplierName: string; current: string; d1to30: string; d31to60: string; d61to90: string; over90: string; total: string };
const AGING_COLUMNS: ListColumn<AgingRow>[] = [
  { key: 'supplierName', header: 'Proveedor' },
  ...(['current', 'd1to30', 'd31to60', 'd61to90', 'over90'] as const).map((k) => moneyColumn<AgingRow>(k, AGING_LABELS[k])),
  moneyColumn<AgingRow>('total', 'Total'),
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
      <ReportTable columns={AGING_COLUMNS} rows={rows} footer={r?.totals} loading={loading} rowKey={(_, i) => String(i)} />
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
  const columns: ListColumn<SpendRow>[] = [
    { key: 'label', header: GROUP_LABEL[groupBy] },
    countColumn<SpendRow>('count', 'Gastos'),
    moneyColumn<SpendRow>('subtotal', 'Subtotal'),
    moneyColumn<SpendRow>('iva', 'IVA'),
    moneyColumn<SpendRow>('total', 'Total'),
  ];
  return (
    <Stack gap="sm">
      <Toolbar canExport={canExport} pdf={{ kind: 'SPEND', from, to, groupBy }} onExcel={() => exportRows(`Gasto por ${GROUP_LABEL[groupBy].toLowerCase()}`, columns, r ? [...r.rows, r.totals] : [], 'xlsx')}>
        <DateField label="Desde" value={from} onChange={setFrom} />
        <DateField label="Hasta" value={to} onChange={setTo} />
        <SegmentedControl value={groupBy} onChange={(v) => setGroupBy(v as SpendGroupBy)} data={(Object.keys(GROUP_LABEL) as SpendGroupBy[]).map((k) => ({ value: k, label: `Por ${GROUP_LABEL[k].toLowerCase()}` }))} />
      </Toolbar>
      {error ? <Alert color="red">{readGraphQLError(error)?.message}</Alert> : null}
      <ReportTable columns={columns} rows={r?.rows ?? []} footer={r?.totals} loading={loading} rowKey={(_, i) => String(i)} />
    </Stack>
  );
}

type PaymentsRow = { accountName: string; count: number; amount: string };
const PAYMENTS_COLUMNS: ListColumn<PaymentsRow>[] = [
  { key: 'accountName', header: 'Cuenta' },
  countColumn<PaymentsRow>('count', 'Pagos'),
  moneyColumn<PaymentsRow>('amount', 'Importe pagado'),
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
      <ReportTable columns={PAYMENTS_COLUMNS} rows={r?.rows ?? []} footer={r?.totals} loading={loading} rowKey={(_, i) => String(i)} />
    </Stack>
  );
}

type DiotRow = { thirdPartyType: string; operation: string; rfc: string; name: string; base16: string; base8: string; base0: string; exempt: string; iva16: string; iva8: string; ivaRetained: string; returns: string; paid: string };
/** Whole pesos, as the DIOT takes them. */
const pesosColumn = (key: keyof DiotRow & string, header: string): ListColumn<DiotRow> => ({ ...moneyColumn<DiotRow>(key, header), render: (r) => formatMoney(r[key], 0) });
const DIOT_COLUMNS: ListColumn<DiotRow>[] = [
  { key: 'name', header: 'Proveedor' },
  { key: 'rfc', header: 'RFC' },
  { key: 'thirdPartyType', header: 'Tercero', render: (r) => DIOT_THIRD_PARTY_LABELS[r.thirdPartyType as DiotThirdPartyType] ?? '' },
  { key: 'operation', header: 'Operación', render: (r) => DIOT_OPERATION_LABELS[r.operation as DiotOperation] ?? '' },
  pesosColumn('base16', 'Tasa 16 %'),
  pesosColumn('base8', 'Tasa 8 %'),
  pesosColumn('base0', 'Tasa 0 %'),
  pesosColumn('exempt', 'Exento'),
  pesosColumn('ivaRetained', 'IVA retenido'),
  moneyColumn<DiotRow>('paid', 'Pagado en el mes'),
];
/** The 2025 layout also declares the IVA acreditable paid (16 % and 8 % región fronteriza norte). */
const DIOT_COLUMNS_54: ListColumn<DiotRow>[] = [
  ...DIOT_COLUMNS.slice(0, 5),
  pesosColumn('base8', 'Tasa 8 % (RFN)'),
  ...DIOT_COLUMNS.slice(6, 8),
  pesosColumn('iva16', 'IVA acreditable 16 %'),
  pesosColumn('iva8', 'IVA acreditable 8 %'),
  ...DIOT_COLUMNS.slice(8),
];

const DIOT_TEXTS = {
  hint: 'Lo pagado a proveedores en el mes (pagos no cancelados), por tasa de IVA, en pesos enteros (redondeo a la unidad, 50 centavos hacia arriba).',
  download: 'Descargar TXT',
  empty: 'No hubo pagos a proveedores en el mes elegido: la DIOT queda sin renglones.',
};

function DiotTab({ canExport }: { canExport: boolean }) {
  const client = useApolloClient();
  const [month, setMonth] = useState(todayIso().slice(0, 7));
  const { data, previousData, loading, error } = useQuery(DiotReportViewDocument, { variables: { month }, skip: !month, fetchPolicy: 'cache-and-network' });
  const r = (data ?? previousData)?.diotReport;
  // The layout of the month chosen (the server says the same once the report arrives).
  const layout: DiotLayout = month ? diotLayoutFor(month) : 'BATCH_54';
  const columns = layout === 'BATCH_54' ? DIOT_COLUMNS_54 : DIOT_COLUMNS;
  const footer: DiotRow | undefined = r ? { ...r.totals, thirdPartyType: '', operation: '', rfc: '', name: 'Total' } : undefined;
  const download = async () => {
    try {
      const file = (await client.query({ query: DiotTxtFileDocument, variables: { month }, fetchPolicy: 'network-only' })).data?.diotTxt;
      if (file) downloadBlob(new Blob([file.content], { type: 'text/plain;charset=utf-8' }), file.fileName);
    } catch (caught) {
      notifyError(asAppError(caught).message, 'No se pudo descargar');
    }
  };
  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end">
        <Group gap="sm" align="flex-end">
          <MonthPickerInput
            label="Mes"
            value={month ? `${month}-01` : null}
            onChange={(v) => setMonth(v ? String(v).slice(0, 7) : '')}
            valueFormat="MMMM YYYY"
            w={200}
            allowDeselect={false}
          />
          <Text size="sm" c="dimmed" maw={520}>
            {DIOT_TEXTS.hint}
          </Text>
        </Group>
        {canExport ? (
          <Group gap="xs">
            <ReportExportButtons onXlsx={() => exportRows(`DIOT ${month}`, columns, r && footer ? [...r.lines, footer] : [], 'xlsx')} />
            <Button variant="light" leftSection={<IconDownload size={16} />} onClick={() => void download()} disabled={!r || r.lines.length === 0}>
              {DIOT_TEXTS.download}
            </Button>
          </Group>
        ) : null}
      </Group>
      <Alert color={layout === 'BATCH_54' ? 'blue' : 'gray'} variant="light" title={DIOT_LAYOUT_LABELS[layout]}>
        {layout === 'BATCH_54'
          ? 'El TXT sigue el formato de carga batch de la nueva plataforma DIOT del SAT: 5 secciones (tercero, valor de los actos por región y tasa, IVA acreditable, IVA no acreditable, datos adicionales); el 8 % va como región fronteriza norte.'
          : 'El TXT sigue el formato de carga batch del programa DIOT anterior a 2025, el que el SAT acepta para declarar periodos de 2024 y anteriores.'}
      </Alert>
      {error ? <Alert color="red">{readGraphQLError(error)?.message}</Alert> : null}
      <ReportTable columns={columns} rows={r?.lines ?? []} footer={footer} loading={loading} rowKey={(row, i) => `${row.rfc}-${row.operation}-${i}`} emptyText={DIOT_TEXTS.empty} />
      {r && r.lines.length ? (
        <Stack gap={4}>
          <Text size="xs" c="dimmed">
            Vista previa del TXT ({DIOT_LAYOUT_FIELDS[layout]} campos separados por «|», formato de carga batch del SAT):
          </Text>
          <Code block>{r.lines.map((l) => l.txt).join('\n')}</Code>
        </Stack>
      ) : null}
    </Stack>
  );
}

export function ReportsPage() {
  const access = useScreenAccess('Reportes');
  return (
    <Paper withBorder radius="md" p="md">
      <Tabs defaultValue="aging" keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="aging">Antigüedad de saldos</Tabs.Tab>
          <Tabs.Tab value="spend">Gasto</Tabs.Tab>
          <Tabs.Tab value="payments">Pagos por cuenta</Tabs.Tab>
          <Tabs.Tab value="diot">DIOT</Tabs.Tab>
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
        <Tabs.Panel value="diot">
          <DiotTab canExport={access.exportar} />
        </Tabs.Panel>
      </Tabs>
    </Paper>
  );
}
