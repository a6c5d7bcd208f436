// "Cerrar requisición" (close short): an authorised or partly delivered
// requisition whose remainder will not arrive is closed with a reason. What
// was delivered stays exactly as delivered (no salida is reversed), the
// remainder is cancelled, the audit log says who and why; refused without
// `autorizar`, without a reason (nothing written), on a stale version and
// from any other state.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, startServer, type TestServer } from './harness';
import { auditTotal, expectRefused, makeArticle, makeFixture, okData, post, stockOf, today, type Fixture } from './warehouse-helpers';

let s: TestServer;
let admin: string;
let clerk: string; // Almacenista: every Almacén permission, `autorizar` included
let viewer: string; // Consulta: only `ver`
let maintenance: string; // Mantenimiento: asks for parts through orders, no Almacén abilities
let f: Fixture;
beforeAll(async () => {
  s = await startServer();
  [admin, clerk, viewer, maintenance] = await Promise.all([s.login(ADMIN_EMAIL), s.login('almacen@demo.mx'), s.login('consulta@demo.mx'), s.login('mantenimiento@demo.mx')]);
  f = await makeFixture(s, clerk);
});
afterAll(async () => s?.stop());

const REQ = 'id folio status version closeReason closedByName closedAt movements { id } lines { id authorizedQuantity deliveredQuantity pendingQuantity }';
const M = {
  create: `mutation($i: WarehouseRequisitionInput!){ warehouseRequisitionCreate(input:$i){ ${REQ} } }`,
  authorize: `mutation($id:ID!,$v:Int!,$l:[WarehouseRequisitionLineQuantity!]!){ warehouseRequisitionAuthorize(id:$id,version:$v,lines:$l){ ${REQ} } }`,
  fulfill: `mutation($id:ID!,$v:Int!,$l:[WarehouseRequisitionLineQuantity!]!){ warehouseRequisitionFulfill(id:$id,version:$v,lines:$l){ ${REQ} } }`,
  close: `mutation($id:ID!,$v:Int!,$r:String!){ warehouseRequisitionClose(id:$id,version:$v,reason:$r){ ${REQ} } }`,
  get: `query($id:ID!){ warehouseRequisition(id:$id){ ${REQ} } }`,
  audits: `query($id:String!){ auditEntries(entity:"requisition", entityId:$id){ total items { action userName before after } } }`,
};
type Req = { id: string; folio: string; status: string; version: number; closeReason: string; closedByName: string | null; closedAt: string | null; movements: { id: string }[]; lines: { id: string; authorizedQuantity: string | null; deliveredQuantity: string; pendingQuantity: string }[] };

const figures = (r: Req) => r.lines.map((l) => [l.authorizedQuantity, l.deliveredQuantity, l.pendingQuantity]);

/** Two articles in stock (10 and 7.5 kg), a requisition for 4 pieces and 2.75 kg. */
async function requisition(): Promise<Req> {
  const a = await makeArticle(s, clerk, f);
  const b = await makeArticle(s, clerk, f, { unit: 'KGM' });
  okData(await post(s, clerk, { conceptId: f.entrada, warehouseId: f.w1, lines: [{ articleId: a.id, quantity: '10', unitCost: '12.50' }, { articleId: b.id, quantity: '7.5', unitCost: '40' }] }));
  return okData(await s.gql(M.create, { i: { area: 'Taller', warehouseId: f.w1, neededDate: today, lines: [{ articleId: a.id, quantity: '4' }, { articleId: b.id, quantity: '2.75' }] } }, clerk)).warehouseRequisitionCreate;
}

async function authorized(): Promise<Req> {
  const r = await requisition();
  return okData(await s.gql(M.authorize, { id: r.id, v: r.version, l: [{ lineId: r.lines[0].id, quantity: '4' }, { lineId: r.lines[1].id, quantity: '2.5' }] }, clerk)).warehouseRequisitionAuthorize;
}

/** Authorised 4 and 2.5; delivered 3 and 1.25. */
async function partlyDelivered(): Promise<Req> {
  const r = await authorized();
  const p = okData(await s.gql(M.fulfill, { id: r.id, v: r.version, l: [{ lineId: r.lines[0].id, quantity: '3' }, { lineId: r.lines[1].id, quantity: '1.25' }] }, clerk)).warehouseRequisitionFulfill as Req;
  expect(p.status).toBe('SURTIDA_PARCIAL');
  expect(figures(p)).toEqual([['4', '3', '1'], ['2.5', '1.25', '1.25']]);
  return p;
}

