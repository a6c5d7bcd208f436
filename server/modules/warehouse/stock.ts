// Existencias (stock per warehouse × article with flags and totals) and the
// kardex (ledger of one article in one warehouse over a date range), with
// their XLSX/PDF/CSV exports.
import { getCompanyProfile } from '../../lib/company';
import { badInput, found, type FieldMessages } from '../../lib/errors';
import { readList, type ListInput } from '../../lib/list';
import { csvText, type CsvCell } from '../../../schema/csv';
import { dec, money } from '../../../schema/money';
import { formatDateMx, renderPdfBase64, type PdfColumn } from '../../lib/pdf';
import type { RequestContext } from '../../context';
import * as data from './data';
import { idOf } from './validation';
import { ENTITY } from './messages';
import { formatMovementFolio } from './posting';
import { unitOf } from './units';

const db = (ctx: RequestContext) => ctx.app.database.db;

export type StockFilterInput = { warehouseId?: string | null; lineId?: string | null; flag?: string | null; includeZero?: boolean | null } | null | undefined;

const readFilter = (f: StockFilterInput): data.StockLevelFilter => ({
  warehouseId: f?.warehouseId ? idOf(f.warehouseId) : null,
  lineId: f?.lineId ? idOf(f.lineId) : null,
  flag: f?.flag ?? null,
  includeZero: f?.includeZero ?? false,
});

export function listStockLevels(ctx: RequestContext, list: ListInput | null | undefined, filter: StockFilterInput) {
  return data.listStockLevels(db(ctx), readList(list, data.STOCK_SORTS, 'sku'), readFilter(filter));
}

export function stockTotals(ctx: RequestContext, filter: StockFilterInput, search?: string | null) {
  const q = readList({ search }, data.STOCK_SORTS, 'sku');
  return data.stockTotals(db(ctx), q.search, readFilter(filter));
}

// ---- kardex -------------------------------------------------------------------------

/** Entries one response carries; a longer range says `truncated` and the UI asks to narrow it. */
export const KARDEX_LIMIT = 5000;
const MAX_RANGE_DAYS = 3660;

export type KardexResult = {
  article: data.ArticleRow;
  warehouse: data.WarehouseRow;
  from: string;
  to: string;
  opening: { quantity: string; value: string; averageCost: string };
  entries: (data.KardexRow & { folioText: string })[];
  closing: { quantity: string; value: string; averageCost: string };
  totalIn: string;
  totalOut: string;
  truncated: boolean;
};

export async function kardex(ctx: RequestContext, args: { articleId: string; warehouseId: string; from: string; to: string }): Promise<KardexResult> {
  const fields: FieldMessages = {};
  if (args.from > args.to) fields.to = 'La fecha final no puede ser anterior a la inicial.';
  else if ((Date.parse(args.to) - Date.parse(args.from)) / 86_400_000 > MAX_RANGE_DAYS) fields.to = 'Consulta como máximo 10 años a la vez.';
  if (Object.keys(fields).length) throw badInput(fields);
  const ex = db(ctx);
  const articleId = idOf(args.articleId);
  const warehouseId = idOf(args.warehouseId);
  const [article, warehouse] = await Promise.all([data.findArticle(ex, articleId), data.findWarehouse(ex, warehouseId)]);
  const a = found(article, ENTITY.article);
  const w = found(warehouse, ENTITY.warehouse);
  const [open, rows] = await Promise.all([
    data.kardexOpening(ex, articleId, warehouseId, args.from),
    data.kardexEntries(ex, articleId, warehouseId, args.from, args.to, KARDEX_LIMIT + 1),
  ]);
  const truncated = rows.length > KARDEX_LIMIT;
  const entries = rows.slice(0, KARDEX_LIMIT).map((r) => ({ ...r, folioText: formatMovementFolio(r.series, r.folio) }));
  const opening = open
    ? { quantity: open.balanceQty, value: open.balanceValue, averageCost: open.balanceAvgCost }
    : { quantity: '0', value: '0', averageCost: '0' };
  const last = entries[entries.length - 1];
  const closing = last ? { quantity: last.balanceQty, value: last.balanceValue, averageCost: last.balanceAvgCost } : opening;
  const totalIn = entries.reduce((s, e) => s.plus(e.inQty), dec(0));
  const totalOut = entries.reduce((s, e) => s.plus(e.outQty), dec(0));
  return { article: a, warehouse: w, from: args.from, to: args.to, opening, entries, closing, totalIn: totalIn.toFixed(), totalOut: totalOut.toFixed(), truncated };
}

// ---- exports ---------------------------------------------------------------------------

