// One row of a Compras document's totals table (gasto, orden de compra):
// label left, amount right; a retention arrives as "-x" and shows negative.
import { Table } from '@mantine/core';
import { formatMoney } from '../../../components/format';

export function AmountRow({ label, value, bold = false }: { label: string; value: string; bold?: boolean }) {
  return (
    <Table.Tr>
      <Table.Td fw={bold ? 700 : undefined}>{label}</Table.Td>
      <Table.Td ta="right" fw={bold ? 700 : undefined}>
        {formatMoney(value.replace(/^--/, ''))}
      </Table.Td>
    </Table.Tr>
  );
}
