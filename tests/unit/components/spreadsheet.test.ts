// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { readSpreadsheet, SpreadsheetError } from '../../../client/components/spreadsheet';
import { loadExcel } from '../../../client/components/excel';

const CORRUPT = 'El archivo está dañado o no es una hoja de cálculo válida.';
const UNSUPPORTED = 'Tipo de archivo no admitido. Usa un archivo de Excel (.xlsx) o CSV (.csv).';

async function makeXlsx(): Promise<Uint8Array<ArrayBuffer>> {
  const { Workbook } = await loadExcel();
  const workbook = new Workbook();
  const articles = workbook.addWorksheet('Artículos');
  articles.addRow(['Clave', 'Descripción', 'Cantidad', 'Alta', 'Activo']);
  articles.addRow(['A-1', 'Válvula ½"', 12.5, new Date(Date.UTC(2026, 10, 21)), true]);
  articles.addRow([]);
  articles.addRow(['A-2', { richText: [{ text: 'Tor' }, { text: 'nillo' }] }, { formula: 'C2*2', result: 25 }, null, false]);
  const other = workbook.addWorksheet('Notas');
  other.getCell('B2').value = 'única celda';
  const buffer = await workbook.xlsx.writeBuffer();
  return new Uint8Array(buffer as ArrayBuffer);
}

const fileOf = (content: BlobPart, name: string) => new File([content], name);

async function rejection(promise: Promise<unknown>): Promise<SpreadsheetError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof SpreadsheetError) return error;
    throw error;
  }
  throw new Error('expected a SpreadsheetError');
}

describe('readSpreadsheet', () => {
  it('reads every sheet of a generated xlsx (whatever the file is called)', async () => {
    const data = await readSpreadsheet(fileOf(await makeXlsx(), 'inventario.csv'));
    expect(data.sheets.map((sheet) => sheet.name)).toEqual(['Artículos', 'Notas']);
    expect(data.sheets[0]?.rows).toEqual([
      ['Clave', 'Descripción', 'Cantidad', 'Alta', 'Activo'],
      ['A-1', 'Válvula ½"', '12.5', '2026-11-21', 'VERDADERO'],
      ['A-2', 'Tornillo', '25', '', 'FALSO'],
    ]);
    expect(data.sheets[1]?.rows).toEqual([['', 'única celda']]);
  });

  it('reads a UTF-8 csv (with BOM), detecting the delimiter', async () => {
    const csv = '\uFEFFClave;Descripción;Precio\r\nA-1;"Válvula; roscada";1,234.50\r\n\r\nA-2;Tornillo\r\n';
    const data = await readSpreadsheet(fileOf(csv, 'articulos.csv'));
    expect(data.sheets).toEqual([
      {
        name: 'articulos',
        rows: [
          ['Clave', 'Descripción', 'Precio'],
          ['A-1', 'Válvula; roscada', '1,234.50'],
          ['A-2', 'Tornillo', ''],
        ],
      },
    ]);
  });

  it('reads a Windows-1252 csv as Excel in Spanish saves it', async () => {
    const latin1 = Uint8Array.from([0x41, 0xf1, 0x6f, 0x2c, 0x4e, 0x6f, 0x74, 0x61, 0x0a, 0x32, 0x30, 0x32, 0x36, 0x2c, 0xe9]);
    const data = await readSpreadsheet(fileOf(latin1, 'x.csv'));
    expect(data.sheets[0]?.rows).toEqual([['Año', 'Nota'], ['2026', 'é']]);
  });

  it('rejects files over the limit', async () => {
    const big = new Uint8Array(5 * 1024 * 1024 + 1).fill(0x41);
    const error = await rejection(readSpreadsheet(fileOf(big, 'grande.csv')));
    expect(error.code).toBe('TOO_LARGE');
    expect(error.message).toBe('El archivo supera el límite de 5 MB.');
    const custom = await rejection(readSpreadsheet(fileOf('a,b\n'.repeat(300), 'x.csv'), { maxBytes: 1024 }));
    expect(custom.message).toBe('El archivo supera el límite de 1 KB.');
  });

  it('rejects a corrupt xlsx', async () => {
    const bytes = await makeXlsx();
    const truncated = bytes.slice(0, Math.floor(bytes.length / 2));
    const error = await rejection(readSpreadsheet(fileOf(truncated, 'roto.xlsx')));
    expect(error.code).toBe('CORRUPT');
    expect(error.message).toBe(CORRUPT);

    const damaged = bytes.slice();
    // Scramble compressed data between the local headers, keep the directory intact.
    for (let index = 200; index < Math.min(damaged.length - 2000, 1200); index += 1) damaged[index] = 0x5a;
    const inflated = await rejection(readSpreadsheet(fileOf(damaged, 'roto.xlsx')));
    expect(inflated.message).toBe(CORRUPT);
  });

  it('rejects binary files and non-spreadsheet zips as unsupported', async () => {
    const pdf = await rejection(readSpreadsheet(fileOf('%PDF-1.7\n...', 'factura.xlsx')));
    expect(pdf.code).toBe('UNSUPPORTED');
    expect(pdf.message).toBe(UNSUPPORTED);
    const binary = await rejection(readSpreadsheet(fileOf(Uint8Array.from([1, 2, 0, 3, 4]), 'datos.csv')));
    expect(binary.message).toBe(UNSUPPORTED);
  });

  it('rejects an empty file', async () => {
    const error = await rejection(readSpreadsheet(fileOf('', 'vacio.csv')));
    expect(error.message).toBe('El archivo está vacío.');
  });
});
