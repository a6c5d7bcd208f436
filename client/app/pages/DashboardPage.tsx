// Tablero: indicators computed by the server from the user's abilities
// (a part the user may not see arrives null and shows nothing), the user's
// modules as cards and their own recent activity from the audit log.
import { lazy, Suspense } from 'react';
import { useAbility } from '@casl/react';
import { Alert, Paper, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@apollo/client/react';
import { IconAlertCircle } from '@tabler/icons-react';
import type { AppAbility } from '../../../schema/abilities';
import { DashboardIndicatorsDocument, MyAuditEntriesDocument } from '../../../generated/app/graphql';
import { formatDateTime } from '../../components/format';
import { ModuleCards } from '../../components/ModuleCards';
import { StatCards } from '../../components/StatCards';
import { allowedScreens, moduleCards } from '../ability/cards';
import { moduleScreens } from '../routes';
import { useSession } from '../session/session';
import { AUDIT_ACTIONS, auditEntityLabel, texts } from '../texts';
import { useScreenAccess } from '../../components/access';
import { indicatorCards } from './indicatorCards';

const RECENT_ENTRIES = 10;
const DashboardCharts = lazy(() => import('./DashboardCharts').then((m) => ({ default: m.DashboardCharts })));

function Indicators() {
  const { data, loading, error } = useQuery(DashboardIndicatorsDocument, { fetchPolicy: 'cache-and-network' });
  const companyAccess = useScreenAccess('Configuración', 'Empresa');
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
  const cards = indicatorCards(d, companyAccess.ver);
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
