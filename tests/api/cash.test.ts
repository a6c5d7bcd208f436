// Caja over HTTP: concepts, periods (one open per box, enforced by the
// database), movements that never take cash below zero, cancellation by a
// reversing movement and closing with an arqueo. Figures computed by hand.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, startServer, type TestServer } from './harness';
import { conflictMessage, fieldsOf as fields, okData } from './answers';
import { checkDateRange } from './dateRange';

let s: TestServer;
let admin: string;
let cashier: string; // Cajero
let seller: string; // no Caja
let viewer: string; // Consulta

beforeAll(async () => {
  s = await startServer();
  [admin, cashier, seller, viewer] = await Promise.all([s.login(ADMIN_EMAIL), s.login('caja@demo.mx'), s.login('ventas@demo.mx'), s.login('consulta@demo.mx')]);
});
afterAll(async () => s?.stop());

const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Mexico_City', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
const PERIOD = 'id folio cashBoxId status openedOn openingBalance income expense balance closedOn countedTotal difference differenceReason movementCount version denominations { value count amount }';
const MOVEMENT = 'id folio periodId kind amount balanceAfter status conceptName description reversalOf reversalOfFolio reversedBy cancelReason receipt{ id fileName fileType contentType size url previewUrl }';

const gqlOk = async (query: string, variables: Record<string, unknown> = {}, token = cashier) => okData(await s.gql(query, variables, token));

const OPEN = `mutation($i:CashPeriodOpenInput!){ cashPeriodOpen(input:$i){ ${PERIOD} } }`;
const CLOSE = `mutation($id:ID!,$v:Int!,$i:CashPeriodCloseInput!){ cashPeriodClose(id:$id,version:$v,input:$i){ ${PERIOD} } }`;
const MOVE = `mutation($i:CashMovementInput!){ cashMovementCreate(input:$i){ ${MOVEMENT} } }`;
const CANCEL = `mutation($id:ID!,$r:String!){ cashMovementCancel(id:$id,reason:$r){ ${MOVEMENT} } }`;
const current = async () => (await gqlOk(`{ currentCashPeriod { ${PERIOD} } }`)).currentCashPeriod;
const boxId = async () => (await gqlOk('{ cashBoxes { id name } }')).cashBoxes[0].id as string;
const concept = async (name: string, kind: 'ingreso' | 'egreso') =>
  (await gqlOk('mutation($i:CashConceptInput!){ cashConceptCreate(input:$i){ id name kind active version } }', { i: { name, kind, active: true } })).cashConceptCreate;

