// Reads an uploaded .xlsx or .csv into plain text grids for previews and
// imports. The file name is never trusted: the bytes decide. An .xlsx is a
// ZIP whose directory holds xl/workbook.xml; anything else is accepted only
// as CSV text. Runs in the browser and under vitest (node or jsdom).
//
// Result conventions: every cell is a string ('' when empty), dates are
// ISO ("2026-11-21" or "2026-11-21 14:05:00"), booleans VERDADERO/FALSO as
// Excel shows them in Spanish, fully empty rows are dropped and each sheet's
// rows are padded to the same width.
import Papa from 'papaparse';
import type { CellValue } from 'exceljs';
import { loadExcel } from './excel';

export type SpreadsheetSheet = { name: string; rows: string[][] };
export type SpreadsheetData = { sheets: SpreadsheetSheet[] };
export type SpreadsheetErrorCode = 'TOO_LARGE' | 'EMPTY' | 'CORRUPT' | 'UNSUPPORTED';

export class SpreadsheetError extends Error {
  readonly code: SpreadsheetErrorCode;

  constructor(code: SpreadsheetErrorCode, message: string) {
    super(message);
    this.name = 'SpreadsheetError';
    this.code = code;
  }
}

export const DEFAULT_MAX_SPREADSHEET_BYTES = 5 * 1024 * 1024;
// A ZIP declaring far more content than its size is a decompression bomb.
const MAX_EXPANSION_RATIO = 40;

const MESSAGES = {
  corrupt: 'El archivo está dañado o no es una hoja de cálculo válida.',
  unsupported: 'Tipo de archivo no admitido. Usa un archivo de Excel (.xlsx) o CSV (.csv).',
  empty: 'El archivo está vacío.',
  expands: 'El contenido del archivo es demasiado grande para procesarlo.',
} as const;

function tooLargeMessage(maxBytes: number): string {
  const size =
    maxBytes >= 1024 * 1024
      ? `${Math.round((maxBytes / (1024 * 1024)) * 10) / 10} MB`
      : maxBytes >= 1024
        ? `${Math.round(maxBytes / 1024)} KB`
        : `${maxBytes} bytes`;
  return `El archivo supera el límite de ${size}.`;
}

async function readBytes(file: Blob): Promise<Uint8Array> {
  if (typeof file.arrayBuffer === 'function') return new Uint8Array(await file.arrayBuffer());
  // Older DOM shims only offer FileReader.
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('FileReader'));
    reader.readAsArrayBuffer(file);
  });
}

function startsWith(bytes: Uint8Array, signature: ReadonlyArray<number>): boolean {
  return signature.length <= bytes.length && signature.every((byte, index) => bytes[index] === byte);
}

const ZIP_SIGNATURE = [0x50, 0x4b, 0x03, 0x04];
// Formats people pick by mistake: legacy .xls (OLE2), PDF, PNG, JPEG, GIF.
const KNOWN_BINARY = [
  [0xd0, 0xcf, 0x11, 0xe0],
  [0x25, 0x50, 0x44, 0x46],
  [0x89, 0x50, 0x4e, 0x47],
  [0xff, 0xd8, 0xff],
  [0x47, 0x49, 0x46, 0x38],
];

type ZipDirectory = { names: string[]; uncompressedBytes: number };

/** Reads the ZIP central directory (names and declared sizes) without inflating anything. */
function readZipDirectory(bytes: Uint8Array): ZipDirectory | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // The end record is 22 bytes plus a comment of up to 65535 bytes.
  const lowest = Math.max(0, bytes.length - 22 - 0xffff);
  let end = -1;
  for (let offset = bytes.length - 22; offset >= lowest; offset -= 1) {
    if (view.getUint32(offset, true) === 0x06054b50) {
      end = offset;
      break;
    }
  }
  if (end < 0) return null;
  const entries = view.getUint16(end + 10, true);
  let offset = view.getUint32(end + 16, true);
  const names: string[] = [];
  let uncompressedBytes = 0;
  const decoder = new TextDecoder();
  for (let index = 0; index < entries; index += 1) {
    if (offset + 46 > bytes.length || view.getUint32(offset, true) !== 0x02014b50) return null;
    uncompressedBytes += view.getUint32(offset + 24, true);
    const nameLength = view.getUint16(offset + 28, true);
    const extraLength = view.getUint16(offset + 30, true);
    const commentLength = view.getUint16(offset + 32, true);
    if (offset + 46 + nameLength > bytes.length) return null;
    names.push(decoder.decode(bytes.subarray(offset + 46, offset + 46 + nameLength)));
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return { names, uncompressedBytes };
}

function padRows(rows: string[][]): string[][] {
  const kept = rows.filter((row) => row.some((cell) => cell.trim() !== ''));
  const width = kept.reduce((max, row) => {
    let last = row.length;
    while (last > 0 && row[last - 1] === '') last -= 1;
    return Math.max(max, last);
  }, 0);
  return kept.map((row) => Array.from({ length: width }, (_, index) => row[index] ?? ''));
}

const pad2 = (value: number) => String(value).padStart(2, '0');

/** exceljs reads Excel dates as UTC instants of the cell's wall-clock value. */
function excelDateText(date: Date): string {
  if (Number.isNaN(date.getTime())) return '';
  const day = `${date.getUTCFullYear()}-${pad2(date.getUTCMonth() + 1)}-${pad2(date.getUTCDate())}`;
  const seconds = date.getUTCHours() * 3600 + date.getUTCMinutes() * 60 + date.getUTCSeconds();
  if (seconds === 0) return day;
  return `${day} ${pad2(date.getUTCHours())}:${pad2(date.getUTCMinutes())}:${pad2(date.getUTCSeconds())}`;
}