export type ExportFormat = 'XLSX' | 'PDF' | 'CSV';
export type FileOut = { fileName: string; mimeType: string; base64: string };

const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const PDF_MIME = 'application/pdf';
const CSV_MIME = 'text/csv; charset=utf-8';

/** The CSV file: the same writer as every list export of the SPA (schema/csv.ts). */
const csvFile = (fileName: string, headers: readonly string[], rows: ReadonlyArray<readonly CsvCell[]>): FileOut => ({
  fileName,
  mimeType: CSV_MIME,
  base64: Buffer.from(csvText(headers, rows), 'utf8').toString('base64'),
});
/** A stored decimal as plain text without trailing zeros ("12.5000" → "12.5"); null stays empty. */
const plain = (v: string | null | undefined): string | null => (v === null || v === undefined ? null : dec(v).toFixed());

type SheetColumn = { header: string; key: string; width: number; numFmt?: string };

async function xlsxBase64(sheetName: string, title: string, columns: SheetColumn[], rows: Record<string, string | number | null>[], preamble: string[] = []): Promise<string> {
  // exceljs loads on the first export, not at every server start.
  const { default: ExcelJS } = await import('exceljs');
  const wb = new ExcelJS.Workbook();
  wb.creator = 'ERP Servicios MX';
  const ws = wb.addWorksheet(sheetName);
  ws.addRow([title]).font = { bold: true, size: 13 };
  for (const p of preamble) ws.addRow([p]);
  ws.addRow([]);
  const header = ws.addRow(columns.map((c) => c.header));
  header.font = { bold: true };
  for (const r of rows) ws.addRow(columns.map((c) => r[c.key] ?? null));
  columns.forEach((c, i) => {
    const col = ws.getColumn(i + 1);
    col.width = c.width;
    if (c.numFmt) col.numFmt = c.numFmt;
  });
  const buffer = await wb.xlsx.writeBuffer();
  return Buffer.from(buffer as ArrayBuffer).toString('base64');
}

const num = (v: string | null | undefined): number | null => (v === null || v === undefined ? null : Number(v));
const MONEY_FMT = '"$"#,##0.00';
const QTY_FMT = '#,##0.####';
const COST_FMT = '"$"#,##0.0000';

const EXPORT_MAX = 20000;

