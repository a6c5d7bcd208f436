// Compras › Órdenes de compra over HTTP: create, authorise within the role's
// limit, receive into Almacén in parts (stock and moving average computed by
// hand), over-receipt and its tolerance, parallel receipts that together may
// not exceed the order, cancellation, drafts from a requisition, gapless
// folios under concurrency, permissions and bad input that writes nothing;
// closing short, and reversing a receipt (stock and average by hand, alone
// and in parallel with another reversal or a warehouse exit).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, startServer, type TestServer } from './harness';
import { expectRefused, makeArticle, makeFixture, okData, post, Q, stockOf, today, type Fixture } from './warehouse-helpers';

let s: TestServer;
let admin: string;
let buyer: string; // Compras role: limit $50,000.00
let seller: string; // Vendedor: no Compras
let viewer: string; // Consulta: only `ver`
let f: Fixture;
let supplierId: string;

const ORDER = `id folio folioText status total subtotal iva tolerancePercent warehouseId origin originFolio version cancelReason authorizedByName
  closeReason closedByName closedAt
  lines { id position articleId sku description quantity unitPrice amount receivedQty receivable }
  receipts { id date movementId movementFolio reversed reverseReason reversedByName reversalMovementFolio lines { lineId quantity } }`;
const CREATE = `mutation($i: PurchaseOrderInput!){ purchaseOrderCreate(input:$i){ ${ORDER} } }`;
const UPDATE = `mutation($id:ID!,$v:Int!,$i: PurchaseOrderInput!){ purchaseOrderUpdate(id:$id,version:$v,input:$i){ ${ORDER} } }`;
const AUTHORIZE = `mutation($id:ID!,$v:Int!){ purchaseOrderAuthorize(id:$id,version:$v){ ${ORDER} } }`;
const CANCEL = `mutation($id:ID!,$v:Int!,$r:String!){ purchaseOrderCancel(id:$id,version:$v,reason:$r){ ${ORDER} } }`;
const RECEIVE = `mutation($id:ID!,$i: PurchaseReceiptInput!){ purchaseOrderReceive(id:$id,input:$i){ ${ORDER} } }`;
const GET = `query($id:ID!){ purchaseOrder(id:$id){ ${ORDER} } }`;
const CLOSE = `mutation($id:ID!,$v:Int!,$r:String!){ purchaseOrderClose(id:$id,version:$v,reason:$r){ ${ORDER} } }`;
const REVERSE = `mutation($o:ID!,$r:ID!,$why:String!){ purchaseReceiptReverse(orderId:$o,receiptId:$r,reason:$why){ ${ORDER} } }`;
const COUNT = `{ purchaseOrders(list:{pageSize:1}){ total } }`;

type Order = { id: string; folio: number; folioText: string; status: string; total: string; version: number; lines: { id: string; description: string; amount: string; receivedQty: string; receivable: string }[]; receipts: { id: string; movementId: string | null; movementFolio: string | null; reversed: boolean; reverseReason: string | null; reversedByName: string | null; reversalMovementFolio: string | null }[] } & Record<string, any>;

beforeAll(async () => {
  s = await startServer();
  [admin, buyer, seller, viewer] = await Promise.all([s.login(ADMIN_EMAIL), s.login('compras@demo.mx'), s.login('ventas@demo.mx'), s.login('consulta@demo.mx')]);
  f = await makeFixture(s, admin);
  const supplier = okData(
    await s.gql(
      'mutation($i:SupplierInput!){ supplierCreate(input:$i){ id } }',
      { i: { rfc: 'OCP150101AB1', name: 'Proveedor de Órdenes SA de CV', taxRegime: '601', postalCode: '76000', creditDays: 30, active: true } },
      admin,
    ),
  );
  supplierId = supplier.supplierCreate.id;
});
afterAll(async () => s?.stop());

const orderInput = (lines: Record<string, unknown>[], over: Record<string, unknown> = {}) => ({
  supplierId, date: today, deliveryDate: today, warehouseId: f.w1, ivaRate: '0.16', notes: 'Entrega en andén 2', lines, ...over,
});
const create = async (lines: Record<string, unknown>[], over: Record<string, unknown> = {}, token = buyer): Promise<Order> => okData(await s.gql(CREATE, { i: orderInput(lines, over) }, token)).purchaseOrderCreate;
const authorize = async (o: Order, token = buyer): Promise<Order> => okData(await s.gql(AUTHORIZE, { id: o.id, v: o.version }, token)).purchaseOrderAuthorize;
const receive = (id: string, lines: { lineId: string; quantity: string }[], token = buyer) => s.gql(RECEIVE, { id, i: { lines, notes: 'Remisión 881' } }, token);
const get = async (id: string): Promise<Order> => okData(await s.gql(GET, { id }, admin)).purchaseOrder;
const orderCount = async (): Promise<number> => okData(await s.gql(COUNT, {}, admin)).purchaseOrders.total;
const reverse = (o: Order, receiptIndex: number, token = buyer, why = 'Se capturó contra la orden equivocada') => s.gql(REVERSE, { o: o.id, r: o.receipts[receiptIndex].id, why }, token);
const auditActions = async (id: string): Promise<string[]> =>
  okData(await s.gql('query($e:String,$i:String){ auditEntries(entity:$e, entityId:$i){ items{ action } } }', { e: 'purchase_order', i: id }, admin)).auditEntries.items.map((x: { action: string }) => x.action).sort();

