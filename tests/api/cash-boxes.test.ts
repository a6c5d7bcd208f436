// Caja › Períodos › Cajas over HTTP (issue 28): create, rename, deactivate a
// caja under Caja-Períodos crear / editar; a name unique case-insensitively;
// an open period or being the last active caja keeps it active; each caja
// keeps its own open period and cash. Figures computed by hand.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, startServer, type TestServer } from './harness';
import { conflictMessage, fieldsOf as fields, okData } from './answers';

let s: TestServer;
let admin: string;
let cashier: string; // Cajero: every Caja ability
let seller: string; // Vendedor: no Caja
let viewer: string; // Consulta: only `ver` (no Caja-Períodos crear / editar)

beforeAll(async () => {
  s = await startServer();
  [admin, cashier, seller, viewer] = await Promise.all([s.login(ADMIN_EMAIL), s.login('caja@demo.mx'), s.login('ventas@demo.mx'), s.login('consulta@demo.mx')]);
});
afterAll(async () => s?.stop());

const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Mexico_City', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
const BOX = 'id name description active openPeriodId openPeriodFolio balance version';
const CREATE = `mutation($i:CashBoxInput!){ cashBoxCreate(input:$i){ ${BOX} } }`;
const UPDATE = `mutation($id:ID!,$v:Int!,$i:CashBoxInput!){ cashBoxUpdate(id:$id,version:$v,input:$i){ ${BOX} } }`;
const OPEN = 'mutation($i:CashPeriodOpenInput!){ cashPeriodOpen(input:$i){ id folio balance version } }';
const CLOSE = 'mutation($id:ID!,$v:Int!,$i:CashPeriodCloseInput!){ cashPeriodClose(id:$id,version:$v,input:$i){ status countedTotal difference } }';
const MOVE = 'mutation($i:CashMovementInput!){ cashMovementCreate(input:$i){ id cashBoxId periodId kind amount balanceAfter } }';
const CURRENT = 'query($b:ID){ currentCashPeriod(cashBoxId:$b){ id folio cashBoxId cashBoxName openingBalance income expense balance movementCount version } }';

type Box = { id: string; name: string; description: string; active: boolean; openPeriodId: string | null; openPeriodFolio: number | null; balance: string | null; version: number };

const gqlOk = async (query: string, variables: Record<string, unknown> = {}, token = cashier) => okData(await s.gql(query, variables, token));
const boxes = async (): Promise<Box[]> => (await gqlOk(`{ cashBoxes { ${BOX} } }`)).cashBoxes;
const box = async (id: string): Promise<Box> => (await boxes()).find((b) => b.id === id)!;
const byName = async (name: string): Promise<Box> => (await boxes()).find((b) => b.name === name)!;
const current = async (cashBoxId: string) => (await gqlOk(CURRENT, { b: cashBoxId })).currentCashPeriod;
const auditOf = async (id: string) =>
  (await gqlOk('query($i:String){ auditEntries(entity:"cash_box", entityId:$i){ items{ action before after } } }', { i: id }, admin)).auditEntries.items as { action: string; before: any; after: any }[];
const concept = async (name: string, kind: 'ingreso' | 'egreso') =>
  (await gqlOk('mutation($i:CashConceptInput!){ cashConceptCreate(input:$i){ id } }', { i: { name, kind, active: true } })).cashConceptCreate.id as string;

