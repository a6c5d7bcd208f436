// Compras › Viáticos over HTTP (issue 28), on PGlite and PostgreSQL: an
// advance of 2,000.00 paid from a company account, comprobado with a supplier
// CFDI of 1,160.00 (1,000.00 + 160.00 IVA) and a no-deducible receipt of
// 590.00, the remainder of 250.00 returned to the account (figures by hand);
// the same CFDI refused twice; descuento en nómina needs the written consent
// and becomes an RH descuento convenio; the reembolso of an excess; FORBIDDEN
// for roles without the ability; bad input in Spanish writing nothing;
// parallel payments of one advance pay it once; cancelling a paid advance
// gives its payment back; the Tablero card after N days. Paid from a Caja
// cash box: an egreso in its open period linked both ways, the reintegro back
// into it, Caja's abilities and its no-overdraft rule under parallel payments.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, startServer, type GqlResult, type TestServer } from './harness';
import { fieldsOf as fields, okData } from './answers';
import { createPac, loadCsd, MemoryPacStore, sealCfdi } from '../../server/lib/cfdi';
import { invoiceXml, testCsd } from '../unit/cfdi/fixtures';

let s: TestServer;
let admin: string;
let buyer: string; // Compras: every Viáticos permission
let seller: string; // Vendedor: no Compras
let viewer: string; // Consulta: only ver
let cashier: string; // Cajero: only Caja
let employeeId: string;
let cajaId: string; // a company account (Compras › Cuentas)
let boxId: string; // «Caja general», a Caja cash box

