// The fiscal calculation step by step (the engine's trace): the Calculadora
// and each employee of a fiscal payroll show it the same way.
import { Table, Text } from '@mantine/core';
import { formatNumber } from '../../../components/format';
import { texts } from './texts';

/** "12598.03" → "12,598.03" keeping its decimals; anything else ("2026 Quincenal") as written. */
const figure = (amount: string): string => {
  const m = /^-?\d+(?:\.(\d+))?$/.exec(amount);
  return m ? formatNumber(amount, m[1]?.length ?? 0) : amount;
};

export type TaxStepRow = { label: string; amount: string };

export function TaxTrace({ steps }: { steps: readonly TaxStepRow[] }) {
  if (!steps.length) {
    return (
      <Text size="sm" c="dimmed">
        {texts.trace.empty}
      </Text>
    );
  }
  return (
    <Table.ScrollContainer minWidth={420}>
      <Table striped withTableBorder fz="sm" aria-label={texts.calculator.steps}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th style={{ width: 40 }}>#</Table.Th>
            <Table.Th>{texts.trace.step}</Table.Th>
            <Table.Th ta="right">{texts.trace.amount}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {steps.map((s, i) => (
            <Table.Tr key={`${i}-${s.label}`}>
              <Table.Td c="dimmed">{i + 1}</Table.Td>
              <Table.Td>{s.label}</Table.Td>
              <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                {figure(s.amount)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
