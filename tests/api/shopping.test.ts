// Compras over HTTP: suppliers, the accounts ledger, expenses, supplier
// payments (also under concurrency), payment requests and the reports.
// Figures are computed by hand in each test; data dated 2019 keeps the demo
// seed (dated around today) out of the report ranges.
import { stampedSupplierCfdi } from '../unit/cfdi/supplierCfdi';
import { startFakeSatStatus, type FakeSatStatus } from '../unit/cfdi/fakeSatStatus';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, startServer, type TestServer } from './harness';
import { fieldsOf as fields, okData } from './answers';
import { checkDateRange } from './dateRange';

let s: TestServer;
let admin: string;
let buyer: string; // Compras role
let seller: string; // Vendedor: no Compras at all
let viewer: string; // Consulta: only `ver`
// SAT's «Consulta de CFDI» service, faked on 127.0.0.1 (ERP_SAT_STATUS_URL, README).
let sat: FakeSatStatus;

beforeAll(async () => {
  sat = await startFakeSatStatus();
  s = await startServer({ ERP_SAT_STATUS_URL: sat.url });
  [admin, buyer, seller, viewer] = await Promise.all([s.login(ADMIN_EMAIL), s.login('compras@demo.mx'), s.login('ventas@demo.mx'), s.login('consulta@demo.mx')]);
});
afterAll(async () => {
  await s?.stop();
  await sat?.close();
});

const SUPPLIER = 'id rfc name taxRegime taxRegimeName postalCode clabe creditDays category active payable version';
const ACCOUNT = 'id name bank number clabe currency openingBalance openingDate balance active version';
const EXPENSE = 'id folio supplierId supplierName date dueDate invoiceSerie invoiceFolio cfdiUuid category subtotal ivaRate iva isrRetention ivaRetention total balance status cancelReason paymentRequestId version';
const PAYMENT = 'id folio accountId supplierId date amount applied status cancelReason applications { expenseId amount }';
const REQUEST = 'id folio origin status supplierId total subtotal rejectReason expenseId expenseFolio version';

const gqlOk = async (query: string, variables: Record<string, unknown> = {}, token = admin) => okData(await s.gql(query, variables, token));
const audit = async (entity: string, entityId: string) =>
  (await gqlOk('query($e:String,$i:String){ auditEntries(entity:$e, entityId:$i){ items{ action after } } }', { e: entity, i: entityId })).auditEntries.items as { action: string; after: any }[];

let rfcSeq = 0;
/** A fresh valid persona moral RFC per call (date part changes). */
const nextRfc = () => {
  rfcSeq += 1;
  const mm = String((rfcSeq % 12) + 1).padStart(2, '0');
  const dd = String((Math.floor(rfcSeq / 12) % 28) + 1).padStart(2, '0');
  return `PRB${String(10 + (Math.floor(rfcSeq / 336) % 80))}${mm}${dd}AB1`;
};

const supplierInput = (over: Record<string, unknown> = {}) => ({
  rfc: nextRfc(), name: `Proveedor de prueba ${rfcSeq}`, taxRegime: '601', postalCode: '76000', contactName: 'Contacto', contactEmail: 'contacto@prueba.mx',
  contactPhone: '442 100 2000', bank: 'BBVA', clabe: '002650007777888993', creditDays: 30, category: 'Pruebas', active: true, ...over,
});
const createSupplier = async (over: Record<string, unknown> = {}) =>
  (await gqlOk(`mutation($i:SupplierInput!){ supplierCreate(input:$i){ ${SUPPLIER} } }`, { i: supplierInput(over) })).supplierCreate;

let accountSeq = 0;
const createAccount = async (openingBalance: string, openingDate = '2019-01-01') =>
  (await gqlOk(`mutation($i:CompanyAccountCreateInput!){ accountCreate(input:$i){ ${ACCOUNT} } }`, { i: { name: `Cuenta prueba ${++accountSeq}`, bank: 'Banorte', number: `00${accountSeq}`, clabe: '', openingBalance, openingDate } })).accountCreate;

const expenseInput = (supplierId: string, over: Record<string, unknown> = {}) => ({
  supplierId, date: '2019-03-01', invoiceSerie: 'A', invoiceFolio: '100', category: 'Pruebas', description: 'Gasto de prueba',
  subtotal: '1000', ivaRate: '0.16', isrRetentionRate: '0', ivaRetentionRate: '0', ...over,
});
const createExpense = async (supplierId: string, over: Record<string, unknown> = {}) =>
  (await gqlOk(`mutation($i:ExpenseInput!){ expenseCreate(input:$i){ ${EXPENSE} } }`, { i: expenseInput(supplierId, over) })).expenseCreate;
const getExpense = async (id: string) => (await gqlOk(`query($id:ID!){ expense(id:$id){ ${EXPENSE} } }`, { id })).expense;
const getAccount = async (id: string) => (await gqlOk(`query($id:ID!){ account(id:$id){ ${ACCOUNT} } }`, { id })).account;

const PAY = `mutation($i:SupplierPaymentInput!){ supplierPaymentCreate(input:$i){ ${PAYMENT} } }`;
const payInput = (accountId: string, supplierId: string, applications: { expenseId: string; amount: string }[], amount?: string, date = '2019-04-01') => ({
  accountId, supplierId, date, paymentForm: '03', reference: 'SPEI', applications,
  amount: amount ?? applications.reduce((t, a) => t + Number(a.amount), 0).toFixed(2),
});
const statement = async (accountId: string, from?: string, to?: string) =>
  (await gqlOk(
    `query($a:ID!,$f:Date,$t:Date){ accountStatement(accountId:$a, from:$f, to:$t, list:{pageSize:200}){ openingBalance deposits withdrawals closingBalance total
      items{ id date kind amount runningBalance reference sourceEntity reversalOf reversedBy reason } } }`,
    { a: accountId, f: from ?? null, t: to ?? null },
  )).accountStatement;

// ---------------------------------------------------------------------------------

