// Compras › DIOT and three-way match over HTTP (issues 26 and 28), on PGlite and PostgreSQL.
// DIOT: a month of supplier payments at 16 %, 0 % and exento, honorarios with IVA retenido and
// a partial payment, from two suppliers: the exact TXT lines, computed by hand below; an empty
// month; FORBIDDEN and bad input. Three-way match: an order of 10 × 100.00 received 8 and a
// supplier CFDI for the 10: a difference of 200.00 + 32.00 IVA, payment refused (CONFLICT, in
// Spanish) until someone who authorises purchase orders authorises it with a reason; another
// receipt changes the difference and needs a new authorisation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, startServer, type GqlResult, type TestServer } from './harness';
import { fieldsOf as fields, okData } from './answers';
import { createPac, loadCsd, MemoryPacStore, sealCfdi } from '../../server/lib/cfdi';
import { invoiceXml, testCsd } from '../unit/cfdi/fixtures';
import { makeArticle, makeFixture, type Fixture } from './warehouse-helpers';

let s: TestServer;
let admin: string;
let buyer: string; // Compras: every Compras permission (Reportes ver/exportar, Órdenes autorizar)
let seller: string; // Vendedor: no Compras
let viewer: string; // Consulta: only ver
let accountId: string;
let f: Fixture;

const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Mexico_City', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());

beforeAll(async () => {
  // On PostgreSQL the server gets its own database, copied from the run's seeded template and dropped on stop.
  s = await startServer();
  [admin, buyer, seller, viewer] = await Promise.all([s.login(ADMIN_EMAIL), s.login('compras@demo.mx'), s.login('ventas@demo.mx'), s.login('consulta@demo.mx')]);
  const account = await gqlOk('mutation($i:CompanyAccountCreateInput!){ accountCreate(input:$i){ id } }', { i: { name: 'Cuenta DIOT', openingBalance: '500000', openingDate: '2019-01-01' } }, admin);
  accountId = account.accountCreate.id;
  f = await makeFixture(s, admin);
}, 180_000);
afterAll(async () => s?.stop());

const gql = (query: string, variables: Record<string, unknown> = {}, token = buyer) => s.gql(query, variables, token);
const gqlOk = async (query: string, variables: Record<string, unknown> = {}, token = buyer) => okData(await gql(query, variables, token));
const code = (r: GqlResult) => r.errors?.[0].extensions?.code;

const SUPPLIER = 'mutation($i:SupplierInput!){ supplierCreate(input:$i){ id rfc diotOperation } }';
const EXPENSE = `id folio status total balance version ivaExempt purchaseOrderId purchaseOrderFolio
  match { orderFolio invoicedSource hasDifferences authorized payable authorizedReason authorizedByName authorizedDifference
    lines { position orderedQty receivedQty unitPrice orderedAmount receivedAmount difference }
    ordered { subtotal iva total } received { subtotal iva total } invoiced { subtotal iva total } difference { subtotal iva total } }`;
const CREATE_EXPENSE = `mutation($i:ExpenseInput!){ expenseCreate(input:$i){ ${EXPENSE} } }`;
const GET_EXPENSE = `query($id:ID!){ expense(id:$id){ ${EXPENSE} } }`;
const AUTHORIZE = `mutation($id:ID!,$v:Int!,$r:String!){ expenseMatchAuthorize(id:$id,version:$v,reason:$r){ ${EXPENSE} } }`;
const PAY = 'mutation($i:SupplierPaymentInput!){ supplierPaymentCreate(input:$i){ id folio } }';
const CANCEL_PAY = 'mutation($id:ID!,$r:String!){ supplierPaymentCancel(id:$id,reason:$r){ id status } }';
const DIOT = `query($m:String!){ diotReport(month:$m){ month lines { thirdPartyType operation rfc name base16 base8 base0 exempt ivaRetained returns paid txt }
  totals { base16 base8 base0 exempt ivaRetained returns paid } } }`;
const DIOT_TXT = 'query($m:String!){ diotTxt(month:$m){ fileName content lines } }';
const BALANCE = 'query($id:ID!){ account(id:$id){ balance } }';

