// The one CSV writer: the SPA's list exports (client/components/exportRows.ts)
// and the server's file exports (Almacén's existencias and kárdex) both write
// through it, so every CSV of the ERP looks the same: a UTF-8 BOM (Excel
// otherwise reads Windows-1252 and mangles accents), CRLF line ends, and cells
// that would run as a formula in a spreadsheet prefixed with '.
import Papa from 'papaparse';

export type CsvCell = string | number | null | undefined;

const BOM = '\uFEFF';
// A cell starting with = + @ (or "-" not followed by a plain number) would run
// as a formula when the CSV is opened in a spreadsheet; papaparse prefixes it with '.
const FORMULA_START = /^(?:[=+@\t\r]|-(?!\d+(?:\.\d+)?$))/;

/** The CSV text of a header row and data rows, BOM included; null and undefined are empty cells. */
export function csvText(headers: readonly string[], rows: ReadonlyArray<readonly CsvCell[]>): string {
  const csv = Papa.unparse(
    { fields: [...headers], data: rows.map((row) => row.map((cell) => cell ?? '')) },
    { escapeFormulae: FORMULA_START, newline: '\r\n' },
  );
  return BOM + csv;
}