describe('permissions: every Compras operation', () => {
  const OPS: { name: string; query: string; needs: string }[] = [
    { name: 'suppliers', query: '{ suppliers { total } }', needs: 'ver' },
    { name: 'supplier', query: '{ supplier(id:"1"){ id } }', needs: 'ver' },
    { name: 'supplierCategories', query: '{ supplierCategories }', needs: 'ver' },
    { name: 'supplierOptions', query: '{ supplierOptions { id } }', needs: 'ver' },
    { name: 'accounts', query: '{ accounts { total } }', needs: 'ver' },
    { name: 'account', query: '{ account(id:"1"){ id } }', needs: 'ver' },
    { name: 'accountOptions', query: '{ accountOptions { id balance } }', needs: 'ver' },
    { name: 'accountStatement', query: '{ accountStatement(accountId:"1"){ total } }', needs: 'ver' },
    { name: 'expenses', query: '{ expenses { total } }', needs: 'ver' },
    { name: 'expenseGroups', query: '{ expenseGroups(groupBy: SUPPLIER) { totalGroups } }', needs: 'ver' },
    { name: 'expense', query: '{ expense(id:"1"){ id } }', needs: 'ver' },
    { name: 'expenseCategories', query: '{ expenseCategories }', needs: 'ver' },
    { name: 'openExpenses', query: '{ openExpenses(supplierId:"1"){ id } }', needs: 'ver' },
    { name: 'supplierPayments', query: '{ supplierPayments { total } }', needs: 'ver' },
    { name: 'supplierPayment', query: '{ supplierPayment(id:"1"){ id } }', needs: 'ver' },
    { name: 'paymentRequests', query: '{ paymentRequests { total } }', needs: 'ver' },
    { name: 'paymentRequest', query: '{ paymentRequest(id:"1"){ id } }', needs: 'ver' },
    { name: 'payablesAging', query: '{ payablesAging(asOf:"2019-01-01"){ asOf } }', needs: 'ver' },
    { name: 'spendReport', query: '{ spendReport(from:"2019-01-01",to:"2019-01-31",groupBy:SUPPLIER){ from } }', needs: 'ver' },
    { name: 'accountPaymentsReport', query: '{ accountPaymentsReport(from:"2019-01-01",to:"2019-01-31"){ from } }', needs: 'ver' },
    { name: 'shoppingReportPdf', query: '{ shoppingReportPdf(input:{kind:AGING, asOf:"2019-01-01"}) }', needs: 'exportar' },
    { name: 'supplierCreate', query: 'mutation{ supplierCreate(input:{rfc:"ABC010101AB1",name:"X",taxRegime:"601",postalCode:"01000",creditDays:0,active:true}){ id } }', needs: 'crear' },
    { name: 'supplierUpdate', query: 'mutation{ supplierUpdate(id:"1",version:1,input:{rfc:"ABC010101AB1",name:"X",taxRegime:"601",postalCode:"01000",creditDays:0,active:true}){ id } }', needs: 'editar' },
    { name: 'supplierDeactivate', query: 'mutation{ supplierDeactivate(id:"1",version:1){ id } }', needs: 'eliminar' },
    { name: 'accountCreate', query: 'mutation{ accountCreate(input:{name:"Intrusa",openingBalance:"10",openingDate:"2019-01-01"}){ id } }', needs: 'crear' },
    { name: 'accountUpdate', query: 'mutation{ accountUpdate(id:"1",version:1,input:{name:"X",active:true}){ id } }', needs: 'editar' },
    { name: 'accountTransfer', query: 'mutation{ accountTransfer(input:{fromAccountId:"1",toAccountId:"2",date:"2026-01-01",amount:"1",reference:"x"}){ id } }', needs: 'crear' },
    { name: 'accountAdjust', query: 'mutation{ accountAdjust(input:{accountId:"1",date:"2026-01-01",amount:"1",reason:"x"}){ id } }', needs: 'editar' },
    { name: 'accountEntryReverse', query: 'mutation{ accountEntryReverse(id:"1",reason:"x"){ id } }', needs: 'eliminar' },
    { name: 'expenseCreate', query: 'mutation{ expenseCreate(input:{supplierId:"1",date:"2019-01-01",category:"X",subtotal:"10",ivaRate:"0.16",isrRetentionRate:"0",ivaRetentionRate:"0"}){ id } }', needs: 'crear' },
    { name: 'expenseUpdate', query: 'mutation{ expenseUpdate(id:"1",version:1,input:{supplierId:"1",date:"2019-01-01",category:"X",subtotal:"10",ivaRate:"0.16",isrRetentionRate:"0",ivaRetentionRate:"0"}){ id } }', needs: 'editar' },
    { name: 'expenseCancel', query: 'mutation{ expenseCancel(id:"1",version:1,reason:"x"){ id } }', needs: 'eliminar' },
    { name: 'expenseFileAttach', query: 'mutation{ expenseFileAttach(expenseId:"1",fileId:"00000000-0000-4000-8000-000000000000"){ id } }', needs: 'editar' },
    { name: 'expenseFileDelete', query: 'mutation{ expenseFileDelete(id:"00000000-0000-4000-8000-000000000000") }', needs: 'editar' },
    { name: 'expenseSatStatusRefresh', query: 'mutation{ expenseSatStatusRefresh(id:"1"){ id } }', needs: 'editar' },
    { name: 'supplierPaymentCreate', query: 'mutation{ supplierPaymentCreate(input:{accountId:"1",supplierId:"1",date:"2026-01-01",amount:"1",paymentForm:"03",applications:[{expenseId:"2",amount:"1"}]}){ id } }', needs: 'crear' },
    { name: 'supplierPaymentCancel', query: 'mutation{ supplierPaymentCancel(id:"1",reason:"x"){ id } }', needs: 'eliminar' },
    { name: 'paymentRequestCreate', query: 'mutation{ paymentRequestCreate(input:{date:"2026-01-01",description:"x",category:"x",subtotal:"10",ivaRate:"0.16"}){ id } }', needs: 'crear' },
    { name: 'paymentRequestApprove', query: 'mutation{ paymentRequestApprove(id:"1",version:1,input:{date:"2026-01-01"}){ id } }', needs: 'autorizar' },
    { name: 'paymentRequestReject', query: 'mutation{ paymentRequestReject(id:"1",version:1,reason:"x"){ id } }', needs: 'autorizar' },
    { name: 'purchaseOrders', query: '{ purchaseOrders { total } }', needs: 'ver' },
    { name: 'purchaseOrder', query: '{ purchaseOrder(id:"1"){ id } }', needs: 'ver' },
    { name: 'purchaseArticleOptions', query: '{ purchaseArticleOptions(search:"x"){ id } }', needs: 'ver' },
    { name: 'purchaseWarehouseOptions', query: '{ purchaseWarehouseOptions { id } }', needs: 'ver' },
    { name: 'purchaseOrderPdf', query: '{ purchaseOrderPdf(id:"1") }', needs: 'ver-any' },
    { name: 'purchaseOrderDraft', query: '{ purchaseOrderDraft(origin: requisicion, originId:"1"){ originFolio } }', needs: 'crear' },
    { name: 'purchaseOrderCreate', query: 'mutation{ purchaseOrderCreate(input:{supplierId:"1",date:"2026-01-01",deliveryDate:"2026-01-02",ivaRate:"0.16",lines:[{description:"x",quantity:"1",unitPrice:"1"}]}){ id } }', needs: 'crear' },
    { name: 'purchaseOrderUpdate', query: 'mutation{ purchaseOrderUpdate(id:"1",version:1,input:{supplierId:"1",date:"2026-01-01",deliveryDate:"2026-01-02",ivaRate:"0.16",lines:[{description:"x",quantity:"1",unitPrice:"1"}]}){ id } }', needs: 'editar' },
    { name: 'purchaseOrderAuthorize', query: 'mutation{ purchaseOrderAuthorize(id:"1",version:1){ id } }', needs: 'autorizar' },
    { name: 'purchaseOrderCancel', query: 'mutation{ purchaseOrderCancel(id:"1",version:1,reason:"x"){ id } }', needs: 'eliminar' },
    { name: 'purchaseOrderReceive', query: 'mutation{ purchaseOrderReceive(id:"1",input:{lines:[{lineId:"1",quantity:"1"}]}){ id } }', needs: 'editar' },
    { name: 'purchaseOrderClose', query: 'mutation{ purchaseOrderClose(id:"1",version:1,reason:"x"){ id } }', needs: 'autorizar' },
    { name: 'purchaseReceiptReverse', query: 'mutation{ purchaseReceiptReverse(orderId:"1",receiptId:"1",reason:"x"){ id } }', needs: 'autorizar' },
  ];

  it.each(OPS)('$name: FORBIDDEN for a user without Compras', async ({ query }) => {
    const r = await s.gql(query, {}, seller);
    expect(r.errors?.[0].extensions?.code).toBe('FORBIDDEN');
  });

  it.each(OPS.filter((o) => !o.needs.startsWith('ver')))('$name: FORBIDDEN for Consulta (only "ver")', async ({ query }) => {
    const r = await s.gql(query, {}, viewer);
    expect(r.errors?.[0].extensions?.code).toBe('FORBIDDEN');
  });

  it.each(OPS.filter((o) => o.needs === 'ver'))('$name: allowed for Consulta', async ({ query }) => {
    const r = await s.gql(query, {}, viewer);
    expect(r.errors).toBeUndefined();
  });

  it('refused calls wrote nothing', async () => {
    expect((await gqlOk('{ accounts(list:{search:"Intrusa"}){ total } }')).accounts.total).toBe(0);
    expect((await gqlOk('{ suppliers(list:{search:"ABC010101AB1"}){ total } }')).suppliers.total).toBe(0);
  });

  it('the Compras role works every screen (seeded demo data)', async () => {
    const r = await gqlOk('{ suppliers { total } accounts { total } expenses { total } supplierPayments { total } paymentRequests { total } }', {}, buyer);
    expect(r.suppliers.total).toBeGreaterThanOrEqual(8);
    expect(r.accounts.total).toBeGreaterThanOrEqual(3);
    const statuses = (await gqlOk('{ expenses(list:{pageSize:200}){ items{ status } } }', {}, buyer)).expenses.items.map((e: { status: string }) => e.status);
    expect(new Set(statuses)).toEqual(new Set(['pendiente', 'pagado_parcial', 'pagado', 'cancelado']));
  });
});

describe('suppliers', () => {
  const CREATE = `mutation($i:SupplierInput!){ supplierCreate(input:$i){ ${SUPPLIER} } }`;
  const UPDATE = `mutation($id:ID!,$v:Int!,$i:SupplierInput!){ supplierUpdate(id:$id,version:$v,input:$i){ ${SUPPLIER} } }`;

  it('creates a supplier (RFC upper-cased, régimen name) and audits it', async () => {
    const input = supplierInput({ rfc: ' rhi050317te9 '.replace('te9', 'te3') });
    const r = await gqlOk(CREATE, { i: input }, buyer);
    expect(r.supplierCreate).toMatchObject({ rfc: 'RHI050317TE3', taxRegime: '601', taxRegimeName: 'General de Ley Personas Morales', payable: '0', active: true, version: 1 });
    expect((await audit('supplier', r.supplierCreate.id))[0]).toMatchObject({ action: 'create', after: { rfc: 'RHI050317TE3' } });
  });

  it('refuses bad input with Spanish field messages and writes nothing', async () => {
    const before = (await gqlOk('{ suppliers { total } }')).suppliers.total;
    const r = await s.gql(CREATE, { i: supplierInput({ rfc: 'ABC991332XX1', name: ' ', taxRegime: '999', postalCode: '7600', clabe: '012180001234567897', creditDays: 400, contactEmail: 'no-es-correo' }) }, buyer);
    expect(fields(r)).toEqual({
      rfc: 'RFC no válido: 12 caracteres (persona moral) o 13 (persona física) con fecha real.',
      name: 'Este campo es obligatorio.',
      taxRegime: 'Selecciona un régimen fiscal del catálogo.',
      postalCode: 'Código postal no válido: 5 dígitos.',
      clabe: 'CLABE no válida: 18 dígitos con dígito verificador.',
      creditDays: 'Los días de crédito deben ser un entero entre 0 y 365.',
      contactEmail: 'Correo electrónico no válido.',
    });
    const regime = await s.gql(CREATE, { i: supplierInput({ rfc: 'GALR850920MX7', taxRegime: '601' }) }, buyer);
    expect(fields(regime)).toEqual({ taxRegime: 'Ese régimen es de personas morales; el RFC es de persona física.' });
    const dup = await s.gql(CREATE, { i: supplierInput({ rfc: 'RHI050317TE3' }) }, buyer);
    expect(fields(dup)).toEqual({ rfc: 'Ya existe un proveedor con ese RFC.' });
    expect((await gqlOk('{ suppliers { total } }')).suppliers.total).toBe(before);
  });

  it('generic RFC XEXX010101000 may repeat (foreign suppliers)', async () => {
    await createSupplier({ rfc: 'XEXX010101000', taxRegime: '616' });
    await createSupplier({ rfc: 'XEXX010101000', taxRegime: '616' });
    expect((await gqlOk('{ suppliers(list:{search:"XEXX010101000"}){ total } }')).suppliers.total).toBe(2);
  });

  it('updates with the current version, refuses a stale one, deactivates', async () => {
    const sup = await createSupplier();
    const input = supplierInput({ rfc: sup.rfc, name: 'Nombre editado', creditDays: 45 });
    const ok = await gqlOk(UPDATE, { id: sup.id, v: sup.version, i: input }, buyer);
    expect(ok.supplierUpdate).toMatchObject({ name: 'Nombre editado', creditDays: 45, version: 2 });
    const stale = await s.gql(UPDATE, { id: sup.id, v: sup.version, i: { ...input, name: 'Sobrescrito' } }, buyer);
    expect(stale.errors![0].extensions!.code).toBe('CONFLICT');
    const off = await gqlOk('mutation($id:ID!,$v:Int!){ supplierDeactivate(id:$id,version:$v){ active version } }', { id: sup.id, v: 2 }, buyer);
    expect(off.supplierDeactivate).toEqual({ active: false, version: 3 });
    const options = (await gqlOk('{ supplierOptions { id } }')).supplierOptions.map((o: { id: string }) => o.id);
    expect(options).not.toContain(sup.id);
    const missing = await s.gql('mutation{ supplierDeactivate(id:"999999",version:1){ id } }', {}, buyer);
    expect(missing.errors![0].extensions!.code).toBe('NOT_FOUND');
  });
});

