// Where an employee's overtime in a payroll came from (issue 28): the days on
// site of service orders whose overtime the payroll took, already included in
// the double and triple hours above (which cannot go below them).
import { List, Stack, Text } from '@mantine/core';
import { folioLabel } from '../../../../schema/sales/labels';
import { formatDate, formatNumber } from '../../../components/format';
import { texts } from './texts';

type Source = { id: string; orderFolio: number; date: string; doubleHours: string; tripleHours: string };

export function OvertimeSources({ sources }: { sources: readonly Source[] }) {
  const t = texts.incident.crewOvertime;
  if (!sources.length) return null;
  return (
    <Stack gap={4}>
      <Text fw={600} size="sm">
        {t.title}
      </Text>
      <List size="sm" spacing={2}>
        {sources.map((s) => (
          <List.Item key={s.id}>{t.line(folioLabel('order', s.orderFolio), formatDate(s.date), formatNumber(s.doubleHours), formatNumber(s.tripleHours))}</List.Item>
        ))}
      </List>
      <Text size="xs" c="dimmed">
        {t.note}
      </Text>
    </Stack>
  );
}
