import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { buildCsv, buildXlsx, dateCell, exportFileName, type ExportColumn } from '../../../client/components/exportRows';
import { loadExcel } from '../../../client/components/excel';

type Row = { sku: string; name: string; price: string; active: boolean };

const columns: ExportColumn<Row>[] = [
  { key: 'sku', header: 'Clave' },
  { key: 'name', header: 'Descripción' },
  { key: 'price', header: 'Precio', exportValue: (row) => Number(row.price) },
  { key: 'active', header: 'Activo' },
  { key: 'actions', header: 'Acciones', exportable: false },
];

const rows: Row[] = [
  { sku: 'A-1', name: 'Válvula de presión, 1"', price: '1234.50', active: true },
  { sku: '=HYPERLINK("x")', name: '-menos', price: '-5', active: false },
];

describe('buildCsv', () => {
  it('writes a BOM, headers, quoted values and neutralises formulas', () => {
    const csv = buildCsv(columns, rows);
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(csv.slice(1).split('\r\n')).toEqual([
      'Clave,Descripción,Precio,Activo',
      'A-1,"Válvula de presión, 1""",1234.5,Sí',
      `"'=HYPERLINK(""x"")","'-menos",-5,No`,
    ]);
  });
});

describe('buildXlsx', () => {
  it('writes a workbook with a header row and numbers as numbers', async () => {
    const data = await buildXlsx(columns, rows, 'Artículos');
    const { Workbook } = await loadExcel();
    const workbook = new Workbook();
    await workbook.xlsx.load(data);
    const sheet = workbook.getWorksheet('Artículos');
    expect(sheet?.getRow(1).values).toEqual([undefined, 'Clave', 'Descripción', 'Precio', 'Activo']);
    expect(sheet?.getCell('C2').value).toBe(1234.5);
    expect(sheet?.getCell('B2').value).toBe('Válvula de presión, 1"');
    expect(sheet?.rowCount).toBe(3);
  });
});

describe('dates', () => {
  type Dated = { name: string; due: string | null };
  const dated: ExportColumn<Dated>[] = [
    { key: 'name', header: 'Nombre' },
    { key: 'due', header: 'Vence', exportValue: (r) => dateCell(r.due) },
  ];
  const list: Dated[] = [
    { name: 'INE', due: '2026-12-01' },
    { name: 'Acta', due: null },
  ];
  it('a calendar date is a real date in XLSX, shown DD/MM/AAAA, and DD/MM/AAAA in CSV', async () => {
    expect(buildCsv(dated, list).slice(1).split('\r\n')).toEqual(['Nombre,Vence', 'INE,01/12/2026', 'Acta,']);
    const { Workbook } = await loadExcel();
    const workbook = new Workbook();
    await workbook.xlsx.load(await buildXlsx(dated, list, 'Documentos'));
    const cell = workbook.getWorksheet('Documentos')!.getCell('B2');
    expect(cell.value).toEqual(new Date(Date.UTC(2026, 11, 1)));
    expect(cell.numFmt).toBe('dd/mm/yyyy');
    expect(workbook.getWorksheet('Documentos')!.getCell('B3').value).toBeNull();
  });
  it('dateCell refuses what is not a date', () => {
    expect(dateCell('')).toBeNull();
    expect(dateCell('hoy')).toBeNull();
    expect(dateCell('2026-02-30')).toBeNull();
    expect(dateCell('2026-11-21T10:00:00Z')).toEqual(new Date(Date.UTC(2026, 10, 21)));
  });
});

describe('exportFileName', () => {
  it('dates the file and replaces characters file systems reject', () => {
    expect(exportFileName('Artículos', 'xlsx', dayjs('2026-11-21'))).toBe('Artículos-2026-11-21.xlsx');
    expect(exportFileName('Entradas/Salidas', 'csv', dayjs('2026-11-21'))).toBe('Entradas-Salidas-2026-11-21.csv');
  });
});

describe('column formats', () => {
  type Doc = { folio: string; postalCode: string; total: string; qty: string; date: string; at: string };
  const cols: ExportColumn<Doc>[] = [
    { key: 'folio', header: 'Folio' },
    { key: 'postalCode', header: 'CP' },
    { key: 'total', header: 'Total', format: 'money' },
    { key: 'qty', header: 'Cantidad', format: 'number', exportValue: (r) => r.qty },
    { key: 'date', header: 'Fecha', format: 'date' },
    { key: 'at', header: 'Registrado', format: 'datetime' },
  ];
  // 18:30 UTC on 21 Nov 2026 is 12:30 in Mexico City (UTC-6, no daylight saving since 2022).
  const docs: Doc[] = [{ folio: '00012', postalCode: '06600', total: '1234.50', qty: '2.5000', date: '2026-11-21', at: '2026-11-21T18:30:00.000Z' }];

  it('writes money and quantities as numbers (money with a peso format), dates as dates, and leaves text with its zeros', async () => {
    const data = await buildXlsx(cols, docs, 'Docs');
    const { Workbook } = await loadExcel();
    const workbook = new Workbook();
    await workbook.xlsx.load(data);
    const sheet = workbook.getWorksheet('Docs')!;
    expect(sheet.getCell('A2').value).toBe('00012');
    expect(sheet.getCell('B2').value).toBe('06600');
    expect(sheet.getCell('C2').value).toBe(1234.5);
    expect(sheet.getCell('C2').numFmt).toBe('"$"#,##0.00;-"$"#,##0.00');
    expect(sheet.getCell('D2').value).toBe(2.5);
    expect((sheet.getCell('E2').value as Date).toISOString()).toBe('2026-11-21T00:00:00.000Z');
    expect(sheet.getCell('E2').numFmt).toBe('dd/mm/yyyy');
    expect((sheet.getCell('F2').value as Date).toISOString()).toBe('2026-11-21T12:30:00.000Z');
    expect(sheet.getCell('F2').numFmt).toBe('dd/mm/yyyy hh:mm');
  });

  it('writes the same in CSV: plain numbers, DD/MM/AAAA and the Mexico City hour', () => {
    expect(buildCsv(cols, docs).slice(1).split('\r\n')).toEqual(['Folio,CP,Total,Cantidad,Fecha,Registrado', '00012,06600,1234.5,2.5,21/11/2026,21/11/2026 12:30']);
  });

  it('leaves a value that is not what the format expects as it is', () => {
    const odd: Doc[] = [{ ...docs[0]!, total: 'n/d', date: 'pendiente', at: '' }];
    expect(buildCsv(cols, odd).slice(1).split('\r\n')[1]).toBe('00012,06600,n/d,2.5,pendiente,');
  });
});