describe('accounts and the ledger', () => {
  it('the opening balance is the first entry; the balance is the sum of entries', async () => {
    const a = await createAccount('10000.50');
    expect(a).toMatchObject({ openingBalance: '10000.5', balance: '10000.5', currency: 'MXN' });
    const st = await statement(a.id);
    expect(st.items).toHaveLength(1);
    expect(st.items[0]).toMatchObject({ kind: 'apertura', amount: '10000.5', runningBalance: '10000.5', reference: 'Saldo inicial' });
    const zero = await createAccount('0');
    expect(zero.balance).toBe('0');
    expect((await statement(zero.id)).total).toBe(0);
  });

  it('refuses bad account input and writes nothing', async () => {
    const before = (await gqlOk('{ accounts { total } }')).accounts.total;
    const r = await s.gql('mutation($i:CompanyAccountCreateInput!){ accountCreate(input:$i){ id } }', { i: { name: '', clabe: '123', openingBalance: '-5', openingDate: '2019-02-30' } }, buyer);
    expect(r.errors![0].extensions!.code).toBe('BAD_USER_INPUT');
    const r2 = await s.gql('mutation($i:CompanyAccountCreateInput!){ accountCreate(input:$i){ id } }', { i: { name: '', clabe: '123', openingBalance: '-5.123', openingDate: '2019-02-28' } }, buyer);
    expect(fields(r2)).toEqual({ name: 'Este campo es obligatorio.', clabe: 'CLABE no válida: 18 dígitos con dígito verificador.', openingBalance: 'Máximo 2 decimales.' });
    const r3 = await s.gql('mutation($i:CompanyAccountCreateInput!){ accountCreate(input:$i){ id } }', { i: { name: 'BBVA Operación', openingBalance: '1', openingDate: '2019-02-28' } }, buyer);
    expect(fields(r3)).toEqual({ name: 'Ya existe una cuenta con ese nombre.' });
    expect((await gqlOk('{ accounts { total } }')).accounts.total).toBe(before);
  });

  it('transfers, adjustments and their reversal keep exact running balances', async () => {
    const a = await createAccount('5000');
    const b = await createAccount('100');
    const t = await gqlOk('mutation($i:AccountTransferInput!){ accountTransfer(input:$i){ id accountId amount kind } }', { i: { fromAccountId: a.id, toAccountId: b.id, date: '2019-02-01', amount: '1200.25', reference: 'Fondeo' } }, buyer);
    expect(t.accountTransfer.map((e: any) => [e.accountId, e.amount, e.kind])).toEqual([[a.id, '-1200.25', 'traspaso'], [b.id, '1200.25', 'traspaso']]);
    const adj = await gqlOk('mutation($i:AccountAdjustmentInput!){ accountAdjust(input:$i){ id amount reason kind } }', { i: { accountId: a.id, date: '2019-02-05', amount: '-35.10', reason: 'Comisión bancaria' } }, buyer);
    expect(adj.accountAdjust).toMatchObject({ amount: '-35.1', reason: 'Comisión bancaria', kind: 'ajuste' });
    expect((await getAccount(a.id)).balance).toBe('3764.65'); // 5000 − 1200.25 − 35.10
    expect((await getAccount(b.id)).balance).toBe('1300.25'); // 100 + 1200.25

    // Statement for February: opening 5000, running 3799.75 then 3764.65.
    const st = await statement(a.id, '2019-02-01', '2019-02-28');
    expect(st).toMatchObject({ openingBalance: '5000', deposits: '0', withdrawals: '1235.35', closingBalance: '3764.65', total: 2 });
    expect(st.items.map((e: any) => e.runningBalance)).toEqual(['3799.75', '3764.65']);

    // Reversing one side of the transfer cancels both entries.
    const rev = await gqlOk('mutation($id:ID!){ accountEntryReverse(id:$id, reason:"Error de captura"){ id amount reversalOf } }', { id: t.accountTransfer[0].id }, buyer);
    expect(rev.accountEntryReverse).toMatchObject({ amount: '1200.25', reversalOf: t.accountTransfer[0].id });
    expect((await getAccount(a.id)).balance).toBe('4964.9');
    expect((await getAccount(b.id)).balance).toBe('100');
    const again = await s.gql('mutation($id:ID!){ accountEntryReverse(id:$id, reason:"x"){ id } }', { id: t.accountTransfer[0].id }, buyer);
    expect(fields(again)).toEqual({ entryId: 'El movimiento ya fue cancelado.' });
    const opening = (await statement(a.id)).items.find((e: any) => e.kind === 'apertura');
    const notHere = await s.gql('mutation($id:ID!){ accountEntryReverse(id:$id, reason:"x"){ id } }', { id: opening.id }, buyer);
    expect(fields(notHere)).toEqual({ id: 'Este movimiento se cancela desde su documento (pago, cobro o ingreso); aquí solo traspasos y ajustes.' });
  });

  it('never goes negative: transfer and adjustment beyond the balance are refused, nothing written', async () => {
    const a = await createAccount('300');
    const b = await createAccount('0');
    const r = await s.gql('mutation($i:AccountTransferInput!){ accountTransfer(input:$i){ id } }', { i: { fromAccountId: a.id, toAccountId: b.id, date: '2019-02-01', amount: '300.01', reference: 'x' } }, buyer);
    expect(fields(r)).toEqual({ fromAccountId: 'La cuenta no tiene saldo suficiente (saldo disponible $300.00).' });
    const adj = await s.gql('mutation($i:AccountAdjustmentInput!){ accountAdjust(input:$i){ id } }', { i: { accountId: a.id, date: '2019-02-01', amount: '-301', reason: 'x' } }, buyer);
    expect(fields(adj)).toEqual({ accountId: 'La cuenta no tiene saldo suficiente (saldo disponible $300.00).' });
    const same = await s.gql('mutation($i:AccountTransferInput!){ accountTransfer(input:$i){ id } }', { i: { fromAccountId: a.id, toAccountId: a.id, date: '2019-02-01', amount: '1', reference: 'x' } }, buyer);
    expect(fields(same)).toEqual({ toAccountId: 'Elige una cuenta distinta a la de origen.' });
    const early = await s.gql('mutation($i:AccountAdjustmentInput!){ accountAdjust(input:$i){ id } }', { i: { accountId: a.id, date: '2018-12-31', amount: '5', reason: 'x' } }, buyer);
    expect(fields(early)).toEqual({ date: 'La fecha es anterior a la apertura de la cuenta.' });
    const zero = await s.gql('mutation($i:AccountAdjustmentInput!){ accountAdjust(input:$i){ id } }', { i: { accountId: a.id, date: '2019-02-01', amount: '0', reason: '' } }, buyer);
    expect(fields(zero)).toEqual({ amount: 'Debe ser distinto de cero.', reason: 'Este campo es obligatorio.' });
    expect((await getAccount(a.id)).balance).toBe('300');
    expect((await statement(a.id)).total).toBe(1);
    expect((await statement(b.id)).total).toBe(0);
  });

  it('edits the bank data with version checks; cannot deactivate with balance', async () => {
    const a = await createAccount('10');
    const UPD = 'mutation($id:ID!,$v:Int!,$i:CompanyAccountUpdateInput!){ accountUpdate(id:$id,version:$v,input:$i){ name active balance version } }';
    const ok = await gqlOk(UPD, { id: a.id, v: 1, i: { name: `${a.name} editada`, bank: 'HSBC', number: '1', clabe: '', active: true } }, buyer);
    expect(ok.accountUpdate).toMatchObject({ name: `${a.name} editada`, balance: '10', version: 2 });
    const stale = await s.gql(UPD, { id: a.id, v: 1, i: { name: 'x', active: true } }, buyer);
    expect(stale.errors![0].extensions!.code).toBe('CONFLICT');
    const off = await s.gql(UPD, { id: a.id, v: 2, i: { name: 'x', active: false } }, buyer);
    expect(fields(off)).toEqual({ active: 'La cuenta tiene saldo; traspásalo a otra cuenta antes de desactivarla.' });
    const opts = (await gqlOk('{ accountOptions { id name balance } }', {}, viewer)).accountOptions;
    expect(opts.find((o: any) => o.id === a.id)).toMatchObject({ balance: '10' });
  });
});

