// Tablero charts (loaded on demand: recharts is heavy and only users who may
// see Ventas or Compras need it). Figures arrive as Decimal strings; the
// chart needs numbers only to draw, the tooltip shows the formatted money.
import { BarChart } from '@mantine/charts';
import '@mantine/charts/styles.css';
import { Paper, SimpleGrid, Text } from '@mantine/core';
import { formatMoney } from '../../components/format';
import { texts } from '../texts';

export type MonthTotal = { month: string; total: string };

const MONTHS = ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'];
const monthName = (month: string) => MONTHS[Number(month.slice(5, 7)) - 1] ?? month;
/** "2026-06" → "jun": every bar keeps its label even on a phone; the range is under the title. */
const shortMonth = (month: string) => monthName(month).slice(0, 3);
/** "2026-06" → "junio de 2026" (tooltip). */
const longMonth = (month: string) => `${monthName(month)} de ${month.slice(0, 4)}`;
/** "jun 2026 – nov 2026", or "ene – jun 2027" within one year. */
function monthRange(rows: MonthTotal[]): string {
  const first = rows[0]?.month;
  const last = rows.at(-1)?.month;
  if (!first || !last) return '';
  const year = (m: string) => m.slice(0, 4);
  return year(first) === year(last) ? `${shortMonth(first)} – ${shortMonth(last)} ${year(last)}` : `${shortMonth(first)} ${year(first)} – ${shortMonth(last)} ${year(last)}`;
}

function MonthChart({ title, rows, color }: { title: string; rows: MonthTotal[]; color: string }) {
  const data = rows.map((r) => ({ month: r.month, total: Number(r.total) }));
  return (
    <Paper withBorder radius="md" p="md">
      <Text fw={600}>{title}</Text>
      <Text size="sm" c="dimmed" mb="sm">
        {monthRange(rows)}
      </Text>
      <BarChart
        h={220}
        data={data}
        dataKey="month"
        series={[{ name: 'total', label: texts.dashboard.charts.amount, color }]}
        valueFormatter={(v) => formatMoney(v)}
        xAxisProps={{ interval: 0, tickFormatter: (m: string) => shortMonth(m) }}
        // Whole pesos on the axis leave the bars room on a phone; the tooltip keeps the cents.
        yAxisProps={{ width: 80, tickFormatter: (v: number) => formatMoney(v, 0) }}
        tooltipProps={{ labelFormatter: (m) => longMonth(String(m)) }}
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
