// Almacén under parallel requests (PGlite: one connection, transactions
// queue; PostgreSQL: READ COMMITTED with row locks): stock never below zero,
// gapless folios, no deadlocks, documents closed or cancelled once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './harness';
import { expectRefused, makeArticle, makeFixture, okData, post, Q, stockOf, today, type Fixture } from './warehouse-helpers';

let s: TestServer;
let clerk: string;
let f: Fixture;
beforeAll(async () => {
  s = await startServer();
  clerk = await s.login('almacen@demo.mx');
  f = await makeFixture(s, clerk);
});
afterAll(async () => s?.stop());

const folioNumber = (folio: string) => Number(folio.split('-')[1]);
const consecutive = (numbers: number[]) => {
  const sorted = [...numbers].sort((a, b) => a - b);
  return sorted.every((n, i) => i === 0 || n === sorted[i - 1] + 1);
};

describe('parallel postings', () => {
  it('50 parallel salidas of 1 unit on 30 in stock: exactly 30 succeed, stock 0, never negative', async () => {
    const a = await makeArticle(s, clerk, f);
    okData(await post(s, clerk, { conceptId: f.entrada, warehouseId: f.w1, lines: [{ articleId: a.id, quantity: '30', unitCost: '7.35' }] }));
    const results = await Promise.all(Array.from({ length: 50 }, () => post(s, clerk, { conceptId: f.salida, warehouseId: f.w1, lines: [{ articleId: a.id, quantity: '1' }] })));
    const ok = results.filter((r) => r.data?.stockMovementPost);
    const refused = results.filter((r) => r.errors);
    expect(ok).toHaveLength(30);
    expect(refused).toHaveLength(20);
    for (const r of refused) {
      expectRefused(r, 'BAD_USER_INPUT', { 'lines.0.quantity': `Existencia insuficiente de ${a.sku} Artículo ${a.sku} en Almacén Prueba Uno: disponible 0, se requieren 1 (Pieza).` });
    }
    expect(await stockOf(s, clerk, f.w1, a.id)).toEqual({ quantity: '0', value: '0', averageCost: '7.35' });
    // Every salida took 7.35; their folios are 30 distinct consecutive numbers.
    expect(ok.every((r) => r.data!.stockMovementPost.totalAmount === '7.35')).toBe(true);
    expect(consecutive(ok.map((r) => folioNumber(r.data!.stockMovementPost.folio)))).toBe(true);
    expect(new Set(ok.map((r) => r.data!.stockMovementPost.folio)).size).toBe(30);
    // The ledger went 30, 29, … 0: one unit per step, never below zero.
    const k = okData(await s.gql(Q.kardex, { a: a.id, w: f.w1, from: today, to: today }, clerk)).kardex;
    expect(k.entries.map((e: { balanceQuantity: string }) => Number(e.balanceQuantity))).toEqual(Array.from({ length: 31 }, (_, i) => 30 - i));
    expect(k.entries[30].balanceValue).toBe('0');
  });

  it('20 parallel movements of the same kind get 20 distinct consecutive folios', async () => {
    const a = await makeArticle(s, clerk, f);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => post(s, clerk, { conceptId: f.entrada, warehouseId: f.w1, lines: [{ articleId: a.id, quantity: String(i + 1), unitCost: '2' }] })),
    );
    const folios = results.map((r) => okData(r).stockMovementPost.folio as string);
    expect(folios.every((x) => x.startsWith('E-'))).toBe(true);
    expect(new Set(folios).size).toBe(20);
    expect(consecutive(folios.map(folioNumber))).toBe(true);
    // 1 + 2 + … + 20 = 210 units at 2.00 = 420.00
    expect(await stockOf(s, clerk, f.w1, a.id)).toEqual({ quantity: '210', value: '420', averageCost: '2' });
  });

  it('crossing traspasos and salidas that touch the same rows in opposite orders do not deadlock', async () => {
    const x = await makeArticle(s, clerk, f);
    const y = await makeArticle(s, clerk, f);
    okData(await post(s, clerk, { conceptId: f.entrada, warehouseId: f.w1, lines: [{ articleId: x.id, quantity: '100', unitCost: '3' }, { articleId: y.id, quantity: '100', unitCost: '5' }] }));
    okData(await post(s, clerk, { conceptId: f.entrada, warehouseId: f.w2, lines: [{ articleId: x.id, quantity: '100', unitCost: '3' }, { articleId: y.id, quantity: '100', unitCost: '5' }] }));
    const calls = Array.from({ length: 24 }, (_, i) => {
      const forward = i % 2 === 0;
      const lines = forward ? [{ articleId: x.id, quantity: '1' }, { articleId: y.id, quantity: '1' }] : [{ articleId: y.id, quantity: '1' }, { articleId: x.id, quantity: '1' }];
      return i % 3 === 0
        ? post(s, clerk, { conceptId: f.salida, warehouseId: forward ? f.w1 : f.w2, lines })
        : post(s, clerk, { conceptId: f.traspaso, warehouseId: forward ? f.w1 : f.w2, targetWarehouseId: forward ? f.w2 : f.w1, lines });
    });
    const results = await Promise.all(calls);
    for (const r of results) okData(r);
    // 8 salidas took 2 units each (1 x + 1 y); traspasos keep totals: 400 - 16 = 384 units.
    const sx = [await stockOf(s, clerk, f.w1, x.id), await stockOf(s, clerk, f.w2, x.id)];
    const sy = [await stockOf(s, clerk, f.w1, y.id), await stockOf(s, clerk, f.w2, y.id)];
    expect(Number(sx[0]!.quantity) + Number(sx[1]!.quantity)).toBe(192);
    expect(Number(sy[0]!.quantity) + Number(sy[1]!.quantity)).toBe(192);
    // Every unit of x is worth 3.00 and of y 5.00 wherever it is.
    expect(Number(sx[0]!.value) + Number(sx[1]!.value)).toBe(576);
    expect(Number(sy[0]!.value) + Number(sy[1]!.value)).toBe(960);
  });
});