describe('expenses', () => {
  const UPDATE = `mutation($id:ID!,$v:Int!,$i:ExpenseInput!){ expenseUpdate(id:$id,version:$v,input:$i){ ${EXPENSE} } }`;
  const CANCEL = `mutation($id:ID!,$v:Int!,$r:String!){ expenseCancel(id:$id,version:$v,reason:$r){ ${EXPENSE} } }`;

  it('computes totals from lines with full precision, rounding at the end; due date from credit days', async () => {
    const sup = await createSupplier({ creditDays: 45 });
    const e = await createExpense(sup.id, {
      subtotal: null,
      date: '2019-01-20',
      cfdiUuid: 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d',
      // 3 × 33.3333 = 99.9999; 2.5 × 10.005 = 25.0125 → base 125.0124
      lines: [
        { description: 'Tornillería', quantity: '3', unitPrice: '33.3333' },
        { description: 'Grasa', quantity: '2.5', unitPrice: '10.005' },
      ],
    });
    // subtotal 125.01; IVA 125.0124 × 0.16 = 20.001984 → 20.00; total 145.01
    expect(e).toMatchObject({ subtotal: '125.01', iva: '20', total: '145.01', balance: '145.01', status: 'pendiente', dueDate: '2019-03-06', cfdiUuid: 'A1B2C3D4-E5F6-4A7B-8C9D-0E1F2A3B4C5D', folio: expect.any(Number) });
    const lines = (await gqlOk('query($id:ID!){ expense(id:$id){ lines{ description quantity unitPrice amount } } }', { id: e.id })).expense.lines;
    expect(lines).toEqual([
      { description: 'Tornillería', quantity: '3', unitPrice: '33.3333', amount: '100' },
      { description: 'Grasa', quantity: '2.5', unitPrice: '10.005', amount: '25.01' },
    ]);
    expect((await audit('expense', e.id))[0].action).toBe('create');
  });

  it('withholdings: persona física honorarios 10 % ISR and 2/3 IVA; RESICO 1.25 %', async () => {
    const sup = await createSupplier({ rfc: 'MOPJ780416HT3', taxRegime: '612', creditDays: 0 });
    const e = await createExpense(sup.id, { subtotal: '6500', isrRetentionRate: '0.10', ivaRetentionRate: '0.106667' });
    // IVA 1040.00; ISR ret 650.00; IVA ret 6500 × 0.106667 = 693.3355 → 693.34; total 6500 + 1040 − 650 − 693.34 = 6196.66
    expect(e).toMatchObject({ subtotal: '6500', iva: '1040', isrRetention: '650', ivaRetention: '693.34', total: '6196.66', dueDate: '2019-03-01' });
    const resico = await createExpense(sup.id, { subtotal: '12000', isrRetentionRate: '0.0125' });
    expect(resico).toMatchObject({ iva: '1920', isrRetention: '150', total: '13770' });
  });

  it('refuses bad input with field messages and writes nothing', async () => {
    const sup = await createSupplier();
    const before = (await gqlOk('{ expenses { total } }')).expenses.total;
    const CREATE = 'mutation($i:ExpenseInput!){ expenseCreate(input:$i){ id } }';
    const r = await s.gql(CREATE, { i: expenseInput(sup.id, { subtotal: null, category: '', cfdiUuid: 'no-es-uuid', ivaRate: '0.15', isrRetentionRate: '0.3', date: '2019-13-01' }) }, buyer);
    expect(r.errors![0].extensions!.code).toBe('BAD_USER_INPUT'); // the Date scalar refuses month 13
    const r2 = await s.gql(CREATE, { i: expenseInput(sup.id, { subtotal: null, category: '', cfdiUuid: 'no-es-uuid', ivaRate: '0.15', isrRetentionRate: '0.3' }) }, buyer);
    expect(fields(r2)).toEqual({ category: 'Este campo es obligatorio.', cfdiUuid: 'UUID no válido: 36 caracteres hexadecimales (8-4-4-4-12).', ivaRate: 'Tasa no válida.', isrRetentionRate: 'Tasa no válida.', subtotal: 'Captura el subtotal o al menos una partida.' });
    const r3 = await s.gql(CREATE, { i: expenseInput(sup.id, { subtotal: '10.001', lines: [{ description: '', quantity: '0', unitPrice: '-1' }] }) }, buyer);
    expect(fields(r3)).toEqual({ subtotal: 'Máximo 2 decimales.', 'lines.0.description': 'Este campo es obligatorio.', 'lines.0.quantity': 'Debe ser mayor a cero.', 'lines.0.unitPrice': 'No puede ser negativo.' });
    const r4 = await s.gql(CREATE, { i: expenseInput('999999') }, buyer);
    expect(fields(r4)).toEqual({ supplierId: 'El proveedor no existe.' });
    const retired = await createSupplier();
    await gqlOk('mutation($id:ID!){ supplierDeactivate(id:$id,version:1){ id } }', { id: retired.id });
    const r5 = await s.gql(CREATE, { i: expenseInput(retired.id) }, buyer);
    expect(fields(r5)).toEqual({ supplierId: 'El proveedor está inactivo.' });
    const r6 = await s.gql(CREATE, { i: expenseInput(sup.id, { subtotal: null, lines: [{ description: 'Sin costo', quantity: '1', unitPrice: '0' }] }) }, buyer);
    expect(fields(r6)).toEqual({ lines: 'El total del gasto debe ser mayor a cero.' });
    expect((await gqlOk('{ expenses { total } }')).expenses.total).toBe(before);
  });

  it('a CFDI UUID can be registered once (until cancelled)', async () => {
    const sup = await createSupplier();
    const uuid = '11111111-2222-4333-8444-555555555555';
    const first = await createExpense(sup.id, { cfdiUuid: uuid });
    const dup = await s.gql('mutation($i:ExpenseInput!){ expenseCreate(input:$i){ id } }', { i: expenseInput(sup.id, { cfdiUuid: uuid.toLowerCase() }) }, buyer);
    expect(fields(dup)).toEqual({ cfdiUuid: 'Ya existe un gasto con ese UUID de CFDI.' });
    await gqlOk(CANCEL, { id: first.id, v: first.version, r: 'Capturado por error' }, buyer);
    await createExpense(sup.id, { cfdiUuid: uuid });
  });

  it('edits while pendiente; cancels only without payments; stale versions are CONFLICT', async () => {
    const sup = await createSupplier({ creditDays: 10 });
    const acc = await createAccount('100000');
    const e = await createExpense(sup.id);
    const ok = await gqlOk(UPDATE, { id: e.id, v: e.version, i: expenseInput(sup.id, { subtotal: '2000', date: '2019-03-05' }) }, buyer);
    expect(ok.expenseUpdate).toMatchObject({ subtotal: '2000', total: '2320', balance: '2320', dueDate: '2019-03-15', version: 2 });
    const stale = await s.gql(UPDATE, { id: e.id, v: 1, i: expenseInput(sup.id) }, buyer);
    expect(stale.errors![0].extensions!.code).toBe('CONFLICT');

    await gqlOk(PAY, { i: payInput(acc.id, sup.id, [{ expenseId: e.id, amount: '320' }]) }, buyer);
    const paid = await getExpense(e.id);
    expect(paid).toMatchObject({ status: 'pagado_parcial', balance: '2000' });
    const edit = await s.gql(UPDATE, { id: e.id, v: paid.version, i: expenseInput(sup.id) }, buyer);
    expect(edit.errors![0]).toMatchObject({ message: 'Solo se puede editar un gasto pendiente y sin pagos.', extensions: { code: 'CONFLICT' } });
    const cancel = await s.gql(CANCEL, { id: e.id, v: paid.version, r: 'x' }, buyer);
    expect(cancel.errors![0]).toMatchObject({ message: 'El gasto tiene pagos; cancela primero los pagos para poder cancelarlo.', extensions: { code: 'CONFLICT' } });
    const noReason = await s.gql(CANCEL, { id: e.id, v: paid.version, r: '  ' }, buyer);
    expect(fields(noReason)).toEqual({ reason: 'Este campo es obligatorio.' });

    const other = await createExpense(sup.id);
    const c = await gqlOk(CANCEL, { id: other.id, v: other.version, r: 'Factura duplicada' }, buyer);
    expect(c.expenseCancel).toMatchObject({ status: 'cancelado', cancelReason: 'Factura duplicada', balance: '1160' });
    const twice = await s.gql(CANCEL, { id: other.id, v: c.expenseCancel.version, r: 'otra vez' }, buyer);
    expect(twice.errors![0]).toMatchObject({ message: 'No se puede pasar de "Cancelado" a "Cancelado".', extensions: { code: 'CONFLICT' } });
  });

  it('attaches the supplier XML/PDF uploaded through /api/files (content sniffed, XML must be a CFDI) and a viewer downloads it', async () => {
    const sup = await createSupplier();
    const e = await createExpense(sup.id);
    // A supplier's CFDI must be stamped and sealed (the intake checks it); a bare Comprobante is refused.
    const { xml } = await stampedSupplierCfdi({}, 'compras-adjunto');
    const UP = 'mutation($e:ID!,$f:ID!){ expenseFileAttach(expenseId:$e,fileId:$f){ id fileName fileType size url } }';
    const attach = (bytes: Buffer | string, name: string) => s.uploadId(buyer, Buffer.from(bytes), name).then((f) => s.gql(UP, { e: e.id, f }, buyer));
    const up = (await attach(xml, 'factura.xml')).data!.expenseFileAttach;
    expect(up).toMatchObject({ fileName: 'factura.xml', fileType: 'xml', size: Buffer.byteLength(xml), url: `/api/files/${up.id}` });
    const pdf = '%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF';
    const up2 = (await attach(pdf, 'factura.exe')).data!.expenseFileAttach;
    expect(up2).toMatchObject({ fileName: 'factura.pdf', fileType: 'pdf' });
    const down = await s.download(viewer, up.url);
    expect(down).toMatchObject({ status: 200, contentType: 'application/xml' });
    expect(down.bytes.toString()).toBe(xml);
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
    expect(fields(await attach(png, 'foto.png'))).toEqual({ fileId: 'Tipo de archivo no permitido aquí. Sube XML, PDF.' });
    const bare = '<?xml version="1.0" encoding="UTF-8"?><cfdi:Comprobante xmlns:cfdi="http://www.sat.gob.mx/cfd/4" Version="4.0" Total="1160.00"/>';
    expect(fields(await attach(bare, 'sin-timbre.xml'))).toEqual({ fileId: 'El CFDI no está timbrado: falta el TimbreFiscalDigital con su folio fiscal (UUID).' });
    // XML that is not a CFDI passes the upload (it is data) but not this attachment.
    expect(fields(await attach('<?xml version="1.0"?><pedido total="10"/>', 'pedido.xml'))).toEqual({ fileId: 'El XML no es un CFDI: se espera un cfdi:Comprobante del SAT (versión 3.3 o 4.0).' });
    // Refused by the upload itself: nothing stored, no id to attach.
    const html = await s.upload(buyer, Buffer.from('<html></html>'), 'x.xml');
    expect(html).toMatchObject({ status: 415, body: { error: { code: 'invalid-argument', message: 'El XML debe comenzar con la declaración <?xml ...?>.' } } });
    const files = async () => (await gqlOk('query($id:ID!){ expense(id:$id){ files{ id fileName } } }', { id: e.id })).expense.files;
    expect(await files()).toHaveLength(2);
    expect((await gqlOk('mutation($id:ID!){ expenseFileDelete(id:$id) }', { id: up2.id }, buyer)).expenseFileDelete).toBe(true);
    expect((await files()).map((f: any) => f.fileName)).toEqual(['factura.xml']);
    expect((await s.download(admin, up2.url)).status).toBe(404);
    const log = (await gqlOk('query($i:String){ auditEntries(entity:"expense", entityId:$i){ items{ action } } }', { i: e.id }, admin)).auditEntries.items.map((x: any) => x.action);
    expect(log).toEqual(expect.arrayContaining(['attach', 'detach']));
  });
});

