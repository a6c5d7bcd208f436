// A read-only grid for rows read by readSpreadsheet: the /preview page and
// every import screen show files through it. Rows past `maxRows` are counted
// but not rendered, so a 50,000-row sheet does not freeze the browser.
import { ScrollArea, Table, Text } from '@mantine/core';
import { formatNumber } from './format';

export type SpreadsheetGridProps = {
  rows: string[][];
  /** Uses the first row as column titles instead of A, B, C… */
  firstRowIsHeader?: boolean;
  maxHeight?: number | string;
  maxRows?: number;
};

/** 0 → "A", 25 → "Z", 26 → "AA", as spreadsheets name columns. */
export function columnLetter(index: number): string {
  let name = '';
  for (let rest = index + 1; rest > 0; rest = Math.floor((rest - 1) / 26)) {
    name = String.fromCharCode(65 + ((rest - 1) % 26)) + name;
  }
  return name;
}

export function SpreadsheetGrid({
  rows,
  firstRowIsHeader = false,
  maxHeight = 480,
  maxRows = 500,
}: SpreadsheetGridProps) {
  const width = rows.reduce((max, row) => Math.max(max, row.length), 0);
  if (rows.length === 0 || width === 0) {
    return (
      <Text c="dimmed" ta="center" py="lg">
        La hoja está vacía.
      </Text>
    );
  }
  const header = firstRowIsHeader
    ? Array.from({ length: width }, (_, index) => rows[0]?.[index] || columnLetter(index))
    : Array.from({ length: width }, (_, index) => columnLetter(index));
  const offset = firstRowIsHeader ? 1 : 0;
  const body = rows.slice(offset, offset + maxRows);
  const hidden = rows.length - offset - body.length;

  return (
    <>
      <ScrollArea.Autosize mah={maxHeight} type="auto">
        <Table stickyHeader striped withColumnBorders withTableBorder fz="sm" style={{ whiteSpace: 'nowrap' }}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th style={{ width: '1%' }}>#</Table.Th>
              {header.map((title, index) => (
                <Table.Th key={index}>{title}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {body.map((row, rowIndex) => (
              <Table.Tr key={rowIndex}>
                <Table.Td c="dimmed">{rowIndex + offset + 1}</Table.Td>
                {header.map((_, index) => (
                  <Table.Td key={index}>{row[index] ?? ''}</Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea.Autosize>
      {hidden > 0 ? (
        <Text size="sm" c="dimmed" mt="xs">
          Se muestran las primeras {formatNumber(body.length, 0)} filas; {formatNumber(hidden, 0)} más no se
          muestran.
        </Text>
      ) : null}
    </>
  );
}
