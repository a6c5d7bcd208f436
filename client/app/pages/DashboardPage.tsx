// Tablero: indicators computed by the server from the user's abilities
// (a part the user may not see arrives null and shows nothing), the user's
// modules as cards and their own recent activity from the audit log.
import { lazy, Suspense } from 'react';
import { useAbility } from '@casl/react';
import { Alert, Paper, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@apollo/client/react';
import { IconAlertCircle } from '@tabler/icons-react';
import type { AppAbility } from '../../../schema/abilities';
import { DashboardIndicatorsDocument, MyAuditEntriesDocument, type DashboardIndicatorsQuery } from '../../../generated/app/graphql';
import { formatDate, formatDateTime, formatMoney } from '../../components/format';
import { ModuleCards } from '../../components/ModuleCards';
import { StatCards, type StatCard } from '../../components/StatCards';
import { withQuery, SALES_PATHS } from '../../modules/sales/paths';
import { WAREHOUSE_PATHS } from '../../modules/warehouse/paths';
import { CASH_PATHS } from '../../modules/cash/texts';
import { SHOPPING_PATHS } from '../../modules/shopping/texts';
import { EMPLOYEE_PATHS } from '../../modules/human-resources/employees/texts';
import { MT_PATHS } from '../../modules/maintenance/texts';
import { VEHICLE_PATHS } from '../../modules/vehicle-park/texts';
import { SECURITY_PATHS } from '../../modules/security/texts';
import { allowedScreens, moduleCards } from '../ability/cards';
import { moduleScreens } from '../routes';
import { useSession } from '../session/session';
import { AUDIT_ACTIONS, auditEntityLabel, texts } from '../texts';

const RECENT_ENTRIES = 10;
const DashboardCharts = lazy(() => import('./DashboardCharts').then((m) => ({ default: m.DashboardCharts })));

type IndicatorData = DashboardIndicatorsQuery['dashboard'];
type Dues = NonNullable<NonNullable<IndicatorData['sales']>['receivables']>;

/** The cards of what needs attention now; a card only for a part the server sent and that is not zero. */
function indicatorCards(d: IndicatorData): StatCard[] {
  const t = texts.dashboard.cards;
  const cards: StatCard[] = [];
  const dues = (prefix: string, v: Dues, titles: [string, string], paths: [string, string], counted: (n: number) => string) => {
    if (v.overdue.count > 0) cards.push({ key: `${prefix}-overdue`, title: titles[1], value: formatMoney(v.overdue.amount), detail: counted(v.overdue.count), path: paths[1], tone: 'danger' });
    if (v.dueSoon.count > 0) cards.push({ key: `${prefix}-soon`, title: titles[0], value: formatMoney(v.dueSoon.amount), detail: counted(v.dueSoon.count), path: paths[0], tone: 'warning' });
  };
  if (d.sales?.receivables) {
    dues('receivables', d.sales.receivables, [t.receivablesDueSoon, t.receivablesOverdue], [
      withQuery(SALES_PATHS.bills, { dueSoon: 'true', sortBy: 'dueDate', sortDirection: 'ASC' }),
      withQuery(SALES_PATHS.bills, { overdue: 'true', sortBy: 'dueDate', sortDirection: 'ASC' }),
    ], texts.dashboard.invoices);
  }
  if (d.shopping?.payables) {
    dues('payables', d.shopping.payables, [t.payablesDueSoon, t.payablesOverdue], [
      withQuery(SHOPPING_PATHS.expenses, { dueSoon: 'true', sortBy: 'dueDate', sortDirection: 'ASC' }),
      withQuery(SHOPPING_PATHS.expenses, { overdue: 'true', sortBy: 'dueDate', sortDirection: 'ASC' }),
    ], texts.dashboard.expenses);
  }
  const requests = d.shopping?.paymentRequestsToApprove ?? 0;
  if (requests > 0) {
    cards.push({ key: 'payment-requests', title: t.paymentRequests, value: String(requests), detail: t.paymentRequestsDetail, path: withQuery(SHOPPING_PATHS.applications, { status: 'pendiente' }), tone: 'warning' });
  }
  const generators = d.sales?.generatorsToAuthorize ?? 0;
  if (generators > 0) {
    cards.push({ key: 'generators-to-authorize', title: t.generatorsToAuthorize, value: String(generators), detail: t.generatorsToAuthorizeDetail, path: withQuery(SALES_PATHS.generators, { status: 'borrador' }), tone: 'warning' });
  }
  const permits = d.security?.permitsToAuthorize ?? 0;
  if (permits > 0) {
    cards.push({ key: 'permits-to-authorize', title: t.permitsToAuthorize, value: String(permits), detail: t.permitsToAuthorizeDetail, path: withQuery(SECURITY_PATHS.permits, { status: 'solicitado' }), tone: 'warning' });
  }
  const below = d.warehouse?.belowMinimumCount ?? 0;
  if (below > 0) {
    cards.push({ key: 'below-minimum', title: t.belowMinimum, value: String(below), detail: t.belowMinimumDetail, path: withQuery(WAREHOUSE_PATHS.stock, { flag: 'BAJO_MINIMO', zero: '1' }), tone: 'warning' });
  }
  const requisitions = d.warehouse?.pendingRequisitions ?? 0;
  if (requisitions > 0) cards.push({ key: 'requisitions', title: t.pendingRequisitions, value: String(requisitions), detail: t.pendingRequisitionsDetail, path: withQuery(WAREHOUSE_PATHS.requisitions, { status: 'PENDIENTE' }), tone: 'warning' });
  const pdm = d.warehouse?.pdmToSend ?? 0;
  if (pdm > 0) cards.push({ key: 'pdm-to-send', title: t.pdmToSend, value: String(pdm), detail: t.pdmToSendDetail, path: withQuery(WAREHOUSE_PATHS.pdm, { status: 'PENDIENTE' }), tone: 'warning' });
  const docs = d.hr?.documents;
  if (docs && docs.withAlerts > 0) {
    cards.push({
      key: 'employee-documents',
      title: t.employeeDocuments,
      value: String(docs.withAlerts),
      detail: t.employeeDocumentsDetail(docs.missingOrExpired),
      path: withQuery(EMPLOYEE_PATHS.list, { alerts: 'true' }),
      tone: docs.missingOrExpired > 0 ? 'danger' : 'warning',
    });
  }
  const schedule = d.maintenance?.schedule;
  if (schedule && schedule.overdue > 0) {
    cards.push({ key: 'maintenance-overdue', title: t.maintenanceOverdue, value: String(schedule.overdue), detail: t.maintenanceDetail, path: withQuery(MT_PATHS.schedule, { status: 'vencido' }), tone: 'danger' });
  }
  if (schedule && schedule.dueSoon > 0) {
    cards.push({ key: 'maintenance-due-soon', title: t.maintenanceDueSoon, value: String(schedule.dueSoon), detail: t.maintenanceDetail, path: withQuery(MT_PATHS.schedule, { status: 'proximo' }), tone: 'warning' });
  }
  const vehicleDocs = d.vehiclePark?.documents;
  if (vehicleDocs && vehicleDocs.withAlerts > 0) {
    cards.push({
      key: 'vehicle-documents',
      title: t.vehicleDocuments,
      value: String(vehicleDocs.withAlerts),
      detail: t.vehicleDocumentsDetail(vehicleDocs.expiredOrMissing),
      path: withQuery(VEHICLE_PATHS.list, { alerts: 'true' }),
      tone: vehicleDocs.expiredOrMissing > 0 ? 'danger' : 'warning',
    });
  }
  const overdueInspections = d.security?.overdueInspections ?? 0;
  if (overdueInspections > 0) {
    cards.push({ key: 'overdue-inspections', title: t.overdueInspections, value: String(overdueInspections), detail: t.overdueInspectionsDetail, path: withQuery(SECURITY_PATHS.schedule, { overdue: 'true', status: '' }), tone: 'danger' });
  }
  const expiringPermits = d.security?.expiringPermits ?? 0;
  if (expiringPermits > 0) {
    cards.push({ key: 'expiring-permits', title: t.expiringPermits, value: String(expiringPermits), detail: t.expiringPermitsDetail, path: withQuery(SECURITY_PATHS.permits, { expiring: 'true' }), tone: 'warning' });
  }
  for (const p of d.cash?.openPeriods ?? []) {
    cards.push({ key: `cash-${p.id}`, title: t.cashPeriod(p.cashBoxName), value: formatMoney(p.balance), detail: t.cashPeriodDetail(p.folio, formatDate(p.openedOn)), path: withQuery(CASH_PATHS.movements, { periodId: p.id }) });
  }
  return cards;
}

function Indicators() {
  const { data, loading, error } = useQuery(DashboardIndicatorsDocument, { fetchPolicy: 'cache-and-network' });
  const d = data?.dashboard;
  if (!d && loading) {
    return (
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3, xl: 4 }} spacing="md" aria-busy="true">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} h={112} radius="md" />
        ))}
      </SimpleGrid>
    );
  }
  if (!d) {
    return error ? (
      <Alert color="red" variant="light" icon={<IconAlertCircle />}>
        {texts.dashboard.indicatorsFailed}
      </Alert>
    ) : null;
  }
  const visible = d.warehouse || d.sales || d.shopping || d.cash || d.hr || d.maintenance || d.vehiclePark || d.security;
  if (!visible) return null;
  const cards = indicatorCards(d);
  const sales = d.sales?.invoicedByMonth ?? null;
  const spend = d.shopping?.spentByMonth ?? null;
  return (
    <Stack gap="md">
      <section>
        <Title order={3} mb="sm">
          {texts.dashboard.indicatorsTitle}
        </Title>
        {cards.length ? <StatCards cards={cards} /> : <Text c="dimmed">{texts.dashboard.nothingPending}</Text>}
      </section>
      {sales || spend ? (
        <section>
          <Title order={3} mb="sm">
            {texts.dashboard.chartsTitle}
          </Title>
          <Suspense fallback={<Skeleton h={280} radius="md" />}>
            <DashboardCharts sales={sales} spend={spend} />
          </Suspense>
        </section>
      ) : null}
    </Stack>
  );
}