describe('supplier payments', () => {
  it('applies one payment across several expenses, partially and fully, in one transaction', async () => {
    const sup = await createSupplier();
    const acc = await createAccount('50000');
    const e1 = await createExpense(sup.id, { subtotal: '1000' }); // 1160
    const e2 = await createExpense(sup.id, { subtotal: '2500' }); // 2900
    const e3 = await createExpense(sup.id, { subtotal: '801.01' }); // IVA 128.1616 → 128.16; total 929.17
    expect(e3.total).toBe('929.17');
    const p1 = await gqlOk(PAY, { i: payInput(acc.id, sup.id, [{ expenseId: e1.id, amount: '1160' }, { expenseId: e2.id, amount: '1000.50' }]) }, buyer);
    expect(p1.supplierPaymentCreate).toMatchObject({ amount: '2160.5', applied: '2160.5', status: 'aplicado' });
    expect(await getExpense(e1.id)).toMatchObject({ balance: '0', status: 'pagado' });
    expect(await getExpense(e2.id)).toMatchObject({ balance: '1899.5', status: 'pagado_parcial' });
    expect((await getAccount(acc.id)).balance).toBe('47839.5');

    const p2 = await gqlOk(PAY, { i: payInput(acc.id, sup.id, [{ expenseId: e2.id, amount: '1899.50' }, { expenseId: e3.id, amount: '0.17' }], '2000', '2019-04-02') }, buyer);
    expect(p2.supplierPaymentCreate).toMatchObject({ amount: '2000', applied: '1899.67' });
    expect(await getExpense(e2.id)).toMatchObject({ balance: '0', status: 'pagado' });
    expect(await getExpense(e3.id)).toMatchObject({ balance: '929', status: 'pagado_parcial' });
    expect((await getAccount(acc.id)).balance).toBe('45839.5');
    expect((await gqlOk('query($id:ID!){ supplier(id:$id){ payable } }', { id: sup.id })).supplier.payable).toBe('929');

    const st = await statement(acc.id);
    expect(st.items.map((e: any) => [e.kind, e.amount, e.runningBalance])).toEqual([
      ['apertura', '50000', '50000'],
      ['pago_proveedor', '-2160.5', '47839.5'],
      ['pago_proveedor', '-2000', '45839.5'],
    ]);
    const open = (await gqlOk('query($s:ID!){ openExpenses(supplierId:$s){ id balance } }', { s: sup.id })).openExpenses;
    expect(open).toEqual([{ id: e3.id, balance: '929' }]);
    const links = (await gqlOk('query($id:ID!){ expense(id:$id){ payments{ paymentFolio amount status } } }', { id: e2.id })).expense.payments;
    expect(links.map((l: any) => l.amount)).toEqual(['1000.5', '1899.5']);
    expect((await audit('supplier_payment', p2.supplierPaymentCreate.id))[0].action).toBe('create');

    // Cancelling the first payment restores both expenses and the account.
    const c = await gqlOk('mutation($id:ID!){ supplierPaymentCancel(id:$id, reason:"Pago duplicado"){ status cancelReason } }', { id: p1.supplierPaymentCreate.id }, buyer);
    expect(c.supplierPaymentCancel).toEqual({ status: 'cancelado', cancelReason: 'Pago duplicado' });
    expect(await getExpense(e1.id)).toMatchObject({ balance: '1160', status: 'pendiente' });
    expect(await getExpense(e2.id)).toMatchObject({ balance: '1000.5', status: 'pagado_parcial' });
    expect((await getAccount(acc.id)).balance).toBe('48000');
    const after = await statement(acc.id);
    expect(after.items.at(-1)).toMatchObject({ kind: 'pago_proveedor', amount: '2160.5', runningBalance: '48000', reversalOf: after.items[1].id });
    const twice = await s.gql('mutation($id:ID!){ supplierPaymentCancel(id:$id, reason:"x"){ status } }', { id: p1.supplierPaymentCreate.id }, buyer);
    expect(twice.errors![0]).toMatchObject({ message: 'El pago ya está cancelado.', extensions: { code: 'CONFLICT' } });
  });

  it('never over-applies: not above an expense balance nor above the payment; account never negative; nothing written', async () => {
    const sup = await createSupplier();
    const other = await createSupplier();
    const acc = await createAccount('1000');
    const e1 = await createExpense(sup.id, { subtotal: '500', ivaRate: '0' });
    const e2 = await createExpense(sup.id, { subtotal: '800', ivaRate: '0' });
    const foreign = await createExpense(other.id, { subtotal: '100', ivaRate: '0' });
    const before = (await gqlOk('{ supplierPayments { total } }')).supplierPayments.total;

    const over = await s.gql(PAY, { i: payInput(acc.id, sup.id, [{ expenseId: e1.id, amount: '500.01' }]) }, buyer);
    expect(fields(over)).toEqual({ 'applications.0.amount': 'El importe excede el saldo del gasto ($500.00).' });
    const sumOver = await s.gql(PAY, { i: payInput(acc.id, sup.id, [{ expenseId: e1.id, amount: '300' }, { expenseId: e2.id, amount: '300' }], '599.99') }, buyer);
    expect(fields(sumOver)).toEqual({ amount: 'La suma aplicada ($600.00) excede el importe del pago.' });
    const noFunds = await s.gql(PAY, { i: payInput(acc.id, sup.id, [{ expenseId: e1.id, amount: '500' }, { expenseId: e2.id, amount: '500.01' }]) }, buyer);
    expect(fields(noFunds)).toEqual({ accountId: 'La cuenta no tiene saldo suficiente (saldo disponible $1,000.00).' });
    const wrongSupplier = await s.gql(PAY, { i: payInput(acc.id, sup.id, [{ expenseId: foreign.id, amount: '10' }]) }, buyer);
    expect(fields(wrongSupplier)).toEqual({ 'applications.0.expenseId': 'El gasto no es de este proveedor.' });
    const dup = await s.gql(PAY, { i: payInput(acc.id, sup.id, [{ expenseId: e1.id, amount: '10' }, { expenseId: e1.id, amount: '10' }]) }, buyer);
    expect(fields(dup)).toEqual({ 'applications.1.expenseId': 'El gasto está repetido en el pago.' });
    const empty = await s.gql(PAY, { i: payInput(acc.id, sup.id, [], '10') }, buyer);
    expect(fields(empty)).toEqual({ applications: 'Aplica el pago a al menos un gasto.' });
    const bad = await s.gql(PAY, { i: { ...payInput(acc.id, sup.id, [{ expenseId: e1.id, amount: '0' }], '-1'), paymentForm: '99', date: '2019-02-30' } }, buyer);
    expect(bad.errors![0].extensions!.code).toBe('BAD_USER_INPUT');
    const bad2 = await s.gql(PAY, { i: { ...payInput(acc.id, sup.id, [{ expenseId: e1.id, amount: '0' }], '-1'), paymentForm: '99' } }, buyer);
    expect(fields(bad2)).toEqual({ amount: 'Debe ser mayor a cero.', paymentForm: 'Forma de pago no válida.', 'applications.0.amount': 'Debe ser mayor a cero.' });
    const noAccount = await s.gql(PAY, { i: payInput('999999', sup.id, [{ expenseId: e1.id, amount: '10' }]) }, buyer);
    expect(fields(noAccount)).toEqual({ accountId: 'La cuenta no existe.' });

    expect((await gqlOk('{ supplierPayments { total } }')).supplierPayments.total).toBe(before);
    expect(await getExpense(e1.id)).toMatchObject({ balance: '500', status: 'pendiente', version: 1 });
    expect(await getExpense(e2.id)).toMatchObject({ balance: '800', status: 'pendiente', version: 1 });
    expect((await getAccount(acc.id)).balance).toBe('1000');
    expect((await statement(acc.id)).total).toBe(1);

    // A cancelled expense takes no payment.
    const c = await createExpense(sup.id, { subtotal: '50', ivaRate: '0' });
    await gqlOk('mutation($id:ID!){ expenseCancel(id:$id,version:1,reason:"x"){ id } }', { id: c.id });
    const onCancelled = await s.gql(PAY, { i: payInput(acc.id, sup.id, [{ expenseId: c.id, amount: '50' }]) }, buyer);
    expect(fields(onCancelled)).toEqual({ 'applications.0.expenseId': 'El gasto no tiene saldo pendiente.' });
  });

  it('20 parallel payments against one expense whose balance covers 5: exactly 5 succeed', async () => {
    const sup = await createSupplier();
    const acc = await createAccount('100000');
    const e = await createExpense(sup.id, { subtotal: '500', ivaRate: '0' });
    const results = await Promise.all(
      Array.from({ length: 20 }, () => s.gql(PAY, { i: payInput(acc.id, sup.id, [{ expenseId: e.id, amount: '100' }]) }, buyer)),
    );
    const ok = results.filter((r) => r.data?.supplierPaymentCreate);
    const refused = results.filter((r) => r.errors?.[0].extensions?.code === 'BAD_USER_INPUT');
    expect(ok).toHaveLength(5);
    expect(refused).toHaveLength(15);
    for (const r of refused) {
      expect(Object.values(r.errors![0].extensions!.fields!)[0]).toMatch(/^(El importe excede el saldo del gasto \(\$0\.00\)\.|El gasto no tiene saldo pendiente\.)$/);
    }
    expect(await getExpense(e.id)).toMatchObject({ balance: '0', status: 'pagado' });
    expect((await getAccount(acc.id)).balance).toBe('99500');
    const st = await statement(acc.id);
    expect(st.total).toBe(6);
    expect(st.items.at(-1).runningBalance).toBe('99500');
    const folios = ok.map((r) => r.data!.supplierPaymentCreate.folio as number).sort((a, b) => a - b);
    expect(new Set(folios).size).toBe(5);
  });

  it('10 parallel payments on separate expenses against an account that covers 3: exactly 3 succeed, never negative', async () => {
    const sup = await createSupplier();
    const acc = await createAccount('300');
    const expenses = await Promise.all(Array.from({ length: 10 }, () => createExpense(sup.id, { subtotal: '100', ivaRate: '0' })));
    const results = await Promise.all(expenses.map((e) => s.gql(PAY, { i: payInput(acc.id, sup.id, [{ expenseId: e.id, amount: '100' }]) }, buyer)));
    expect(results.filter((r) => r.data?.supplierPaymentCreate)).toHaveLength(3);
    const refused = results.filter((r) => r.errors);
    expect(refused).toHaveLength(7);
    for (const r of refused) expect(r.errors![0].extensions!.fields!.accountId).toMatch(/^La cuenta no tiene saldo suficiente/);
    expect((await getAccount(acc.id)).balance).toBe('0');
    const paid = await Promise.all(expenses.map((e) => getExpense(e.id)));
    expect(paid.filter((e) => e.status === 'pagado')).toHaveLength(3);
    expect(paid.filter((e) => e.status === 'pendiente')).toHaveLength(7);
  });
});

