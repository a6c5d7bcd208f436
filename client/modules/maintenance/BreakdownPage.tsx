// Desglose de Servicios (`?id=` of a scheduled service): its due status, the
// tasks, the parts with their current average cost and the estimated labour;
// "Generar orden" opens an order for it.
import { Alert, Anchor, Button, Group, Paper, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useMutation, useQuery } from '@apollo/client/react';
import { IconAlertCircle, IconTool } from '@tabler/icons-react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { MaintenanceOrderFromSchedulesDocument, MaintenanceScheduleBreakdownDocument } from '../../../generated/modules/maintenance/graphql';
import { dec } from '../../../schema/money';
import { useScreenAccess } from '../../components/access';
import { idParam, todayIso } from '../../components/dates';
import { formatDate, formatMoney, formatNumber } from '../../components/format';
import { readGraphQLError } from '../../components/graphqlErrors';
import { InfoField } from '../../components/InfoField';
import { notifyError, notifySuccess } from '../../components/notify';
import { asAppError } from '../../components/serverErrors';
import { StatusBadge } from '../../components/StatusBadge';
import { MT_MODULE, MT_PATHS, MT_SCREENS, orderPath, SCHEDULE_BADGES, texts } from './texts';

const t = texts.breakdown;

export function BreakdownPage() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const id = idParam(searchParams.get('id'));
  const orderAccess = useScreenAccess(MT_MODULE, MT_SCREENS.orders);
  const q = useQuery(MaintenanceScheduleBreakdownDocument, { variables: { id: id ?? '' }, skip: id === null, fetchPolicy: 'cache-and-network' });
  const [generate, generating] = useMutation(MaintenanceOrderFromSchedulesDocument);
  const b = q.data?.maintenanceScheduleBreakdown;
  const error = readGraphQLError(q.error);
  if (id === null || error || (q.data && !b)) {
    return (
      <Alert color="orange" variant="light" icon={<IconAlertCircle size={18} />} title={error?.message ?? t.notFound}>
        <Link to={MT_PATHS.schedule}>{t.back}</Link>
      </Alert>
    );
  }
  if (!b) return <Text c="dimmed">Cargando…</Text>;
  const s = b.schedule;
  const generateOrder = async () => {
    try {
      const r = await generate({ variables: { scheduleIds: [s.id], openedOn: todayIso() } });
      const order = r.data?.maintenanceOrderFromSchedules;
      if (order) {
        notifySuccess(texts.schedule.generated(order.folio));
        void navigate(orderPath(order.id));
      }
    } catch (caught) {
      const e = asAppError(caught);
      notifyError(Object.values(e.fields ?? {})[0] ?? e.message);
    }
  };
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Group gap="sm">
          <Text fw={700} size="lg">
            {s.vehicleNumber} · {s.serviceName}
          </Text>
          <StatusBadge status={s.status} labels={SCHEDULE_BADGES} />
        </Group>
        {s.openOrderId ? (
          <Anchor component={Link} to={orderPath(s.openOrderId)}>
            {s.openOrderFolio}
          </Anchor>
        ) : orderAccess.crear ? (
          <Button leftSection={<IconTool size={16} />} loading={generating.loading} onClick={() => void generateOrder()}>
            {t.generate}
          </Button>
        ) : null}
      </Group>
      <Paper withBorder radius="md" p="md">
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
          <InfoField label={texts.schedule.vehicle} value={`${s.vehicleNumber} · ${s.vehicleName} · ${texts.km(s.currentKm)}`} />
          <InfoField label={t.lastDone} value={`${formatDate(s.lastDoneOn)} · ${texts.km(s.lastDoneKm)}`} />
          <InfoField label={t.nextDue} value={[s.nextDueKm != null ? texts.km(s.nextDueKm) : null, s.nextDueOn ? formatDate(s.nextDueOn) : null].filter(Boolean).join(' · ')} />
          <InfoField label={t.hours} value={formatNumber(b.labourHours, 2)} />
        </SimpleGrid>
      </Paper>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Paper withBorder radius="md" p="md">
          <Text fw={600} mb="xs">
            {t.tasks}
          </Text>
          {b.service.tasks.length ? (
            <Stack gap={4} component="ol" pl="md" m={0}>
              {b.service.tasks.map((task, i) => (
                <Text key={i} component="li" size="sm">
                  {task}
                </Text>
              ))}
            </Stack>
          ) : (
            <Text size="sm" c="dimmed">
              {t.noTasks}
            </Text>
          )}
        </Paper>
        <Paper withBorder radius="md" p="md">
          <Text fw={600} mb="xs">
            {t.labour}
          </Text>
          <Table aria-label={t.labour}>
            <Table.Tbody>
              <Table.Tr>
                <Table.Td>{t.hours}</Table.Td>
                <Table.Td ta="right">{formatNumber(b.labourHours, 2)}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Td>{t.partsCost}</Table.Td>
                <Table.Td ta="right">{formatMoney(b.partsCost)}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Td>{t.estimatedCost}</Table.Td>
                <Table.Td ta="right">{formatMoney(b.estimatedCost)}</Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
        </Paper>
      </SimpleGrid>
      <Paper withBorder radius="md" p="md">
        <Text fw={600} mb="xs">
          {t.parts}
        </Text>
        {b.service.parts.length ? (
          <Table.ScrollContainer minWidth={520}>
            <Table striped aria-label={t.parts}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t.sku}</Table.Th>
                  <Table.Th>{t.article}</Table.Th>
                  <Table.Th ta="right">{t.quantity}</Table.Th>
                  <Table.Th ta="right">{t.cost}</Table.Th>
                  <Table.Th ta="right">{t.amount}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {b.service.parts.map((p) => (
                  <Table.Tr key={p.articleId}>
                    <Table.Td>{p.sku}</Table.Td>
                    <Table.Td>{p.name}</Table.Td>
                    <Table.Td ta="right">{formatNumber(p.quantity, 2)}</Table.Td>
                    <Table.Td ta="right">{formatMoney(p.averageCost)}</Table.Td>
                    <Table.Td ta="right">{formatMoney(dec(p.quantity).times(p.averageCost).toFixed(2))}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        ) : (
          <Text size="sm" c="dimmed">
            {t.noParts}
          </Text>
        )}
      </Paper>
    </Stack>
  );
}