type Expense = Record<string, any> & { id: string; version: number };

const supplier = async (rfc: string, name: string, over: Record<string, unknown> = {}) =>
  (await gqlOk(SUPPLIER, { i: { rfc, name, taxRegime: '601', postalCode: '76000', creditDays: 0, active: true, ...over } }, admin)).supplierCreate as { id: string; diotOperation: string };
const expenseInput = (supplierId: string, over: Record<string, unknown> = {}) => ({
  supplierId, date: '2019-03-01', category: 'Servicios', subtotal: '1000', ivaRate: '0.16', isrRetentionRate: '0', ivaRetentionRate: '0', ...over,
});
const expense = async (supplierId: string, over: Record<string, unknown> = {}): Promise<Expense> => (await gqlOk(CREATE_EXPENSE, { i: expenseInput(supplierId, over) })).expenseCreate;
const payInput = (supplierId: string, date: string, apps: [string, string][]) => {
  const amount = apps.reduce((a, [, x]) => a + Math.round(Number(x) * 100), 0);
  return { accountId, supplierId, date, amount: (amount / 100).toFixed(2), paymentForm: '03', applications: apps.map(([expenseId, a]) => ({ expenseId, amount: a })) };
};
const pay = async (supplierId: string, date: string, apps: [string, string][]) => (await gqlOk(PAY, { i: payInput(supplierId, date, apps) })).supplierPaymentCreate as { id: string };
const balance = async () => (await gqlOk(BALANCE, { id: accountId }, admin)).account.balance as string;