describe('payment requests', () => {
  const CREATE = `mutation($i:PaymentRequestInput!){ paymentRequestCreate(input:$i){ ${REQUEST} } }`;
  const APPROVE = `mutation($id:ID!,$v:Int!,$i:PaymentRequestApproveInput!){ paymentRequestApprove(id:$id,version:$v,input:$i){ ${REQUEST} } }`;
  const REJECT = `mutation($id:ID!,$v:Int!,$r:String!){ paymentRequestReject(id:$id,version:$v,reason:$r){ ${REQUEST} } }`;

  it('a manual request approved (autorizar) becomes a linked expense', async () => {
    const sup = await createSupplier({ creditDays: 15 });
    const r = await gqlOk(CREATE, { i: { date: '2019-05-02', description: 'Rectificado de motor', category: 'Talleres externos', subtotal: '9800', ivaRate: '0.16' } }, buyer);
    expect(r.paymentRequestCreate).toMatchObject({ origin: 'manual', status: 'pendiente', supplierId: null, subtotal: '9800', total: '11368' });
    const noSupplier = await s.gql(APPROVE, { id: r.paymentRequestCreate.id, v: 1, i: { date: '2019-05-03' } }, buyer);
    expect(fields(noSupplier)).toEqual({ supplierId: 'Selecciona el proveedor.' });
    const ok = await gqlOk(APPROVE, { id: r.paymentRequestCreate.id, v: 1, i: { supplierId: sup.id, date: '2019-05-03', invoiceSerie: 'T', invoiceFolio: '77' } }, buyer);
    expect(ok.paymentRequestApprove).toMatchObject({ status: 'aprobada', supplierId: sup.id, version: 2, expenseFolio: expect.any(Number) });
    const e = await getExpense(ok.paymentRequestApprove.expenseId);
    expect(e).toMatchObject({ supplierId: sup.id, total: '11368', balance: '11368', status: 'pendiente', dueDate: '2019-05-18', paymentRequestId: r.paymentRequestCreate.id, category: 'Talleres externos', invoiceFolio: '77' });
    const again = await s.gql(APPROVE, { id: r.paymentRequestCreate.id, v: 2, i: { supplierId: sup.id, date: '2019-05-03' } }, buyer);
    expect(again.errors![0]).toMatchObject({ message: 'No se puede pasar de "Aprobada" a "Aprobada".', extensions: { code: 'CONFLICT' } });
    expect((await audit('payment_request', r.paymentRequestCreate.id)).map((a) => a.action)).toEqual(expect.arrayContaining(['create', 'approve']));
  });

  it('rejects with a reason; bad input and stale versions refused; the Compras role cannot be bypassed by Consulta', async () => {
    const before = (await gqlOk('{ paymentRequests { total } }')).paymentRequests.total;
    const bad = await s.gql(CREATE, { i: { date: '2019-05-02', description: '', category: '', subtotal: '0', ivaRate: '0.5', supplierId: '999999' } }, buyer);
    expect(fields(bad)).toEqual({ description: 'Este campo es obligatorio.', category: 'Este campo es obligatorio.', subtotal: 'Debe ser mayor a cero.', ivaRate: 'Tasa no válida.' });
    const noSup = await s.gql(CREATE, { i: { date: '2019-05-02', description: 'x', category: 'x', subtotal: '10', ivaRate: '0.16', supplierId: '999999' } }, buyer);
    expect(fields(noSup)).toEqual({ supplierId: 'El proveedor no existe.' });
    expect((await gqlOk('{ paymentRequests { total } }')).paymentRequests.total).toBe(before);

    const r = await gqlOk(CREATE, { i: { date: '2019-05-02', description: 'Alineación', category: 'Llantas', subtotal: '3200', ivaRate: '0.16' } }, buyer);
    const id = r.paymentRequestCreate.id;
    const noReason = await s.gql(REJECT, { id, v: 1, r: '' }, buyer);
    expect(fields(noReason)).toEqual({ reason: 'Este campo es obligatorio.' });
    const stale = await s.gql(REJECT, { id, v: 7, r: 'x' }, buyer);
    expect(stale.errors![0].extensions!.code).toBe('CONFLICT');
    const rej = await gqlOk(REJECT, { id, v: 1, r: 'Se hará con el proveedor de contrato' }, buyer);
    expect(rej.paymentRequestReject).toMatchObject({ status: 'rechazada', rejectReason: 'Se hará con el proveedor de contrato', expenseId: null });
    const approveRejected = await s.gql(APPROVE, { id, v: 2, i: { date: '2019-05-03' } }, buyer);
    expect(approveRejected.errors![0].extensions!.code).toBe('CONFLICT');
  });
});

describe('Almacén › Solicitud PDM → Compras', () => {
  it('sending a PDM creates its payment request in the same transaction; the PDM shows the outcome', async () => {
    const storekeeper = await s.login('almacen@demo.mx');
    const article = (await gqlOk('{ articleOptions(limit: 1) { id } }', {}, storekeeper)).articleOptions[0];
    const PDM = 'id version status folio paymentRequest { folio status rejectReason expenseFolio }';
    const created = (await gqlOk(`mutation($i:PdmRequestInput!){ pdmRequestCreate(input:$i){ ${PDM} } }`, { i: { supplier: 'Refaccionaria Hidalgo SA de CV', justification: 'Bomba de agua unidad 12', lines: [{ articleId: article.id, quantity: '2', estimatedUnitCost: '1250.50' }] } }, storekeeper)).pdmRequestCreate;
    expect(created.paymentRequest).toBeNull();
    const sent = (await gqlOk(`mutation($id:ID!,$v:Int!){ pdmRequestSend(id:$id,version:$v){ ${PDM} } }`, { id: created.id, v: created.version }, storekeeper)).pdmRequestSend;
    expect(sent).toMatchObject({ status: 'ENVIADA', paymentRequest: { status: 'pendiente', rejectReason: null, expenseFolio: null } });

    const list = (await gqlOk(`{ paymentRequests(filter:{origin:almacen_pdm}, list:{sortBy:"folio", sortDirection:DESC, pageSize:1}){ items{ ${REQUEST} originFolio description supplierName } } }`, {}, buyer)).paymentRequests.items[0];
    // Estimated 2 × 1,250.50 = 2,501.00 before IVA → total 2,901.16; supplier matched by razón social.
    expect(list).toMatchObject({ origin: 'almacen_pdm', originFolio: created.folio, status: 'pendiente', subtotal: '2501', total: '2901.16', supplierName: 'Refaccionaria Hidalgo SA de CV', folio: sent.paymentRequest.folio });
    expect(list.description).toBe('Bomba de agua unidad 12 (proveedor sugerido: Refaccionaria Hidalgo SA de CV)');

    await gqlOk('mutation($id:ID!,$v:Int!){ paymentRequestReject(id:$id,version:$v,reason:"Comprar con el proveedor de contrato"){ id } }', { id: list.id, v: list.version }, buyer);
    const seen = (await gqlOk(`query($id:ID!){ pdmRequest(id:$id){ ${PDM} } }`, { id: created.id }, storekeeper)).pdmRequest;
    expect(seen.paymentRequest).toMatchObject({ status: 'rechazada', rejectReason: 'Comprar con el proveedor de contrato' });
  });
});