const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Mexico_City', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
const addDays = (iso: string, n: number) => new Date(Date.parse(`${iso}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

const VIATICO = `id folio folioText status amount comprobado version employeeName source accountName cashBoxName sourceName settlement settlementAmount agreementFolio consent
  paymentCashMovementId paymentCashMovementFolio settlementCashMovementId settlementCashMovementFolio
  proofs { id kind concept cfdiUuid subtotal iva total } summary { comprobado deductible nonDeductible remainder excess }`;
const CREATE = `mutation($i:ViaticoInput!){ viaticoCreate(input:$i){ ${VIATICO} } }`;
const PAY = `mutation($id:ID!,$v:Int!){ viaticoPay(id:$id,version:$v){ ${VIATICO} } }`;
const PROOF = `mutation($id:ID!,$i:ViaticoProofInput!){ viaticoProofAdd(viaticoId:$id,input:$i){ ${VIATICO} } }`;
const CLOSE = `mutation($id:ID!,$v:Int!,$i:ViaticoCloseInput!){ viaticoClose(id:$id,version:$v,input:$i){ ${VIATICO} } }`;
const CANCEL = `mutation($id:ID!,$v:Int!,$r:String!){ viaticoCancel(id:$id,version:$v,reason:$r){ ${VIATICO} } }`;
const COUNT = '{ viaticos(list:{pageSize:1}){ total } }';
const BALANCE = 'query($id:ID!){ account(id:$id){ balance } }';

type Viatico = Record<string, any> & { id: string; version: number; status: string };

beforeAll(async () => {
  // On PostgreSQL the server gets its own database, copied from the run's seeded template and dropped on stop.
  s = await startServer();
  [admin, buyer, seller, viewer, cashier] = await Promise.all([s.login(ADMIN_EMAIL), s.login('compras@demo.mx'), s.login('ventas@demo.mx'), s.login('consulta@demo.mx'), s.login('caja@demo.mx')]);
  const employees = (await gqlOk('{ viaticoEmployeeOptions(limit: 5){ id label } }')).viaticoEmployeeOptions;
  expect(employees.length).toBeGreaterThan(0);
  employeeId = employees[0].id;
  const caja = await gqlOk('mutation($i:CompanyAccountCreateInput!){ accountCreate(input:$i){ id balance } }', { i: { name: 'Caja chica viáticos', openingBalance: '10000', openingDate: addDays(today, -30) } }, admin);
  cajaId = caja.accountCreate.id;
  // Caja general starts a period today with exactly 5,000.00: the demo period is closed with an arqueo of 5 × 1,000.00 bills, which the new one carries.
  boxId = (await gqlOk('{ cashBoxes { id name } }', {}, admin)).cashBoxes.find((b: { name: string }) => b.name === 'Caja general').id;
  const open = (await gqlOk('query($b:ID){ currentCashPeriod(cashBoxId:$b){ id version } }', { b: boxId }, admin)).currentCashPeriod;
  if (open) {
    await gqlOk('mutation($id:ID!,$v:Int!,$i:CashPeriodCloseInput!){ cashPeriodClose(id:$id,version:$v,input:$i){ id } }', { id: open.id, v: open.version, i: { date: today, denominations: [{ value: '1000', count: 5 }], differenceReason: 'Arqueo de la prueba de viáticos' } }, admin);
  }
  await gqlOk('mutation($i:CashPeriodOpenInput!){ cashPeriodOpen(input:$i){ id } }', { i: { cashBoxId: boxId, date: today, ...(open ? {} : { openingBalance: '5000' }) } }, admin);
}, 180_000);
afterAll(async () => s?.stop());

const gql = (query: string, variables: Record<string, unknown> = {}, token = buyer) => s.gql(query, variables, token);
const gqlOk = async (query: string, variables: Record<string, unknown> = {}, token = buyer) => okData(await gql(query, variables, token));
const code = (r: GqlResult) => r.errors?.[0].extensions?.code;
const balance = async () => (await gqlOk(BALANCE, { id: cajaId }, admin)).account.balance as string;
const count = async () => (await gqlOk(COUNT, {}, admin)).viaticos.total as number;

const input = (over: Record<string, unknown> = {}) => ({ employeeId, accountId: cajaId, date: today, purpose: 'Visita a obra en Querétaro', amount: '2000', ...over });
const create = async (over: Record<string, unknown> = {}): Promise<Viatico> => (await gqlOk(CREATE, { i: input(over) })).viaticoCreate;
const pay = async (v: Viatico, token = buyer): Promise<Viatico> => (await gqlOk(PAY, { id: v.id, v: v.version }, token)).viaticoPay;
const addProof = async (v: Viatico, i: Record<string, unknown>): Promise<Viatico> => (await gqlOk(PROOF, { id: v.id, i })).viaticoProofAdd;

/** A supplier CFDI of 1,000.00 + 16 % IVA 160.00 = 1,160.00 to the demo company, sealed and stamped like the intake tests'. */
async function cfdiOf1160(folio: string): Promise<{ xml: string; uuid: string }> {
  const xml = invoiceXml({ folio })
    .replace('Rfc="URE180429TM6" Nombre="UNIVERSIDAD ROBOTICA ESPAÑOLA" DomicilioFiscalReceptor="86991"', 'Rfc="EKU9003173C9" Nombre="ESCUELA KEMPER URGATE" DomicilioFiscalReceptor="42501"')
    .replaceAll('2469.12', '1000.00')
    .replaceAll('2864.18', '1160.00')
    .replaceAll('395.06', '160.00')
    .replace('Cantidad="2"', 'Cantidad="1"')
    .replace('ValorUnitario="1234.56"', 'ValorUnitario="1000.00"');
  const sealed = await sealCfdi(xml, loadCsd(testCsd()));
  const result = await (await createPac({ store: new MemoryPacStore(), env: {} })).stamp(sealed, `viatico-${folio}`);
  return { xml: result.xml, uuid: result.uuid };
}

describe('a viático from the advance to its reintegro', () => {
  it('2,000.00 paid, 1,750.00 comprobados (CFDI 1,160.00 + no deducible 590.00), 250.00 back to the account', async () => {
    const before = await balance();
    const v = await create();
    expect(v).toMatchObject({ status: 'borrador', amount: '2000', comprobado: '0', accountName: 'Caja chica viáticos' });
    expect(v.folioText).toBe(`VI-${String(v.folio).padStart(6, '0')}`);
    expect(await balance()).toBe(before);

    const paid = await pay(v);
    expect(paid.status).toBe('pagado');
    // 10,000.00 − 2,000.00 = 8,000.00
    expect(await balance()).toBe('8000');

    const { xml, uuid } = await cfdiOf1160('9101');
    const withCfdi = await addProof(paid, { kind: 'cfdi', fileId: await s.uploadId(buyer, Buffer.from(xml), 'hotel.xml') });
    expect(withCfdi.status).toBe('comprobado_parcial');
    expect(withCfdi.proofs).toEqual([expect.objectContaining({ kind: 'cfdi', cfdiUuid: uuid, subtotal: '1000', iva: '160', total: '1160' })]);

    const withReceipt = await addProof(withCfdi, { kind: 'no_deducible', date: today, concept: 'Comidas sin factura', amount: '590' });
    // 1,160.00 + 590.00 = 1,750.00 of 2,000.00: the employee owes 250.00; net of IVA 1,000.00 deducible.
    expect(withReceipt).toMatchObject({ status: 'comprobado_parcial', comprobado: '1750' });
    expect(withReceipt.summary).toEqual({ comprobado: '1750', deductible: '1000', nonDeductible: '590', remainder: '250', excess: '0' });

    // The same CFDI cannot prove a second viático.
    const other = await pay(await create({ amount: '500' }));
    expect(fields(await gql(PROOF, { id: other.id, i: { kind: 'cfdi', fileId: await s.uploadId(buyer, Buffer.from(xml), 'hotel.xml') } }))).toEqual({
      fileId: `El CFDI ${uuid} ya está comprobado en el viático ${v.folioText}.`,
    });

    // Closing without saying how the 250.00 comes back is refused; reintegro deposits it.
    expect(fields(await gql(CLOSE, { id: v.id, v: withReceipt.version, i: {} }))).toEqual({ settlement: 'El empleado debe $250.00: elige reintegro o descuento en nómina.' });
    const closed = (await gqlOk(CLOSE, { id: v.id, v: withReceipt.version, i: { settlement: 'reintegro' } })).viaticoClose as Viatico;
    expect(closed).toMatchObject({ status: 'cerrado', settlement: 'reintegro', settlementAmount: '250' });
    // 8,000.00 − 500.00 (the other advance) + 250.00 = 7,750.00
    expect(await balance()).toBe('7750');

    // The statement shows the three movements of the viáticos.
    const statement = (await gqlOk('query($id:ID!){ accountStatement(accountId:$id){ items { kind amount reference } } }', { id: cajaId }, admin)).accountStatement.items as { kind: string; amount: string; reference: string }[];
    expect(statement.filter((e) => e.kind === 'viatico').map((e) => e.amount).sort()).toEqual(['-2000', '-500', '250']);
    // Closed: no more comprobantes.
    expect(code(await gql(PROOF, { id: v.id, i: { kind: 'no_deducible', date: today, concept: 'Taxi', amount: '50' } }))).toBe('CONFLICT');
  });

  it('descuento en nómina needs the written consent and becomes a one-installment RH descuento convenio', async () => {
    const v = await pay(await create({ amount: '1000' }));
    const proved = await addProof(v, { kind: 'no_deducible', date: today, concept: 'Casetas', amount: '400' });
    // 1,000.00 − 400.00 = 600.00 to deduct.
    expect(fields(await gql(CLOSE, { id: v.id, v: proved.version, i: { settlement: 'descuento_nomina' } }))).toEqual({
      consent: 'El descuento en nómina requiere el consentimiento por escrito del empleado.',
      consentFileId: 'Adjunta el documento firmado por el empleado.',
    });
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');
    const fileId = await s.uploadId(buyer, pdf, 'consentimiento.pdf');
    const closed = (await gqlOk(CLOSE, { id: v.id, v: proved.version, i: { settlement: 'descuento_nomina', consent: true, consentFileId: fileId } })).viaticoClose as Viatico;
    expect(closed).toMatchObject({ status: 'cerrado', settlement: 'descuento_nomina', settlementAmount: '600', consent: true });
    const agreements = (await gqlOk('query($f:RhAgreementFilter){ rhAgreements(filter:$f, list:{pageSize:50}){ items { folio kind total installment balance reference status } } }', { f: { employeeId } }, admin)).rhAgreements.items as Record<string, unknown>[];
    expect(agreements.find((a) => a.folio === closed.agreementFolio)).toMatchObject({ kind: 'descuento', total: '600', installment: '600', balance: '600', reference: closed.folioText, status: 'activo' });
  });

  it('an excess comprobado is reimbursed to the employee from the account', async () => {
    const start = await balance();
    const v = await pay(await create({ amount: '300' }));
    const proved = await addProof(v, { kind: 'no_deducible', date: today, concept: 'Hospedaje', amount: '350.50' });
    expect(proved.summary).toMatchObject({ remainder: '0', excess: '50.5' });
    const closed = (await gqlOk(CLOSE, { id: v.id, v: proved.version, i: {} })).viaticoClose as Viatico;
    expect(closed).toMatchObject({ settlement: 'reembolso', settlementAmount: '50.5' });
    // start − 300.00 − 50.50 = start − 350.50
    expect(await balance()).toBe(String(Number(start) - 350.5));
  });
});

describe('permissions, bad input, concurrency, cancellation', () => {
  it('FORBIDDEN without the ability; nothing written', async () => {
    const n = await count();
    expect(code(await gql(CREATE, { i: input() }, seller))).toBe('FORBIDDEN');
    expect(code(await gql(CREATE, { i: input() }, viewer))).toBe('FORBIDDEN');
    const v = await create();
    expect(code(await gql(PAY, { id: v.id, v: v.version }, viewer))).toBe('FORBIDDEN');
    expect(code(await gql(COUNT, {}, seller))).toBe('FORBIDDEN');
    expect(await count()).toBe(n + 1);
  });

  it('amount 0 and a missing employee: Spanish field messages, nothing written', async () => {
    const n = await count();
    expect(fields(await gql(CREATE, { i: input({ amount: '0' }) }))).toEqual({ amount: 'El importe debe ser mayor a cero, con máximo 2 decimales.' });
    expect(fields(await gql(CREATE, { i: input({ employeeId: null }) }))).toEqual({ employeeId: 'Selecciona el empleado.' });
    expect(fields(await gql(CREATE, { i: input({ employeeId: '999999' }) }))).toEqual({ employeeId: 'El empleado no existe.' });
    expect(fields(await gql(PROOF, { id: '1', i: { kind: 'no_deducible', date: today, concept: '', amount: '0' } }))).toEqual({
      concept: 'Este campo es obligatorio.',
      amount: 'El importe debe ser mayor a cero, con máximo 2 decimales.',
    });
    expect(await count()).toBe(n);
  });

  it('parallel payments of one advance pay it once', async () => {
    const start = await balance();
    const v = await create({ amount: '700' });
    const results = await Promise.all([gql(PAY, { id: v.id, v: v.version }), gql(PAY, { id: v.id, v: v.version }, admin), gql(PAY, { id: v.id, v: v.version })]);
    expect(results.filter((r) => !r.errors)).toHaveLength(1);
    expect(results.filter((r) => r.errors).map(code)).toEqual(['CONFLICT', 'CONFLICT']);
    // start − 700.00, once.
    expect(await balance()).toBe(String(Number(start) - 700));
  });

  it('cancels a borrador, or a paid advance without comprobantes giving its withdrawal back, with a reason', async () => {
    const v = await create();
    expect(fields(await gql(CANCEL, { id: v.id, v: v.version, r: ' ' }))).toEqual({ reason: 'Este campo es obligatorio.' });
    expect((await gqlOk(CANCEL, { id: v.id, v: v.version, r: 'Se canceló la visita' })).viaticoCancel.status).toBe('cancelado');
    const start = await balance();
    const paid = await pay(await create({ amount: '10' }));
    const cancelled = (await gqlOk(CANCEL, { id: paid.id, v: paid.version, r: 'Se pospuso la visita' })).viaticoCancel as Viatico;
    expect(cancelled.status).toBe('cancelado');
    // start − 10.00 + 10.00 (the reversal) = start
    expect(await balance()).toBe(start);
    // With a comprobante it is no longer cancelled, it is closed.
    const proved = await addProof(await pay(await create({ amount: '20' })), { kind: 'no_deducible', date: today, concept: 'Taxi', amount: '5' });
    expect(code(await gql(CANCEL, { id: proved.id, v: proved.version, r: 'x' }))).toBe('CONFLICT');
  });
});

describe('paid from a caja (Caja general, a period opened today with 5,000.00)', () => {
  const CASH = 'query($b:ID){ currentCashPeriod(cashBoxId:$b){ balance } }';
  const MOVES = 'query($s:String){ cashMovements(list:{search:$s,pageSize:50,sortBy:"folio"}){ items { id folio kind amount reference description conceptName status sourceEntity sourceId balanceAfter reversalOf } } }';
  const MOVE_CANCEL = 'mutation($id:ID!){ cashMovementCancel(id:$id,reason:"Error de captura"){ id } }';
  type Move = { id: string; folio: number; kind: string; amount: string; reference: string; conceptName: string; status: string; sourceEntity: string | null; sourceId: string | null; balanceAfter: string; reversalOf: string | null };
  const cash = async () => (await gqlOk(CASH, { b: boxId }, admin)).currentCashPeriod.balance as string;
  const movesOf = async (v: Viatico) => (await gqlOk(MOVES, { s: v.folioText }, admin)).cashMovements.items as Move[];
  const moveCount = async () => (await gqlOk('{ cashMovements(list:{pageSize:1}){ total } }', {}, admin)).cashMovements.total as number;
  const fromBox = (over: Record<string, unknown> = {}) => input({ source: 'caja', accountId: null, cashBoxId: boxId, ...over });
  const createFromBox = async (over: Record<string, unknown> = {}): Promise<Viatico> => (await gqlOk(CREATE, { i: fromBox(over) })).viaticoCreate;
  const statusOf = async (v: Viatico) => (await gqlOk('query($id:ID!){ viatico(id:$id){ status } }', { id: v.id }, admin)).viatico.status as string;

  it('2,000.00 out of 5,000.00 leaves 3,000.00; 250.00 returned leaves 3,250.00; each movement linked to the viático both ways', async () => {
    expect(await cash()).toBe('5000');
    const v = await createFromBox();
    expect(v).toMatchObject({ status: 'borrador', source: 'caja', cashBoxName: 'Caja general', sourceName: 'Caja general', accountName: null });
    // A borrador moves no cash.
    expect(await cash()).toBe('5000');

    const paid = await pay(v, admin);
    // 5,000.00 − 2,000.00 = 3,000.00
    expect(await cash()).toBe('3000');
    const [out] = await movesOf(v);
    expect(out).toMatchObject({ kind: 'egreso', amount: '2000', reference: v.folioText, conceptName: 'Viáticos a empleados', status: 'vigente', sourceEntity: 'viatico', sourceId: v.id, balanceAfter: '3000' });
    expect(paid).toMatchObject({ status: 'pagado', paymentCashMovementId: out.id, paymentCashMovementFolio: out.folio });

    const proved = await addProof(paid, { kind: 'no_deducible', date: today, concept: 'Hospedaje y comidas', amount: '1750' });
    // 2,000.00 − 1,750.00 = 250.00 owed; the reintegro goes back into the same caja (no account may be named).
    expect(fields(await gql(CLOSE, { id: v.id, v: proved.version, i: { settlement: 'reintegro', accountId: cajaId } }, admin))).toEqual({
      accountId: 'El viático se pagó de Caja general: su reintegro o reembolso se registra en esa misma caja.',
    });
    const closed = (await gqlOk(CLOSE, { id: v.id, v: proved.version, i: { settlement: 'reintegro' } }, admin)).viaticoClose as Viatico;
    // 3,000.00 + 250.00 = 3,250.00
    expect(await cash()).toBe('3250');
    const back = (await movesOf(v)).find((m) => m.kind === 'ingreso') as Move;
    expect(back).toMatchObject({ amount: '250', reference: v.folioText, conceptName: 'Reintegro de viáticos', sourceEntity: 'viatico', sourceId: v.id, balanceAfter: '3250' });
    expect(closed).toMatchObject({ status: 'cerrado', settlement: 'reintegro', settlementAmount: '250', settlementCashMovementId: back.id, settlementCashMovementFolio: back.folio });

    // Caja does not cancel a viático's movement (the viático would still say it was paid); its cashier picks no system concept either.
    expect(code(await gql(MOVE_CANCEL, { id: out.id }, admin))).toBe('CONFLICT');
    const manual = (await gqlOk('{ cashConceptOptions { name } }', {}, cashier)).cashConceptOptions.map((c: { name: string }) => c.name);
    expect(manual).not.toContain('Viáticos a empleados');
    const system = (await gqlOk('{ cashConcepts(list:{search:"Viáticos a empleados"}){ items { id version name kind } } }', {}, admin)).cashConcepts.items[0];
    expect(fields(await gql('mutation($id:ID!,$v:Int!,$i:CashConceptInput!){ cashConceptUpdate(id:$id,version:$v,input:$i){ id } }', { id: system.id, v: system.version, i: { name: system.name, kind: 'egreso', active: false } }, admin))).toEqual({
      active: 'Este concepto lo registran los viáticos de Compras: no se puede desactivar ni cambiar de tipo.',
    });
    expect(await cash()).toBe('3250');
  });

  it('FORBIDDEN without «crear» on Caja › Movimientos (Compras) or without Viáticos (Cajero); nothing written', async () => {
    const moves = await moveCount();
    // Compras may capture it (no cash moves yet), not pay it from a caja.
    const v = await createFromBox({ amount: '100' });
    const r = await gql(PAY, { id: v.id, v: v.version }, buyer);
    expect(code(r)).toBe('FORBIDDEN');
    expect(r.errors?.[0].message).toBe('Mover efectivo de la caja requiere el permiso «crear» de Caja › Movimientos.');
    expect(code(await gql(PAY, { id: v.id, v: v.version }, cashier))).toBe('FORBIDDEN');
    expect(code(await gql(CREATE, { i: fromBox() }, cashier))).toBe('FORBIDDEN');
    expect(await statusOf(v)).toBe('borrador');
    expect(await cash()).toBe('3250');
    expect(await moveCount()).toBe(moves);
  });

  it('no caja chosen, an unknown caja: Spanish field messages, nothing written', async () => {
    const n = await count();
    expect(fields(await gql(CREATE, { i: fromBox({ cashBoxId: null }) }))).toEqual({ cashBoxId: 'Selecciona la caja de la que se paga.' });
    expect(fields(await gql(CREATE, { i: fromBox({ cashBoxId: '999999' }) }))).toEqual({ cashBoxId: 'La caja no existe.' });
    expect(fields(await gql(CREATE, { i: input({ accountId: null }) }))).toEqual({ accountId: 'Selecciona la cuenta de la que se paga.' });
    expect(await count()).toBe(n);
  });

  it('an advance larger than the cash in the caja is refused, as Caja refuses any egreso; nothing written', async () => {
    const moves = await moveCount();
    // 3,250.01 > 3,250.00
    const v = await createFromBox({ amount: '3250.01' });
    const r = await gql(PAY, { id: v.id, v: v.version }, admin);
    expect(fields(r)).toEqual({ cashBoxId: 'El egreso excede el efectivo en caja (disponible $3,250.00).' });
    expect(r.errors?.[0].message).toBe('El egreso excede el efectivo en caja (disponible $3,250.00).');
    expect(await statusOf(v)).toBe('borrador');
    expect(await cash()).toBe('3250');
    expect(await moveCount()).toBe(moves);
  });

  it('advances paid in parallel from one caja leave an exact balance; the one that no longer fits is refused', async () => {
    const [a, b] = await Promise.all([createFromBox({ amount: '1000' }), createFromBox({ amount: '1250' })]);
    const both = await Promise.all([gql(PAY, { id: a.id, v: a.version }, admin), gql(PAY, { id: b.id, v: b.version }, admin)]);
    expect(both.map((r) => r.errors)).toEqual([undefined, undefined]);
    // 3,250.00 − 1,000.00 − 1,250.00 = 1,000.00
    expect(await cash()).toBe('1000');
    // Three of 400.00 against 1,000.00: two fit (1,000.00 − 800.00 = 200.00), the third would leave −200.00.
    const three = await Promise.all([1, 2, 3].map(() => createFromBox({ amount: '400' })));
    const results = await Promise.all(three.map((v) => gql(PAY, { id: v.id, v: v.version }, admin)));
    expect(results.filter((r) => !r.errors)).toHaveLength(2);
    expect(results.filter((r) => r.errors).map((r) => fields(r))).toEqual([{ cashBoxId: 'El egreso excede el efectivo en caja (disponible $200.00).' }]);
    expect(await cash()).toBe('200');
  });

  it('cancelling a paid advance reverses its cash movement (eliminar on Caja › Movimientos); 200.00 − 150.00 + 150.00 = 200.00', async () => {
    const paid = await pay(await createFromBox({ amount: '150' }), admin);
    expect(await cash()).toBe('50');
    expect(code(await gql(CANCEL, { id: paid.id, v: paid.version, r: 'Se pospuso' }, buyer))).toBe('FORBIDDEN');
    expect(await statusOf(paid)).toBe('pagado');
    expect(await cash()).toBe('50');
    const cancelled = (await gqlOk(CANCEL, { id: paid.id, v: paid.version, r: 'Se pospuso la visita' }, admin)).viaticoCancel as Viatico;
    expect(cancelled.status).toBe('cancelado');
    expect(await cash()).toBe('200');
    const moves = await movesOf(paid);
    expect(moves.map((m) => [m.kind, m.amount, m.status, m.reversalOf === null ? null : 'reversal'])).toEqual([
      ['egreso', '150', 'cancelado', null],
      ['ingreso', '150', 'vigente', 'reversal'],
    ]);
    expect(moves[1]).toMatchObject({ reversalOf: moves[0].id, sourceEntity: 'viatico', sourceId: paid.id });
  });
});

describe('the Tablero card «Viáticos sin comprobar»', () => {
  const CARD = '{ dashboard { shopping { viaticosOverdue { count amount days } } } }';
  it('counts advances paid more than N days ago without full comprobación; N from Compras settings', async () => {
    const card = async (token = buyer) => (await gqlOk(CARD, {}, token)).dashboard.shopping?.viaticosOverdue;
    expect(await card()).toEqual({ count: 0, amount: '0', days: 5 });
    const old = await pay(await create({ amount: '800', date: addDays(today, -6) }));
    await addProof(old, { kind: 'no_deducible', date: today, concept: 'Gasolina', amount: '300' });
    await pay(await create({ amount: '900', date: addDays(today, -3) }));
    // Only the one of 6 days: 800.00 − 300.00 = 500.00 to prove.
    expect(await card()).toEqual({ count: 1, amount: '500', days: 5 });
    const settings = (await gqlOk('{ shoppingSettings { viaticoOverdueDays version } }')).shoppingSettings;
    expect(fields(await gql('mutation($v:Int!,$i:ShoppingSettingsInput!){ shoppingSettingsUpdate(version:$v,input:$i){ viaticoOverdueDays } }', { v: settings.version, i: { viaticoOverdueDays: 0 } }))).toEqual({
      viaticoOverdueDays: 'Los días deben ser un entero entre 1 y 365.',
    });
    await gqlOk('mutation($v:Int!,$i:ShoppingSettingsInput!){ shoppingSettingsUpdate(version:$v,input:$i){ viaticoOverdueDays } }', { v: settings.version, i: { viaticoOverdueDays: 2 } });
    // Now both: 500.00 + 900.00 = 1,400.00.
    expect(await card()).toEqual({ count: 2, amount: '1400', days: 2 });
    expect((await gqlOk('{ viaticos(filter:{overdue:true}){ total } }')).viaticos.total).toBe(2);
    // Without Compras-Viáticos the figure is not sent.
    expect((await gqlOk(CARD, {}, seller)).dashboard.shopping).toBeNull();
  });
});