describe('DIOT', () => {
  it('a month of payments at 16 %, 0 % and exento from two suppliers gives the exact TXT lines', async () => {
    const a = await supplier('DAA150101AB1', 'Distribuidora Alfa SA de CV');
    expect(a.diotOperation).toBe('85');
    const b = await supplier('GOLR800101AB3', 'Rocío González López', { taxRegime: '612', diotOperation: '03' });
    expect(b.diotOperation).toBe('03');

    // Alfa: E1 10,000.00 at 16 % (IVA 1,600.00, total 11,600.00) paid whole on 5 March;
    //       E2 2,500.50 at 0 % (total 2,500.50) paid whole on 10 March.
    const e1 = await expense(a.id, { subtotal: '10000' });
    const e2 = await expense(a.id, { subtotal: '2500.50', ivaRate: '0' });
    expect(e2.ivaExempt).toBe(false);
    await pay(a.id, '2019-03-05', [[e1.id, '11600']]);
    await pay(a.id, '2019-03-10', [[e2.id, '2500.50']]);
    // González (honorarios, 03): E3 3,000.00 exento, 1,000.00 paid on 15 March (one third), a payment of
    // 500.00 on 16 March cancelled (not counted), the other 2,000.00 paid in April (another month);
    // E4 5,000.00 at 16 % = 800.00, ISR retenido 10 % = 500.00, IVA retenido 5,000 × 0.106667 = 533.335 → 533.34,
    // total 5,000 + 800 − 500 − 533.34 = 4,766.66, paid whole on 20 March.
    const e3 = await expense(b.id, { subtotal: '3000', ivaRate: '0', ivaExempt: true });
    expect(e3.ivaExempt).toBe(true);
    const e4 = await expense(b.id, { subtotal: '5000', isrRetentionRate: '0.10', ivaRetentionRate: '0.106667' });
    expect(e4.total).toBe('4766.66');
    await pay(b.id, '2019-03-15', [[e3.id, '1000']]);
    const cancelled = await pay(b.id, '2019-03-16', [[e3.id, '500']]);
    await gqlOk(CANCEL_PAY, { id: cancelled.id, r: 'Se duplicó' });
    await pay(b.id, '2019-04-01', [[e3.id, '2000']]);
    await pay(b.id, '2019-03-20', [[e4.id, '4766.66']]);

    // By hand, whole pesos rounded half up once per supplier:
    //   Alfa     04|85|DAA150101AB1: 16 % = 10,000; 0 % = 2,500.50 → 2,501; paid 11,600.00 + 2,500.50 = 14,100.50.
    //   González 04|03|GOLR800101AB3: 16 % = 5,000; exento = 3,000 × 1,000 / 3,000 = 1,000; IVA retenido 533.34 → 533;
    //            paid 1,000.00 + 4,766.66 = 5,766.66.
    // Fields 1–24 (see schema/shopping/diot.ts): 8 = 16 %, 13 = 8 %, 21 = 0 %, 22 = exento, 23 = IVA retenido, 24 = devoluciones.
    const lineA = '04|85|DAA150101AB1|||||10000|||||||||||||2501|||';
    const lineB = '04|03|GOLR800101AB3|||||5000||||||||||||||1000|533|';
    expect(lineA.split('|')).toHaveLength(24);
    expect(lineB.split('|')).toHaveLength(24);

    const report = (await gqlOk(DIOT, { m: '2019-03' }, viewer)).diotReport;
    expect(report.lines).toEqual([
      { thirdPartyType: '04', operation: '85', rfc: 'DAA150101AB1', name: 'Distribuidora Alfa SA de CV', base16: '10000', base8: '0', base0: '2501', exempt: '0', ivaRetained: '0', returns: '0', paid: '14100.5', txt: lineA },
      { thirdPartyType: '04', operation: '03', rfc: 'GOLR800101AB3', name: 'Rocío González López', base16: '5000', base8: '0', base0: '0', exempt: '1000', ivaRetained: '533', returns: '0', paid: '5766.66', txt: lineB },
    ]);
    // Totals: 16 % 15,000; 0 % 2,501; exento 1,000; retenido 533; paid 14,100.50 + 5,766.66 = 19,867.16.
    expect(report.totals).toEqual({ base16: '15000', base8: '0', base0: '2501', exempt: '1000', ivaRetained: '533', returns: '0', paid: '19867.16' });

    const txt = (await gqlOk(DIOT_TXT, { m: '2019-03' })).diotTxt;
    expect(txt).toEqual({ fileName: 'DIOT_EKU9003173C9_201903.txt', content: `${lineA}\r\n${lineB}\r\n`, lines: 2 });

    // April: only González's 2,000.00 of the exento expense (3,000 × 2,000 / 3,000 = 2,000).
    // Fields 4–21 empty (18 fields: 19 separators after the RFC), 22 = 2000, 23 and 24 empty.
    const lineApril = `04|03|GOLR800101AB3${'|'.repeat(19)}2000||`;
    expect(lineApril.split('|')).toHaveLength(24);
    const april = (await gqlOk(DIOT_TXT, { m: '2019-04' })).diotTxt;
    expect(april.content).toBe(`${lineApril}\r\n`);
  });

  it('a month of 2026 uses the 54-field layout: 16 %, 8 % (RFN, half paid), 0 %, exento and IVA retenido, lines by hand', async () => {
    const c = await supplier('DBB160101AB5', 'Distribuidora Beta SA de CV');
    const d = await supplier('MELJ800101AB6', 'Juan Méndez López', { taxRegime: '612', diotOperation: '03' });
    // Beta: 10,000.00 at 16 % (IVA 1,600.00) paid whole; 2,500.50 at 0 %; 1,000.00 at 8 % (IVA 80.00, total 1,080.00) half paid:
    // base 500, IVA 40. Méndez: 3,000.00 exento, 1,000.00 paid (exento 1,000); 5,000.00 at 16 % (IVA 800), ISR 10 %,
    // IVA retenido 533.34 → 533, total 4,766.66 paid whole.
    const e1 = await expense(c.id, { date: '2026-03-01', subtotal: '10000' });
    const e2 = await expense(c.id, { date: '2026-03-01', subtotal: '2500.50', ivaRate: '0' });
    const e5 = await expense(c.id, { date: '2026-03-01', subtotal: '1000', ivaRate: '0.08' });
    expect(e5.total).toBe('1080');
    await pay(c.id, '2026-03-05', [[e1.id, '11600'], [e2.id, '2500.50'], [e5.id, '540']]);
    const e3 = await expense(d.id, { date: '2026-03-01', subtotal: '3000', ivaRate: '0', ivaExempt: true });
    const e4 = await expense(d.id, { date: '2026-03-01', subtotal: '5000', isrRetentionRate: '0.10', ivaRetentionRate: '0.106667' });
    await pay(d.id, '2026-03-15', [[e3.id, '1000'], [e4.id, '4766.66']]);
    // 54 fields (schema/shopping/diot.ts): 8 RFN 500, 12 16 % 10000, 18 IVA RFN 40, 22 IVA 16 % 1600, 23–50 empty
    // (29 separators), 51 tasa 0 % 2501, 54 manifiesto 01: 2 + 5 + 4 + 6 + 4 + 29 + 3 = 53 separators.
    const lineC = `04|85|DBB160101AB5|||||500||||10000||||||40||||1600${'|'.repeat(29)}2501|||01`;
    // 12 16 % 5000, 22 IVA 800, 48 IVA retenido 533, 50 exento 1000: 2 + 9 + 10 + 26 + 2 + 4 = 53 separators.
    const lineD = `04|03|MELJ800101AB6${'|'.repeat(9)}5000${'|'.repeat(10)}800${'|'.repeat(26)}533||1000||||01`;
    for (const l of [lineC, lineD]) expect(l.split('|')).toHaveLength(54);
    const r = (await gqlOk('query($m:String!){ diotReport(month:$m){ layout lines { txt iva16 iva8 } totals { base16 base8 iva16 iva8 paid } } }', { m: '2026-03' }, viewer)).diotReport;
    expect(r.layout).toBe('BATCH_54');
    expect(r.lines).toEqual([{ txt: lineC, iva16: '1600', iva8: '40' }, { txt: lineD, iva16: '800', iva8: '0' }]);
    // Totals: 16 % 15,000; 8 % 500; IVA 16 % 2,400; IVA 8 % 40; paid 14,640.50 + 5,766.66 = 20,407.16.
    expect(r.totals).toEqual({ base16: '15000', base8: '500', iva16: '2400', iva8: '40', paid: '20407.16' });
    expect((await gqlOk(DIOT_TXT, { m: '2026-03' })).diotTxt.content).toBe(`${lineC}\r\n${lineD}\r\n`);
    expect((await gqlOk('query{ diotReport(month:"2019-03"){ layout } }', {}, viewer)).diotReport.layout).toBe('CLASSIC_24');
  });

  it('an empty month has no lines and zero totals', async () => {
    const r = (await gqlOk(DIOT, { m: '2019-06' })).diotReport;
    expect(r).toEqual({ month: '2019-06', lines: [], totals: { base16: '0', base8: '0', base0: '0', exempt: '0', ivaRetained: '0', returns: '0', paid: '0' } });
    expect((await gqlOk(DIOT_TXT, { m: '2019-06' })).diotTxt).toMatchObject({ content: '', lines: 0 });
  });

  it('refuses a role without Compras-Reportes, export without «exportar», and a bad month', async () => {
    expect(code(await gql(DIOT, { m: '2019-03' }, seller))).toBe('FORBIDDEN');
    expect(code(await gql(DIOT_TXT, { m: '2019-03' }, seller))).toBe('FORBIDDEN');
    expect(code(await gql(DIOT_TXT, { m: '2019-03' }, viewer))).toBe('FORBIDDEN');
    for (const m of ['2019-13', '2019-3', 'marzo']) expect(fields(await gql(DIOT, { m }))).toEqual({ month: 'Elige un mes válido (AAAA-MM).' });
    expect(fields(await gql(DIOT_TXT, { m: '' }))).toEqual({ month: 'Elige un mes válido (AAAA-MM).' });
  });

  it('refuses a bad DIOT operation type and exento with a rate other than 0, writing nothing', async () => {
    expect(fields(await gql(SUPPLIER, { i: { rfc: 'DCC150101AB4', name: 'Proveedor X', taxRegime: '601', postalCode: '76000', creditDays: 0, active: true, diotOperation: '07' } }, admin))).toEqual({
      diotOperation: 'Tipo de operación DIOT no válido: 03, 06 u 85.',
    });
    const sup = await supplier('DDD150101AB5', 'Proveedor Exento');
    const count = async () => (await gqlOk('{ expenses(list:{pageSize:1}){ total } }', {}, admin)).expenses.total as number;
    const before = await count();
    expect(fields(await gql(CREATE_EXPENSE, { i: expenseInput(sup.id, { ivaExempt: true }) }))).toEqual({ ivaExempt: 'Solo una operación con tasa 0 puede marcarse como exenta.' });
    expect(await count()).toBe(before);
  });
});