describe('permissions: every Caja operation', () => {
  const OPS: { name: string; query: string; needs: string }[] = [
    { name: 'cashBoxes', query: '{ cashBoxes { id } }', needs: 'ver' },
    { name: 'cashBoxOptions', query: '{ cashBoxOptions { id } }', needs: 'ver' },
    { name: 'cashConcepts', query: '{ cashConcepts { total } }', needs: 'ver' },
    { name: 'cashConcept', query: '{ cashConcept(id:"1"){ id } }', needs: 'ver' },
    { name: 'cashConceptOptions', query: '{ cashConceptOptions { id } }', needs: 'ver' },
    { name: 'cashPeriods', query: '{ cashPeriods { total } }', needs: 'ver' },
    { name: 'cashPeriod', query: '{ cashPeriod(id:"1"){ id } }', needs: 'ver' },
    { name: 'cashOpeningPreview', query: '{ cashOpeningPreview(cashBoxId:"1"){ openingBalance } }', needs: 'ver' },
    { name: 'currentCashPeriod', query: '{ currentCashPeriod { id } }', needs: 'ver' },
    { name: 'cashMovements', query: '{ cashMovements { total } }', needs: 'ver' },
    { name: 'cashMovement', query: '{ cashMovement(id:"1"){ id } }', needs: 'ver' },
    { name: 'cashBoxCreate', query: 'mutation{ cashBoxCreate(input:{name:"Caja intrusa",active:true}){ id } }', needs: 'crear' },
    { name: 'cashBoxUpdate', query: 'mutation{ cashBoxUpdate(id:"1",version:1,input:{name:"Caja intrusa",active:false}){ id } }', needs: 'editar' },
    { name: 'cashConceptCreate', query: 'mutation{ cashConceptCreate(input:{name:"Intruso",kind:egreso,active:true}){ id } }', needs: 'crear' },
    { name: 'cashConceptUpdate', query: 'mutation{ cashConceptUpdate(id:"1",version:1,input:{name:"Intruso",kind:egreso,active:true}){ id } }', needs: 'editar' },
    { name: 'cashPeriodOpen', query: 'mutation{ cashPeriodOpen(input:{cashBoxId:"1",date:"2026-01-01"}){ id } }', needs: 'crear' },
    { name: 'cashPeriodClose', query: 'mutation{ cashPeriodClose(id:"1",version:1,input:{date:"2026-01-01",denominations:[]}){ id } }', needs: 'autorizar' },
    { name: 'cashMovementCreate', query: 'mutation{ cashMovementCreate(input:{conceptId:"1",date:"2026-01-01",amount:"1",description:"x"}){ id } }', needs: 'crear' },
    { name: 'cashMovementCancel', query: 'mutation{ cashMovementCancel(id:"1",reason:"x"){ id } }', needs: 'eliminar' },
    { name: 'cashReceiptAttach', query: 'mutation{ cashReceiptAttach(movementId:"1",fileId:"00000000-0000-4000-8000-000000000000"){ id } }', needs: 'editar' },
  ];

  it.each(OPS)('$name: FORBIDDEN for a user without Caja', async ({ query }) => {
    expect((await s.gql(query, {}, seller)).errors?.[0].extensions?.code).toBe('FORBIDDEN');
  });
  it.each(OPS.filter((o) => !o.needs.startsWith('ver')))('$name: FORBIDDEN for Consulta', async ({ query }) => {
    expect((await s.gql(query, {}, viewer)).errors?.[0].extensions?.code).toBe('FORBIDDEN');
  });
  it.each(OPS.filter((o) => o.needs === 'ver'))('$name: allowed for Consulta', async ({ query }) => {
    expect((await s.gql(query, {}, viewer)).errors).toBeUndefined();
  });
  it('refused calls wrote nothing; the demo seed left an open period with movements', async () => {
    expect((await gqlOk('{ cashConcepts(list:{search:"Intruso"}){ total } }')).cashConcepts.total).toBe(0);
    expect((await gqlOk('{ cashBoxes { name active version } }')).cashBoxes).toEqual([{ name: 'Caja general', active: true, version: 1 }]);
    const p = await current();
    expect(p).toMatchObject({ status: 'abierto', movementCount: 4 });
  });
});