function screensLabel(count: number): string | undefined {
  if (count === 0) return undefined;
  return count === 1 ? '1 pantalla disponible' : `${count} pantallas disponibles`;
}

function RecentActivity() {
  const { data, loading, error } = useQuery(MyAuditEntriesDocument, {
    variables: { limit: RECENT_ENTRIES },
    fetchPolicy: 'cache-and-network',
  });
  const entries = data?.myAuditEntries ?? [];
  if (loading && entries.length === 0) return <Skeleton h={160} radius="md" />;
  if (error && entries.length === 0) {
    return (
      <Alert color="red" variant="light" icon={<IconAlertCircle />}>
        {texts.dashboard.activityFailed}
      </Alert>
    );
  }
  if (entries.length === 0) return <Text c="dimmed">{texts.dashboard.noActivity}</Text>;
  const { columns } = texts.dashboard;
  return (
    <Paper withBorder radius="md">
      <Table.ScrollContainer minWidth={340}>
        <Table striped highlightOnHover verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{columns.at}</Table.Th>
              <Table.Th>{columns.action}</Table.Th>
              <Table.Th>{columns.entity}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {entries.map((entry) => (
              <Table.Tr key={entry.id}>
                <Table.Td>{formatDateTime(entry.at)}</Table.Td>
                <Table.Td>{AUDIT_ACTIONS[entry.action] ?? entry.action}</Table.Td>
                <Table.Td>
                  {auditEntityLabel(entry.entity)}
                  {/* The folio or name the record is known by; a session or a deleted record has none. */}
                  {entry.reference ? (
                    <Text size="xs" c="dimmed" lineClamp={2}>
                      {entry.reference}
                    </Text>
                  ) : null}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}

export function DashboardPage() {
  const ability = useAbility<AppAbility>();
  const { modulesShow } = useSession();
  const cards = moduleCards(modulesShow, (name) => screensLabel(allowedScreens(moduleScreens(name), ability).length));
  return (
    <Stack gap="xl">
      <Indicators />
      <section>
        <Title order={3} mb="sm">
          {texts.dashboard.modulesTitle}
        </Title>
        <ModuleCards cards={cards} emptyText={texts.dashboard.noModules} />
      </section>
      <section>
        <Title order={3} mb="sm">
          {texts.dashboard.activityTitle}
        </Title>
        <RecentActivity />
      </section>
    </Stack>
  );
}
