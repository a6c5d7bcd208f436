// Almacén API: the stock ledger with exact figures computed by hand,
// catalogues, physical counts, requisitions and PDM requests.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, startServer, type TestServer } from './harness';
import { checkDateRange } from './dateRange';
import {
  auditTotal,
  daysAgo,
  expectRefused,
  makeArticle,
  makeFixture,
  okData,
  post,
  Q,
  stockOf,
  today,
  uniq,
  type Fixture,
} from './warehouse-helpers';

let s: TestServer;
let admin: string;
let clerk: string; // Almacenista: every Almacén permission
let f: Fixture;
beforeAll(async () => {
  s = await startServer();
  [admin, clerk] = await Promise.all([s.login(ADMIN_EMAIL), s.login('almacen@demo.mx')]);
  f = await makeFixture(s, clerk);
});
afterAll(async () => s?.stop());

type KardexEntry = { folio: string; inQuantity: string; outQuantity: string; unitCost: string; amount: string; balanceQuantity: string; balanceValue: string; averageCost: string; conceptName: string };

const kardex = async (articleId: string, warehouseId: string, from: string, to: string) =>
  okData(await s.gql(Q.kardex, { a: articleId, w: warehouseId, from, to }, clerk)).kardex;

describe('moving-average cost and the kardex (figures computed by hand)', () => {
  let x: { id: string; sku: string };
  let y: { id: string; sku: string };
  const ids: Record<string, string> = {};

  it('entradas average the cost: (q·c + q1·c1)/(q + q1)', async () => {
    x = await makeArticle(s, clerk, f);
    // 10 @ 12.50 = 125.00 → avg 12.50
    const m1 = okData(await post(s, clerk, { date: daysAgo(10), conceptId: f.entrada, warehouseId: f.w1, reference: 'Factura A-1', lines: [{ articleId: x.id, quantity: '10', unitCost: '12.50' }] })).stockMovementPost;
    expect(m1).toMatchObject({ status: 'APLICADO', kind: 'ENTRADA', direction: 'IN', totalAmount: '125', lines: [{ quantity: '10', unitCost: '12.5', amount: '125' }] });
    expect(m1.folio).toMatch(/^E-\d{6}$/);
    // 5 @ 14.00 = 70.00 → (125 + 70) / 15 = 13.00
    const m2 = okData(await post(s, clerk, { date: daysAgo(9), conceptId: f.entrada, warehouseId: f.w1, lines: [{ articleId: x.id, quantity: '5', unitCost: '14' }] })).stockMovementPost;
    ids.m2 = m2.id;
    expect(await stockOf(s, clerk, f.w1, x.id)).toEqual({ quantity: '15', value: '195', averageCost: '13' });
  });

  it('salidas leave at the current average and do not move it; traspasos carry the value', async () => {
    // 3 × 13 = 39.00 → 12 / 156.00
    const m3 = okData(await post(s, clerk, { date: daysAgo(8), conceptId: f.salida, warehouseId: f.w1, lines: [{ articleId: x.id, quantity: '3' }] })).stockMovementPost;
    expect(m3).toMatchObject({ kind: 'SALIDA', totalAmount: '39', lines: [{ unitCost: '13', amount: '39' }] });
    expect(m3.folio).toMatch(/^S-\d{6}$/);
    // 4 × 13 = 52.00 from W1 to W2 → W1 8 / 104.00, W2 4 / 52.00
    const m4 = okData(await post(s, clerk, { date: daysAgo(7), conceptId: f.traspaso, warehouseId: f.w1, targetWarehouseId: f.w2, lines: [{ articleId: x.id, quantity: '4' }] })).stockMovementPost;
    ids.m4 = m4.id;
    expect(m4).toMatchObject({ kind: 'TRASPASO', totalAmount: '52', targetWarehouse: { id: f.w2 } });
    expect(await stockOf(s, clerk, f.w1, x.id)).toEqual({ quantity: '8', value: '104', averageCost: '13' });
    expect(await stockOf(s, clerk, f.w2, x.id)).toEqual({ quantity: '4', value: '52', averageCost: '13' });
    // 2 @ 16.10 = 32.20 → (104 + 32.20) / 10 = 13.62
    okData(await post(s, clerk, { date: daysAgo(6), conceptId: f.entrada, warehouseId: f.w1, lines: [{ articleId: x.id, quantity: '2', unitCost: '16.10' }] }));
    // 7 × 13.62 = 95.34 → 3 / 40.86
    const m6 = okData(await post(s, clerk, { date: daysAgo(5), conceptId: f.salida, warehouseId: f.w1, lines: [{ articleId: x.id, quantity: '7' }] })).stockMovementPost;
    ids.m6 = m6.id;
    expect(m6.totalAmount).toBe('95.34');
    expect(await stockOf(s, clerk, f.w1, x.id)).toEqual({ quantity: '3', value: '40.86', averageCost: '13.62' });
  });

  it('an exit beyond the stock is refused whole, naming the article and what is available', async () => {
    const other = await makeArticle(s, clerk, f);
    okData(await post(s, clerk, { date: daysAgo(5), conceptId: f.entrada, warehouseId: f.w1, lines: [{ articleId: other.id, quantity: '20', unitCost: '1' }] }));
    const before = await auditTotal(s, admin);
    const r = await post(s, clerk, { conceptId: f.salida, warehouseId: f.w1, lines: [{ articleId: other.id, quantity: '5' }, { articleId: x.id, quantity: '4' }] });
    const message = `Existencia insuficiente de ${x.sku} Artículo ${x.sku} en Almacén Prueba Uno: disponible 3, se requieren 4 (Pieza).`;
    const e = expectRefused(r, 'BAD_USER_INPUT', { 'lines.1.quantity': message });
    expect(e.message).toBe(message);
    // Nothing written: the line that fitted did not move either.
    expect(await stockOf(s, clerk, f.w1, other.id)).toMatchObject({ quantity: '20' });
    expect(await stockOf(s, clerk, f.w1, x.id)).toMatchObject({ quantity: '3' });
    expect(await auditTotal(s, admin)).toBe(before);
    // An article split across lines is judged on its total: 2 + 2 > 3.
    const split = await post(s, clerk, { conceptId: f.salida, warehouseId: f.w1, lines: [{ articleId: x.id, quantity: '2' }, { articleId: x.id, quantity: '2' }] });
    expect(Object.keys(expectRefused(split, 'BAD_USER_INPUT').extensions!.fields!)).toEqual(['lines.0.quantity', 'lines.1.quantity']);
  });

  it('cancelling posts the reverse, links both, and never edits the original', async () => {
    // Reverse of the salida (7 for 95.34) gives the same value back → 10 / 136.20, avg 13.62.
    const c6 = okData(await s.gql(Q.cancel, { id: ids.m6, reason: 'Capturada dos veces' }, clerk)).stockMovementCancel;
    expect(c6).toMatchObject({ status: 'CANCELADO', totalAmount: '95.34', lines: [{ quantity: '7', amount: '95.34' }] });
    expect(c6.reversedBy.folio).toMatch(/^S-\d{6}$/);
    const rev = okData(await s.gql(`query($id:ID!){ stockMovement(id:$id){ status direction date reference reverses { id folio } totalAmount } }`, { id: c6.reversedBy.id }, clerk)).stockMovement;
    expect(rev).toEqual({ status: 'APLICADO', direction: 'IN', date: today, reference: `Cancelación de ${c6.folio}`, reverses: { id: ids.m6, folio: c6.folio }, totalAmount: '95.34' });
    expect(await stockOf(s, clerk, f.w1, x.id)).toEqual({ quantity: '10', value: '136.2', averageCost: '13.62' });
    // Reverse of the 5 @ 14 entrada leaves at today's average: 5 × 13.62 = 68.10 → 5 / 68.10.
    okData(await s.gql(Q.cancel, { id: ids.m2 }, clerk));
    expect(await stockOf(s, clerk, f.w1, x.id)).toEqual({ quantity: '5', value: '68.1', averageCost: '13.62' });
    // Reverse of the traspaso: 4 back from W2 at 13 = 52.00 → W1 9 / 120.10, avg 120.10 / 9 = 13.344444; W2 empty.
    okData(await s.gql(Q.cancel, { id: ids.m4 }, clerk));
    expect(await stockOf(s, clerk, f.w1, x.id)).toEqual({ quantity: '9', value: '120.1', averageCost: '13.344444' });
    expect(await stockOf(s, clerk, f.w2, x.id)).toEqual({ quantity: '0', value: '0', averageCost: '13' });
    // The last exit takes exactly the value left, whatever the rounding.
    okData(await post(s, clerk, { conceptId: f.salida, warehouseId: f.w1, lines: [{ articleId: x.id, quantity: '9' }] }));
    expect(await stockOf(s, clerk, f.w1, x.id)).toEqual({ quantity: '0', value: '0', averageCost: '13.344444' });
  });

  it('refuses cancelling twice, cancelling a reversal, and a reversal that would go negative', async () => {
    const again = await s.gql(Q.cancel, { id: ids.m6 }, clerk);
    expect(expectRefused(again, 'CONFLICT').message).toBe('El movimiento ya está cancelado.');
    const m6 = okData(await s.gql(`query($id:ID!){ stockMovement(id:$id){ reversedBy { id } } }`, { id: ids.m6 }, clerk)).stockMovement;
    expect(expectRefused(await s.gql(Q.cancel, { id: m6.reversedBy.id }, clerk), 'CONFLICT').message).toBe('Una reversa no se cancela: registra un movimiento nuevo.');
    // The first entrada (10) cannot be reversed: W1 holds 0 now.
    const k = await kardex(x.id, f.w1, daysAgo(10), daysAgo(10));
    const first = await s.gql(`query($f:StockMovementFilter){ stockMovements(filter:$f){ items { id folio } } }`, { f: { articleId: x.id, kind: 'ENTRADA', from: daysAgo(10), to: daysAgo(10) } }, clerk);
    const firstId = okData(first).stockMovements.items[0].id;
    const before = await auditTotal(s, admin);
    const neg = await s.gql(Q.cancel, { id: firstId }, clerk);
    expect(expectRefused(neg, 'CONFLICT').message).toBe(
      `No se puede cancelar: la reversa dejaría en negativo ${x.sku} Artículo ${x.sku} en Almacén Prueba Uno (disponible 0, la reversa retira 10; Pieza).`,
    );
    expect(await auditTotal(s, admin)).toBe(before);
    expect(k.entries[0].folio).toBe(okData(first).stockMovements.items[0].folio);
  });

  it('kardex of a date range: opening balance, running quantity and value, closing balance', async () => {
    const k = await kardex(x.id, f.w1, daysAgo(8), daysAgo(6));
    expect(k.opening).toEqual({ quantity: '15', value: '195', averageCost: '13' });
    expect(k.entries.map((e: KardexEntry) => [e.inQuantity, e.outQuantity, e.unitCost, e.amount, e.balanceQuantity, e.balanceValue, e.averageCost])).toEqual([
      ['0', '3', '13', '39', '12', '156', '13'],
      ['0', '4', '13', '52', '8', '104', '13'],
      ['2', '0', '16.1', '32.2', '10', '136.2', '13.62'],
    ]);
    expect(k.closing).toEqual({ quantity: '10', value: '136.2', averageCost: '13.62' });
    expect([k.totalIn, k.totalOut, k.truncated]).toEqual(['2', '7', false]);

    const all = await kardex(x.id, f.w1, daysAgo(30), today);
    expect(all.opening).toEqual({ quantity: '0', value: '0', averageCost: '0' });
    expect(all.entries.map((e: KardexEntry) => `${e.balanceQuantity}/${e.balanceValue}`)).toEqual([
      '10/125', '15/195', '12/156', '8/104', '10/136.2', '3/40.86', '10/136.2', '5/68.1', '9/120.1', '0/0',
    ]);
    expect(all.entries[6].conceptName).toMatch(/^Cancelación: /);
    expect(all.closing).toEqual({ quantity: '0', value: '0', averageCost: '13.344444' });
    const w2 = await kardex(x.id, f.w2, daysAgo(30), today);
    expect(w2.entries.map((e: KardexEntry) => `${e.inQuantity}-${e.outQuantity}=${e.balanceQuantity}/${e.balanceValue}`)).toEqual(['4-0=4/52', '0-4=0/0']);
  });

  it('rounds averages to 6 decimals and amounts to cents, with decimal units', async () => {
    y = await makeArticle(s, clerk, f, { unit: 'KGM' });
    okData(await post(s, clerk, { date: daysAgo(10), conceptId: f.entrada, warehouseId: f.w1, lines: [{ articleId: y.id, quantity: '3', unitCost: '10' }] }));
    // (30 + 44) / 7 = 10.571428571… → 10.571429
    okData(await post(s, clerk, { date: daysAgo(9), conceptId: f.entrada, warehouseId: f.w1, lines: [{ articleId: y.id, quantity: '4', unitCost: '11' }] }));
    // 2.5 × 10.571429 = 26.4285725 → 26.43 → 4.5 / 47.57
    okData(await post(s, clerk, { date: daysAgo(8), conceptId: f.salida, warehouseId: f.w1, lines: [{ articleId: y.id, quantity: '2.5' }] }));
    // 0.125 × 10.571429 = 1.321428625 → 1.32 → 4.375 / 46.25
    okData(await post(s, clerk, { date: daysAgo(7), conceptId: f.salida, warehouseId: f.w1, lines: [{ articleId: y.id, quantity: '0.125' }] }));
    // Everything left: 46.25 exactly (not 4.375 × 10.571429 = 46.25 by luck: the rule is "take the value left").
    okData(await post(s, clerk, { date: daysAgo(7), conceptId: f.salida, warehouseId: f.w1, lines: [{ articleId: y.id, quantity: '4.375' }] }));
    const k = await kardex(y.id, f.w1, daysAgo(8), today);
    expect(k.opening).toEqual({ quantity: '7', value: '74', averageCost: '10.571429' });
    expect(k.entries.map((e: KardexEntry) => [e.outQuantity, e.amount, e.balanceQuantity, e.balanceValue])).toEqual([
      ['2.5', '26.43', '4.5', '47.57'],
      ['0.125', '1.32', '4.375', '46.25'],
      ['4.375', '46.25', '0', '0'],
    ]);
    // The article's average over every warehouse is read-only and follows the stock.
    const art = okData(await s.gql(`query($id:ID!){ article(id:$id){ totalQuantity averageCost } }`, { id: y.id }, clerk)).article;
    expect(art).toEqual({ totalQuantity: '0', averageCost: '0' });
  });

  it('an entrada whose concept does not affect cost enters at the current average; dates never go backwards', async () => {
    const z = await makeArticle(s, clerk, f);
    okData(await post(s, clerk, { date: daysAgo(3), conceptId: f.entrada, warehouseId: f.w1, lines: [{ articleId: z.id, quantity: '4', unitCost: '7.25' }] }));
    const dev = okData(await post(s, clerk, { date: daysAgo(2), conceptId: f.entradaSinCosto, warehouseId: f.w1, lines: [{ articleId: z.id, quantity: '2', unitCost: '999' }] })).stockMovementPost;
    expect(dev.lines[0]).toMatchObject({ unitCost: '7.25', amount: '14.5' });
    expect(await stockOf(s, clerk, f.w1, z.id)).toEqual({ quantity: '6', value: '43.5', averageCost: '7.25' });
    const back = await post(s, clerk, { date: daysAgo(4), conceptId: f.salida, warehouseId: f.w1, lines: [{ articleId: z.id, quantity: '1' }] });
    expectRefused(back, 'BAD_USER_INPUT', { date: `La fecha no puede ser anterior al último movimiento de ${z.sku} Artículo ${z.sku} en Almacén Prueba Uno (${daysAgo(2).split('-').reverse().join('/')}).` });
    const future = await post(s, clerk, { date: '2999-01-01', conceptId: f.salida, warehouseId: f.w1, lines: [{ articleId: z.id, quantity: '1' }] });
    expectRefused(future, 'BAD_USER_INPUT', { date: 'La fecha no puede ser posterior a hoy.' });
  });
});

