// Column description shared by ListPage (how a cell looks) and exportRows
// (what a cell exports), so a list and its export never disagree on columns.
import type { ReactNode } from 'react';

export type ColumnAlign = 'left' | 'center' | 'right';

/**
 * What the column holds, for exports: money and numbers are written as numbers
 * (money with a "$#,##0.00" format in XLSX), dates as real dates (DD/MM/AAAA;
 * date-times with the hour, in Mexico City time). Without it a value is written
 * as it comes (text stays text: RFCs, postal codes and folios keep their zeros).
 */
export type ColumnFormat = 'money' | 'number' | 'date' | 'datetime';

export type ListColumn<T> = {
  /** Row property shown by default; also the `sortBy` sent to the server. */
  key: string;
  header: string;
  render?: (row: T) => ReactNode;
  /** Value written to CSV/XLSX; numbers stay numbers and dates (exportRows dateCell) dates in XLSX. Defaults to the row property at `key`. */
  exportValue?: (row: T) => string | number | Date | null;
  /** The kind of value, so exports write real numbers and dates (see ColumnFormat). */
  format?: ColumnFormat;
  /** false leaves the column out of exports (action buttons, icons). */
  exportable?: boolean;
  sortable?: boolean;
  align?: ColumnAlign;
  width?: number | string;
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** The plain value at `key`, or undefined when the row has nothing printable there. */
export function rowField(row: unknown, key: string): string | number | boolean | undefined {
  if (!isRecord(row)) return undefined;
  const value = row[key];
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? value : undefined;
}