describe('parallel document transitions', () => {
  it('a movement cancelled by 5 parallel requests is reversed once', async () => {
    const a = await makeArticle(s, clerk, f);
    okData(await post(s, clerk, { conceptId: f.entrada, warehouseId: f.w1, lines: [{ articleId: a.id, quantity: '10', unitCost: '1' }] }));
    const m = okData(await post(s, clerk, { conceptId: f.salida, warehouseId: f.w1, lines: [{ articleId: a.id, quantity: '4' }] })).stockMovementPost;
    const results = await Promise.all(Array.from({ length: 5 }, () => s.gql(Q.cancel, { id: m.id }, clerk)));
    expect(results.filter((r) => r.data?.stockMovementCancel)).toHaveLength(1);
    for (const r of results.filter((x) => x.errors)) expect(expectRefused(r, 'CONFLICT').message).toBe('El movimiento ya está cancelado.');
    expect(await stockOf(s, clerk, f.w1, a.id)).toMatchObject({ quantity: '10', value: '10' });
  });

  it('a count closed by 4 parallel requests posts its adjustments once', async () => {
    const wh = okData(await s.gql(Q.warehouseCreate, { input: { code: `PAR${Date.now() % 100000}`, name: 'Almacén paralelo' } }, clerk)).warehouseCreate.id;
    const a = await makeArticle(s, clerk, f);
    okData(await post(s, clerk, { conceptId: f.entrada, warehouseId: wh, lines: [{ articleId: a.id, quantity: '10', unitCost: '2' }] }));
    const open = okData(await s.gql(`mutation($w:ID!){ inventoryCountOpen(input:{ warehouseId:$w }){ id version } }`, { w: wh }, clerk)).inventoryCountOpen;
    const cap = okData(await s.gql(`mutation($id:ID!,$v:Int!,$e:[InventoryCountEntryInput!]!){ inventoryCountCapture(id:$id,version:$v,entries:$e){ version } }`, { id: open.id, v: open.version, e: [{ articleId: a.id, countedQuantity: '7' }] }, clerk)).inventoryCountCapture;
    const results = await Promise.all(Array.from({ length: 4 }, () => s.gql(`mutation($id:ID!,$v:Int!){ inventoryCountClose(id:$id,version:$v){ status } }`, { id: open.id, v: cap.version }, clerk)));
    expect(results.filter((r) => r.data?.inventoryCountClose?.status === 'CERRADO')).toHaveLength(1);
    for (const r of results.filter((x) => x.errors)) expectRefused(r, 'CONFLICT');
    expect(await stockOf(s, clerk, wh, a.id)).toMatchObject({ quantity: '7', value: '14' });
  });

  it('a requisition fulfilled by 4 parallel requests delivers once', async () => {
    const a = await makeArticle(s, clerk, f);
    okData(await post(s, clerk, { conceptId: f.entrada, warehouseId: f.w1, lines: [{ articleId: a.id, quantity: '10', unitCost: '1' }] }));
    const r = okData(await s.gql(`mutation($i: WarehouseRequisitionInput!){ warehouseRequisitionCreate(input:$i){ id version lines { id } } }`, { i: { area: 'Taller', warehouseId: f.w1, neededDate: today, lines: [{ articleId: a.id, quantity: '3' }] } }, clerk)).warehouseRequisitionCreate;
    const auth = okData(await s.gql(`mutation($id:ID!,$v:Int!,$l:[WarehouseRequisitionLineQuantity!]!){ warehouseRequisitionAuthorize(id:$id,version:$v,lines:$l){ version } }`, { id: r.id, v: r.version, l: [{ lineId: r.lines[0].id, quantity: '3' }] }, clerk)).warehouseRequisitionAuthorize;
    const results = await Promise.all(
      Array.from({ length: 4 }, () => s.gql(`mutation($id:ID!,$v:Int!,$l:[WarehouseRequisitionLineQuantity!]!){ warehouseRequisitionFulfill(id:$id,version:$v,lines:$l){ status } }`, { id: r.id, v: auth.version, l: [{ lineId: r.lines[0].id, quantity: '3' }] }, clerk)),
    );
    expect(results.filter((x) => x.data?.warehouseRequisitionFulfill?.status === 'SURTIDA')).toHaveLength(1);
    for (const x of results.filter((y) => y.errors)) expectRefused(x, 'CONFLICT');
    expect(await stockOf(s, clerk, f.w1, a.id)).toMatchObject({ quantity: '7' });
  });
});
