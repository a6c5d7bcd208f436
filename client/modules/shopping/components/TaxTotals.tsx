// A Compras document's taxes and totals (gasto, orden de compra): the IVA and retention rates it
// applies and the table of subtotal, IVA, retentions and total, plus rows the document adds
// (the expense's «Saldo por pagar»).
import type { ReactNode } from 'react';
import { Group, Select, SimpleGrid, Table } from '@mantine/core';
import { ISR_RETENTION_OPTIONS, IVA_OPTIONS, IVA_RETENTION_OPTIONS } from '../texts';
import { AmountRow } from './AmountRow';

export type RateField = 'ivaRate' | 'isrRetentionRate' | 'ivaRetentionRate';
export type TaxAmounts = { subtotal: string; iva: string; isrRetention: string; ivaRetention: string; total: string };

export function TaxTotals({
  rateProps,
  amounts,
  disabled,
  label,
  mt,
  below,
  children,
}: {
  rateProps: (field: RateField) => object;
  amounts: TaxAmounts;
  disabled: boolean;
  label: string;
  mt?: string;
  /** Under the rates (the expense's «exento» choice). */
  below?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md" mt={mt}>
        <Select label="IVA" allowDeselect={false} data={IVA_OPTIONS} disabled={disabled} {...rateProps('ivaRate')} />
        <Select label="Retención de ISR" allowDeselect={false} data={ISR_RETENTION_OPTIONS} disabled={disabled} {...rateProps('isrRetentionRate')} />
        <Select label="Retención de IVA" allowDeselect={false} data={IVA_RETENTION_OPTIONS} disabled={disabled} {...rateProps('ivaRetentionRate')} />
      </SimpleGrid>
      {below}
      <Group justify="flex-end" mt="md">
        <Table w={320} maw="100%" aria-label={label}>
          <Table.Tbody>
            <AmountRow label="Subtotal" value={amounts.subtotal} />
            <AmountRow label="IVA" value={amounts.iva} />
            <AmountRow label="Retención ISR" value={`-${amounts.isrRetention}`} />
            <AmountRow label="Retención IVA" value={`-${amounts.ivaRetention}`} />
            <AmountRow label="Total" value={amounts.total} bold />
            {children}
          </Table.Tbody>
        </Table>
      </Group>
    </>
  );
}