export async function exportStock(ctx: RequestContext, filter: StockFilterInput, search: string | null | undefined, format: ExportFormat): Promise<FileOut> {
  const ex = db(ctx);
  const f = readFilter(filter);
  const q = readList({ search, pageSize: 1 }, data.STOCK_SORTS, 'sku');
  const { items } = await data.listStockLevels(ex, { ...q, limit: EXPORT_MAX, offset: 0, sortBy: 'warehouse' }, f);
  const [arts, whs, totals] = await Promise.all([
    data.articlesByIds(ex, [...new Set(items.map((i) => i.articleId))]),
    data.warehousesByIds(ex, [...new Set(items.map((i) => i.warehouseId))]),
    data.stockTotals(ex, q.search, f),
  ]);
  const artById = new Map(arts.map((a) => [a.id, a]));
  const whById = new Map(whs.map((w) => [w.id, w]));
  const flags = (i: data.StockLevelRow) => [i.belowMinimum ? 'Bajo mínimo' : '', i.aboveMaximum ? 'Sobre máximo' : '', i.atReorderPoint ? 'Reordenar' : ''].filter(Boolean).join(', ');
  const rows = items.map((i) => {
    const a = artById.get(i.articleId);
    return {
      warehouse: whById.get(i.warehouseId)?.name ?? '',
      sku: a?.sku ?? '',
      name: a?.name ?? '',
      unit: unitOf(a?.unit ?? '').name,
      quantity: i.quantity,
      avgCost: i.avgCost,
      value: i.value,
      min: a?.minStock ?? '0',
      max: a?.maxStock ?? '0',
      flags: flags(i),
    };
  });
  const stamp = new Date().toISOString().slice(0, 10);
  if (format === 'CSV') {
    // A plain table (no totals rows), so it sorts and filters as it is.
    const headers = ['Almacén', 'SKU', 'Artículo', 'Unidad', 'Existencia', 'Costo promedio', 'Valor', 'Mínimo', 'Máximo', 'Alertas'];
    const cells = rows.map((r) => [r.warehouse, r.sku, r.name, r.unit, plain(r.quantity), plain(r.avgCost), money(r.value), plain(r.min), plain(r.max), r.flags]);
    return csvFile(`existencias-${stamp}.csv`, headers, cells);
  }
  if (format === 'XLSX') {
    const columns: SheetColumn[] = [
      { header: 'Almacén', key: 'warehouse', width: 24 },
      { header: 'SKU', key: 'sku', width: 16 },
      { header: 'Artículo', key: 'name', width: 40 },
      { header: 'Unidad', key: 'unit', width: 12 },
      { header: 'Existencia', key: 'quantity', width: 14, numFmt: QTY_FMT },
      { header: 'Costo promedio', key: 'avgCost', width: 16, numFmt: COST_FMT },
      { header: 'Valor', key: 'value', width: 16, numFmt: MONEY_FMT },
      { header: 'Mínimo', key: 'min', width: 10, numFmt: QTY_FMT },
      { header: 'Máximo', key: 'max', width: 10, numFmt: QTY_FMT },
      { header: 'Alertas', key: 'flags', width: 24 },
    ];
    const sheetRows = rows.map((r) => ({ ...r, quantity: num(r.quantity), avgCost: num(r.avgCost), value: num(r.value), min: num(r.min), max: num(r.max) }));
    for (const t of totals) {
      sheetRows.push({ warehouse: `Total ${whById.get(t.warehouseId)?.name ?? ''}`, sku: '', name: `${t.articleCount} artículos`, unit: '', quantity: null, avgCost: null, value: num(t.value), min: null, max: null, flags: '' });
    }
    return { fileName: `existencias-${stamp}.xlsx`, mimeType: XLSX_MIME, base64: await xlsxBase64('Existencias', 'Existencias', columns, sheetRows) };
  }
  const columns: PdfColumn[] = [
    { header: 'Almacén', key: 'warehouse', width: 3 },
    { header: 'SKU', key: 'sku', width: 2 },
    { header: 'Artículo', key: 'name', width: 5 },
    { header: 'Unidad', key: 'unit', width: 1.5 },
    { header: 'Existencia', key: 'quantity', width: 2, format: 'quantity' },
    { header: 'Costo prom.', key: 'avgCost', width: 2, format: 'money' },
    { header: 'Valor', key: 'value', width: 2.2, format: 'money' },
    { header: 'Alertas', key: 'flags', width: 2.5 },
  ];
  const base64 = await renderPdfBase64({
    company: await getCompanyProfile(ex),
    title: 'Existencias',
    subtitle: `Al ${formatDateMx(stamp)}`,
    orientation: 'landscape',
    blocks: [
      { kind: 'table', columns, rows, emptyText: 'Sin existencias con estos filtros.' },
      {
        kind: 'table',
        title: 'Totales por almacén',
        columns: [
          { header: 'Almacén', key: 'warehouse', width: 4 },
          { header: 'Artículos', key: 'count', width: 1.5, format: 'quantity' },
          { header: 'Bajo mínimo', key: 'below', width: 1.5, format: 'quantity' },
          { header: 'Sobre máximo', key: 'above', width: 1.5, format: 'quantity' },
          { header: 'Valor', key: 'value', width: 2, format: 'money' },
        ],
        rows: totals.map((t) => ({ warehouse: whById.get(t.warehouseId)?.name ?? '', count: t.articleCount, below: t.belowMinimumCount, above: t.aboveMaximumCount, value: t.value })),
      },
    ],
  });
  return { fileName: `existencias-${stamp}.pdf`, mimeType: PDF_MIME, base64 };
}

