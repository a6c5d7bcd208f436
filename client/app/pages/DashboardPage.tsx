// Tablero: the user's modules as cards and their own recent activity from
// the audit log. Module indicators (overdue maintenance, stock below minimum,
// ...) join here as their modules arrive.
import { useAbility } from '@casl/react';
import { Alert, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@apollo/client/react';
import { IconAlertCircle } from '@tabler/icons-react';
import type { AppAbility } from '../../../schema/abilities';
import { MyAuditEntriesDocument } from '../../../generated/app/graphql';
import { formatDateTime } from '../../components/format';
import { ModuleCards } from '../../components/ModuleCards';
import { allowedScreens, moduleCards } from '../ability/cards';
import { moduleScreens } from '../routes';
import { useSession } from '../session/session';
import { AUDIT_ACTIONS, auditEntityLabel, texts } from '../texts';

const RECENT_ENTRIES = 10;

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
      <Table.ScrollContainer minWidth={560}>
        <Table striped highlightOnHover verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{columns.at}</Table.Th>
              <Table.Th>{columns.action}</Table.Th>
              <Table.Th>{columns.entity}</Table.Th>
              <Table.Th>{columns.entityId}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {entries.map((entry) => (
              <Table.Tr key={entry.id}>
                <Table.Td>{formatDateTime(entry.at)}</Table.Td>
                <Table.Td>{AUDIT_ACTIONS[entry.action] ?? entry.action}</Table.Td>
                <Table.Td>{auditEntityLabel(entry.entity)}</Table.Td>
                <Table.Td>{entry.entityId}</Table.Td>
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

export default DashboardPage;
