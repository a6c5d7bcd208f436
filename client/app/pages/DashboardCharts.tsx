// Tablero charts (loaded on demand: recharts is heavy and only users who may
// see Ventas or Compras need it). Figures arrive as Decimal strings; the
// chart needs numbers only to draw, the tooltip shows the formatted money.
import { BarChart } from '@mantine/charts';
import '@mantine/charts/styles.css';
import { Paper, SimpleGrid, Text } from '@mantine/core';
import { formatMoney } from '../../components/format';
import { texts } from '../texts';

export type MonthTotal = { month: string; total: string };

const MONTHS = ['ene', 'feb', 'mar', 'abr', 'may', 'jun', 'jul', 'ago', 'sep', 'oct', 'nov', 'dic'];
/** "2026-06" → "jun 2026". */
const monthLabel = (month: string) => `${MONTHS[Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`;

function MonthChart({ title, rows, color }: { title: string; rows: MonthTotal[]; color: string }) {
  const data = rows.map((r) => ({ month: monthLabel(r.month), total: Number(r.total) }));
  return (
    <Paper withBorder radius="md" p="md">
      <Text fw={600} mb="sm">
        {title}
      </Text>
      <BarChart
        h={220}
        data={data}
        dataKey="month"
        series={[{ name: 'total', label: texts.dashboard.charts.amount, color }]}
        valueFormatter={(v) => formatMoney(v)}
        yAxisProps={{ width: 90 }}
        tickLine="y"
      />
    </Paper>
  );
}

export function DashboardCharts({ sales, spend }: { sales: MonthTotal[] | null; spend: MonthTotal[] | null }) {
  return (
    <SimpleGrid cols={{ base: 1, lg: sales && spend ? 2 : 1 }} spacing="md">
      {sales ? <MonthChart title={texts.dashboard.charts.sales} rows={sales} color="teal.6" /> : null}
      {spend ? <MonthChart title={texts.dashboard.charts.spend} rows={spend} color="orange.6" /> : null}
    </SimpleGrid>
  );
}

export default DashboardCharts;