describe('reports', () => {
  let supId: string;
  let accId: string;

  beforeAll(async () => {
    const sup = await createSupplier({ creditDays: 30, name: 'Proveedor Antigüedad' });
    supId = sup.id;
    accId = (await createAccount('100000', '2019-01-01')).id;
    // Due dates (date + 30): A 2019-02-09, E 2019-04-14, B 2019-05-01, C 2019-06-14, D 2019-07-20, F 2019-08-04.
    const mk = (date: string, subtotal: string, category: string) => createExpense(supId, { date, subtotal, ivaRate: '0', category });
    const a = await mk('2019-01-10', '1000', 'Aging uno'); // 141 days late on 2019-06-30 → >90
    const b = await mk('2019-04-01', '2000', 'Aging dos'); // 60 → 31–60
    await mk('2019-05-15', '3000', 'Aging uno'); // 16 → 1–30
    await mk('2019-06-20', '4000', 'Aging dos'); // not due → corriente
    await mk('2019-03-15', '5000', 'Aging uno'); // 77 → 61–90
    await mk('2019-07-05', '6000', 'Aging uno'); // after the cut-off: not in the 2019-06-30 aging
    const p1 = await gqlOk(PAY, { i: payInput(accId, supId, [{ expenseId: b.id, amount: '500' }], undefined, '2019-06-01') });
    await gqlOk(PAY, { i: payInput(accId, supId, [{ expenseId: a.id, amount: '1000' }], undefined, '2019-07-10') });
    // A cancelled payment counts as never made.
    const c = await gqlOk(PAY, { i: payInput(accId, supId, [{ expenseId: b.id, amount: '100' }], undefined, '2019-06-02') });
    await gqlOk('mutation($id:ID!){ supplierPaymentCancel(id:$id, reason:"prueba"){ id } }', { id: c.supplierPaymentCreate.id });
    expect(p1.supplierPaymentCreate.amount).toBe('500');
  });

  const AGING = 'query($d:Date!,$s:ID){ payablesAging(asOf:$d, supplierId:$s){ asOf rows{ supplierId supplierName current d1to30 d31to60 d61to90 over90 total } totals{ supplierName current d1to30 d31to60 d61to90 over90 total } } }';

  it('aging buckets on fixed dates, exact figures', async () => {
    const r = (await gqlOk(AGING, { d: '2019-06-30', s: supId }, viewer)).payablesAging;
    expect(r.rows).toEqual([{ supplierId: supId, supplierName: 'Proveedor Antigüedad', current: '4000', d1to30: '3000', d31to60: '1500', d61to90: '5000', over90: '1000', total: '14500' }]);
    // On 2019-07-31 A is paid (2019-07-10); F (due 08-04) is corriente; D is 11 days late; C 47; B 91; E 108.
    const later = (await gqlOk(AGING, { d: '2019-07-31', s: supId })).payablesAging.rows[0];
    expect(later).toMatchObject({ current: '6000', d1to30: '4000', d31to60: '3000', d61to90: '0', over90: '6500', total: '19500' });
    // Boundaries: on 2019-05-01 B is due that very day (corriente); on 2019-05-31 it is 30 days late (still 1–30).
    expect((await gqlOk(AGING, { d: '2019-05-01', s: supId })).payablesAging.rows[0]).toMatchObject({ current: '2000', d1to30: '5000', d31to60: '0', d61to90: '1000', over90: '0', total: '8000' });
    expect((await gqlOk(AGING, { d: '2019-05-31', s: supId })).payablesAging.rows[0]).toMatchObject({ current: '3000', d1to30: '2000', d31to60: '5000', d61to90: '0', over90: '1000' });
    // All suppliers as of 2019-06-30: only this test's 2019 data is that old besides other 2019 tests' expenses; totals add up.
    const all = (await gqlOk(AGING, { d: '2019-06-30', s: null })).payablesAging;
    const sumOf = (k: string) => all.rows.reduce((t: number, row: any) => t + Math.round(Number(row[k]) * 100), 0) / 100;
    for (const k of ['current', 'd1to30', 'd31to60', 'd61to90', 'over90', 'total']) expect(Number(all.totals[k])).toBe(sumOf(k));
    expect(all.totals.supplierName).toBe('Total');
  });

  it('spend by category and month, payments per account', async () => {
    const cat = (await gqlOk('{ spendReport(from:"2019-01-01", to:"2019-12-31", groupBy:CATEGORY){ rows{ key label count subtotal total } } }')).spendReport.rows;
    expect(cat.find((r: any) => r.key === 'Aging uno')).toEqual({ key: 'Aging uno', label: 'Aging uno', count: 4, subtotal: '15000', total: '15000' });
    expect(cat.find((r: any) => r.key === 'Aging dos')).toEqual({ key: 'Aging dos', label: 'Aging dos', count: 2, subtotal: '6000', total: '6000' });
    const bySupplier = (await gqlOk('{ spendReport(from:"2019-01-01", to:"2019-06-30", groupBy:SUPPLIER){ rows{ key label count total } } }')).spendReport.rows;
    expect(bySupplier.find((r: any) => r.key === supId)).toEqual({ key: supId, label: 'Proveedor Antigüedad', count: 5, total: '15000' });
    const months = (await gqlOk('{ spendReport(from:"2019-07-01", to:"2019-07-31", groupBy:MONTH){ rows{ key count total } totals{ count total } } }')).spendReport;
    expect(months.rows).toEqual([{ key: '2019-07', count: 1, total: '6000' }]);
    expect(months.totals).toEqual({ count: 1, total: '6000' });
    const pay = (await gqlOk('{ accountPaymentsReport(from:"2019-06-01", to:"2019-07-31"){ rows{ accountId count amount } } }')).accountPaymentsReport.rows;
    expect(pay.find((r: any) => r.accountId === accId)).toEqual({ accountId: accId, count: 2, amount: '1500' });
    const badRange = await s.gql('{ spendReport(from:"2019-02-01", to:"2019-01-01", groupBy:MONTH){ from } }', {}, buyer);
    expect(fields(badRange)).toEqual({ to: 'La fecha final es anterior a la inicial.' });
  });

  it('PDF of each report (base64 %PDF)', async () => {
    for (const input of [{ kind: 'AGING', asOf: '2019-06-30' }, { kind: 'SPEND', from: '2019-01-01', to: '2019-12-31', groupBy: 'CATEGORY' }, { kind: 'ACCOUNT_PAYMENTS', from: '2019-01-01', to: '2019-12-31' }]) {
      const r = await gqlOk('query($i:ShoppingReportInput!){ shoppingReportPdf(input:$i) }', { i: input }, buyer);
      expect(Buffer.from(r.shoppingReportPdf, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
    }
    const noDate = await s.gql('{ shoppingReportPdf(input:{kind:AGING}) }', {}, buyer);
    expect(fields(noDate)).toEqual({ asOf: 'La fecha de corte es obligatoria.' });
  });
});

describe('bad input on edits and cancellations writes nothing', () => {
  it('supplierUpdate, expenseUpdate, supplierPaymentCancel, expenseFileDelete, accountUpdate', async () => {
    const sup = await createSupplier();
    const bad = await s.gql(`mutation($id:ID!,$v:Int!,$i:SupplierInput!){ supplierUpdate(id:$id,version:$v,input:$i){ id } }`, { id: sup.id, v: sup.version, i: supplierInput({ rfc: sup.rfc, name: '', clabe: '123' }) }, buyer);
    expect(fields(bad)).toEqual({ name: 'Este campo es obligatorio.', clabe: 'CLABE no válida: 18 dígitos con dígito verificador.' });
    const other = await createSupplier();
    const dupRfc = await s.gql(`mutation($id:ID!,$v:Int!,$i:SupplierInput!){ supplierUpdate(id:$id,version:$v,input:$i){ id } }`, { id: sup.id, v: sup.version, i: supplierInput({ rfc: other.rfc }) }, buyer);
    expect(fields(dupRfc)).toEqual({ rfc: 'Ya existe un proveedor con ese RFC.' });
    expect((await gqlOk('query($id:ID!){ supplier(id:$id){ name rfc version } }', { id: sup.id })).supplier).toEqual({ name: sup.name, rfc: sup.rfc, version: 1 });

    const e = await createExpense(sup.id);
    const badExpense = await s.gql(`mutation($id:ID!,$v:Int!,$i:ExpenseInput!){ expenseUpdate(id:$id,version:$v,input:$i){ id } }`, { id: e.id, v: e.version, i: expenseInput(sup.id, { subtotal: '-1', ivaRate: '0.5' }) }, buyer);
    expect(fields(badExpense)).toEqual({ subtotal: 'Debe ser mayor a cero.', ivaRate: 'Tasa no válida.' });
    expect(await getExpense(e.id)).toMatchObject({ subtotal: '1000', total: '1160', version: 1 });

    const acc = await createAccount('1000');
    const p = await gqlOk(PAY, { i: payInput(acc.id, sup.id, [{ expenseId: e.id, amount: '100' }]) }, buyer);
    const noReason = await s.gql('mutation($id:ID!){ supplierPaymentCancel(id:$id, reason:""){ id } }', { id: p.supplierPaymentCreate.id }, buyer);
    expect(fields(noReason)).toEqual({ reason: 'Este campo es obligatorio.' });
    expect((await gqlOk('query($id:ID!){ supplierPayment(id:$id){ status } }', { id: p.supplierPaymentCreate.id })).supplierPayment.status).toBe('aplicado');
    expect((await getAccount(acc.id)).balance).toBe('900');

    const missingFile = await s.gql('mutation{ expenseFileDelete(id:"999999") }', {}, buyer);
    expect(missingFile.errors![0].extensions!.code).toBe('NOT_FOUND');
    const badAccount = await s.gql('mutation($id:ID!,$i:CompanyAccountUpdateInput!){ accountUpdate(id:$id,version:1,input:$i){ id } }', { id: acc.id, i: { name: '', clabe: '1', active: true } }, buyer);
    expect(fields(badAccount)).toEqual({ name: 'Este campo es obligatorio.', clabe: 'CLABE no válida: 18 dígitos con dígito verificador.' });
  });
});

describe('gastos agrupados (Agrupar por) with exact subtotals', () => {
  const GROUPS = `query($groupBy: ExpenseGroupBy!, $f: ExpenseFilter, $l: ListInput){ expenseGroups(groupBy:$groupBy, filter:$f, list:$l){
    totalGroups groups { key label count subtotal tax total balance } grandTotal { key label count subtotal tax total balance } } }`;
  const LIST = 'query($f: ExpenseFilter, $l: ListInput){ expenses(filter:$f, list:$l){ total sumTotal sumBalance } }';
  const search = { search: 'Agrupa prueba', pageSize: 200 };
  const m2 = (v: string) => Number(v).toFixed(2);
  const row = (g: any) => [g.label, g.count, m2(g.subtotal), m2(g.tax), m2(g.total), m2(g.balance)];
  const groups = async (groupBy: string, f: Record<string, unknown> | null = null, l: Record<string, unknown> = search) => (await gqlOk(GROUPS, { groupBy, f, l }, viewer)).expenseGroups;
  let norte: string;
  let sur: string;

  beforeAll(async () => {
    norte = (await createSupplier({ name: 'Agrupa prueba Norte' })).id;
    sur = (await createSupplier({ name: 'Agrupa prueba Sur' })).id;
    const acc = (await createAccount('100000')).id;
    // Norte: 1,000 + IVA 160 = 1,160, 400 paid → 760 pagado_parcial (2023-05-10)
    const n1 = await createExpense(norte, { date: '2023-05-10', subtotal: '1000' });
    await gqlOk(PAY, { i: payInput(acc, norte, [{ expenseId: n1.id, amount: '400' }], undefined, '2023-07-01') });
    // Norte: 250.25 + IVA 40.04 = 290.29 pendiente (2023-06-01)
    await createExpense(norte, { date: '2023-06-01', subtotal: '250.25', invoiceFolio: '101' });
    // Norte: 5,000 + 800 cancelado (2023-06-15): counted, no money
    const n3 = await createExpense(norte, { date: '2023-06-15', subtotal: '5000', invoiceFolio: '102' });
    await gqlOk('mutation($id:ID!,$v:Int!){ expenseCancel(id:$id, version:$v, reason:"Prueba de agrupación"){ id } }', { id: n3.id, v: n3.version });
    // Sur: 2,000 at IVA 0 pendiente (2023-05-31)
    await createExpense(sur, { date: '2023-05-31', subtotal: '2000', ivaRate: '0' });
    // Sur: 333.33 + IVA 53.3328 → 53.33 = 386.66, paid in full → pagado (2023-06-30)
    const s2 = await createExpense(sur, { date: '2023-06-30', subtotal: '333.33', invoiceFolio: '101' });
    await gqlOk(PAY, { i: payInput(acc, sur, [{ expenseId: s2.id, amount: '386.66' }], undefined, '2023-07-01') });
  });

  it('by supplier: largest total first, cancelled counted but not summed, grand total equal to the list sums', async () => {
    const r = await groups('SUPPLIER');
    // Sur: 2,000 + 333.33; IVA 53.33; 2,000 + 386.66 = 2,386.66; saldo 2,000
    // Norte: 1,000 + 250.25; 160 + 40.04; 1,160 + 290.29 = 1,450.29; saldo 760 + 290.29 = 1,050.29
    expect(r.groups.map(row)).toEqual([
      ['Agrupa prueba Sur', 2, '2333.33', '53.33', '2386.66', '2000.00'],
      ['Agrupa prueba Norte', 3, '1250.25', '200.04', '1450.29', '1050.29'],
    ]);
    expect(r.groups.map((g: any) => g.key)).toEqual([sur, norte]);
    expect(row(r.grandTotal)).toEqual(['Total general', 5, '3583.58', '253.37', '3836.95', '3050.29']);
    const list = (await gqlOk(LIST, { f: null, l: search }, viewer)).expenses;
    expect([list.total, m2(list.sumTotal), m2(list.sumBalance)]).toEqual([r.grandTotal.count, m2(r.grandTotal.total), m2(r.grandTotal.balance)]);
  });

  it('by status and by month (calendar order, Spanish labels)', async () => {
    expect((await groups('STATUS')).groups.map((g: any) => [g.key, ...row(g)])).toEqual([
      ['pendiente', 'Pendiente', 2, '2250.25', '40.04', '2290.29', '2290.29'],
      ['pagado_parcial', 'Pagado parcial', 1, '1000.00', '160.00', '1160.00', '760.00'],
      ['pagado', 'Pagado', 1, '333.33', '53.33', '386.66', '0.00'],
      ['cancelado', 'Cancelado', 1, '0.00', '0.00', '0.00', '0.00'],
    ]);
    expect((await groups('MONTH')).groups.map((g: any) => [g.key, ...row(g)])).toEqual([
      ['2023-05', 'mayo de 2023', 2, '3000.00', '160.00', '3160.00', '2760.00'],
      ['2023-06', 'junio de 2023', 3, '583.58', '93.37', '676.95', '290.29'],
    ]);
  });

  it('applies the list filter to the groups too, and pages the groups', async () => {
    const f = { status: 'pendiente' };
    const r = await groups('SUPPLIER', f);
    expect(r.groups.map(row)).toEqual([
      ['Agrupa prueba Sur', 1, '2000.00', '0.00', '2000.00', '2000.00'],
      ['Agrupa prueba Norte', 1, '250.25', '40.04', '290.29', '290.29'],
    ]);
    const list = (await gqlOk(LIST, { f, l: search }, viewer)).expenses;
    expect([list.total, m2(list.sumTotal)]).toEqual([2, '2290.29']);
    expect(m2(r.grandTotal.total)).toBe('2290.29');
    const june = await groups('STATUS', { supplierId: norte, from: '2023-06-01', to: '2023-06-30' });
    expect(june.groups.map((g: any) => [g.key, g.count, m2(g.total)])).toEqual([['pendiente', 1, '290.29'], ['cancelado', 1, '0.00']]);
    const second = await groups('MONTH', null, { ...search, page: 2, pageSize: 1 });
    expect([second.totalGroups, second.groups.map((g: any) => g.key), m2(second.grandTotal.total)]).toEqual([2, ['2023-06'], '3836.95']);
  });

  it('needs the Gastos ability; a bad groupBy is a Spanish input error', async () => {
    const refused = await s.gql(GROUPS, { groupBy: 'SUPPLIER', f: null, l: search }, seller);
    expect(refused.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    expect(refused.data).toBeNull();
    const bad = await s.gql(GROUPS, { groupBy: 'CLIENT', f: null, l: search }, buyer);
    expect(fields(bad)).toEqual({ groupBy: 'Valor: el valor "CLIENT" no está permitido.' });
    expect(fields(await s.gql(GROUPS, { groupBy: 'SUPPLIER', f: null, l: { sortBy: 'rfc' } }, buyer))).toEqual({ 'list.sortBy': 'No se puede ordenar por ese campo.' });
  });
});

describe('date range on the lists: both boundary days in, the days outside out, an inverted range refused', () => {
  it('Gastos by date', async () => {
    await checkDateRange(s, buyer, { field: 'expenses', filterType: 'ExpenseFilter', dateField: 'date' });
  });
  it('Solicitudes de pago by date', async () => {
    await checkDateRange(s, buyer, { field: 'paymentRequests', filterType: 'PaymentRequestFilter', dateField: 'date' });
  });
});

describe('the supplier CFDI’s status at SAT', () => {
  const READ = 'query($f:ID!){ supplierCfdiRead(fileId:$f){ uuid satStatus differences } }';
  const ATTACH = 'mutation($e:ID!,$f:ID!){ expenseFileAttach(expenseId:$e,fileId:$f){ id } }';
  const REFRESH = 'mutation($id:ID!){ expenseSatStatusRefresh(id:$id){ id cfdiUuid satStatus satCheckedAt version } }';
  const SAT = 'query($id:ID!){ expense(id:$id){ satStatus satCheckedAt version } }';

  it('is asked when the XML is read and attached, and again with «Consultar en el SAT»: vigente, then cancelado with its warning', async () => {
    const { xml, uuid } = await stampedSupplierCfdi({ folio: '7001' }, 'sat-estado');
    sat.answers.set(uuid, { estado: 'Vigente', esCancelable: 'Cancelable con aceptación' });
    const read = (await gqlOk(READ, { f: await s.uploadId(buyer, Buffer.from(xml), 'proveedor.xml') }, buyer)).supplierCfdiRead;
    expect(read).toEqual({ uuid, satStatus: 'vigente', differences: [] });
    // SAT was asked with the QR's expression of this CFDI: 2,864.18 with six decimals.
    expect(sat.requests.at(-1)!.expression).toMatch(new RegExp(`^\\?id=${uuid}&re=EKU9003173C9&rr=EKU9003173C9&tt=2864\\.180000&fe=.{8}$`));

    const e = await createExpense((await createSupplier()).id);
    expect((await gqlOk(SAT, { id: e.id })).expense).toEqual({ satStatus: null, satCheckedAt: null, version: e.version });
    await gqlOk(ATTACH, { e: e.id, f: await s.uploadId(buyer, Buffer.from(xml), 'proveedor.xml') }, buyer);
    const attached = (await gqlOk(SAT, { id: e.id })).expense;
    expect(attached.satStatus).toBe('vigente');
    expect(Date.now() - Date.parse(attached.satCheckedAt)).toBeLessThan(60_000);

    // The supplier cancels it at SAT: asking again records it, and reading it warns.
    sat.answers.set(uuid, { estado: 'Cancelado', esCancelable: 'Cancelable con aceptación', estatusCancelacion: 'Cancelado con aceptación' });
    const refreshed = (await gqlOk(REFRESH, { id: e.id }, buyer)).expenseSatStatusRefresh;
    expect(refreshed).toMatchObject({ id: e.id, cfdiUuid: uuid, satStatus: 'cancelado', version: attached.version });
    const again = (await gqlOk(READ, { f: await s.uploadId(buyer, Buffer.from(xml), 'proveedor.xml') }, buyer)).supplierCfdiRead;
    expect(again).toEqual({ uuid, satStatus: 'cancelado', differences: ['El SAT reporta este CFDI como cancelado: no ampara el gasto.'] });

  });

  it('reading the same XML twice asks SAT once (its answer remembered per UUID); an answer that is not SAT’s is not remembered', async () => {
    const { xml, uuid } = await stampedSupplierCfdi({ folio: '7002' }, 'sat-cache');
    const readIt = async () => (await gqlOk(READ, { f: await s.uploadId(buyer, Buffer.from(xml), 'proveedor.xml') }, buyer)).supplierCfdiRead.satStatus;
    const askedFor = () => sat.requests.filter((r) => r.expression.includes(`id=${uuid}&`)).length;
    // SAT does not answer: the status says so instead of failing the read, and the next read asks again.
    sat.answers.set(uuid, 'http-500');
    expect(await readIt()).toBe('pendiente de consultar');
    expect(await readIt()).toBe('pendiente de consultar');
    expect(askedFor()).toBe(2);
    // SAT answers vigente: two reads, one request.
    sat.answers.set(uuid, { estado: 'Vigente', esCancelable: 'Cancelable con aceptación' });
    expect(await readIt()).toBe('vigente');
    expect(await readIt()).toBe('vigente');
    expect(askedFor()).toBe(3);
    // Attaching it takes the remembered answer; «Consultar en el SAT» asks afresh and remembers what SAT says now.
    const e = await createExpense((await createSupplier()).id);
    await gqlOk(ATTACH, { e: e.id, f: await s.uploadId(buyer, Buffer.from(xml), 'proveedor.xml') }, buyer);
    expect((await gqlOk(SAT, { id: e.id })).expense.satStatus).toBe('vigente');
    expect(askedFor()).toBe(3);
    sat.answers.set(uuid, { estado: 'Cancelado', esCancelable: 'Cancelable con aceptación', estatusCancelacion: 'Cancelado con aceptación' });
    expect((await gqlOk(REFRESH, { id: e.id }, buyer)).expenseSatStatusRefresh.satStatus).toBe('cancelado');
    expect(askedFor()).toBe(4);
    expect(await readIt()).toBe('cancelado');
    expect(askedFor()).toBe(4);
  });

  it('Consulta and Ventas may not ask it (FORBIDDEN); an expense without its XML is a field message; nothing is written', async () => {
    const e = await createExpense((await createSupplier()).id);
    const asked = sat.requests.length;
    expect((await s.gql(REFRESH, { id: e.id }, viewer)).errors?.[0].extensions?.code).toBe('FORBIDDEN');
    expect((await s.gql(REFRESH, { id: e.id }, seller)).errors?.[0].extensions?.code).toBe('FORBIDDEN');
    expect(fields(await s.gql(REFRESH, { id: e.id }, buyer))).toEqual({ id: 'El gasto no tiene el XML de su CFDI: adjúntalo para consultar su estado en el SAT.' });
    expect((await s.gql(REFRESH, { id: '999999' }, buyer)).errors?.[0].extensions?.code).toBe('NOT_FOUND');
    expect(sat.requests.length).toBe(asked);
    expect((await gqlOk(SAT, { id: e.id })).expense).toEqual({ satStatus: null, satCheckedAt: null, version: e.version });
  });
});