/** A supplier CFDI (emisor EKU9003173C9, to the demo company) of `qty` × 100.00 + 16 % IVA, sealed and stamped. */
async function cfdiOf(qty: number, folio: string): Promise<{ xml: string; uuid: string }> {
  const sub = (qty * 100).toFixed(2);
  const iva = (qty * 16).toFixed(2);
  const total = (qty * 116).toFixed(2);
  const xml = invoiceXml({ folio })
    .replace('Rfc="URE180429TM6" Nombre="UNIVERSIDAD ROBOTICA ESPAÑOLA" DomicilioFiscalReceptor="86991"', 'Rfc="EKU9003173C9" Nombre="ESCUELA KEMPER URGATE" DomicilioFiscalReceptor="42501"')
    .replaceAll('2469.12', sub)
    .replaceAll('2864.18', total)
    .replaceAll('395.06', iva)
    .replace('Cantidad="2"', `Cantidad="${qty}"`)
    .replace('ValorUnitario="1234.56"', 'ValorUnitario="100.00"');
  const sealed = await sealCfdi(xml, loadCsd(testCsd()));
  const result = await (await createPac({ store: new MemoryPacStore(), env: {} })).stamp(sealed, `match-${folio}`);
  return { xml: result.xml, uuid: result.uuid };
}

