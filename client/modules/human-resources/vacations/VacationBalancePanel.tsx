// An employee's vacation balance per anniversary year (LFT art. 76), as the server computes it from the hire
// date and the approved requests. Shown on the request form and on the employee's record.
import { Paper, Table, Text } from '@mantine/core';
import { useQuery } from '@apollo/client/react';
import { RhVacationBalanceDocument } from '../../../../generated/modules/human-resources/graphql';
import { formatDate } from '../../../components/format';
import { readGraphQLError } from '../../../components/graphqlErrors';
import { texts } from './texts';

const t = texts.balance;

/** Read afresh on mount: the parent remounts it (its `key`) after an approval or a cancellation. */
export function VacationBalancePanel({ employeeId }: { employeeId: string }) {
  const q = useQuery(RhVacationBalanceDocument, { variables: { employeeId }, fetchPolicy: 'network-only' });
  const b = q.data?.rhVacationBalance;
  const error = readGraphQLError(q.error);
  return (
    <Paper withBorder radius="md" p="md">
      <Text fw={600}>{t.title}</Text>
      {error ? (
        <Text size="sm" c="red">
          {error.message}
        </Text>
      ) : !b ? (
        <Text size="sm" c="dimmed">
          …
        </Text>
      ) : (
        <>
          <Text size="sm" mb="sm">
            {t.summary(b.earned, b.taken, b.pending)}
          </Text>
          {b.years.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t.none}
            </Text>
          ) : (
            <Table.ScrollContainer minWidth={520}>
              <Table striped aria-label={t.title}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t.cols.year}</Table.Th>
                    <Table.Th>{t.cols.anniversary}</Table.Th>
                    <Table.Th>{t.cols.grantBy}</Table.Th>
                    <Table.Th ta="right">{t.cols.earned}</Table.Th>
                    <Table.Th ta="right">{t.cols.taken}</Table.Th>
                    <Table.Th ta="right">{t.cols.pending}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {b.years.map((y) => (
                    <Table.Tr key={y.serviceYear}>
                      <Table.Td>{y.serviceYear}</Table.Td>
                      <Table.Td>{formatDate(y.anniversary)}</Table.Td>
                      <Table.Td>{formatDate(y.grantBy)}</Table.Td>
                      <Table.Td ta="right">{y.earned}</Table.Td>
                      <Table.Td ta="right">{y.taken}</Table.Td>
                      <Table.Td ta="right">{y.pending}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
          <Text size="xs" c="dimmed" mt="xs">
            {t.note}
          </Text>
        </>
      )}
    </Paper>
  );
}