describe('cerrar requisición', () => {
  it('closes a partly delivered requisition: delivered quantities and stock unchanged, pending zero, CERRADA, audited', async () => {
    const p = await partlyDelivered();
    const articleIds = (await s.gql(`query($id:ID!){ warehouseRequisition(id:$id){ lines { article { id } } } }`, { id: p.id }, clerk)).data!.warehouseRequisition.lines.map((l: { article: { id: string } }) => l.article.id);
    const stockBefore = await Promise.all(articleIds.map((id: string) => stockOf(s, clerk, f.w1, id)));
    expect(stockBefore.map((x) => x.quantity)).toEqual(['7', '6.25']);

    const closed = okData(await s.gql(M.close, { id: p.id, v: p.version, r: '  El proveedor ya no surte la pieza  ' }, clerk)).warehouseRequisitionClose as Req;
    expect(closed).toMatchObject({ status: 'CERRADA', version: p.version + 1, closeReason: 'El proveedor ya no surte la pieza', closedByName: 'Demo Almacenista' });
    expect(closed.closedAt).toBeTruthy();
    // Delivered stays exactly as delivered; authorised stays as history; nothing more is owed.
    expect(figures(closed)).toEqual([['4', '3', '0'], ['2.5', '1.25', '0']]);
    expect(closed.movements.map((m) => m.id)).toEqual(p.movements.map((m) => m.id));
    const stockAfter = await Promise.all(articleIds.map((id: string) => stockOf(s, clerk, f.w1, id)));
    expect(stockAfter.map((x) => x.quantity)).toEqual(['7', '6.25']);

    const log = okData(await s.gql(M.audits, { id: p.id }, admin)).auditEntries;
    expect(log.items[0]).toEqual({
      action: 'close',
      userName: 'Demo Almacenista',
      before: { status: 'SURTIDA_PARCIAL' },
      after: {
        status: 'CERRADA',
        reason: 'El proveedor ya no surte la pieza',
        cancelled: [
          { lineId: Number(p.lines[0].id), authorized: '4', delivered: '3', cancelled: '1' },
          { lineId: Number(p.lines[1].id), authorized: '2.5', delivered: '1.25', cancelled: '1.25' },
        ],
      },
    });

    // Terminal: no more deliveries, no second close.
    expectRefused(await s.gql(M.fulfill, { id: p.id, v: closed.version, l: [{ lineId: p.lines[0].id, quantity: '1' }] }, clerk), 'CONFLICT');
    const again = await s.gql(M.close, { id: p.id, v: closed.version, r: 'Otra vez' }, clerk);
    expectRefused(again, 'CONFLICT');
    expect(again.errors![0].message).toBe('Solo se cierra una requisición autorizada o surtida parcialmente; esta está "Cerrada".');
    // The list filters by the new state.
    const list = okData(await s.gql(`query{ warehouseRequisitions(filter:{ status: CERRADA }, list:{ pageSize: 100 }){ items { id status } } }`, {}, clerk)).warehouseRequisitions.items;
    expect(list).toContainEqual({ id: p.id, status: 'CERRADA' });
  });

  it('closes an authorised requisition with nothing delivered: the whole authorisation is cancelled', async () => {
    const r = await authorized();
    const closed = okData(await s.gql(M.close, { id: r.id, v: r.version, r: 'Ya no se necesita' }, admin)).warehouseRequisitionClose as Req;
    expect(closed.status).toBe('CERRADA');
    expect(figures(closed)).toEqual([['4', '0', '0'], ['2.5', '0', '0']]);
    expect(closed.movements).toEqual([]);
  });

  it('FORBIDDEN without `autorizar` on Requisiciones; nothing written', async () => {
    const p = await partlyDelivered();
    const before = await auditTotal(s, admin);
    for (const token of [viewer, maintenance]) expectRefused(await s.gql(M.close, { id: p.id, v: p.version, r: 'Sin permiso' }, token), 'FORBIDDEN');
    expect(await auditTotal(s, admin)).toBe(before);
    expect(okData(await s.gql(M.get, { id: p.id }, clerk)).warehouseRequisition).toMatchObject({ status: 'SURTIDA_PARCIAL', version: p.version });
  });

  it('bad input: a missing or blank reason is a Spanish field message, too long too; nothing written', async () => {
    const p = await partlyDelivered();
    const before = await auditTotal(s, admin);
    expectRefused(await s.gql(M.close, { id: p.id, v: p.version, r: '' }, clerk), 'BAD_USER_INPUT', { reason: 'Escribe el motivo.' });
    expectRefused(await s.gql(M.close, { id: p.id, v: p.version, r: '   ' }, clerk), 'BAD_USER_INPUT', { reason: 'Escribe el motivo.' });
    expectRefused(await s.gql(M.close, { id: p.id, v: p.version, r: 'x'.repeat(501) }, clerk), 'BAD_USER_INPUT', { reason: 'Máximo 500 caracteres.' });
    // The argument itself is required by the schema.
    expect((await s.gql(`mutation($id:ID!,$v:Int!){ warehouseRequisitionClose(id:$id,version:$v){ id } }`, { id: p.id, v: p.version }, clerk)).errors).toBeDefined();
    expect(await auditTotal(s, admin)).toBe(before);
    expect(okData(await s.gql(M.get, { id: p.id }, clerk)).warehouseRequisition).toMatchObject({ status: 'SURTIDA_PARCIAL', version: p.version, closeReason: '' });
  });

  it('CONFLICT on a stale version and from PENDIENTE or SURTIDA, with a Spanish message; nothing written', async () => {
    const p = await partlyDelivered();
    const pending = await requisition();
    const full = await authorized();
    const done = okData(await s.gql(M.fulfill, { id: full.id, v: full.version, l: [{ lineId: full.lines[0].id, quantity: '4' }, { lineId: full.lines[1].id, quantity: '2.5' }] }, clerk)).warehouseRequisitionFulfill as Req;
    expect(done.status).toBe('SURTIDA');
    const before = await auditTotal(s, admin);
    expectRefused(await s.gql(M.close, { id: p.id, v: p.version - 1, r: 'Versión vieja' }, clerk), 'CONFLICT');
    const fromPending = await s.gql(M.close, { id: pending.id, v: pending.version, r: 'No aplica' }, clerk);
    expectRefused(fromPending, 'CONFLICT');
    expect(fromPending.errors![0].message).toBe('Solo se cierra una requisición autorizada o surtida parcialmente; esta está "Pendiente".');
    const fromDone = await s.gql(M.close, { id: done.id, v: done.version, r: 'No aplica' }, clerk);
    expectRefused(fromDone, 'CONFLICT');
    expect(fromDone.errors![0].message).toBe('Solo se cierra una requisición autorizada o surtida parcialmente; esta está "Surtida".');
    expect(await auditTotal(s, admin)).toBe(before);
    expect(okData(await s.gql(M.get, { id: pending.id }, clerk)).warehouseRequisition.status).toBe('PENDIENTE');
  });

  it('a close racing a delivery: one wins, the other gets CONFLICT, and the figures agree with the winner', async () => {
    const r = await authorized();
    const [closing, delivering] = await Promise.all([
      s.gql(M.close, { id: r.id, v: r.version, r: 'Carrera' }, clerk),
      s.gql(M.fulfill, { id: r.id, v: r.version, l: [{ lineId: r.lines[0].id, quantity: '1' }] }, clerk),
    ]);
    expect([closing, delivering].filter((x) => !x.errors)).toHaveLength(1);
    const now = okData(await s.gql(M.get, { id: r.id }, clerk)).warehouseRequisition as Req;
    if (!closing.errors) expect([now.status, figures(now)]).toEqual(['CERRADA', [['4', '0', '0'], ['2.5', '0', '0']]]);
    else expect([now.status, figures(now)]).toEqual(['SURTIDA_PARCIAL', [['4', '1', '3'], ['2.5', '0', '2.5']]]);
  });

  it('the Tablero counts only requisitions waiting for authorisation, never closed ones', async () => {
    const q = `{ dashboard { warehouse { pendingRequisitions } } }`;
    const count = async () => okData(await s.gql(q, {}, clerk)).dashboard.warehouse.pendingRequisitions as number;
    const start = await count();
    const r = await requisition();
    expect(await count()).toBe(start + 1);
    const a = okData(await s.gql(M.authorize, { id: r.id, v: r.version, l: [{ lineId: r.lines[0].id, quantity: '1' }] }, clerk)).warehouseRequisitionAuthorize;
    okData(await s.gql(M.close, { id: a.id, v: a.version, r: 'Cancelada por el área' }, clerk));
    expect(await count()).toBe(start);
  });
});