describe('abilities', () => {
  const CALLS = [
    { name: 'cashBoxCreate', query: CREATE, variables: { i: { name: 'Caja intrusa', active: true } } },
    { name: 'cashBoxUpdate', query: UPDATE, variables: { id: '1', v: 1, i: { name: 'Caja intrusa', active: false } } },
  ];

  it.each(CALLS)('$name: FORBIDDEN for Consulta (no Caja-Períodos crear / editar) and for Ventas, UNAUTHENTICATED without a session; nothing written', async ({ query, variables }) => {
    const before = await boxes();
    for (const token of [viewer, seller]) {
      const r = await s.gql(query, variables, token);
      expect(r.errors?.[0]).toMatchObject({ message: 'No tienes permiso para realizar esta acción.', extensions: { code: 'FORBIDDEN' } });
    }
    expect((await s.gql(query, variables)).errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
    expect(await boxes()).toEqual(before);
  });

  it('the Movimientos selector (cashBoxOptions) needs `ver` on Caja-Movimientos: Consulta reads it, Ventas does not', async () => {
    const options = (await gqlOk(`{ cashBoxOptions { ${BOX} } }`, {}, viewer)).cashBoxOptions as Box[];
    expect(options.map((b) => b.name)).toEqual(['Caja general']);
    expect((await s.gql('{ cashBoxOptions { id } }', {}, seller)).errors?.[0].extensions?.code).toBe('FORBIDDEN');
    expect((await s.gql('{ cashBoxes { id } }', {}, seller)).errors?.[0].extensions?.code).toBe('FORBIDDEN');
  });
});

describe('create, rename, deactivate', () => {
  it('«Caja general» exists from the install with its seeded open period, version 1', async () => {
    const [general] = await boxes();
    expect(general).toMatchObject({ name: 'Caja general', description: '', active: true, version: 1 });
    const open = await current(general.id);
    expect(general).toMatchObject({ openPeriodId: open.id, openPeriodFolio: open.folio, balance: open.balance });
  });

  it('creates a caja (trimmed, audited), renames it with its version, refuses a stale one, deactivates and reactivates it', async () => {
    const created = (await gqlOk(CREATE, { i: { name: '  Caja obra Querétaro ', description: 'Fondo fijo de la obra; la resguarda el residente.', active: true } })).cashBoxCreate as Box;
    expect(created).toMatchObject({ name: 'Caja obra Querétaro', description: 'Fondo fijo de la obra; la resguarda el residente.', active: true, openPeriodId: null, openPeriodFolio: null, balance: null, version: 1 });

    const renamed = (await gqlOk(UPDATE, { id: created.id, v: 1, i: { name: 'Caja obra QRO', description: null, active: true } })).cashBoxUpdate as Box;
    expect(renamed).toMatchObject({ name: 'Caja obra QRO', description: '', active: true, version: 2 });
    expect(conflictMessage(await s.gql(UPDATE, { id: created.id, v: 1, i: { name: 'Otra', active: true } }, cashier))).toBe('Otro usuario modificó este registro. Recarga la página para ver los cambios.');
    expect(await box(created.id)).toMatchObject({ name: 'Caja obra QRO', version: 2 });
    expect((await s.gql(UPDATE, { id: '999999', v: 1, i: { name: 'Nadie', active: true } }, cashier)).errors?.[0]).toMatchObject({ message: 'La caja no existe.', extensions: { code: 'NOT_FOUND' } });

    const off = (await gqlOk(UPDATE, { id: created.id, v: 2, i: { name: 'Caja obra QRO', active: false } })).cashBoxUpdate as Box;
    expect(off).toMatchObject({ active: false, version: 3 });
    // Inactive: out of the Movimientos selector, and no period opens in it.
    expect(((await gqlOk('{ cashBoxOptions { id } }')).cashBoxOptions as { id: string }[]).map((b) => b.id)).not.toContain(created.id);
    expect(fields(await s.gql(OPEN, { i: { cashBoxId: created.id, date: today, openingBalance: '100' } }, cashier))).toEqual({ cashBoxId: 'La caja está inactiva; actívala en Caja › Períodos › Cajas para abrir un período.' });
    expect((await gqlOk('query($b:ID!){ cashPeriods(filter:{cashBoxId:$b}){ total } }', { b: created.id })).cashPeriods.total).toBe(0);

    const on = (await gqlOk(UPDATE, { id: created.id, v: 3, i: { name: 'Caja obra QRO', active: true } })).cashBoxUpdate as Box;
    expect(on).toMatchObject({ active: true, version: 4 });

    const log = await auditOf(created.id);
    expect(log.map((e) => e.action).sort()).toEqual(['create', 'update', 'update', 'update']);
    expect(log.find((e) => e.action === 'create')!.after).toEqual({ name: 'Caja obra Querétaro', description: 'Fondo fijo de la obra; la resguarda el residente.', active: true });
    expect(log.some((e) => e.before?.active === true && e.after.active === false)).toBe(true);
  });

  it('a duplicate name (any case) or bad input: Spanish field messages, nothing written', async () => {
    const before = await boxes();
    expect(fields(await s.gql(CREATE, { i: { name: 'caja GENERAL', active: true } }, cashier))).toEqual({ name: 'Ya existe una caja con ese nombre.' });
    expect(fields(await s.gql(CREATE, { i: { name: '  ', description: 'x'.repeat(301), active: true } }, cashier))).toEqual({ name: 'Este campo es obligatorio.', description: 'Máximo 300 caracteres.' });
    expect(fields(await s.gql(CREATE, { i: { name: 'y'.repeat(81), active: true } }, cashier))).toEqual({ name: 'Máximo 80 caracteres.' });
    const qro = before.find((b) => b.name === 'Caja obra QRO')!;
    expect(fields(await s.gql(UPDATE, { id: qro.id, v: qro.version, i: { name: 'CAJA General', active: true } }, cashier))).toEqual({ name: 'Ya existe una caja con ese nombre.' });
    // Its own name in another case is not a duplicate of itself.
    expect((await gqlOk(UPDATE, { id: qro.id, v: qro.version, i: { name: 'CAJA OBRA QRO', active: true } })).cashBoxUpdate).toMatchObject({ name: 'CAJA OBRA QRO', version: qro.version + 1 });
    const after = await boxes();
    expect(after.filter((b) => b.id !== qro.id)).toEqual(before.filter((b) => b.id !== qro.id));
    expect(after).toHaveLength(before.length);
  });

  it('two parallel creates with the same name: exactly one wins, the other gets the field message', async () => {
    const count = (await boxes()).length;
    const results = await Promise.all([0, 1].map(() => s.gql(CREATE, { i: { name: 'Caja paralela', active: true } }, cashier)));
    expect(results.filter((r) => r.data?.cashBoxCreate)).toHaveLength(1);
    expect(fields(results.find((r) => r.errors)!)).toEqual({ name: 'Ya existe una caja con ese nombre.' });
    expect((await boxes()).filter((b) => b.name === 'Caja paralela')).toHaveLength(1);
    expect(await boxes()).toHaveLength(count + 1);
  });
});

describe('two cajas, each with its own open period and cash', () => {
  let a: Box;
  let b: Box;
  let ingreso: string;
  let egreso: string;
  let generalBefore: any;

  beforeAll(async () => {
    a = (await gqlOk(CREATE, { i: { name: 'Caja A', active: true } })).cashBoxCreate;
    b = (await gqlOk(CREATE, { i: { name: 'Caja B', active: true } })).cashBoxCreate;
    ingreso = await concept('Fondo de caja A', 'ingreso');
    egreso = await concept('Gasto de cajas', 'egreso');
    generalBefore = await current((await byName('Caja general')).id);
  });

  it('opens a period in each (first period: fund 0.00) and keeps the balances apart', async () => {
    const pa = (await gqlOk(OPEN, { i: { cashBoxId: a.id, date: today, openingBalance: '0' } })).cashPeriodOpen;
    const pb = (await gqlOk(OPEN, { i: { cashBoxId: b.id, date: today } })).cashPeriodOpen;
    expect([pa.balance, pb.balance]).toEqual(['0', '0']);

    // Caja A: 0.00 + 1,000.00 = 1,000.00.
    const m1 = (await gqlOk(MOVE, { i: { cashBoxId: a.id, conceptId: ingreso, date: today, amount: '1000.00', description: 'Fondo inicial de la caja A' } })).cashMovementCreate;
    expect(m1).toMatchObject({ cashBoxId: a.id, periodId: pa.id, kind: 'ingreso', amount: '1000', balanceAfter: '1000' });
    // Caja B still has 0.00: an egreso of 250.00 there is refused, nothing written.
    const refused = await s.gql(MOVE, { i: { cashBoxId: b.id, conceptId: egreso, date: today, amount: '250.00', description: 'Taxi' } }, cashier);
    expect(fields(refused)).toEqual({ amount: 'El egreso excede el efectivo en caja (disponible $0.00).' });
    expect(await current(b.id)).toMatchObject({ id: pb.id, balance: '0', income: '0', expense: '0', movementCount: 0 });
    // The same egreso from Caja A: 1,000.00 − 250.00 = 750.00.
    const m2 = (await gqlOk(MOVE, { i: { cashBoxId: a.id, conceptId: egreso, date: today, amount: '250.00', description: 'Taxi' } })).cashMovementCreate;
    expect(m2).toMatchObject({ cashBoxId: a.id, periodId: pa.id, balanceAfter: '750' });

    expect(await current(a.id)).toMatchObject({ id: pa.id, cashBoxName: 'Caja A', openingBalance: '0', income: '1000', expense: '250', balance: '750', movementCount: 2 });
    expect(await current(b.id)).toMatchObject({ id: pb.id, cashBoxName: 'Caja B', balance: '0', movementCount: 0 });
    // «Caja general» (the default without a cashBoxId) did not move.
    expect(await current((await byName('Caja general')).id)).toEqual(generalBefore);
    expect((await gqlOk(CURRENT, { b: null })).currentCashPeriod).toEqual(generalBefore);
    // The list of cajas and the periods filtered by caja say the same.
    expect(await box(a.id)).toMatchObject({ openPeriodId: pa.id, openPeriodFolio: pa.folio, balance: '750' });
    expect(await box(b.id)).toMatchObject({ openPeriodId: pb.id, openPeriodFolio: pb.folio, balance: '0' });
    const listA = (await gqlOk('query($b:ID!){ cashPeriods(filter:{cashBoxId:$b}){ total items{ id } } }', { b: a.id })).cashPeriods;
    expect(listA).toEqual({ total: 1, items: [{ id: pa.id }] });
    const movesA = (await gqlOk('query($p:ID!){ cashMovements(filter:{periodId:$p}){ total } }', { p: pa.id })).cashMovements;
    expect(movesA.total).toBe(2);
  });

  it('a caja with an open period cannot be deactivated (CONFLICT), and stays as it was', async () => {
    const before = await box(a.id);
    const r = await s.gql(UPDATE, { id: a.id, v: before.version, i: { name: 'Caja A', active: false } }, cashier);
    expect(conflictMessage(r)).toBe(`La caja tiene abierto el período ${before.openPeriodFolio}; ciérralo con su arqueo antes de desactivarla.`);
    expect(await box(a.id)).toEqual(before);
    // Renaming it is fine while the period is open.
    expect((await gqlOk(UPDATE, { id: a.id, v: before.version, i: { name: 'Caja A (oficina)', active: true } })).cashBoxUpdate).toMatchObject({ name: 'Caja A (oficina)', active: true, openPeriodFolio: before.openPeriodFolio });
  });

  it('the last active caja cannot be deactivated; two parallel deactivations of the last two: exactly one wins', async () => {
    // Close every open period (counted exactly what is expected) so only the "last active" rule is left.
    const all = await boxes();
    for (const x of all.filter((y) => y.openPeriodId)) {
      const p = await current(x.id);
      const counted = await s.gql(CLOSE, { id: p.id, v: p.version, i: { date: today, denominations: [{ value: '1000', count: 1 }], differenceReason: 'Cierre de prueba' } }, cashier);
      expect(counted.errors).toBeUndefined();
    }
    // Leave «Caja general» and Caja B active.
    for (const x of (await boxes()).filter((y) => y.active && y.name !== 'Caja general' && y.id !== b.id)) {
      expect((await gqlOk(UPDATE, { id: x.id, v: x.version, i: { name: x.name, description: x.description, active: false } })).cashBoxUpdate.active).toBe(false);
    }
    const active = (await boxes()).filter((x) => x.active);
    expect(active.map((x) => x.name)).toEqual(['Caja general', 'Caja B']);

    const results = await Promise.all(active.map((x) => s.gql(UPDATE, { id: x.id, v: x.version, i: { name: x.name, active: false } }, cashier)));
    expect(results.filter((r) => r.data?.cashBoxUpdate)).toHaveLength(1);
    expect(conflictMessage(results.find((r) => r.errors)!)).toBe('Es la única caja activa; activa otra antes de desactivar esta.');
    const left = (await boxes()).filter((x) => x.active);
    expect(left).toHaveLength(1);
    const again = await s.gql(UPDATE, { id: left[0].id, v: left[0].version, i: { name: left[0].name, active: false } }, cashier);
    expect(conflictMessage(again)).toBe('Es la única caja activa; activa otra antes de desactivar esta.');
    expect((await gqlOk('{ cashBoxOptions { id } }')).cashBoxOptions).toEqual([{ id: left[0].id }]);
  });
});