describe('three-way match', () => {
  let supplierId: string;
  let articleId: string;
  const ORDER = 'id folio folioText status version lines { id } expenses { id match { hasDifferences payable } }';

  beforeAll(async () => {
    supplierId = (await supplier('EKU9003173C9', 'Escuela Kemper Urgate (proveedor)')).id;
    articleId = (await makeArticle(s, admin, f)).id;
  });

  /** An order of 10 × 100.00 (+16 % = 1,160.00), authorised, with `received` units received. */
  async function order(received: number) {
    const o = (
      await gqlOk(`mutation($i:PurchaseOrderInput!){ purchaseOrderCreate(input:$i){ ${ORDER} } }`, {
        i: { supplierId, date: today, deliveryDate: today, warehouseId: f.w1, ivaRate: '0.16', lines: [{ articleId, quantity: '10', unitPrice: '100' }] },
      })
    ).purchaseOrderCreate;
    const auth = (await gqlOk(`mutation($id:ID!,$v:Int!){ purchaseOrderAuthorize(id:$id,version:$v){ ${ORDER} } }`, { id: o.id, v: o.version })).purchaseOrderAuthorize;
    if (received > 0) await receive(o.id, o.lines[0].id, received);
    return auth as { id: string; folioText: string; lines: { id: string }[] };
  }
  const receive = (orderId: string, lineId: string, qty: number) =>
    gqlOk(`mutation($id:ID!,$i:PurchaseReceiptInput!){ purchaseOrderReceive(id:$id,input:$i){ id status } }`, { id: orderId, i: { lines: [{ lineId, quantity: String(qty) }] } });
  const attach = async (expenseId: string, xml: string) => {
    const fileId = await s.uploadId(buyer, Buffer.from(xml), 'factura.xml');
    await gqlOk('mutation($e:ID!,$f:ID!){ expenseFileAttach(expenseId:$e,fileId:$f){ id } }', { e: expenseId, f: fileId });
  };
  const get = async (id: string): Promise<Expense> => (await gqlOk(GET_EXPENSE, { id }, admin)).expense;

  it('10 ordered, 8 received, CFDI for 10: 200.00 + 32.00 IVA of difference; payment refused until authorised', async () => {
    const o = await order(8);
    const e = await expense(supplierId, { date: today, purchaseOrderId: o.id });
    expect(e).toMatchObject({ purchaseOrderId: o.id, purchaseOrderFolio: o.folioText });
    const { xml } = await cfdiOf(10, '9101');
    await attach(e.id, xml);

    // By hand: ordered 10 × 100.00 = 1,000.00 + 160.00 = 1,160.00; received 8 × 100.00 = 800.00 + 128.00 = 928.00;
    // invoiced (CFDI) 1,000.00 + 160.00 = 1,160.00; difference 200.00 + 32.00 = 232.00.
    const withCfdi = await get(e.id);
    expect(withCfdi.match).toEqual({
      orderFolio: o.folioText,
      invoicedSource: 'cfdi',
      hasDifferences: true,
      authorized: false,
      payable: false,
      authorizedReason: null,
      authorizedByName: null,
      authorizedDifference: null,
      lines: [{ position: 1, orderedQty: '10', receivedQty: '8', unitPrice: '100', orderedAmount: '1000', receivedAmount: '800', difference: '200' }],
      ordered: { subtotal: '1000', iva: '160', total: '1160' },
      received: { subtotal: '800', iva: '128', total: '928' },
      invoiced: { subtotal: '1000', iva: '160', total: '1160' },
      difference: { subtotal: '200', iva: '32', total: '232' },
    });

    // Payment refused, nothing written.
    const before = await balance();
    const refused = await gql(PAY, { i: payInput(supplierId, today, [[e.id, '1160']]) });
    expect(refused.errors?.[0]).toMatchObject({
      extensions: { code: 'CONFLICT' },
      message: `El gasto ${e.folio} no coincide con la orden ${o.folioText} y sus recepciones (diferencia de $232.00): pide a quien autoriza órdenes de compra que autorice la diferencia antes de pagarlo.`,
    });
    expect(await balance()).toBe(before);
    expect(await get(e.id)).toMatchObject({ status: 'pendiente', balance: '1160' });

    // Authorising: FORBIDDEN without «autorizar» on Órdenes de compra; a reason is required.
    expect(code(await gql(AUTHORIZE, { id: e.id, v: withCfdi.version, r: 'Lo pide el proveedor' }, viewer))).toBe('FORBIDDEN');
    expect(code(await gql(AUTHORIZE, { id: e.id, v: withCfdi.version, r: 'Lo pide el proveedor' }, seller))).toBe('FORBIDDEN');
    expect(fields(await gql(AUTHORIZE, { id: e.id, v: withCfdi.version, r: '  ' }))).toEqual({ reason: 'Este campo es obligatorio.' });
    expect((await get(e.id)).match.authorized).toBe(false);

    const authorized = (await gqlOk(AUTHORIZE, { id: e.id, v: withCfdi.version, r: 'Las 2 piezas faltantes llegan la próxima semana' })).expenseMatchAuthorize;
    expect(authorized.match).toMatchObject({ authorized: true, payable: true, authorizedReason: 'Las 2 piezas faltantes llegan la próxima semana', authorizedByName: 'Demo Compras', authorizedDifference: '232' });
    expect(code(await gql(AUTHORIZE, { id: e.id, v: authorized.version, r: 'otra vez' }))).toBe('CONFLICT');

    // One more unit arrives: received 900.00 + 144.00 = 1,044.00, difference 100.00 + 16.00 = 116.00 ≠ 232.00 authorised.
    await receive(o.id, o.lines[0].id, 1);
    const changed = await get(e.id);
    expect(changed.match).toMatchObject({ difference: { subtotal: '100', iva: '16', total: '116' }, authorized: false, payable: false });
    expect(code(await gql(PAY, { i: payInput(supplierId, today, [[e.id, '1160']]) }))).toBe('CONFLICT');
    // Two people authorise it at once: one authorisation is recorded, the other is refused (CONFLICT).
    const both = await Promise.all([
      gql(AUTHORIZE, { id: e.id, v: changed.version, r: 'Falta una pieza, autorizada por dirección' }),
      gql(AUTHORIZE, { id: e.id, v: changed.version, r: 'Autorizo también' }, admin),
    ]);
    expect(both.filter((r) => !r.errors)).toHaveLength(1);
    expect(both.filter((r) => r.errors).map(code)).toEqual(['CONFLICT']);
    expect((await get(e.id)).match).toMatchObject({ authorized: true, payable: true, authorizedDifference: '116' });

    await gqlOk(PAY, { i: payInput(supplierId, today, [[e.id, '1160']]) });
    expect(await get(e.id)).toMatchObject({ status: 'pagado', balance: '0' });
    expect(await balance()).toBe(String(Number(before) - 1160));

    const history = (await gqlOk('query($e:String,$i:String){ auditEntries(entity:$e, entityId:$i){ items{ action } } }', { e: 'expense', i: e.id }, admin)).auditEntries.items.map(
      (x: { action: string }) => x.action,
    );
    expect(history.filter((a: string) => a === 'authorize_difference')).toHaveLength(2);
  });

  it('without differences (all received, no XML: the expense figures) the expense pays straight and there is nothing to authorise', async () => {
    const o = await order(10);
    const e = await expense(supplierId, { date: today, purchaseOrderId: o.id });
    expect(e.match).toMatchObject({ invoicedSource: 'gasto', hasDifferences: false, payable: true, difference: { subtotal: '0', iva: '0', total: '0' } });
    expect(code(await gql(AUTHORIZE, { id: e.id, v: e.version, r: 'nada' }))).toBe('CONFLICT');
    const view = (await gqlOk(`query($id:ID!){ purchaseOrder(id:$id){ ${ORDER} } }`, { id: o.id }, viewer)).purchaseOrder;
    expect(view.expenses).toEqual([{ id: e.id, match: { hasDifferences: false, payable: true } }]);
    await gqlOk(PAY, { i: payInput(supplierId, today, [[e.id, '1160']]) });
  });

  it('an expense without an order has no match and nothing to authorise', async () => {
    const e = await expense(supplierId, { date: today });
    expect(e.match).toBeNull();
    expect(fields(await gql(AUTHORIZE, { id: e.id, v: e.version, r: 'x' }))).toEqual({ id: 'El gasto no está ligado a una orden de compra: no hay diferencias que autorizar.' });
  });

  it('refuses an order of another supplier or not yet authorised, writing nothing', async () => {
    const other = await supplier('DEE150101AB6', 'Otro proveedor');
    const o = await order(0);
    const draft = (
      await gqlOk(`mutation($i:PurchaseOrderInput!){ purchaseOrderCreate(input:$i){ id } }`, {
        i: { supplierId, date: today, deliveryDate: today, warehouseId: f.w1, ivaRate: '0.16', lines: [{ articleId, quantity: '1', unitPrice: '5' }] },
      })
    ).purchaseOrderCreate;
    const count = async () => (await gqlOk('{ expenses(list:{pageSize:1}){ total } }', {}, admin)).expenses.total as number;
    const before = await count();
    expect(fields(await gql(CREATE_EXPENSE, { i: expenseInput(other.id, { purchaseOrderId: o.id }) }))).toEqual({ purchaseOrderId: 'La orden de compra es de otro proveedor.' });
    expect(fields(await gql(CREATE_EXPENSE, { i: expenseInput(supplierId, { purchaseOrderId: draft.id }) }))).toEqual({
      purchaseOrderId: 'La orden de compra debe estar autorizada o recibida (no en borrador ni cancelada).',
    });
    expect(fields(await gql(CREATE_EXPENSE, { i: expenseInput(supplierId, { purchaseOrderId: '999999' }) }))).toEqual({ purchaseOrderId: 'La orden de compra no existe.' });
    expect(await count()).toBe(before);
  });
});
