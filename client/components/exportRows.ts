// Exports list rows as CSV or XLSX and hands the file to the browser.
// The CSV text comes from schema/csv.ts (BOM, CRLF, formulas neutralised),
// shared with the server's exports; the XLSX writer is loaded on demand.
import dayjs from 'dayjs';
import { rowField, type ListColumn } from './columns';
import { loadExcel } from './excel';
import { csvText } from '../../schema/csv';
import { isIsoDate } from '../../schema/dates';

export type ExportFormat = 'csv' | 'xlsx';
export type ExportColumn<T> = Pick<ListColumn<T>, 'key' | 'header' | 'exportValue' | 'exportable' | 'format'>;
type ExportCell = string | number | Date | null;

const NUMERIC = /^-?\d+(?:\.\d+)?$/;
const MONEY_FORMAT = '"$"#,##0.00;-"$"#,##0.00';
const DATE_FORMAT = 'dd/mm/yyyy';
const DATETIME_FORMAT = 'dd/mm/yyyy hh:mm';

/**
 * A calendar date ("2026-11-21") as a cell: a real date in XLSX (shown
 * DD/MM/AAAA, sortable and filterable in Excel), DD/MM/AAAA in CSV. Midnight
 * UTC, because that is the day Excel reads from a written date.
 */
export function dateCell(iso: string | null | undefined): Date | null {
  const day = iso?.slice(0, 10) ?? '';
  return isIsoDate(day) ? new Date(`${day}T00:00:00Z`) : null;
}

/**
 * An instant ("2026-11-21T18:30:00Z") as a cell: its Mexico City wall-clock
 * time, written as if it were UTC because Excel has no time zones.
 */
export function dateTimeCell(iso: string | null | undefined): Date | null {
  if (!iso) return null;
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return null;
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Mexico_City', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return new Date(`${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:00Z`);
}

const pad = (n: number) => String(n).padStart(2, '0');
const csvDate = (d: Date): string => `${pad(d.getUTCDate())}/${pad(d.getUTCMonth() + 1)}/${d.getUTCFullYear()}`;
const csvDateTime = (d: Date): string => `${csvDate(d)} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;

/** A value as the column's format asks: numeric text to a number, ISO text to a date. */
function typed(format: ListColumn<unknown>['format'], value: ExportCell): ExportCell {
  if (typeof value !== 'string' || !format) return value;
  if (format === 'money' || format === 'number') return NUMERIC.test(value.trim()) ? Number(value) : value;
  if (format === 'date') return dateCell(value) ?? value;
  return dateTimeCell(value) ?? value;
}

function exportedColumns<T>(columns: ReadonlyArray<ExportColumn<T>>): ExportColumn<T>[] {
  return columns.filter((column) => column.exportable !== false);
}

export function exportCell<T>(column: ExportColumn<T>, row: T): ExportCell {
  if (column.exportValue) return typed(column.format, column.exportValue(row));
  const value = rowField(row, column.key);
  if (value === undefined) return null;
  if (typeof value === 'boolean') return value ? 'Sí' : 'No';
  return typed(column.format, value);
}

/** The CSV text, BOM included. */
export function buildCsv<T>(columns: ReadonlyArray<ExportColumn<T>>, rows: ReadonlyArray<T>): string {
  const included = exportedColumns(columns);
  return csvText(
    included.map((column) => column.header),
    rows.map((row) =>
      included.map((column) => {
        const value = exportCell(column, row);
        if (value instanceof Date) return column.format === 'datetime' ? csvDateTime(value) : csvDate(value);
        return value;
      }),
    ),
  );
}

/** Excel forbids some characters and more than 31 characters in a sheet name. */
function sheetName(name: string): string {
  const clean = name.replace(/[[\]:*?/\\]/g, ' ').trim();
  return (clean || 'Hoja1').slice(0, 31);
}

export async function buildXlsx<T>(
  columns: ReadonlyArray<ExportColumn<T>>,
  rows: ReadonlyArray<T>,
  name = 'Hoja1',
): Promise<ArrayBuffer> {
  const { Workbook } = await loadExcel();
  const included = exportedColumns(columns);
  const workbook = new Workbook();
  workbook.creator = 'ERP Servicios';
  workbook.created = new Date();
  const sheet = workbook.addWorksheet(sheetName(name), { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.addRow(included.map((column) => column.header)).font = { bold: true };
  const widths = included.map((column) => column.header.length);
  for (const row of rows) {
    const values = included.map((column) => exportCell(column, row));
    values.forEach((value, index) => {
      widths[index] = Math.max(widths[index] ?? 0, value === null ? 0 : value instanceof Date ? (included[index]!.format === 'datetime' ? 16 : 10) : String(value).length);
    });
    const added = sheet.addRow(values);
    values.forEach((value, index) => {
      const format = included[index]!.format;
      if (value instanceof Date) added.getCell(index + 1).numFmt = format === 'datetime' ? DATETIME_FORMAT : DATE_FORMAT;
      else if (typeof value === 'number' && format === 'money') added.getCell(index + 1).numFmt = MONEY_FORMAT;
    });
  }
  widths.forEach((width, index) => {
    sheet.getColumn(index + 1).width = Math.min(60, Math.max(10, width + 2));
  });
  return toArrayBuffer(await workbook.xlsx.writeBuffer());
}

/** exceljs returns a Node Buffer (a view over a shared pool) or a polyfilled one in the browser. */
function toArrayBuffer(data: unknown): ArrayBuffer {
  if (data instanceof ArrayBuffer) return data;
  if (ArrayBuffer.isView(data)) {
    return new Uint8Array(data.buffer, data.byteOffset, data.byteLength).slice().buffer;
  }
  throw new Error('exceljs devolvió un tipo de dato inesperado');
}

/** "Artículos" → "Artículos-2026-11-21.xlsx"; only characters a file system rejects are replaced. */
export function exportFileName(name: string, format: ExportFormat, today = dayjs()): string {
  const base = name.replace(/[\\/:*?"<>|]+/g, '-').trim() || 'exportacion';
  return `${base}-${today.format('YYYY-MM-DD')}.${format}`;
}

export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Revoking at once can cancel the download in some browsers.
  window.setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

export async function exportRows<T>(
  name: string,
  columns: ReadonlyArray<ExportColumn<T>>,
  rows: ReadonlyArray<T>,
  format: ExportFormat,
): Promise<void> {
  const fileName = exportFileName(name, format);
  if (format === 'csv') {
    downloadBlob(new Blob([buildCsv(columns, rows)], { type: 'text/csv;charset=utf-8' }), fileName);
    return;
  }
  const data = await buildXlsx(columns, rows, name);
  downloadBlob(
    new Blob([data], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }),
    fileName,
  );
}