/** An article with 10 units at $100.00 in w1 (value $1,000.00). */
async function articleWithTen() {
  const a = await makeArticle(s, admin, f);
  okData(await post(s, admin, { conceptId: f.entrada, warehouseId: f.w1, lines: [{ articleId: a.id, quantity: '10', unitCost: '100' }] }));
  expect(await stockOf(s, admin, f.w1, a.id)).toEqual({ quantity: '10', value: '1000', averageCost: '100' });
  return a;
}

describe('an order from creation to full receipt', () => {
  it('totals, authorisation, two partial receipts moving stock at the order price into the moving average', async () => {
    const a = await articleWithTen();
    // 10 × 130.00 = 1,300.00 + flete 1 × 500.00 = 1,800.00; IVA 16 % 288.00; total 2,088.00.
    const o = await create([{ articleId: a.id, quantity: '10', unitPrice: '130' }, { description: 'Flete a planta', quantity: '1', unitPrice: '500' }]);
    expect(o).toMatchObject({ status: 'borrador', subtotal: '1800', iva: '288', total: '2088', origin: 'manual' });
    expect(o.folioText).toBe(`OC-${String(o.folio).padStart(6, '0')}`);
    expect(o.lines.map((l) => [l.description, l.amount, l.receivable])).toEqual([[a.name, '1300', '10'], ['Flete a planta', '500', '1']]);

    // A draft receives nothing.
    expectRefused(await receive(o.id, [{ lineId: o.lines[0].id, quantity: '1' }]), 'CONFLICT');

    const authorized = await authorize(o);
    expect(authorized).toMatchObject({ status: 'autorizada', authorizedByName: 'Demo Compras' });

    // First receipt: 5 at 130.00 → 15 units, 1,000.00 + 650.00 = 1,650.00, average 110.00.
    const first = okData(await receive(o.id, [{ lineId: o.lines[0].id, quantity: '5' }, { lineId: o.lines[1].id, quantity: '0' }])).purchaseOrderReceive as Order;
    expect(first.status).toBe('recibida_parcial');
    expect(first.lines.map((l) => [l.receivedQty, l.receivable])).toEqual([['5', '5'], ['0', '1']]);
    expect(first.receipts).toHaveLength(1);
    expect(first.receipts[0].movementFolio).toMatch(/^E-\d{6}$/);
    expect(await stockOf(s, admin, f.w1, a.id)).toEqual({ quantity: '15', value: '1650', averageCost: '110' });

    // Second: the other 5 and the flete → 20 units, 1,650.00 + 650.00 = 2,300.00, average 115.00; recibida.
    const second = okData(await receive(o.id, [{ lineId: o.lines[0].id, quantity: '5' }, { lineId: o.lines[1].id, quantity: '1' }])).purchaseOrderReceive as Order;
    expect(second.status).toBe('recibida');
    expect(second.receipts).toHaveLength(2);
    expect(await stockOf(s, admin, f.w1, a.id)).toEqual({ quantity: '20', value: '2300', averageCost: '115' });

    // The entradas point back at the order, at its price.
    const kardex = okData(
      await s.gql(
        `query($a:ID!,$w:ID!,$from:Date!,$to:Date!){ kardex(articleId:$a, warehouseId:$w, from:$from, to:$to){ entries { conceptName reference inQuantity unitCost amount balanceQuantity averageCost } } }`,
        { a: a.id, w: f.w1, from: today, to: today },
        admin,
      ),
    ).kardex.entries as Record<string, string>[];
    expect(kardex.slice(1).map((e) => [e.conceptName, e.reference, e.inQuantity, e.unitCost, e.amount, e.balanceQuantity, e.averageCost])).toEqual([
      ['Entrada por orden de compra', o.folioText, '5', '130', '650', '15', '110'],
      ['Entrada por orden de compra', o.folioText, '5', '130', '650', '20', '115'],
    ]);

    // Fully received: nothing more, and it cannot be cancelled.
    expectRefused(await receive(o.id, [{ lineId: o.lines[0].id, quantity: '1' }]), 'CONFLICT');
    expectRefused(await s.gql(CANCEL, { id: o.id, v: second.version, r: 'Ya no se necesita' }, buyer), 'CONFLICT');

    const history = okData(await s.gql('query($e:String,$i:String){ auditEntries(entity:$e, entityId:$i){ items{ action } } }', { e: 'purchase_order', i: o.id }, admin)).auditEntries.items.map((x: { action: string }) => x.action);
    expect(history.sort()).toEqual(['authorize', 'create', 'receive', 'receive']);
  });

  it('the PDF for the supplier', async () => {
    const o = await create([{ description: 'Mantenimiento de montacargas', quantity: '1', unitPrice: '2500' }], { warehouseId: null });
    const pdf = okData(await s.gql('query($id:ID!){ purchaseOrderPdf(id:$id) }', { id: o.id }, viewer)).purchaseOrderPdf as string;
    expect(Buffer.from(pdf, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
  });
});

describe('authorisation by amount', () => {
  it('a role whose limit is below the total is refused in Spanish; one without limit authorises', async () => {
    const a = await makeArticle(s, admin, f);
    // 500 × 100.00 = 50,000.00 + IVA 8,000.00 = 58,000.00 > 50,000.00.
    const o = await create([{ articleId: a.id, quantity: '500', unitPrice: '100' }]);
    expect(o.total).toBe('58000');
    const refused = expectRefused(await s.gql(AUTHORIZE, { id: o.id, v: o.version }, buyer), 'FORBIDDEN');
    expect(refused.message).toBe(
      `Tu rol (Compras) puede autorizar órdenes de compra hasta $50,000.00; la orden ${o.folioText} es por $58,000.00. Pide a alguien con un límite mayor que la autorice.`,
    );
    expect((await get(o.id)).status).toBe('borrador');
    expect(await authorize(o, admin)).toMatchObject({ status: 'autorizada', authorizedByName: 'Administrador del sistema' });
  });

  it('exactly the limit is within it; the limit is the role’s, edited in Configuración › Roles', async () => {
    // 431.0345 × 100 = 43,103.45 + IVA 6,896.55 = 50,000.00.
    const o = await create([{ description: 'Servicio al límite', quantity: '431.0345', unitPrice: '100' }], { warehouseId: null });
    expect(o.total).toBe('50000');
    expect((await authorize(o)).status).toBe('autorizada');

    const roles = okData(await s.gql('{ roles(list:{search:"Compras"}){ items{ id name version purchaseOrderLimit } } }', {}, admin)).roles.items as { id: string; name: string; version: number; purchaseOrderLimit: string | null }[];
    const role = roles.find((r) => r.name === 'Compras')!;
    expect(role.purchaseOrderLimit).toBe('50000');
    const lowered = okData(
      await s.gql('mutation($id:ID!,$v:Int!,$i:RoleInput!){ roleUpdate(id:$id,version:$v,input:$i){ version purchaseOrderLimit } }', { id: role.id, v: role.version, i: { name: 'Compras', description: 'Proveedores, órdenes de compra, gastos y pagos', purchaseOrderLimit: '1000' } }, admin),
    ).roleUpdate;
    expect(lowered.purchaseOrderLimit).toBe('1000');
    const small = await create([{ description: 'Servicio menor', quantity: '1', unitPrice: '1000' }], { warehouseId: null });
    expect(expectRefused(await s.gql(AUTHORIZE, { id: small.id, v: small.version }, buyer), 'FORBIDDEN').message).toMatch(/hasta \$1,000\.00; la orden OC-\d{6} es por \$1,160\.00/);
    // Omitted, the limit stays; a bad one is a Spanish field message.
    const kept = okData(await s.gql('mutation($id:ID!,$v:Int!,$i:RoleInput!){ roleUpdate(id:$id,version:$v,input:$i){ version purchaseOrderLimit } }', { id: role.id, v: lowered.version, i: { name: 'Compras', description: 'x' } }, admin)).roleUpdate;
    expect(kept.purchaseOrderLimit).toBe('1000');
    expectRefused(await s.gql('mutation($id:ID!,$v:Int!,$i:RoleInput!){ roleUpdate(id:$id,version:$v,input:$i){ id } }', { id: role.id, v: kept.version, i: { name: 'Compras', description: 'x', purchaseOrderLimit: '-5' } }, admin), 'BAD_USER_INPUT', {
      purchaseOrderLimit: 'Importe no válido: hasta 2 decimales, sin signo.',
    });
    const restored = okData(await s.gql('mutation($id:ID!,$v:Int!,$i:RoleInput!){ roleUpdate(id:$id,version:$v,input:$i){ purchaseOrderLimit } }', { id: role.id, v: kept.version, i: { name: 'Compras', description: 'Proveedores, órdenes de compra, gastos y pagos', purchaseOrderLimit: '50000' } }, admin)).roleUpdate;
    expect(restored.purchaseOrderLimit).toBe('50000');
  });
});

describe('receipts: over-receipt, tolerance, parallel receipts', () => {
  it('refuses more than ordered, stock untouched', async () => {
    const a = await articleWithTen();
    const o = await authorize(await create([{ articleId: a.id, quantity: '10', unitPrice: '130' }]));
    expectRefused(await receive(o.id, [{ lineId: o.lines[0].id, quantity: '11' }]), 'BAD_USER_INPUT', { 'lines.0.quantity': 'Excede lo pendiente de la orden: se pueden recibir como máximo 10.' });
    expectRefused(await receive(o.id, [{ lineId: '999999', quantity: '1' }]), 'BAD_USER_INPUT', { 'lines.0.lineId': 'La partida no pertenece a esta orden.' });
    expectRefused(await receive(o.id, [{ lineId: o.lines[0].id, quantity: '0' }]), 'BAD_USER_INPUT', { lines: 'Captura la cantidad recibida de al menos una partida.' });
    expectRefused(await receive(o.id, [{ lineId: o.lines[0].id, quantity: '1.5' }]), 'BAD_USER_INPUT');
    expect(await stockOf(s, admin, f.w1, a.id)).toEqual({ quantity: '10', value: '1000', averageCost: '100' });
    expect((await get(o.id)).status).toBe('autorizada');
  });

  it('within the order’s tolerance an over-receipt goes in; past it, refused', async () => {
    const a = await articleWithTen();
    const o = await authorize(await create([{ articleId: a.id, quantity: '10', unitPrice: '130' }], { tolerancePercent: '10' }));
    expect(o.lines[0].receivable).toBe('11');
    expectRefused(await receive(o.id, [{ lineId: o.lines[0].id, quantity: '12' }]), 'BAD_USER_INPUT', {
      'lines.0.quantity': 'Excede lo pendiente de la orden más su tolerancia (10 %): se pueden recibir como máximo 11.',
    });
    const done = okData(await receive(o.id, [{ lineId: o.lines[0].id, quantity: '11' }])).purchaseOrderReceive as Order;
    expect(done.status).toBe('recibida');
    // 1,000.00 + 11 × 130.00 = 2,430.00 over 21 units = 115.714286.
    expect(await stockOf(s, admin, f.w1, a.id)).toEqual({ quantity: '21', value: '2430', averageCost: '115.714286' });
  });

  it('two parallel receipts that together exceed the order: one goes in, the other is refused', async () => {
    const a = await articleWithTen();
    const o = await authorize(await create([{ articleId: a.id, quantity: '10', unitPrice: '130' }]));
    const results = await Promise.all([receive(o.id, [{ lineId: o.lines[0].id, quantity: '6' }]), receive(o.id, [{ lineId: o.lines[0].id, quantity: '6' }], admin)]);
    const ok = results.filter((r) => !r.errors);
    const refused = results.filter((r) => r.errors);
    expect(ok).toHaveLength(1);
    expect(refused).toHaveLength(1);
    expectRefused(refused[0], 'BAD_USER_INPUT', { 'lines.0.quantity': 'Excede lo pendiente de la orden: se pueden recibir como máximo 4.' });
    const after = await get(o.id);
    expect([after.status, after.lines[0].receivedQty, after.receipts.length]).toEqual(['recibida_parcial', '6', 1]);
    // 1,000.00 + 6 × 130.00 = 1,780.00 over 16 = 111.25.
    expect(await stockOf(s, admin, f.w1, a.id)).toEqual({ quantity: '16', value: '1780', averageCost: '111.25' });
  });

  it('parallel receipts that fit both go in', async () => {
    const a = await articleWithTen();
    const o = await authorize(await create([{ articleId: a.id, quantity: '10', unitPrice: '130' }]));
    const results = await Promise.all([1, 2, 3].map(() => receive(o.id, [{ lineId: o.lines[0].id, quantity: '3' }])));
    results.forEach((r) => okData(r));
    const after = await get(o.id);
    expect([after.status, after.lines[0].receivedQty, after.receipts.length]).toEqual(['recibida_parcial', '9', 3]);
    // 1,000.00 + 9 × 130.00 = 2,170.00 over 19 = 114.210526.
    expect(await stockOf(s, admin, f.w1, a.id)).toEqual({ quantity: '19', value: '2170', averageCost: '114.210526' });
  });
});

describe('editing and cancelling', () => {
  it('a draft is edited and cancelled with its reason; an authorised one is no longer editable', async () => {
    const o = await create([{ description: 'Servicio de limpieza', quantity: '2', unitPrice: '750' }], { warehouseId: null });
    const edited = okData(await s.gql(UPDATE, { id: o.id, v: o.version, i: orderInput([{ description: 'Servicio de limpieza', quantity: '3', unitPrice: '750' }], { warehouseId: null }) }, buyer)).purchaseOrderUpdate as Order;
    // 3 × 750.00 = 2,250.00 + IVA 360.00 = 2,610.00.
    expect([edited.total, edited.version]).toEqual(['2610', o.version + 1]);
    expectRefused(await s.gql(UPDATE, { id: o.id, v: o.version, i: orderInput([{ description: 'x', quantity: '1', unitPrice: '1' }], { warehouseId: null }) }, buyer), 'CONFLICT');
    const authorized = await authorize(edited);
    expectRefused(await s.gql(UPDATE, { id: o.id, v: authorized.version, i: orderInput([{ description: 'x', quantity: '1', unitPrice: '1' }], { warehouseId: null }) }, buyer), 'CONFLICT');
    expectRefused(await s.gql(CANCEL, { id: o.id, v: authorized.version, r: '  ' }, buyer), 'BAD_USER_INPUT', { reason: 'Este campo es obligatorio.' });
    const cancelled = okData(await s.gql(CANCEL, { id: o.id, v: authorized.version, r: 'El proveedor no surte' }, buyer)).purchaseOrderCancel as Order;
    expect([cancelled.status, cancelled.cancelReason]).toEqual(['cancelada', 'El proveedor no surte']);
    expectRefused(await s.gql(AUTHORIZE, { id: o.id, v: cancelled.version }, buyer), 'CONFLICT');
  });

  it('a partly received order cannot be cancelled', async () => {
    const a = await articleWithTen();
    const o = await authorize(await create([{ articleId: a.id, quantity: '10', unitPrice: '130' }]));
    const partial = okData(await receive(o.id, [{ lineId: o.lines[0].id, quantity: '2' }])).purchaseOrderReceive as Order;
    const refused = expectRefused(await s.gql(CANCEL, { id: o.id, v: partial.version, r: 'x' }, buyer), 'CONFLICT');
    expect(refused.message).toBe('No se puede pasar de "Recibida parcial" a "Cancelada".');
  });
});

describe('from an Almacén requisition', () => {
  it('drafts the pending lines and keeps the requisition’s folio', async () => {
    const a = await makeArticle(s, admin, f);
    const req = okData(
      await s.gql('mutation($i:WarehouseRequisitionInput!){ warehouseRequisitionCreate(input:$i){ id folio version lines{ id } } }', { i: { area: 'Taller', warehouseId: f.w1, neededDate: today, lines: [{ articleId: a.id, quantity: '8' }] } }, admin),
    ).warehouseRequisitionCreate;
    // Pending: not yet authorised.
    expectRefused(await s.gql('query($o:PurchaseOrderOrigin!,$id:ID!){ purchaseOrderDraft(origin:$o, originId:$id){ originFolio } }', { o: 'requisicion', id: req.id }, buyer), 'CONFLICT');
    okData(await s.gql('mutation($id:ID!,$v:Int!,$l:[WarehouseRequisitionLineQuantity!]!){ warehouseRequisitionAuthorize(id:$id,version:$v,lines:$l){ id } }', { id: req.id, v: req.version, l: [{ lineId: req.lines[0].id, quantity: '6' }] }, admin));
    const draft = okData(
      await s.gql('query($o:PurchaseOrderOrigin!,$id:ID!){ purchaseOrderDraft(origin:$o, originId:$id){ origin originId originFolio warehouseId notes lines{ articleId sku quantity unitPrice } } }', { o: 'requisicion', id: req.id }, buyer),
    ).purchaseOrderDraft;
    expect(draft).toMatchObject({ origin: 'requisicion', originId: req.id, warehouseId: f.w1, notes: 'Taller', lines: [{ articleId: a.id, sku: a.sku, quantity: '6', unitPrice: null }] });
    expect(draft.originFolio).toMatch(/^REQ-\d{6}$/);
    const o = await create([{ articleId: a.id, quantity: '6', unitPrice: '45.5' }], { origin: 'requisicion', originId: req.id });
    expect([o.origin, o.originFolio, o.total]).toEqual(['requisicion', draft.originFolio, '316.68']);
  });
});

describe('from an Almacén Solicitud PDM', () => {
  it('drafts its lines at the estimated cost, with its supplier and justification, once sent to Compras', async () => {
    const a = await makeArticle(s, admin, f);
    const pdm = okData(
      await s.gql('mutation($i:PdmRequestInput!){ pdmRequestCreate(input:$i){ id folio version } }', {
        i: { supplier: 'Refaccionaria Hidalgo SA de CV', justification: 'Bomba de agua unidad 12', lines: [{ articleId: a.id, quantity: '3', estimatedUnitCost: '1250.50' }] },
      }, admin),
    ).pdmRequestCreate;
    const DRAFT = 'query($o:PurchaseOrderOrigin!,$id:ID!){ purchaseOrderDraft(origin:$o, originId:$id){ origin originId originFolio warehouseId supplierText notes lines{ articleId sku quantity unitPrice } } }';
    // Not yet sent to Compras: no order from it, neither drafted nor created.
    expectRefused(await s.gql(DRAFT, { o: 'pdm', id: pdm.id }, buyer), 'CONFLICT');
    const before = await orderCount();
    expectRefused(await s.gql(CREATE, { i: orderInput([{ articleId: a.id, quantity: '3', unitPrice: '1250.50' }], { origin: 'pdm', originId: pdm.id }) }, buyer), 'BAD_USER_INPUT', {
      originId: `La solicitud ${pdm.folio} no se ha enviado a Compras.`,
    });
    expect(await orderCount()).toBe(before);
    okData(await s.gql('mutation($id:ID!,$v:Int!){ pdmRequestSend(id:$id,version:$v){ id } }', { id: pdm.id, v: pdm.version }, admin));
    const draft = okData(await s.gql(DRAFT, { o: 'pdm', id: pdm.id }, buyer)).purchaseOrderDraft;
    expect(pdm.folio).toMatch(/^PDM-\d{6}$/);
    expect(draft).toMatchObject({
      origin: 'pdm',
      originId: pdm.id,
      originFolio: pdm.folio,
      warehouseId: null,
      supplierText: 'Refaccionaria Hidalgo SA de CV',
      notes: 'Bomba de agua unidad 12',
      lines: [{ articleId: a.id, sku: a.sku, quantity: '3', unitPrice: '1250.5' }],
    });
    // 3 × 1,250.50 = 3,751.50 + IVA 16 % 600.24 = 4,351.74.
    const o = await create([{ articleId: a.id, quantity: '3', unitPrice: '1250.50' }], { origin: 'pdm', originId: pdm.id });
    expect([o.origin, o.originFolio, o.total]).toEqual(['pdm', draft.originFolio, '4351.74']);
  });
});

describe('folios', () => {
  it('five orders at once take five consecutive folios', async () => {
    const created = await Promise.all([1, 2, 3, 4, 5].map((i) => create([{ description: `Servicio ${i}`, quantity: '1', unitPrice: '100' }], { warehouseId: null })));
    const folios = created.map((o) => o.folio).sort((x, y) => x - y);
    expect(folios).toEqual([0, 1, 2, 3, 4].map((i) => folios[0] + i));
  });
});

describe('bad input writes nothing', () => {
  it('Spanish per-field messages', async () => {
    const before = await orderCount();
    const a = await makeArticle(s, admin, f);
    expectRefused(
      await s.gql(CREATE, { i: orderInput([{ description: '', quantity: '0', unitPrice: '-1' }], { supplierId: '999999', deliveryDate: '2019-01-01', tolerancePercent: '25' }) }, buyer),
      'BAD_USER_INPUT',
      { 'lines.0.quantity': 'Debe ser mayor a cero.', 'lines.0.unitPrice': 'Cantidad no válida.', tolerancePercent: 'La tolerancia debe estar entre 0 y 20 %.' },
    );
    expectRefused(await s.gql(CREATE, { i: orderInput([{ description: '', quantity: '1', unitPrice: '10' }], { supplierId: '999999', deliveryDate: '2019-01-01' }) }, buyer), 'BAD_USER_INPUT', {
      supplierId: 'El proveedor no existe.',
      deliveryDate: 'La fecha de entrega no puede ser anterior a la fecha de la orden.',
      'lines.0.description': 'Describe el servicio o elige un artículo.',
    });
    expectRefused(await s.gql(CREATE, { i: orderInput([{ articleId: a.id, quantity: '1.5', unitPrice: '10' }], { warehouseId: null }) }, buyer), 'BAD_USER_INPUT', { warehouseId: 'Elige el almacén que recibirá los artículos.' });
    expectRefused(await s.gql(CREATE, { i: orderInput([{ articleId: a.id, quantity: '1.5', unitPrice: '10' }], { warehouseId: f.wInactive }) }, buyer), 'BAD_USER_INPUT');
    expectRefused(await s.gql(CREATE, { i: orderInput([]) }, buyer), 'BAD_USER_INPUT', { lines: 'Agrega al menos una partida.' });
    expectRefused(await s.gql(CREATE, { i: orderInput([{ description: 'Cortesía', quantity: '1', unitPrice: '0' }]) }, buyer), 'BAD_USER_INPUT', { lines: 'El total de la orden debe ser mayor a cero.' });
    expectRefused(await s.gql(CREATE, { i: orderInput([{ description: 'x', quantity: '1', unitPrice: '1' }], { origin: 'pdm' }) }, buyer), 'BAD_USER_INPUT', { originId: 'Indica el documento de origen.' });
    expect(await orderCount()).toBe(before);
  });
});

describe('permissions', () => {
  it('FORBIDDEN without Compras, and for Consulta on every change; nothing written', async () => {
    const before = await orderCount();
    const o = await create([{ description: 'Servicio', quantity: '1', unitPrice: '100' }], { warehouseId: null });
    for (const token of [seller, viewer]) {
      expectRefused(await s.gql(CREATE, { i: orderInput([{ description: 'x', quantity: '1', unitPrice: '1' }], { warehouseId: null }) }, token), 'FORBIDDEN');
      expectRefused(await s.gql(AUTHORIZE, { id: o.id, v: o.version }, token), 'FORBIDDEN');
      expectRefused(await s.gql(CANCEL, { id: o.id, v: o.version, r: 'x' }, token), 'FORBIDDEN');
      expectRefused(await receive(o.id, [{ lineId: o.lines[0].id, quantity: '1' }], token), 'FORBIDDEN');
    }
    expectRefused(await s.gql(GET, { id: o.id }, seller), 'FORBIDDEN');
    expect((await s.gql(GET, { id: o.id }, viewer)).errors).toBeUndefined();
    expect(await orderCount()).toBe(before + 1);
    expect((await get(o.id)).status).toBe('borrador');
  });
});

describe('closing short', () => {
  it('a partly received order is closed with its reason by someone who authorises; no more receipts after that', async () => {
    const a = await articleWithTen();
    const o = await authorize(await create([{ articleId: a.id, quantity: '10', unitPrice: '130' }]));
    // An order with nothing received is cancelled, not closed short.
    expect(expectRefused(await s.gql(CLOSE, { id: o.id, v: o.version, r: 'x' }, buyer), 'CONFLICT').message).toBe('No se puede pasar de "Autorizada" a "Cerrada con faltante".');
    const partial = okData(await receive(o.id, [{ lineId: o.lines[0].id, quantity: '4' }])).purchaseOrderReceive as Order;
    for (const token of [seller, viewer]) expectRefused(await s.gql(CLOSE, { id: o.id, v: partial.version, r: 'El proveedor ya no surte' }, token), 'FORBIDDEN');
    expectRefused(await s.gql(CLOSE, { id: o.id, v: partial.version, r: '   ' }, buyer), 'BAD_USER_INPUT', { reason: 'Este campo es obligatorio.' });
    expectRefused(await s.gql(CLOSE, { id: o.id, v: partial.version - 1, r: 'El proveedor ya no surte' }, buyer), 'CONFLICT');
    expect((await get(o.id)).status).toBe('recibida_parcial');

    const closed = okData(await s.gql(CLOSE, { id: o.id, v: partial.version, r: 'El proveedor ya no surte' }, buyer)).purchaseOrderClose as Order;
    expect([closed.status, closed.closeReason, closed.closedByName, closed.lines[0].receivedQty]).toEqual(['cerrada', 'El proveedor ya no surte', 'Demo Compras', '4']);
    expect(closed.closedAt).toBeTruthy();
    const refused = expectRefused(await receive(o.id, [{ lineId: o.lines[0].id, quantity: '1' }]), 'CONFLICT');
    expect(refused.message).toBe(`La orden ${o.folioText} está cerrada con faltante: ya no admite recepciones.`);
    expect(expectRefused(await reverse(closed, 0), 'CONFLICT').message).toBe(`La orden ${o.folioText} está cerrada con faltante: sus recepciones ya no se revierten.`);
    // 1,000.00 + 4 × 130.00 = 1,520.00 over 14 units = 108.571429; untouched by the refusals.
    expect(await stockOf(s, admin, f.w1, a.id)).toEqual({ quantity: '14', value: '1520', averageCost: '108.571429' });
    expect(await auditActions(o.id)).toEqual(['authorize', 'close_short', 'create', 'receive']);
  });
});

describe('reversing a receipt', () => {
  it('takes the stock back out at the cost it entered with; the order has the quantities pending again', async () => {
    const a = await articleWithTen();
    // 10 units @ 100.00 = 1,000.00 before the order.
    const o = await authorize(await create([{ articleId: a.id, quantity: '10', unitPrice: '130' }, { description: 'Flete', quantity: '1', unitPrice: '200' }]));
    // Receipt 1: 6 @ 130.00 = 780.00 → 16 units, 1,780.00, average 111.25.
    okData(await receive(o.id, [{ lineId: o.lines[0].id, quantity: '6' }]));
    // Receipt 2: 4 @ 130.00 = 520.00 and the flete → 20 units, 2,300.00, average 115.00; recibida.
    const full = okData(await receive(o.id, [{ lineId: o.lines[0].id, quantity: '4' }, { lineId: o.lines[1].id, quantity: '1' }])).purchaseOrderReceive as Order;
    expect(full.status).toBe('recibida');
    expect(await stockOf(s, admin, f.w1, a.id)).toEqual({ quantity: '20', value: '2300', averageCost: '115' });

    for (const token of [seller, viewer]) expectRefused(await reverse(full, 0, token), 'FORBIDDEN');
    expectRefused(await reverse(full, 0, buyer, ''), 'BAD_USER_INPUT', { reason: 'Este campo es obligatorio.' });
    expectRefused(await s.gql(REVERSE, { o: o.id, r: '999999', why: 'x' }, buyer), 'NOT_FOUND');
    // Movimientos does not cancel a receipt's entrada: the order would not know.
    expect(expectRefused(await s.gql(Q.cancel, { id: full.receipts[0].movementId, reason: 'x' }, admin), 'CONFLICT').message).toBe(
      'Este movimiento es la recepción de una orden de compra: se revierte desde la orden («Revertir recepción»).',
    );
    expect(await stockOf(s, admin, f.w1, a.id)).toEqual({ quantity: '20', value: '2300', averageCost: '115' });

    // Reversing receipt 1 takes 6 units carrying the 780.00 they brought: 14 units, 1,520.00, average 1,520 / 14 = 108.571429
    // (at the average it would have taken 6 × 115 = 690.00 and left 115.00).
    const back = okData(await reverse(full, 0)).purchaseReceiptReverse as Order;
    expect(await stockOf(s, admin, f.w1, a.id)).toEqual({ quantity: '14', value: '1520', averageCost: '108.571429' });
    expect([back.status, back.lines[0].receivedQty, back.lines[0].receivable, back.lines[1].receivedQty]).toEqual(['recibida_parcial', '4', '6', '1']);
    expect(back.receipts.map((r) => [r.reversed, r.reverseReason, r.reversedByName])).toEqual([
      [true, 'Se capturó contra la orden equivocada', 'Demo Compras'],
      [false, null, null],
    ]);
    expect(back.receipts[0].reversalMovementFolio).toMatch(/^E-\d{6}$/);
    const movement = okData(await s.gql('query($id:ID!){ stockMovement(id:$id){ status } }', { id: full.receipts[0].movementId }, admin)).stockMovement;
    expect(movement.status).toBe('CANCELADO');
    expect(expectRefused(await reverse(full, 0), 'CONFLICT').message).toBe('La recepción ya está revertida.');

    // Reversing receipt 2 (4 @ 130.00 = 520.00 and the flete): 10 units, 1,000.00, average 100.00 again; nothing received: autorizada.
    const none = okData(await reverse(full, 1)).purchaseReceiptReverse as Order;
    expect(await stockOf(s, admin, f.w1, a.id)).toEqual({ quantity: '10', value: '1000', averageCost: '100' });
    expect([none.status, none.lines[0].receivedQty, none.lines[1].receivedQty]).toEqual(['autorizada', '0', '0']);
    expect(await auditActions(o.id)).toEqual(['authorize', 'create', 'receive', 'receive', 'reverse_receipt', 'reverse_receipt']);
    // Received again after the mistake, as usual: 10 @ 130.00 → 20 units, 2,300.00, average 115.00.
    okData(await receive(o.id, [{ lineId: o.lines[0].id, quantity: '10' }, { lineId: o.lines[1].id, quantity: '1' }]));
    expect(await stockOf(s, admin, f.w1, a.id)).toEqual({ quantity: '20', value: '2300', averageCost: '115' });
  });

  it('refused while the stock is gone, naming the article and what is left', async () => {
    const a = await articleWithTen();
    const o = await authorize(await create([{ articleId: a.id, quantity: '10', unitPrice: '130' }]));
    // 5 @ 130.00 → 15 units, 1,650.00 (average 110.00); an exit of 12 @ 110.00 = 1,320.00 leaves 3 units, 330.00.
    const got = okData(await receive(o.id, [{ lineId: o.lines[0].id, quantity: '5' }])).purchaseOrderReceive as Order;
    okData(await post(s, admin, { conceptId: f.salida, warehouseId: f.w1, lines: [{ articleId: a.id, quantity: '12' }] }));
    const refused = expectRefused(await reverse(got, 0), 'CONFLICT');
    expect(refused.message).toMatch(new RegExp(`^No se puede revertir la recepción: ya no está la existencia de ${a.sku} ${a.name} en .+ \\(disponible 3, la recepción metió 5; `));
    expect(await stockOf(s, admin, f.w1, a.id)).toEqual({ quantity: '3', value: '330', averageCost: '110' });
    const after = await get(o.id);
    expect([after.status, after.lines[0].receivedQty, after.receipts[0].reversed]).toEqual(['recibida_parcial', '5', false]);
  });

  it('refused while an expense’s three-way match authorisation relies on what was received', async () => {
    const a = await makeArticle(s, admin, f);
    const o = await authorize(await create([{ articleId: a.id, quantity: '10', unitPrice: '100' }]));
    const got = okData(await receive(o.id, [{ lineId: o.lines[0].id, quantity: '8' }])).purchaseOrderReceive as Order;
    // Invoiced 10 × 100.00 = 1,000.00 against 8 received (800.00): a difference, authorised.
    const e = okData(
      await s.gql('mutation($i: ExpenseInput!){ expenseCreate(input:$i){ id folio version } }', { i: { supplierId, date: today, category: 'Materiales', subtotal: '1000', ivaRate: '0.16', isrRetentionRate: '0', ivaRetentionRate: '0', purchaseOrderId: o.id } }, admin),
    ).expenseCreate;
    okData(await s.gql('mutation($id:ID!,$v:Int!,$r:String!){ expenseMatchAuthorize(id:$id,version:$v,reason:$r){ id } }', { id: e.id, v: e.version, r: 'Las 2 piezas llegan después' }, admin));
    expect(expectRefused(await reverse(got, 0), 'CONFLICT').message).toBe(
      `No se puede revertir la recepción: el gasto ${e.folio} de la orden ${o.folioText} tiene autorizada su diferencia de conciliación, que se dio sobre lo recibido. Cancela ese gasto antes de revertir.`,
    );
    expect(await stockOf(s, admin, f.w1, a.id)).toEqual({ quantity: '8', value: '800', averageCost: '100' });
  });

  it('two reversals of the same receipt at once: one wins, the stock leaves once', async () => {
    const a = await articleWithTen();
    const o = await authorize(await create([{ articleId: a.id, quantity: '10', unitPrice: '130' }]));
    // 4 @ 130.00 = 520.00 → 14 units, 1,520.00.
    const got = okData(await receive(o.id, [{ lineId: o.lines[0].id, quantity: '4' }])).purchaseOrderReceive as Order;
    const results = await Promise.all([reverse(got, 0), reverse(got, 0, admin)]);
    expect(results.filter((r) => !r.errors)).toHaveLength(1);
    const refused = results.filter((r) => r.errors);
    expect(refused).toHaveLength(1);
    expect(expectRefused(refused[0], 'CONFLICT').message).toBe('La recepción ya está revertida.');
    // Back to 10 units, 1,000.00, average 100.00.
    expect(await stockOf(s, admin, f.w1, a.id)).toEqual({ quantity: '10', value: '1000', averageCost: '100' });
    const after = await get(o.id);
    expect([after.status, after.lines[0].receivedQty]).toEqual(['autorizada', '0']);
  });

  it('a reversal and a warehouse exit of the same article at once never leave the stock negative', async () => {
    const a = await articleWithTen();
    const o = await authorize(await create([{ articleId: a.id, quantity: '10', unitPrice: '130' }]));
    // 10 @ 130.00 = 1,300.00 → 20 units, 2,300.00, average 115.00. The reversal takes 10 (1,300.00), the exit 15: not both.
    const got = okData(await receive(o.id, [{ lineId: o.lines[0].id, quantity: '10' }])).purchaseOrderReceive as Order;
    const [reversal, exit] = await Promise.all([reverse(got, 0), post(s, admin, { conceptId: f.salida, warehouseId: f.w1, lines: [{ articleId: a.id, quantity: '15' }] })]);
    expect([reversal.errors ? 1 : 0, exit.errors ? 1 : 0].sort()).toEqual([0, 1]);
    const stock = await stockOf(s, admin, f.w1, a.id);
    if (!reversal.errors) {
      // Reversal first: 10 units, 1,000.00, average 100.00; the exit of 15 finds 10.
      expectRefused(exit, 'BAD_USER_INPUT');
      expect(stock).toEqual({ quantity: '10', value: '1000', averageCost: '100' });
      expect((await get(o.id)).status).toBe('autorizada');
    } else {
      // Exit first: 15 @ 115.00 = 1,725.00 → 5 units, 575.00, average 115.00; the reversal of 10 finds 5.
      expect(expectRefused(reversal, 'CONFLICT').message).toMatch(/disponible 5, la recepción metió 10/);
      expect(stock).toEqual({ quantity: '5', value: '575', averageCost: '115' });
      expect((await get(o.id)).status).toBe('recibida');
    }
  });
});