describe('concepts', () => {
  it('creates, refuses duplicates and bad input, edits with version, locks the kind once used', async () => {
    const c = await concept('Gasolina de motos', 'egreso');
    expect(c).toMatchObject({ name: 'Gasolina de motos', kind: 'egreso', active: true, version: 1 });
    const dup = await s.gql('mutation($i:CashConceptInput!){ cashConceptCreate(input:$i){ id } }', { i: { name: 'gasolina DE motos', kind: 'egreso', active: true } }, cashier);
    expect(fields(dup)).toEqual({ name: 'Ya existe un concepto con ese nombre y tipo.' });
    const empty = await s.gql('mutation($i:CashConceptInput!){ cashConceptCreate(input:$i){ id } }', { i: { name: ' ', kind: 'egreso', active: true } }, cashier);
    expect(fields(empty)).toEqual({ name: 'Este campo es obligatorio.' });
    const badKind = await s.gql('mutation($i:CashConceptInput!){ cashConceptCreate(input:$i){ id } }', { i: { name: 'x', kind: 'otro', active: true } }, cashier);
    expect(badKind.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
    expect((await gqlOk('{ cashConcepts(list:{search:"gasolina"}){ total } }')).cashConcepts.total).toBe(1);

    const UPD = 'mutation($id:ID!,$v:Int!,$i:CashConceptInput!){ cashConceptUpdate(id:$id,version:$v,input:$i){ name kind active version } }';
    expect((await gqlOk(UPD, { id: c.id, v: 1, i: { name: 'Gasolina motos', kind: 'ingreso', active: true } })).cashConceptUpdate).toEqual({ name: 'Gasolina motos', kind: 'ingreso', active: true, version: 2 });
    expect(conflictMessage(await s.gql(UPD, { id: c.id, v: 1, i: { name: 'x', kind: 'egreso', active: true } }, cashier))).toBe('Otro usuario modificó este registro. Recarga la página para ver los cambios.');
    const used = (await gqlOk('{ cashConcepts(list:{search:"Papelería"}){ items{ id version name kind } } }')).cashConcepts.items[0];
    const lock = await s.gql(UPD, { id: used.id, v: used.version, i: { name: used.name, kind: 'ingreso', active: true } }, cashier);
    expect(fields(lock)).toEqual({ kind: 'El concepto ya tiene movimientos; no se puede cambiar su tipo.' });
    const off = await gqlOk(UPD, { id: c.id, v: 2, i: { name: 'Gasolina motos', kind: 'ingreso', active: false } });
    expect(off.cashConceptUpdate.active).toBe(false);
    const options = (await gqlOk('{ cashConceptOptions { id } }')).cashConceptOptions.map((o: { id: string }) => o.id);
    expect(options).not.toContain(c.id);
  });
});

describe('periods, movements and the arqueo', () => {
  let ingreso: string;
  let egreso: string;
  let retired: string;
  let p1: any;

  beforeAll(async () => {
    ingreso = (await concept('Reposición prueba', 'ingreso')).id;
    egreso = (await concept('Gasto prueba', 'egreso')).id;
    const r = await concept('Concepto retirado', 'egreso');
    await gqlOk('mutation($id:ID!){ cashConceptUpdate(id:$id,version:1,input:{name:"Concepto retirado",kind:egreso,active:false}){ id } }', { id: r.id });
    retired = r.id;
  });

  it('only one open period: opening a second is CONFLICT; the seeded period closes with its arqueo', async () => {
    const box = await boxId();
    const second = await s.gql(OPEN, { i: { cashBoxId: box, date: today } }, cashier);
    expect(conflictMessage(second)).toBe('Ya hay un período abierto en esta caja; ciérralo antes de abrir otro.');
    const p0 = await current();
    // Count exactly 1,000.00 (one bill): whatever the seed left, the difference is 1000 − expected.
    const expectedCents = Math.round(Number(p0.balance) * 100);
    const noReason = await s.gql(CLOSE, { id: p0.id, v: p0.version, i: { date: today, denominations: [{ value: '1000', count: 1 }] } }, cashier);
    expect(fields(noReason)).toEqual({ differenceReason: 'Explica la diferencia del arqueo.' });
    const closed = await gqlOk(CLOSE, { id: p0.id, v: p0.version, i: { date: today, denominations: [{ value: '1000', count: 1 }], differenceReason: 'Depósito del excedente al banco' } });
    expect(closed.cashPeriodClose).toMatchObject({ status: 'cerrado', countedTotal: '1000', closedOn: today, differenceReason: 'Depósito del excedente al banco' });
    expect(Math.round(Number(closed.cashPeriodClose.difference) * 100)).toBe(100000 - expectedCents);
    expect(await current()).toBeNull();
  });

  it('the next period carries the counted cash; a typed different opening is refused', async () => {
    const box = await boxId();
    expect((await gqlOk('query($b:ID!){ cashOpeningPreview(cashBoxId:$b){ openingBalance carried openPeriodId } }', { b: box })).cashOpeningPreview).toEqual({ openingBalance: '1000', carried: true, openPeriodId: null });
    const wrong = await s.gql(OPEN, { i: { cashBoxId: box, date: today, openingBalance: '5000' } }, cashier);
    expect(fields(wrong)).toEqual({ openingBalance: 'El saldo inicial se toma del arqueo del período anterior ($1,000.00).' });
    const future = await s.gql(OPEN, { i: { cashBoxId: box, date: '2999-01-01' } }, cashier);
    expect(fields(future)).toEqual({ date: 'La fecha no puede ser futura.' });
    const noBox = await s.gql(OPEN, { i: { cashBoxId: '999', date: today } }, cashier);
    expect(fields(noBox)).toEqual({ cashBoxId: 'La caja no existe.' });
    expect((await gqlOk('{ cashPeriods(filter:{status:abierto}){ total } }')).cashPeriods.total).toBe(0);
    p1 = (await gqlOk(OPEN, { i: { cashBoxId: box, date: today, notes: 'Semana de prueba' } })).cashPeriodOpen;
    expect(p1).toMatchObject({ status: 'abierto', openingBalance: '1000', balance: '1000', income: '0', expense: '0', movementCount: 0, version: 1 });
  });

  it('movements: exact running balance; an egreso beyond the cash is refused; bad input writes nothing', async () => {
    const m1 = (await gqlOk(MOVE, { i: { conceptId: ingreso, date: today, amount: '500.50', description: 'Reposición parcial' } })).cashMovementCreate;
    expect(m1).toMatchObject({ kind: 'ingreso', amount: '500.5', balanceAfter: '1500.5', status: 'vigente', periodId: p1.id });
    const m2 = (await gqlOk(MOVE, { i: { conceptId: egreso, date: today, amount: '230.25', description: 'Papelería' } })).cashMovementCreate;
    expect(m2).toMatchObject({ kind: 'egreso', balanceAfter: '1270.25' });
    const tooMuch = await s.gql(MOVE, { i: { conceptId: egreso, date: today, amount: '1270.26', description: 'Excede' } }, cashier);
    expect(fields(tooMuch)).toEqual({ amount: 'El egreso excede el efectivo en caja (disponible $1,270.25).' });
    const bad = await s.gql(MOVE, { i: { conceptId: egreso, date: today, amount: '0', description: '' } }, cashier);
    expect(fields(bad)).toEqual({ amount: 'Debe ser mayor a cero.', description: 'Este campo es obligatorio.' });
    const bad2 = await s.gql(MOVE, { i: { conceptId: egreso, date: today, amount: '1.001', description: 'x' } }, cashier);
    expect(fields(bad2)).toEqual({ amount: 'Máximo 2 decimales.' });
    const inactive = await s.gql(MOVE, { i: { conceptId: retired, date: today, amount: '1', description: 'x' } }, cashier);
    expect(fields(inactive)).toEqual({ conceptId: 'El concepto está inactivo.' });
    const missing = await s.gql(MOVE, { i: { conceptId: '999999', date: today, amount: '1', description: 'x' } }, cashier);
    expect(fields(missing)).toEqual({ conceptId: 'El concepto no existe.' });
    const early = await s.gql(MOVE, { i: { conceptId: egreso, date: '2020-01-01', amount: '1', description: 'x' } }, cashier);
    expect(fields(early)).toEqual({ date: `La fecha es anterior a la apertura del período (${today}).` });
    const m3 = (await gqlOk(MOVE, { i: { conceptId: egreso, date: today, amount: '1270.25', description: 'Todo el efectivo' } })).cashMovementCreate;
    expect(m3.balanceAfter).toBe('0');
    const none = await s.gql(MOVE, { i: { conceptId: egreso, date: today, amount: '0.01', description: 'x' } }, cashier);
    expect(fields(none)).toEqual({ amount: 'El egreso excede el efectivo en caja (disponible $0.00).' });
    expect(await current()).toMatchObject({ income: '500.5', expense: '1500.5', balance: '0', movementCount: 3 });
  });

  it('cancelling posts the reversing movement (never a delete), and cannot leave the cash negative', async () => {
    const items = (await gqlOk('query($p:ID!){ cashMovements(filter:{periodId:$p}, list:{sortBy:"folio"}){ items{ id folio kind amount } } }', { p: p1.id })).cashMovements.items;
    const [m1, m2] = items;
    const noCash = await s.gql(CANCEL, { id: m1.id, r: 'Capturado dos veces' }, cashier);
    expect(fields(noCash)).toEqual({ amount: 'Cancelar este ingreso dejaría la caja en negativo (disponible $0.00).' });
    const noReason = await s.gql(CANCEL, { id: m2.id, r: ' ' }, cashier);
    expect(fields(noReason)).toEqual({ reason: 'Este campo es obligatorio.' });
    const rev = (await gqlOk(CANCEL, { id: m2.id, r: 'Ticket equivocado' })).cashMovementCancel;
    expect(rev).toMatchObject({ kind: 'ingreso', amount: '230.25', balanceAfter: '230.25', reversalOf: m2.id, reversalOfFolio: m2.folio, status: 'vigente' });
    const original = (await gqlOk(`query($id:ID!){ cashMovement(id:$id){ ${MOVEMENT} } }`, { id: m2.id })).cashMovement;
    expect(original).toMatchObject({ status: 'cancelado', cancelReason: 'Ticket equivocado', reversedBy: rev.id });
    expect(conflictMessage(await s.gql(CANCEL, { id: m2.id, r: 'otra vez' }, cashier))).toBe('El movimiento ya está cancelado.');
    expect(conflictMessage(await s.gql(CANCEL, { id: rev.id, r: 'x' }, cashier))).toBe('Un movimiento de cancelación no se puede cancelar.');
    expect(await current()).toMatchObject({ income: '730.75', expense: '1500.5', balance: '230.25', movementCount: 4 });
  });

  it('attaches a receipt uploaded through /api/files, replaces it, and a viewer downloads it', async () => {
    const m = (await gqlOk(MOVE, { i: { conceptId: egreso, date: today, amount: '30.25', description: 'Mensajería', reference: 'Guía 123' } })).cashMovementCreate;
    const pdf = Buffer.from('%PDF-1.4\n% ticket\n');
    const UP = `mutation($m:ID!,$f:ID!){ cashReceiptAttach(movementId:$m,fileId:$f){ ${MOVEMENT} } }`;
    const first = await s.uploadId(cashier, pdf, 'ticket mensajería.pdf');
    const up = (await gqlOk(UP, { m: m.id, f: first })).cashReceiptAttach;
    expect(up.receipt).toEqual({ id: first, fileName: 'ticket mensajería.pdf', fileType: 'pdf', contentType: 'application/pdf', size: pdf.length, url: `/api/files/${first}`, previewUrl: null });
    // Attached once: the same upload cannot go to a second record.
    expect(fields(await s.gql(UP, { m: m.id, f: first }, cashier))).toEqual({ fileId: 'Ese archivo ya está adjunto a otro registro: vuelve a subirlo.' });
    const xml = await s.uploadId(cashier, Buffer.from('<?xml version="1.0"?><a/>'), 'x.xml');
    expect(fields(await s.gql(UP, { m: m.id, f: xml }, cashier))).toEqual({ fileId: 'Tipo de archivo no permitido aquí. Sube PDF, PNG, JPG, WEBP.' });
    expect(fields(await s.gql(UP, { m: m.id, f: '7d0c3f1e-0000-4000-8000-000000000000' }, cashier))).toEqual({ fileId: 'El archivo no existe o expiró: vuelve a subirlo.' });
    // Someone else's upload is as good as missing.
    const sellers = await s.uploadId(seller, Buffer.from('%PDF-1.4\n'), 'ajeno.pdf');
    expect(fields(await s.gql(UP, { m: m.id, f: sellers }, cashier))).toEqual({ fileId: 'El archivo no existe o expiró: vuelve a subirlo.' });
    // Replacing the receipt removes the old one, bytes included.
    const second = await s.uploadId(cashier, Buffer.from('%PDF-1.4\n% otro\n'), 'ticket 2.pdf');
    expect((await gqlOk(UP, { m: m.id, f: second })).cashReceiptAttach.receipt.id).toBe(second);
    expect((await s.download(cashier, `/api/files/${first}`)).status).toBe(404);
    const down = await s.download(viewer, `/api/files/${second}`);
    expect(down).toMatchObject({ status: 200, contentType: 'application/pdf' });
    expect(down.bytes.toString()).toBe('%PDF-1.4\n% otro\n');
  });

  it('closing with the arqueo records the exact difference; a closed period and its movements are read-only', async () => {
    const p = await current();
    // Expected 230.25 − 30.25 = 200.00. Counted: 1×100 + 1×50 + 2×20 + 1×5 + 5×0.50 = 197.50 → faltante 2.50.
    expect(p.balance).toBe('200');
    const denominations = [{ value: '100', count: 1 }, { value: '50', count: 1 }, { value: '20', count: 2 }, { value: '5', count: 1 }, { value: '0.5', count: 5 }];
    const badDen = await s.gql(CLOSE, { id: p.id, v: p.version, i: { date: today, denominations: [{ value: '3', count: 1 }, { value: '100', count: -1 }] } }, cashier);
    expect(fields(badDen)).toEqual({ 'denominations.0.value': 'Denominación no válida.', 'denominations.1.count': 'La cantidad debe ser un entero entre 0 y 1,000,000.' });
    const repeated = await s.gql(CLOSE, { id: p.id, v: p.version, i: { date: today, denominations: [{ value: '0.50', count: 1 }, { value: '0.5', count: 1 }] } }, cashier);
    expect(fields(repeated)).toEqual({ 'denominations.1.value': 'Denominación repetida.' });
    const early = await s.gql(CLOSE, { id: p.id, v: p.version, i: { date: '2020-01-01', denominations } }, cashier);
    expect(fields(early)).toEqual({ date: `La fecha de cierre es anterior a la apertura (${today}).` });
    const stale = await s.gql(CLOSE, { id: p.id, v: p.version + 1, i: { date: today, denominations } }, cashier);
    expect(stale.errors![0].extensions!.code).toBe('CONFLICT');
    expect((await current()).status).toBe('abierto');

    const closed = (await gqlOk(CLOSE, { id: p.id, v: p.version, i: { date: today, denominations, differenceReason: 'Cambio no devuelto en mensajería' } })).cashPeriodClose;
    expect(closed).toMatchObject({ status: 'cerrado', balance: '200', countedTotal: '197.5', difference: '-2.5', differenceReason: 'Cambio no devuelto en mensajería', version: p.version + 1 });
    expect(closed.denominations).toHaveLength(11);
    expect(closed.denominations.filter((d: any) => d.count > 0)).toEqual([
      { value: '100', count: 1, amount: '100' },
      { value: '50', count: 1, amount: '50' },
      { value: '20', count: 2, amount: '40' },
      { value: '5', count: 1, amount: '5' },
      { value: '0.5', count: 5, amount: '2.5' },
    ]);

    const log = (await gqlOk('query($i:String){ auditEntries(entity:"cash_period", entityId:$i){ items{ action after } } }', { i: p.id }, admin)).auditEntries.items;
    expect(log[0]).toMatchObject({ action: 'close', after: { counted: '197.50', expected: '200.00', difference: '-2.50' } });

    const noPeriod = await s.gql(MOVE, { i: { conceptId: egreso, date: today, amount: '1', description: 'x' } }, cashier);
    expect(fields(noPeriod)).toEqual({ cashBoxId: 'No hay un período abierto en la caja; abre uno para registrar movimientos.' });
    const anyMove = (await gqlOk('query($p:ID!){ cashMovements(filter:{periodId:$p, status:vigente}){ items{ id } } }', { p: p.id })).cashMovements.items[0];
    expect(conflictMessage(await s.gql(CANCEL, { id: anyMove.id, r: 'x' }, cashier))).toBe('El período está cerrado; sus movimientos no se pueden modificar.');
    const upload = await s.gql('mutation($m:ID!,$f:ID!){ cashReceiptAttach(movementId:$m,fileId:$f){ id } }', { m: anyMove.id, f: await s.uploadId(cashier, Buffer.from('%PDF-1.4\n'), 'a.pdf') }, cashier);
    expect(conflictMessage(upload)).toBe('El período está cerrado; sus movimientos no se pueden modificar.');
    expect(conflictMessage(await s.gql(CLOSE, { id: p.id, v: closed.version, i: { date: today, denominations } }, cashier))).toBe('El período está cerrado; sus movimientos no se pueden modificar.');
  });

  it('2 parallel "open period": exactly one wins (database constraint)', async () => {
    const box = await boxId();
    const results = await Promise.all([0, 1].map(() => s.gql(OPEN, { i: { cashBoxId: box, date: today } }, cashier)));
    expect(results.filter((r) => r.data?.cashPeriodOpen)).toHaveLength(1);
    const loser = results.find((r) => r.errors)!;
    expect(conflictMessage(loser)).toBe('Ya hay un período abierto en esta caja; ciérralo antes de abrir otro.');
    expect((await gqlOk('{ cashPeriods(filter:{status:abierto}){ total } }')).cashPeriods.total).toBe(1);
    // Carried from the last arqueo: 197.50.
    expect(results.find((r) => r.data?.cashPeriodOpen)!.data!.cashPeriodOpen.openingBalance).toBe('197.5');
  });

  it('10 parallel egresos of 50 with 197.50 in the box: exactly 3 succeed, cash never negative', async () => {
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => s.gql(MOVE, { i: { conceptId: egreso, date: today, amount: '50', description: `Paralelo ${i}` } }, cashier)));
    expect(results.filter((r) => r.data?.cashMovementCreate)).toHaveLength(3);
    for (const r of results.filter((x) => x.errors)) expect(r.errors![0].extensions!.fields!.amount).toMatch(/^El egreso excede el efectivo en caja/);
    expect(await current()).toMatchObject({ balance: '47.5', expense: '150', movementCount: 3 });
  });
});

describe('date range on the lists: both boundary days in, the days outside out, an inverted range refused', () => {
  it('Movimientos by date', async () => {
    await checkDateRange(s, cashier, { field: 'cashMovements', filterType: 'CashMovementFilter', dateField: 'date' });
  });
});