export async function exportKardex(ctx: RequestContext, args: { articleId: string; warehouseId: string; from: string; to: string }, format: ExportFormat): Promise<FileOut> {
  const k = await kardex(ctx, args);
  const unit = unitOf(k.article.unit).name;
  const period = `Del ${formatDateMx(k.from)} al ${formatDateMx(k.to)}`;
  const baseName = `kardex-${k.article.sku}-${k.warehouse.code}-${k.from}-${k.to}`.replace(/[^A-Za-z0-9._-]+/g, '-');
  const rows = k.entries.map((e) => ({
    date: e.date,
    folio: e.folioText,
    concept: e.conceptName,
    reference: e.reference,
    inQty: dec(e.inQty).isZero() ? null : e.inQty,
    outQty: dec(e.outQty).isZero() ? null : e.outQty,
    unitCost: e.unitCost,
    amount: e.amount,
    balanceQty: e.balanceQty,
    balanceValue: e.balanceValue,
  }));
  const openingRow = { date: k.from, folio: '', concept: 'Saldo inicial', reference: '', inQty: null, outQty: null, unitCost: k.opening.averageCost, amount: null, balanceQty: k.opening.quantity, balanceValue: k.opening.value };
  const closingRow = { date: k.to, folio: '', concept: 'Saldo final', reference: '', inQty: k.totalIn, outQty: k.totalOut, unitCost: k.closing.averageCost, amount: null, balanceQty: k.closing.quantity, balanceValue: k.closing.value };
  const header = [`Artículo: ${k.article.sku} ${k.article.name} (${unit})`, `Almacén: ${k.warehouse.code} ${k.warehouse.name}`, period];
  if (k.truncated) header.push(`Se muestran los primeros ${KARDEX_LIMIT} movimientos: acota el periodo para ver el resto.`);
  if (format === 'CSV') {
    // Article, warehouse and period are in the file name; the opening and closing balances are rows of the table.
    const headers = ['Fecha', 'Folio', 'Concepto', 'Referencia', 'Entrada', 'Salida', 'Costo unitario', 'Importe', 'Existencia', 'Saldo'];
    const cells = [openingRow, ...rows, closingRow].map((r) => [
      formatDateMx(r.date),
      r.folio,
      r.concept,
      r.reference,
      plain(r.inQty),
      plain(r.outQty),
      plain(r.unitCost),
      r.amount === null ? null : money(r.amount),
      plain(r.balanceQty),
      money(r.balanceValue),
    ]);
    return csvFile(`${baseName}.csv`, headers, cells);
  }
  if (format === 'XLSX') {
    const columns: SheetColumn[] = [
      { header: 'Fecha', key: 'date', width: 12 },
      { header: 'Folio', key: 'folio', width: 12 },
      { header: 'Concepto', key: 'concept', width: 30 },
      { header: 'Referencia', key: 'reference', width: 22 },
      { header: 'Entrada', key: 'inQty', width: 12, numFmt: QTY_FMT },
      { header: 'Salida', key: 'outQty', width: 12, numFmt: QTY_FMT },
      { header: 'Costo unitario', key: 'unitCost', width: 15, numFmt: COST_FMT },
      { header: 'Importe', key: 'amount', width: 15, numFmt: MONEY_FMT },
      { header: 'Existencia', key: 'balanceQty', width: 13, numFmt: QTY_FMT },
      { header: 'Saldo', key: 'balanceValue', width: 15, numFmt: MONEY_FMT },
    ];
    const sheetRows = [openingRow, ...rows, closingRow].map((r) => ({
      ...r,
      date: formatDateMx(r.date),
      inQty: num(r.inQty),
      outQty: num(r.outQty),
      unitCost: num(r.unitCost),
      amount: num(r.amount),
      balanceQty: num(r.balanceQty),
      balanceValue: num(r.balanceValue),
    }));
    return { fileName: `${baseName}.xlsx`, mimeType: XLSX_MIME, base64: await xlsxBase64('Kardex', 'Kardex', columns, sheetRows, header) };
  }
  const columns: PdfColumn[] = [
    { header: 'Fecha', key: 'date', width: 1.6, format: 'date' },
    { header: 'Folio', key: 'folio', width: 1.6 },
    { header: 'Concepto', key: 'concept', width: 3.2 },
    { header: 'Referencia', key: 'reference', width: 2.4 },
    { header: 'Entrada', key: 'inQty', width: 1.5, format: 'quantity' },
    { header: 'Salida', key: 'outQty', width: 1.5, format: 'quantity' },
    { header: 'Costo unit.', key: 'unitCost', width: 1.8, format: 'money' },
    { header: 'Importe', key: 'amount', width: 1.9, format: 'money' },
    { header: 'Existencia', key: 'balanceQty', width: 1.6, format: 'quantity' },
    { header: 'Saldo', key: 'balanceValue', width: 2, format: 'money' },
  ];
  const base64 = await renderPdfBase64({
    company: await getCompanyProfile(db(ctx)),
    title: 'Kardex',
    subtitle: period,
    orientation: 'landscape',
    blocks: [
      {
        kind: 'fields',
        columns: 2,
        fields: [
          { label: 'Artículo', value: `${k.article.sku} ${k.article.name}` },
          { label: 'Unidad', value: unit },
          { label: 'Almacén', value: `${k.warehouse.code} ${k.warehouse.name}` },
          { label: 'Costo promedio final', value: k.closing.averageCost, format: 'money' },
        ],
      },
      { kind: 'table', columns, rows: [openingRow, ...rows], footer: closingRow, emptyText: 'Sin movimientos en el periodo.' },
      ...(k.truncated ? [{ kind: 'text' as const, text: header[header.length - 1] }] : []),
    ],
  });
  return { fileName: `${baseName}.pdf`, mimeType: PDF_MIME, base64 };
}