function cellText(value: CellValue | unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'VERDADERO' : 'FALSO';
  if (value instanceof Date) return excelDateText(value);
  if (typeof value !== 'object') return '';
  if ('richText' in value && Array.isArray(value.richText)) {
    return value.richText.map((part: unknown) => cellText(typeof part === 'object' && part && 'text' in part ? part.text : '')).join('');
  }
  if ('formula' in value || 'sharedFormula' in value) return 'result' in value ? cellText(value.result) : '';
  if ('text' in value) return cellText(value.text);
  if ('error' in value) return cellText(value.error);
  return '';
}

async function readXlsx(bytes: Uint8Array): Promise<SpreadsheetData> {
  const { Workbook } = await loadExcel();
  const workbook = new Workbook();
  try {
    await workbook.xlsx.load(bytes.slice().buffer);
  } catch {
    throw new SpreadsheetError('CORRUPT', MESSAGES.corrupt);
  }
  const sheets: SpreadsheetSheet[] = workbook.worksheets.map((worksheet) => {
    const rows: string[][] = [];
    worksheet.eachRow({ includeEmpty: false }, (row) => {
      const cells: string[] = [];
      row.eachCell({ includeEmpty: false }, (cell, column) => {
        cells[column - 1] = cellText(cell.value);
      });
      rows.push(Array.from(cells, (cell) => cell ?? ''));
    });
    return { name: worksheet.name, rows: padRows(rows) };
  });
  if (sheets.length === 0) throw new SpreadsheetError('CORRUPT', MESSAGES.corrupt);
  return { sheets };
}

function decodeText(bytes: Uint8Array): string {
  if (startsWith(bytes, [0xff, 0xfe])) return new TextDecoder('utf-16le').decode(bytes);
  if (startsWith(bytes, [0xfe, 0xff])) return new TextDecoder('utf-16be').decode(bytes);
  if (bytes.includes(0)) throw new SpreadsheetError('UNSUPPORTED', MESSAGES.unsupported);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    // "CSV (delimitado por comas)" from Excel in Spanish is Windows-1252.
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

function isControl(code: number): boolean {
  // Tab, line feed and carriage return are normal in CSV; other C0 controls and DEL are not.
  return (code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) || code === 0x7f;
}

function looksBinary(text: string): boolean {
  const sample = text.slice(0, 65536);
  let control = 0;
  for (let index = 0; index < sample.length; index += 1) {
    if (isControl(sample.charCodeAt(index))) control += 1;
  }
  return control > sample.length / 100;
}

function readCsv(bytes: Uint8Array, name: string): SpreadsheetData {
  const text = decodeText(bytes);
  if (looksBinary(text)) throw new SpreadsheetError('UNSUPPORTED', MESSAGES.unsupported);
  const parsed = Papa.parse<string[]>(text, { skipEmptyLines: 'greedy' });
  // An unclosed quote swallows the rest of the file into one cell.
  if (parsed.errors.some((error) => error.code === 'MissingQuotes')) {
    throw new SpreadsheetError('CORRUPT', MESSAGES.corrupt);
  }
  return { sheets: [{ name, rows: padRows(parsed.data.map((row) => row.map((cell) => cell ?? ''))) }] };
}

function baseName(file: Blob): string {
  const name = 'name' in file && typeof file.name === 'string' ? file.name : '';
  return name.replace(/\.[^.]*$/, '').trim() || 'Hoja1';
}

export async function readSpreadsheet(
  file: Blob,
  opts: { maxBytes?: number } = {},
): Promise<SpreadsheetData> {
  const maxBytes = opts.maxBytes ?? DEFAULT_MAX_SPREADSHEET_BYTES;
  if (file.size > maxBytes) throw new SpreadsheetError('TOO_LARGE', tooLargeMessage(maxBytes));
  if (file.size === 0) throw new SpreadsheetError('EMPTY', MESSAGES.empty);
  let bytes: Uint8Array;
  try {
    bytes = await readBytes(file);
  } catch {
    throw new SpreadsheetError('CORRUPT', MESSAGES.corrupt);
  }
  if (bytes.length > maxBytes) throw new SpreadsheetError('TOO_LARGE', tooLargeMessage(maxBytes));

  if (startsWith(bytes, ZIP_SIGNATURE)) {
    const directory = readZipDirectory(bytes);
    if (directory === null) throw new SpreadsheetError('CORRUPT', MESSAGES.corrupt);
    // .docx, .pptx, .xlsb or a plain .zip.
    if (!directory.names.includes('xl/workbook.xml')) {
      throw new SpreadsheetError('UNSUPPORTED', MESSAGES.unsupported);
    }
    if (directory.uncompressedBytes > MAX_EXPANSION_RATIO * maxBytes) {
      throw new SpreadsheetError('TOO_LARGE', MESSAGES.expands);
    }
    return readXlsx(bytes);
  }
  if (KNOWN_BINARY.some((signature) => startsWith(bytes, signature))) {
    throw new SpreadsheetError('UNSUPPORTED', MESSAGES.unsupported);
  }
  return readCsv(bytes, baseName(file));
}