describe('existencias', () => {
  it('flags below minimum / above maximum / reorder, filters by flag, line and warehouse, totals per warehouse', async () => {
    const line2 = okData(await s.gql(Q.lineCreate, { input: { code: uniq('LX'), name: 'Línea existencias' } }, clerk)).productLineCreate.id;
    const wh = okData(await s.gql(Q.warehouseCreate, { input: { code: uniq('WX'), name: 'Almacén Existencias' } }, clerk)).warehouseCreate.id;
    const low = await makeArticle(s, clerk, { ...f, line: line2 }, { minStock: '10', maxStock: '50', reorderPoint: '15' });
    const high = await makeArticle(s, clerk, { ...f, line: line2 }, { minStock: '1', maxStock: '5' });
    okData(await post(s, clerk, { conceptId: f.entrada, warehouseId: wh, lines: [{ articleId: low.id, quantity: '4', unitCost: '2.5' }, { articleId: high.id, quantity: '8', unitCost: '100' }] }));
    const rows = okData(await s.gql(Q.stock, { filter: { warehouseId: wh } }, clerk)).stockLevels;
    expect(rows.total).toBe(2);
    const bySku = Object.fromEntries(rows.items.map((i: { article: { sku: string } }) => [i.article.sku, i]));
    expect(bySku[low.sku]).toMatchObject({ quantity: '4', value: '10', averageCost: '2.5', belowMinimum: true, aboveMaximum: false, atReorderPoint: true });
    expect(bySku[high.sku]).toMatchObject({ quantity: '8', value: '800', belowMinimum: false, aboveMaximum: true, atReorderPoint: false });
    const below = okData(await s.gql(Q.stock, { filter: { warehouseId: wh, flag: 'BAJO_MINIMO' } }, clerk)).stockLevels;
    expect(below.items.map((i: { article: { sku: string } }) => i.article.sku)).toEqual([low.sku]);
    const byLine = okData(await s.gql(Q.stock, { filter: { lineId: line2 } }, clerk)).stockLevels;
    expect(byLine.total).toBe(2);
    const totals = okData(await s.gql(`query($f:StockLevelFilter){ stockTotals(filter:$f){ warehouse { id } articleCount quantity value belowMinimumCount aboveMaximumCount } }`, { f: { warehouseId: wh } }, clerk)).stockTotals;
    expect(totals).toEqual([{ warehouse: { id: wh }, articleCount: 2, quantity: '12', value: '810', belowMinimumCount: 1, aboveMaximumCount: 1 }]);
  });

  it('exports existencias and a kardex as XLSX and PDF (exportar), refused to a viewer', async () => {
    const xlsx = okData(await s.gql(`query{ stockExport(format: XLSX){ fileName mimeType base64 } }`, {}, clerk)).stockExport;
    expect(xlsx.mimeType).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(Buffer.from(xlsx.base64, 'base64').subarray(0, 2).toString()).toBe('PK');
    const pdf = okData(await s.gql(`query{ stockExport(format: PDF, filter:{ flag: BAJO_MINIMO }){ fileName base64 } }`, {}, clerk)).stockExport;
    expect(Buffer.from(pdf.base64, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
    const art = await makeArticle(s, clerk, f);
    okData(await post(s, clerk, { conceptId: f.entrada, warehouseId: f.w1, lines: [{ articleId: art.id, quantity: '3', unitCost: '9.99' }] }));
    for (const format of ['XLSX', 'PDF']) {
      const k = okData(await s.gql(`query($a:ID!,$w:ID!,$from:Date!,$to:Date!,$fmt:WarehouseExportFormat!){ kardexExport(articleId:$a,warehouseId:$w,from:$from,to:$to,format:$fmt){ fileName base64 } }`, { a: art.id, w: f.w1, from: daysAgo(30), to: today, fmt: format }, clerk)).kardexExport;
      expect(k.fileName).toMatch(new RegExp(`^kardex-${art.sku}-.*\\.${format.toLowerCase()}$`));
      expect(Buffer.from(k.base64, 'base64').length).toBeGreaterThan(500);
    }
    const viewer = await s.login('consulta@demo.mx');
    expectRefused(await s.gql(`query{ stockExport(format: XLSX){ fileName } }`, {}, viewer), 'FORBIDDEN');
    // ver is enough for the screens themselves.
    okData(await s.gql(Q.kardex, { a: art.id, w: f.w1, from: daysAgo(1), to: today }, viewer));
  });
});

describe('CSV exports (the same writer as every list export: BOM, CRLF, DD/MM/AAAA)', () => {
  const decode = (file: { base64: string }) => Buffer.from(file.base64, 'base64').toString('utf8');

  it('existencias as CSV: header and a row with exact figures, filtered like the screen; refused to a viewer', async () => {
    const a = await makeArticle(s, clerk, f, { name: 'Válvula 1/2", latón', unit: 'KGM', minStock: '5', maxStock: '20', reorderPoint: '8' });
    okData(await post(s, clerk, { conceptId: f.entrada, warehouseId: f.w1, lines: [{ articleId: a.id, quantity: '2.5', unitCost: '12.40' }] }));
    const file = okData(await s.gql(`query($w:ID!,$q:String){ stockExport(format: CSV, filter:{ warehouseId:$w }, search:$q){ fileName mimeType base64 } }`, { w: f.w1, q: a.sku }, clerk)).stockExport;
    expect(file.fileName).toMatch(/^existencias-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(file.mimeType).toBe('text/csv; charset=utf-8');
    const text = decode(file);
    expect(text.startsWith('\uFEFF')).toBe(true);
    // 2.5 kg × 12.40 = 31.00; 2.5 is below the minimum 5 and the reorder point 8.
    expect(text.slice(1).split('\r\n')).toEqual([
      'Almacén,SKU,Artículo,Unidad,Existencia,Costo promedio,Valor,Mínimo,Máximo,Alertas',
      `Almacén Prueba Uno,${a.sku},"Válvula 1/2"", latón",Kilogramo,2.5,12.4,31.00,5,20,"Bajo mínimo, Reordenar"`,
    ]);
    const viewer = await s.login('consulta@demo.mx');
    expectRefused(await s.gql(`query{ stockExport(format: CSV){ fileName } }`, {}, viewer), 'FORBIDDEN');
  });

  it('kárdex as CSV: opening balance, each movement, closing balance, exact figures', async () => {
    const a = await makeArticle(s, clerk, f, { unit: 'KGM' });
    const inMv = okData(await post(s, clerk, { conceptId: f.entrada, warehouseId: f.w1, date: daysAgo(2), reference: 'FAC-77', lines: [{ articleId: a.id, quantity: '2.5', unitCost: '12.40' }] })).stockMovementPost;
    const outMv = okData(await post(s, clerk, { conceptId: f.salida, warehouseId: f.w1, lines: [{ articleId: a.id, quantity: '1' }] })).stockMovementPost;
    const file = okData(await s.gql(`query($a:ID!,$w:ID!,$from:Date!,$to:Date!){ kardexExport(articleId:$a,warehouseId:$w,from:$from,to:$to,format:CSV){ fileName mimeType base64 } }`, { a: a.id, w: f.w1, from: daysAgo(5), to: today }, clerk)).kardexExport;
    expect(file.fileName).toMatch(new RegExp(`^kardex-${a.sku}-.*\\.csv$`));
    expect(file.mimeType).toBe('text/csv; charset=utf-8');
    const dmy = (iso: string) => iso.split('-').reverse().join('/');
    // In 2.5 × 12.40 = 31.00; out 1 at the average 12.40 = 12.40; left 1.5 worth 18.60.
    expect(decode(file).slice(1).split('\r\n')).toEqual([
      'Fecha,Folio,Concepto,Referencia,Entrada,Salida,Costo unitario,Importe,Existencia,Saldo',
      `${dmy(daysAgo(5))},,Saldo inicial,,,,0,,0,0.00`,
      `${dmy(daysAgo(2))},${inMv.folio},Concepto ENTRADA,FAC-77,2.5,,12.4,31.00,2.5,31.00`,
      `${dmy(today)},${outMv.folio},Concepto SALIDA,,,1,12.4,12.40,1.5,18.60`,
      `${dmy(today)},,Saldo final,,2.5,1,12.4,,1.5,18.60`,
    ]);
  });
});

describe('catalogues', () => {
  it('warehouse codes are unique (case-insensitive); edits are optimistic; delete deactivates when referenced', async () => {
    const code = uniq('dup');
    const w = okData(await s.gql(Q.warehouseCreate, { input: { code, name: 'Duplicado' } }, clerk)).warehouseCreate;
    expect(w.code).toBe(code.toUpperCase());
    expectRefused(await s.gql(Q.warehouseCreate, { input: { code: code.toLowerCase(), name: 'Otro' } }, clerk), 'BAD_USER_INPUT', { code: 'Ya existe un almacén con esa clave.' });
    const u = okData(await s.gql(Q.warehouseUpdate, { id: w.id, v: w.version, input: { code, name: 'Renombrado' } }, clerk)).warehouseUpdate;
    expect(u).toMatchObject({ name: 'Renombrado', version: w.version + 1 });
    expectRefused(await s.gql(Q.warehouseUpdate, { id: w.id, v: w.version, input: { code, name: 'Viejo' } }, clerk), 'CONFLICT');
    const del = okData(await s.gql(Q.warehouseDelete, { id: w.id, v: u.version }, clerk)).warehouseDelete;
    expect(del).toEqual({ id: w.id, deleted: true, deactivated: false, message: 'Registro eliminado.' });
    const used = okData(await s.gql(Q.warehouseDelete, { id: f.w2, v: 1 }, clerk)).warehouseDelete;
    expect(used).toMatchObject({ deleted: false, deactivated: true });
    const after = okData(await s.gql(`query($id:ID!){ warehouse(id:$id){ active version } }`, { id: f.w2 }, clerk)).warehouse;
    expect(after).toEqual({ active: false, version: 2 });
    // An inactive warehouse takes no movements.
    const art = await makeArticle(s, clerk, f);
    expectRefused(await post(s, clerk, { conceptId: f.entrada, warehouseId: f.w2, lines: [{ articleId: art.id, quantity: '1', unitCost: '1' }] }), 'BAD_USER_INPUT', {
      warehouseId: 'El almacén Almacén Prueba Dos está inactivo.',
    });
    okData(await s.gql(Q.warehouseUpdate, { id: f.w2, v: 2, input: { code: 'REACT' + uniq(''), name: 'Almacén Prueba Dos', active: true } }, clerk));
  });

  it('articles: SKU unique, unit from the catalogue, decimals of the unit, min ≤ reorder ≤ max; average cost is read-only', async () => {
    const sku = uniq('SKU-');
    const a = okData(await s.gql(Q.articleCreate, { input: { sku, name: 'Cable THW 12', lineId: f.line, unit: 'MTR', minStock: '10.5', maxStock: '100', reorderPoint: '20' } }, clerk)).articleCreate;
    expect(a).toMatchObject({ sku: sku.toUpperCase(), unit: { code: 'MTR', decimals: 2 }, minStock: '10.5', averageCost: '0', totalQuantity: '0' });
    const bad = await s.gql(Q.articleCreate, { input: { sku, name: 'Otro', lineId: f.line, unit: 'H87', minStock: '1.5', maxStock: '10', reorderPoint: '2' } }, clerk);
    expectRefused(bad, 'BAD_USER_INPUT', { sku: 'Ya existe un artículo con ese SKU.', minStock: 'La unidad Pieza solo admite cantidades enteras.' });
    expectRefused(await s.gql(Q.articleCreate, { input: { sku: uniq('S'), name: 'X', lineId: f.line, unit: 'ZZZ' } }, clerk), 'BAD_USER_INPUT', { unit: 'Unidad de medida no válida.' });
    expectRefused(await s.gql(Q.articleCreate, { input: { sku: uniq('S'), name: 'X', lineId: f.line, unit: 'H87', minStock: '20', maxStock: '10' } }, clerk), 'BAD_USER_INPUT', { minStock: 'El mínimo no puede ser mayor que el máximo.' });
    expectRefused(await s.gql(Q.articleCreate, { input: { sku: uniq('S'), name: 'X', lineId: f.line, unit: 'H87', minStock: '5', maxStock: '10', reorderPoint: '11' } }, clerk), 'BAD_USER_INPUT', { reorderPoint: 'El punto de reorden debe estar entre el mínimo y el máximo.' });
    expectRefused(await s.gql(Q.articleCreate, { input: { sku: 'con espacio', name: 'X', lineId: f.line, unit: 'H87' } }, clerk), 'BAD_USER_INPUT', { sku: 'Usa letras, números, guiones, puntos o diagonales (sin espacios).' });
    // averageCost is not an input: the schema refuses it.
    const sneaky = await s.gql(Q.articleCreate, { input: { sku: uniq('S'), name: 'X', lineId: f.line, unit: 'H87', averageCost: '1' } }, clerk);
    expect(sneaky.errors![0].extensions!.code).toBe('BAD_USER_INPUT');
    // Units: a quantity with more decimals than its unit allows is refused in a movement.
    const tooMany = await post(s, clerk, { conceptId: f.entrada, warehouseId: f.w1, lines: [{ articleId: a.id, quantity: '1.125', unitCost: '1' }] });
    expectRefused(tooMany, 'BAD_USER_INPUT', { 'lines.0.quantity': 'La unidad Metro admite máximo 2 decimales.' });
  });

  it('an article with movements is deactivated, not deleted; a line with articles too; unused ones are deleted', async () => {
    const used = await makeArticle(s, clerk, f);
    okData(await post(s, clerk, { conceptId: f.entrada, warehouseId: f.w1, lines: [{ articleId: used.id, quantity: '1', unitCost: '1' }] }));
    expect(okData(await s.gql(Q.articleDelete, { id: used.id, v: used.version }, clerk)).articleDelete).toMatchObject({ deleted: false, deactivated: true });
    expectRefused(await post(s, clerk, { conceptId: f.salida, warehouseId: f.w1, lines: [{ articleId: used.id, quantity: '1' }] }), 'BAD_USER_INPUT', { 'lines.0.articleId': `El artículo ${used.sku} está inactivo.` });
    const unused = await makeArticle(s, clerk, f);
    expect(okData(await s.gql(Q.articleDelete, { id: unused.id, v: unused.version }, clerk)).articleDelete).toMatchObject({ deleted: true });
    expect(okData(await s.gql(`query($id:ID!){ article(id:$id){ id } }`, { id: unused.id }, clerk)).article).toBeNull();
    expect(okData(await s.gql(Q.lineDelete, { id: f.line, v: 1 }, clerk)).productLineDelete).toMatchObject({ deactivated: true });
    okData(await s.gql(Q.lineUpdate, { id: f.line, v: 2, input: { code: uniq('L'), name: 'Línea de prueba', active: true } }, clerk));
  });

  it('concepts: the kind decides the direction, AJUSTE needs one; system concepts keep their kind', async () => {
    const aj = okData(await s.gql(Q.conceptCreate, { input: { code: uniq('AJ'), name: 'Ajuste', kind: 'AJUSTE', direction: 'OUT', affectsCost: true } }, clerk)).stockConceptCreate;
    expect(aj).toMatchObject({ kind: 'AJUSTE', direction: 'OUT', affectsCost: false, system: false });
    expectRefused(await s.gql(Q.conceptCreate, { input: { code: uniq('AJ'), name: 'Ajuste', kind: 'AJUSTE' } }, clerk), 'BAD_USER_INPUT', { direction: 'Indica si el ajuste es de entrada o de salida.' });
    const sys = okData(await s.gql(`{ stockConcepts(filter:{ kind: SALIDA }, list:{ pageSize: 200 }){ items { id code system version } } }`, {}, clerk)).stockConcepts.items.find((c: { system: boolean }) => c.system);
    expectRefused(await s.gql(Q.conceptUpdate, { id: sys.id, v: sys.version, input: { code: sys.code, name: 'Otro', kind: 'ENTRADA' } }, clerk), 'BAD_USER_INPUT', { kind: 'Es un concepto del sistema: no se puede cambiar su tipo ni desactivar.' });
    expectRefused(await s.gql(Q.conceptDelete, { id: sys.id, v: sys.version }, clerk), 'BAD_USER_INPUT');
  });

  it('imports articles all-or-nothing with per-row Spanish messages', async () => {
    const lineCode = okData(await s.gql(`query($id:ID!){ productLine(id:$id){ code } }`, { id: f.line }, clerk)).productLine.code;
    const skuA = uniq('IMP-');
    const skuB = uniq('IMP-');
    const existing = await makeArticle(s, clerk, f);
    const rows = [
      { sku: skuA, name: 'Guante de carnaza', line: lineCode, unit: 'Par', minStock: '10', maxStock: '50', reorderPoint: '15' },
      { sku: skuB, name: 'Aceite 15W-40', line: 'Línea de prueba', unit: 'LTR', minStock: '2.5', maxStock: '', reorderPoint: '', barcode: '7501234567890' },
      { sku: existing.sku, name: 'Repetido', line: lineCode, unit: 'pieza' },
      { sku: skuA, name: '', line: 'NO-EXISTE', unit: 'docena', minStock: '-1' },
      { sku: uniq('IMP-'), name: 'x'.repeat(10_000), line: lineCode, unit: 'H87', minStock: '1.5' },
    ];
    const before = okData(await s.gql(`{ articles { total } }`, {}, clerk)).articles.total;
    const r = await s.gql(Q.articleImport, { rows }, clerk);
    const e = expectRefused(r, 'BAD_USER_INPUT', {
      'rows.3.sku': 'Ya existe un artículo con ese SKU.',
      'rows.4.sku': 'El SKU se repite en el archivo.',
      'rows.4.name': 'Este campo es obligatorio.',
      'rows.4.line': 'La línea no existe.',
      'rows.4.unit': 'Unidad de medida no válida.',
      'rows.4.minStock': 'La cantidad no puede ser negativa.',
      'rows.5.name': 'Máximo 200 caracteres.',
    });
    expect(e.message).toBe('Hay errores en 3 filas: corrígelas y vuelve a importar; no se importó nada.');
    expect(okData(await s.gql(`{ articles { total } }`, {}, clerk)).articles.total).toBe(before);
    const ok = okData(await s.gql(Q.articleImport, { rows: rows.slice(0, 2) }, clerk)).articleImport;
    expect(ok).toEqual({ created: 2 });
    const imported = okData(await s.gql(`query($q:String){ articles(list:{search:$q}){ items { sku unit { code } minStock } } }`, { q: skuB }, clerk)).articles.items;
    expect(imported).toEqual([{ sku: skuB.toUpperCase(), unit: { code: 'LTR' }, minStock: '2.5' }]);
  });
});

describe('inventario (physical count)', () => {
  const COUNT = 'id folio status version lineCount countedCount inMovement { id folio } outMovement { id folio } lines { article { id sku } snapshotQuantity expectedQuantity countedQuantity difference unitCost differenceValue }';
  it('snapshot, capture (by id and SKU), movements while open, close posts one ajuste entrada and one ajuste salida; never twice', async () => {
    const wh = okData(await s.gql(Q.warehouseCreate, { input: { code: uniq('INV'), name: 'Almacén Inventario' } }, clerk)).warehouseCreate.id;
    const a = await makeArticle(s, clerk, f);
    const b = await makeArticle(s, clerk, f);
    const c = await makeArticle(s, clerk, f);
    okData(await post(s, clerk, { date: daysAgo(2), conceptId: f.entrada, warehouseId: wh, lines: [{ articleId: a.id, quantity: '10', unitCost: '5' }, { articleId: b.id, quantity: '20', unitCost: '2.5' }] }));
    const opened = okData(await s.gql(`mutation($i: InventoryCountOpenInput!){ inventoryCountOpen(input:$i){ ${COUNT} } }`, { i: { warehouseId: wh, notes: 'Cierre de mes' } }, clerk)).inventoryCountOpen;
    expect(opened).toMatchObject({ status: 'ABIERTO', lineCount: 2, countedCount: 0 });
    expect(opened.folio).toMatch(/^INV-\d{6}$/);
    expectRefused(await s.gql(`mutation($i: InventoryCountOpenInput!){ inventoryCountOpen(input:$i){ id } }`, { i: { warehouseId: wh } }, clerk), 'CONFLICT');
    // Counted: A 8 (by id), B 23 (by SKU), C found on the shelf: 4.
    const captured = okData(
      await s.gql(`mutation($id:ID!,$v:Int!,$e:[InventoryCountEntryInput!]!){ inventoryCountCapture(id:$id,version:$v,entries:$e){ ${COUNT} } }`, {
        id: opened.id, v: opened.version, e: [{ articleId: a.id, countedQuantity: '8' }, { sku: b.sku.toLowerCase(), countedQuantity: '23' }, { sku: c.sku, countedQuantity: '4' }],
      }, clerk),
    ).inventoryCountCapture;
    expect(captured).toMatchObject({ lineCount: 3, countedCount: 3 });
    // While open, a salida of 1 A moves the expected quantity: 10 → 9, difference 8 - 9 = -1.
    okData(await post(s, clerk, { date: daysAgo(1), conceptId: f.salida, warehouseId: wh, lines: [{ articleId: a.id, quantity: '1' }] }));
    const live = okData(await s.gql(`query($id:ID!){ inventoryCount(id:$id){ ${COUNT} } }`, { id: opened.id }, clerk)).inventoryCount;
    const lineA = live.lines.find((l: { article: { id: string } }) => l.article.id === a.id);
    expect(lineA).toMatchObject({ snapshotQuantity: '10', expectedQuantity: '9', countedQuantity: '8', difference: '-1', differenceValue: '-5' });
    const close = `mutation($id:ID!,$v:Int!){ inventoryCountClose(id:$id,version:$v){ ${COUNT} } }`;
    const closed = okData(await s.gql(close, { id: opened.id, v: captured.version }, clerk)).inventoryCountClose;
    expect(closed.status).toBe('CERRADO');
    const byId = Object.fromEntries(closed.lines.map((l: { article: { id: string } }) => [l.article.id, l]));
    // A: 8 - 9 = -1 × 5 = -5.00; B: 23 - 20 = +3 × 2.5 = 7.50; C: 4 - 0 = +4 at no known cost = 0.00.
    expect(byId[a.id]).toMatchObject({ expectedQuantity: '9', difference: '-1', differenceValue: '-5' });
    expect(byId[b.id]).toMatchObject({ expectedQuantity: '20', difference: '3', differenceValue: '7.5' });
    expect(byId[c.id]).toMatchObject({ expectedQuantity: '0', difference: '4', differenceValue: '0' });
    const inMov = okData(await s.gql(`query($id:ID!){ stockMovement(id:$id){ kind direction reference totalAmount lines { article { id } quantity } } }`, { id: closed.inMovement.id }, clerk)).stockMovement;
    expect(inMov).toMatchObject({ kind: 'AJUSTE', direction: 'IN', reference: closed.folio, totalAmount: '7.5' });
    expect(inMov.lines.map((l: { article: { id: string }; quantity: string }) => [l.article.id, l.quantity]).sort()).toEqual([[b.id, '3'], [c.id, '4']].sort());
    const outMov = okData(await s.gql(`query($id:ID!){ stockMovement(id:$id){ kind direction totalAmount } }`, { id: closed.outMovement.id }, clerk)).stockMovement;
    expect(outMov).toEqual({ kind: 'AJUSTE', direction: 'OUT', totalAmount: '5' });
    expect(await stockOf(s, clerk, wh, a.id)).toMatchObject({ quantity: '8' });
    expect(await stockOf(s, clerk, wh, b.id)).toMatchObject({ quantity: '23', value: '57.5' });
    expect(await stockOf(s, clerk, wh, c.id)).toMatchObject({ quantity: '4' });
    // Closing twice: refused, nothing posted again.
    const before = await auditTotal(s, admin);
    expect(expectRefused(await s.gql(close, { id: opened.id, v: closed.version }, clerk), 'CONFLICT').message).toBe('El inventario ya no está abierto.');
    expect(await auditTotal(s, admin)).toBe(before);
  });
});

describe('requisiciones', () => {
  const REQ = 'id folio status version rejectionReason requesterName movements { id folio } lines { id requestedQuantity authorizedQuantity deliveredQuantity pendingQuantity article { id available } }';
  const create = `mutation($i: WarehouseRequisitionInput!){ warehouseRequisitionCreate(input:$i){ ${REQ} } }`;
  const authorize = `mutation($id:ID!,$v:Int!,$l:[WarehouseRequisitionLineQuantity!]!){ warehouseRequisitionAuthorize(id:$id,version:$v,lines:$l){ ${REQ} } }`;
  const fulfill = `mutation($id:ID!,$v:Int!,$l:[WarehouseRequisitionLineQuantity!]!){ warehouseRequisitionFulfill(id:$id,version:$v,lines:$l){ ${REQ} } }`;
  const reject = `mutation($id:ID!,$v:Int!,$r:String!){ warehouseRequisitionReject(id:$id,version:$v,reason:$r){ ${REQ} } }`;

  it('pendiente → autorizada → surtida parcial → surtida, each delivery posting a salida', async () => {
    const a = await makeArticle(s, clerk, f);
    const b = await makeArticle(s, clerk, f);
    okData(await post(s, clerk, { conceptId: f.entrada, warehouseId: f.w1, lines: [{ articleId: a.id, quantity: '6', unitCost: '10' }, { articleId: b.id, quantity: '50', unitCost: '3' }] }));
    const r = okData(await s.gql(create, { i: { area: 'Mantenimiento', originReference: 'OM-000123', warehouseId: f.w1, neededDate: today, lines: [{ articleId: a.id, quantity: '8' }, { articleId: b.id, quantity: '5' }] } }, clerk)).warehouseRequisitionCreate;
    expect(r).toMatchObject({ status: 'PENDIENTE', requesterName: 'Demo Almacenista', version: 1 });
    expect(r.folio).toMatch(/^REQ-\d{6}$/);
    // Nothing can be delivered before authorisation.
    expectRefused(await s.gql(fulfill, { id: r.id, v: r.version, l: [{ lineId: r.lines[0].id, quantity: '1' }] }, clerk), 'CONFLICT');
    expectRefused(await s.gql(authorize, { id: r.id, v: r.version, l: [{ lineId: r.lines[0].id, quantity: '9' }] }, clerk), 'BAD_USER_INPUT', { 'lines.0.quantity': 'No se puede autorizar más de lo solicitado.' });
    const auth = okData(await s.gql(authorize, { id: r.id, v: r.version, l: [{ lineId: r.lines[0].id, quantity: '8' }, { lineId: r.lines[1].id, quantity: '4' }] }, admin)).warehouseRequisitionAuthorize;
    expect(auth.status).toBe('AUTORIZADA');
    expect(auth.lines.map((l: { authorizedQuantity: string; pendingQuantity: string }) => [l.authorizedQuantity, l.pendingQuantity])).toEqual([['8', '8'], ['4', '4']]);
    // Authorised 8 but only 6 on hand: the salida refuses it whole.
    const short = await s.gql(fulfill, { id: r.id, v: auth.version, l: [{ lineId: auth.lines[0].id, quantity: '8' }, { lineId: auth.lines[1].id, quantity: '4' }] }, clerk);
    expectRefused(short, 'BAD_USER_INPUT', { 'lines.0.quantity': `Existencia insuficiente de ${a.sku} Artículo ${a.sku} en Almacén Prueba Uno: disponible 6, se requieren 8 (Pieza).` });
    expectRefused(await s.gql(fulfill, { id: r.id, v: auth.version, l: [{ lineId: auth.lines[1].id, quantity: '5' }] }, clerk), 'BAD_USER_INPUT', { 'lines.0.quantity': 'No se puede surtir más de lo autorizado pendiente (4).' });
    const partial = okData(await s.gql(fulfill, { id: r.id, v: auth.version, l: [{ lineId: auth.lines[0].id, quantity: '6' }, { lineId: auth.lines[1].id, quantity: '4' }] }, clerk)).warehouseRequisitionFulfill;
    expect(partial.status).toBe('SURTIDA_PARCIAL');
    expect(partial.movements).toHaveLength(1);
    expect(partial.lines.map((l: { deliveredQuantity: string; pendingQuantity: string }) => [l.deliveredQuantity, l.pendingQuantity])).toEqual([['6', '2'], ['4', '0']]);
    expect(await stockOf(s, clerk, f.w1, a.id)).toMatchObject({ quantity: '0' });
    okData(await post(s, clerk, { conceptId: f.entrada, warehouseId: f.w1, lines: [{ articleId: a.id, quantity: '2', unitCost: '10' }] }));
    const done = okData(await s.gql(fulfill, { id: r.id, v: partial.version, l: [{ lineId: auth.lines[0].id, quantity: '2' }] }, clerk)).warehouseRequisitionFulfill;
    expect(done.status).toBe('SURTIDA');
    expect(done.movements).toHaveLength(2);
    const mv = okData(await s.gql(`query($id:ID!){ stockMovement(id:$id){ kind reference sourceType sourceId totalAmount } }`, { id: done.movements[1].id }, clerk)).stockMovement;
    expect(mv).toEqual({ kind: 'SALIDA', reference: r.folio, sourceType: 'REQUISICION', sourceId: r.id, totalAmount: '20' });
    // A requisition's salida is not cancelled from Movimientos.
    expectRefused(await s.gql(Q.cancel, { id: done.movements[1].id }, clerk), 'CONFLICT');
    expectRefused(await s.gql(fulfill, { id: r.id, v: done.version, l: [{ lineId: auth.lines[0].id, quantity: '1' }] }, clerk), 'CONFLICT');
  });

  it('rechazada with a reason; createRequisition is a service other modules call in their transaction', async () => {
    const a = await makeArticle(s, clerk, f);
    const r = okData(await s.gql(create, { i: { area: 'Obra', warehouseId: f.w1, neededDate: today, lines: [{ articleId: a.id, quantity: '1' }] } }, clerk)).warehouseRequisitionCreate;
    expectRefused(await s.gql(reject, { id: r.id, v: r.version, r: '   ' }, clerk), 'BAD_USER_INPUT', { reason: 'Escribe el motivo.' });
    const rej = okData(await s.gql(reject, { id: r.id, v: r.version, r: 'Sin presupuesto' }, clerk)).warehouseRequisitionReject;
    expect(rej).toMatchObject({ status: 'RECHAZADA', rejectionReason: 'Sin presupuesto' });
    expectRefused(await s.gql(authorize, { id: r.id, v: rej.version, l: [{ lineId: r.lines[0].id, quantity: '1' }] }, clerk), 'CONFLICT');
    const { createRequisition } = await import('../../server/modules/warehouse/service');
    expect(typeof createRequisition).toBe('function');
  });
});

describe('solicitud PDM', () => {
  const PDM = 'id folio status version supplier estimatedTotal rejectionReason sentByName lines { quantity estimatedUnitCost estimatedAmount article { id } }';
  it('pendiente → enviada a Compras; rechazada with a reason; totals exact', async () => {
    const a = await makeArticle(s, clerk, f);
    const b = await makeArticle(s, clerk, f);
    const create = `mutation($i: PdmRequestInput!){ pdmRequestCreate(input:$i){ ${PDM} } }`;
    const p = okData(await s.gql(create, { i: { supplier: 'Refaccionaria Hidalgo', justification: 'Bomba de agua para la unidad 04', lines: [{ articleId: a.id, quantity: '3', estimatedUnitCost: '1480.335' }, { articleId: b.id, quantity: '2', estimatedUnitCost: '99.99' }] } }, clerk)).pdmRequestCreate;
    // 3 × 1480.335 = 4441.005 → 4441.01; 2 × 99.99 = 199.98; total 4640.99
    expect(p).toMatchObject({ status: 'PENDIENTE', estimatedTotal: '4640.99', lines: [{ estimatedAmount: '4441.01' }, { estimatedAmount: '199.98' }] });
    expect(p.folio).toMatch(/^PDM-\d{6}$/);
    const sent = okData(await s.gql(`mutation($id:ID!,$v:Int!){ pdmRequestSend(id:$id,version:$v){ ${PDM} } }`, { id: p.id, v: p.version }, admin)).pdmRequestSend;
    expect(sent).toMatchObject({ status: 'ENVIADA', sentByName: 'Administrador del sistema' });
    expectRefused(await s.gql(`mutation($id:ID!,$v:Int!,$r:String!){ pdmRequestReject(id:$id,version:$v,reason:$r){ id } }`, { id: p.id, v: sent.version, r: 'Tarde' }, clerk), 'CONFLICT');
    const p2 = okData(await s.gql(create, { i: { justification: 'Filtros', lines: [{ articleId: a.id, quantity: '1', estimatedUnitCost: '10' }] } }, clerk)).pdmRequestCreate;
    const rej = okData(await s.gql(`mutation($id:ID!,$v:Int!,$r:String!){ pdmRequestReject(id:$id,version:$v,reason:$r){ ${PDM} } }`, { id: p2.id, v: p2.version, r: 'Hay en existencia' }, clerk)).pdmRequestReject;
    expect(rej).toMatchObject({ status: 'RECHAZADA', rejectionReason: 'Hay en existencia' });
  });
});

describe('demo data', () => {
  it('the demo company has 3 warehouses, 8 lines, ~300 articles and history with flags', async () => {
    const w = okData(await s.gql(`{ warehouses(list:{search:"ALM-"}){ total } productLines { total } articles(list:{search:"-00"}){ total } }`, {}, admin));
    expect(w.warehouses.total).toBe(3);
    expect(w.productLines.total).toBeGreaterThanOrEqual(8);
    expect(w.articles.total).toBeGreaterThanOrEqual(290);
    const flags = okData(await s.gql(`{ below: stockLevels(filter:{ flag: BAJO_MINIMO }){ total } above: stockLevels(filter:{ flag: SOBRE_MAXIMO }){ total } moves: stockMovements { total } }`, {}, admin));
    expect(flags.below.total).toBeGreaterThan(0);
    expect(flags.above.total).toBeGreaterThan(0);
    expect(flags.moves.total).toBeGreaterThan(50);
  });
});

describe('date range on the lists: both boundary days in, the days outside out, an inverted range refused', () => {
  it('Movimientos by date', async () => {
    await checkDateRange(s, clerk, { field: 'stockMovements', filterType: 'StockMovementFilter', dateField: 'date' });
  });
});
