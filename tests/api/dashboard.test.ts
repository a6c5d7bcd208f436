// Tablero over HTTP: each indicator moves by exactly what the test creates
// (known records, exact deltas) and agrees with the list its card links to,
// parts the user may not see are null, and the
// query costs a fixed number of SQL statements whatever the data (counted by
// the test-only ERP_COUNT_SQL counter in the database layer).
import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, startServer, type GqlResult, type TestServer } from './harness';
import { daysAgo, makeArticle, makeFixture, okData, post, today } from './warehouse-helpers';

let s: TestServer;
let admin: string;
let seller: string; // Vendedor: only Ventas
let viewer: string; // Consulta: `ver` everywhere, no `autorizar`

beforeAll(async () => {
  // The session lookup read on every request (not remembered) is the `1 +` of the counts below, whatever the timing.
  s = await startServer({ ERP_COUNT_SQL: '1', ERP_SESSION_CACHE_MS: '0' });
  [admin, seller, viewer] = await Promise.all([s.login(ADMIN_EMAIL), s.login('ventas@demo.mx'), s.login('consulta@demo.mx')]);
});
afterAll(async () => s?.stop());

const DUES = 'dueSoon { count amount } overdue { count amount }';
const DASHBOARD = `{ dashboard { today
  warehouse { belowMinimumCount pendingRequisitions }
  sales { receivables { ${DUES} } invoicedByMonth { month total } }
  shopping { payables { ${DUES} } spentByMonth { month total } paymentRequestsToApprove }
  cash { openPeriods { id folio cashBoxName openedOn balance } }
  hr { documents { withAlerts missingOrExpired } }
  maintenance { schedule { overdue dueSoon } }
  vehiclePark { documents { withAlerts expiredOrMissing } } } }`;

type Dues = { dueSoon: { count: number; amount: string }; overdue: { count: number; amount: string } };
const dashboard = async (token: string) => {
  const r = await s.gql(DASHBOARD, {}, token);
  return { ...okData(r).dashboard, statements: (r as GqlResult & { extensions?: { sqlStatements?: number } }).extensions?.sqlStatements };
};
const plus = (a: string, b: string) => new Decimal(a).plus(b).toFixed(2);
const m2 = (v: string) => new Decimal(v).toFixed(2);
// The Decimal scalar sends canonical numbers ("132240", "267437.2"): compare at 2 places.
const fixed = (d: Dues): Dues => ({ dueSoon: { ...d.dueSoon, amount: m2(d.dueSoon.amount) }, overdue: { ...d.overdue, amount: m2(d.overdue.amount) } });
const thisMonth = today.slice(0, 7);
const monthTotal = (rows: { month: string; total: string }[]) => rows.find((r) => r.month === thisMonth)!.total;

let rfcSeq = 0;
const rfc = () => `DSH${String(10 + ++rfcSeq)}0101AB1`;

async function emittedInvoice(creditDays: number, date: string, unitPrice: string) {
  const client = okData(await s.gql('mutation($i: ClientInput!){ clientCreate(input:$i){ id } }', {
    i: { rfc: rfc(), name: `CLIENTE TABLERO ${rfcSeq}`, regimenFiscal: '601', postalCode: '64000', usoCfdi: 'G03', creditDays, creditLimit: '0', active: true },
  }, admin)).clientCreate.id;
  const inv = okData(await s.gql('mutation($i: InvoiceInput!){ invoiceCreate(input:$i){ id version } }', {
    i: { clientId: client, serie: 'A', date, formaPago: '03', metodoPago: 'PUE', usoCfdi: 'G03', lines: [{ description: 'Servicio', prodServKey: '72102900', unitKey: 'E48', unitName: 'Servicio', quantity: '1', unitPrice }] },
  }, admin)).invoiceCreate;
  return okData(await s.gql('mutation($id:ID!,$v:Int!){ invoiceEmit(id:$id,version:$v){ total balance dueDate } }', { id: inv.id, v: inv.version }, admin)).invoiceEmit as { total: string; balance: string; dueDate: string };
}

async function expense(creditDays: number, date: string, subtotal: string) {
  const supplier = okData(await s.gql('mutation($i:SupplierInput!){ supplierCreate(input:$i){ id } }', {
    i: { rfc: rfc(), name: `Proveedor tablero ${rfcSeq}`, taxRegime: '601', postalCode: '76000', contactName: 'C', contactEmail: 'c@prueba.mx', contactPhone: '442 100 2000', bank: 'BBVA', clabe: '002650007777888993', creditDays, category: 'Pruebas', active: true },
  }, admin)).supplierCreate.id;
  return okData(await s.gql('mutation($i:ExpenseInput!){ expenseCreate(input:$i){ total balance dueDate } }', {
    i: { supplierId: supplier, date, invoiceSerie: 'T', invoiceFolio: String(rfcSeq), category: 'Pruebas', description: 'Gasto tablero', subtotal, ivaRate: '0.16', isrRetentionRate: '0', ivaRetentionRate: '0' },
  }, admin)).expenseCreate as { total: string; balance: string; dueDate: string };
}

describe('dashboard', () => {
  it('admin: every indicator moves by exactly the records created', async () => {
    const before = await dashboard(admin);
    expect(before.today).toBe(today);
    expect(before.sales.invoicedByMonth.map((m: { month: string }) => m.month)).toHaveLength(6);
    expect(before.sales.invoicedByMonth.at(-1).month).toBe(thisMonth);

    // Ventas: due in 3 days (this month) and 10 days overdue (dated 40 days ago, 30 days of credit).
    const soon = await emittedInvoice(3, today, '1000');
    const late = await emittedInvoice(30, daysAgo(40), '500');
    expect([soon.total, soon.balance, late.balance].map(m2)).toEqual(['1160.00', '1160.00', '580.00']);
    // Compras: due in 5 days and 10 days overdue.
    const payable = await expense(5, today, '2000');
    const owed = await expense(30, daysAgo(40), '300');
    expect([payable.balance, owed.balance].map(m2)).toEqual(['2320.00', '348.00']);
    okData(await s.gql('mutation($i:PaymentRequestInput!){ paymentRequestCreate(input:$i){ id } }', { i: { date: today, description: 'Refacción', category: 'Mantenimiento', subtotal: '100', ivaRate: '0.16' } }, admin));
    // Almacén: an article with minimum 10 that holds 2; a pending requisition.
    const f = await makeFixture(s, admin);
    const art = await makeArticle(s, admin, f, { minStock: '10' });
    okData(await post(s, admin, { conceptId: f.entrada, warehouseId: f.w1, lines: [{ articleId: art.id, quantity: '2', unitCost: '5' }] }));
    okData(await s.gql('mutation($i: WarehouseRequisitionInput!){ warehouseRequisitionCreate(input:$i){ id } }', { i: { area: 'Obra', warehouseId: f.w1, neededDate: today, lines: [{ articleId: art.id, quantity: '1' }] } }, admin));

    const after = await dashboard(admin);
    expect(after.warehouse).toEqual({ belowMinimumCount: before.warehouse.belowMinimumCount + 1, pendingRequisitions: before.warehouse.pendingRequisitions + 1 });
    const r0: Dues = before.sales.receivables;
    expect(fixed(after.sales.receivables)).toEqual({
      dueSoon: { count: r0.dueSoon.count + 1, amount: plus(r0.dueSoon.amount, '1160.00') },
      overdue: { count: r0.overdue.count + 1, amount: plus(r0.overdue.amount, '580.00') },
    });
    expect(m2(monthTotal(after.sales.invoicedByMonth))).toBe(plus(monthTotal(before.sales.invoicedByMonth), '1160.00'));
    const p0: Dues = before.shopping.payables;
    expect(fixed(after.shopping.payables)).toEqual({
      dueSoon: { count: p0.dueSoon.count + 1, amount: plus(p0.dueSoon.amount, '2320.00') },
      overdue: { count: p0.overdue.count + 1, amount: plus(p0.overdue.amount, '348.00') },
    });
    expect(m2(monthTotal(after.shopping.spentByMonth))).toBe(plus(monthTotal(before.shopping.spentByMonth), '2320.00'));
    expect(after.shopping.paymentRequestsToApprove).toBe(before.shopping.paymentRequestsToApprove + 1);
    // Caja: the same open periods and balances the Caja list shows.
    const open = okData(await s.gql('{ cashPeriods(filter:{status: abierto}, list:{pageSize:200}){ items { id folio balance } } }', {}, admin)).cashPeriods.items;
    expect(after.cash.openPeriods.map((p: { id: string; folio: number; balance: string }) => ({ id: p.id, folio: p.folio, balance: m2(p.balance) })).sort((a: { id: string }, b: { id: string }) => Number(a.id) - Number(b.id)))
      .toEqual(open.map((p: { id: string; folio: number; balance: string }) => ({ ...p, balance: new Decimal(p.balance).toFixed(2) })).sort((a: { id: string }, b: { id: string }) => Number(a.id) - Number(b.id)));
    expect(after.cash.openPeriods.length).toBeGreaterThan(0);
    // Each overdue / due-soon / below-minimum / pending card agrees with the list it links to.
    const lists = okData(await s.gql(`{ invoices(filter:{overdue:true}, list:{pageSize:200}){ total items { balance } }
      soonInvoices: invoices(filter:{dueSoon:true}, list:{pageSize:200}){ total items { balance } }
      expenses(filter:{overdue:true}){ total sumBalance } soonExpenses: expenses(filter:{dueSoon:true}){ total sumBalance }
      stockLevels(filter:{flag:BAJO_MINIMO, includeZero:true}){ total }
      warehouseRequisitions(filter:{status:PENDIENTE}){ total } paymentRequests(filter:{status:pendiente}){ total } }`, {}, admin));
    expect(lists.invoices.total).toBe(after.sales.receivables.overdue.count);
    expect(lists.invoices.items.reduce((t: Decimal, i: { balance: string }) => t.plus(i.balance), new Decimal(0)).toFixed(2)).toBe(m2(after.sales.receivables.overdue.amount));
    expect(lists.soonInvoices.total).toBe(after.sales.receivables.dueSoon.count);
    expect(lists.soonInvoices.items.reduce((t: Decimal, i: { balance: string }) => t.plus(i.balance), new Decimal(0)).toFixed(2)).toBe(m2(after.sales.receivables.dueSoon.amount));
    expect([lists.expenses.total, m2(lists.expenses.sumBalance)]).toEqual([after.shopping.payables.overdue.count, m2(after.shopping.payables.overdue.amount)]);
    expect([lists.soonExpenses.total, m2(lists.soonExpenses.sumBalance)]).toEqual([after.shopping.payables.dueSoon.count, m2(after.shopping.payables.dueSoon.amount)]);
    expect(lists.stockLevels.total).toBe(after.warehouse.belowMinimumCount);
    expect(lists.warehouseRequisitions.total).toBe(after.warehouse.pendingRequisitions);
    expect(lists.paymentRequests.total).toBe(after.shopping.paymentRequestsToApprove);

    // No N+1: the same fixed statement count before and after the new rows.
    expect(before.statements).toBeTypeOf('number');
    expect(after.statements).toBe(before.statements);
  });

  it("the user's recent activity names each record by its folio or name, in the same single statement", async () => {
    const r = await s.gql('{ myAuditEntries(limit: 50){ entity entityId action reference } }', {}, admin);
    const mine = okData(r).myAuditEntries as { entity: string; entityId: string; action: string; reference: string | null }[];
    const ref = (entity: string, action: string) => mine.find((e) => e.entity === entity && e.action === action)?.reference;
    // What the first test created, newest first.
    expect(ref('invoice', 'emitir')).toMatch(/^A-\d+ · CLIENTE TABLERO \d+$/);
    expect(ref('client', 'create')).toMatch(/^CLIENTE TABLERO \d+$/);
    expect(ref('expense', 'create')).toMatch(/^\d+ · Proveedor tablero \d+$/);
    expect(ref('payment_request', 'create')).toMatch(/^\d+ · Refacción$/);
    expect(ref('requisition', 'create')).toMatch(/^REQ-\d{6} · Obra$/);
    expect(ref('stock_movement', 'post')).toMatch(/^[A-Z]+-\d{6}$/);
    expect(ref('article', 'create')).toBeTruthy();
    // A session id is half a credential: never shown, never a "reference".
    const login = await s.gql('{ myAuditEntries(limit: 50){ entity reference } }', {}, seller);
    const sessions = (okData(login).myAuditEntries as { entity: string; reference: string | null }[]).filter((e) => e.entity === 'session');
    expect(sessions.length).toBeGreaterThan(0);
    expect(sessions.every((e) => e.reference === null)).toBe(true);
    // Every entity's lookup compiles and runs on this database (the admin's log spans the seed and the records above).
    const all = await s.gql('{ auditEntries(list:{pageSize:200}){ items { entity reference } } }', {}, admin);
    expect(all.errors).toBeUndefined();
    // A payroll is named by its folio and its period in dd/mm/aaaa (the demo seed's payrolls).
    const payrolls = await s.gql('{ auditEntries(entity:"rh_payroll", list:{pageSize:5}){ items { reference } } }', {}, admin);
    const payrollRefs = (okData(payrolls).auditEntries.items as { reference: string }[]).map((e) => e.reference);
    expect(payrollRefs.length).toBeGreaterThan(0);
    for (const reference of payrollRefs) expect(reference).toMatch(/^Nómina \d+ · \d{2}\/\d{2}\/\d{4} al \d{2}\/\d{2}\/\d{4}$/);
    expect((r as GqlResult & { extensions?: { sqlStatements?: number } }).extensions?.sqlStatements).toBe(1 + 1);
  });

  it('Recursos Humanos: employees whose documents need attention, counted as the Empleados filter counts them', async () => {
    const rh = await s.login('rh@demo.mx');
    const before = await dashboard(rh);
    expect([before.warehouse, before.sales, before.shopping, before.cash]).toEqual([null, null, null, null]);
    const options = okData(await s.gql('{ rhEmployeeFormOptions { positions { id areaId name } } }', {}, rh)).rhEmployeeFormOptions;
    const position = options.positions.find((p: { name: string }) => p.name === 'Auxiliar administrativo');
    // A new employee has none of the required documents: one more with alerts, and one more missing or expired.
    okData(await s.gql('mutation($i:RhEmployeeInput!){ rhEmployeeCreate(input:$i){ id } }', {
      i: {
        number: 'TAB-01', names: 'Sofía', lastName: 'Ibarra', secondLastName: 'Quiroz', rfc: 'IAQS920417Z74', curp: 'IAQS920417MQTBRF79', nss: '88109238498',
        birthDate: '1992-04-17', hireDate: '2021-03-01', areaId: position.areaId, positionId: position.id, payFrequency: 'quincenal', wageZone: 'general', dailySalary: '650.00',
      },
    }, rh));
    const after = await dashboard(rh);
    expect(after.hr.documents).toEqual({ withAlerts: before.hr.documents.withAlerts + 1, missingOrExpired: before.hr.documents.missingOrExpired + 1 });
    const list = okData(await s.gql('{ rhEmployees(filter:{status: activo, documentAlerts: true}){ total } }', {}, rh)).rhEmployees;
    expect(list.total).toBe(after.hr.documents.withAlerts);
    expect(after.statements).toBe(1 + 1);
  });

  it('Vendedor sees only Ventas', async () => {
    const d = await dashboard(seller);
    expect(d.sales.receivables.dueSoon.count).toBeGreaterThan(0);
    expect(d.sales.invoicedByMonth).toHaveLength(6);
    expect([d.warehouse, d.shopping, d.cash, d.hr, d.maintenance, d.vehiclePark]).toEqual([null, null, null, null, null, null]);
  });

  it('Consulta sees every module but no approvals (autorizar)', async () => {
    const d = await dashboard(viewer);
    expect(d.warehouse.belowMinimumCount).toBeGreaterThan(0);
    expect(d.sales).not.toBeNull();
    expect(d.shopping.payables).not.toBeNull();
    expect(d.shopping.paymentRequestsToApprove).toBeNull();
    expect(d.cash).not.toBeNull();
  });

  it('Mantenimiento: vencidos and próximos, counted as the Programación status filter counts them', async () => {
    const d = await dashboard(viewer);
    const schedules = async (status: string) =>
      (okData(await s.gql(`query($f:MaintenanceScheduleFilter){ maintenanceSchedules(filter:$f){ total } }`, { f: { status } }, viewer)) as any).maintenanceSchedules.total;
    expect(d.maintenance.schedule).toEqual({ overdue: await schedules('vencido'), dueSoon: await schedules('proximo') });
    expect(d.maintenance.schedule.overdue).toBeGreaterThan(0);
  });

  it('approvals: generadores en borrador and permisos solicitados, exact per role; a role without autorizar gets null', async () => {
    const [sec, warehouseKeeper] = await Promise.all([s.login('seguridad@demo.mx'), s.login('almacen@demo.mx')]);
    const APPROVALS = '{ dashboard { sales { receivables { overdue { count } } generatorsToAuthorize } security { expiringPermits permitsToAuthorize } } }';
    const approvals = async (token: string) => okData(await s.gql(APPROVALS, {}, token)).dashboard as { sales: { receivables: unknown; generatorsToAuthorize: number | null } | null; security: { expiringPermits: number | null; permitsToAuthorize: number | null } | null };
    const lists = async () => {
      const d = okData(await s.gql('{ generators(filter:{status:borrador}, list:{pageSize:50}){ total items { id version } } secPermits(filter:{status:solicitado}, list:{pageSize:50, sortBy:"folio"}){ total items { id folio version } } }', {}, admin));
      return { generators: d.generators, permits: d.secPermits };
    };
    const l0 = await lists();
    // The demo: one borrador per contract and three permits solicitados.
    expect(l0.permits.total).toBe(3);
    expect(l0.generators.total).toBeGreaterThan(0);
    const g0 = l0.generators.total;
    expect(await approvals(admin)).toMatchObject({ sales: { generatorsToAuthorize: g0 }, security: { permitsToAuthorize: 3 } });
    // Vendedor authorises generadores but has nothing of Seguridad; Seguridad the opposite.
    expect(await approvals(seller)).toMatchObject({ sales: { generatorsToAuthorize: g0 }, security: null });
    expect(await approvals(sec)).toEqual({ sales: null, security: { expiringPermits: expect.any(Number), permitsToAuthorize: 3 } });
    // Consulta sees both modules but may not authorise: no figure. Almacenista: neither module.
    const viewed = await approvals(viewer);
    expect(viewed.sales).toMatchObject({ generatorsToAuthorize: null });
    expect(viewed.sales!.receivables).not.toBeNull();
    expect(viewed.security).toMatchObject({ permitsToAuthorize: null });
    expect(viewed.security!.expiringPermits).toBeTypeOf('number');
    expect(await approvals(warehouseKeeper)).toEqual({ sales: null, security: null });

    // Authorising a generador takes it off; a new permit request adds one; authorising the seeded one with its checklist complete takes one off.
    const gen = l0.generators.items[0];
    okData(await s.gql('mutation($id:ID!,$v:Int!){ generatorAuthorize(id:$id,version:$v){ id status } }', { id: gen.id, v: gen.version }, seller));
    const staff = okData(await s.gql('{ rhEmployeeOptions(limit: 40) { id } }', {}, sec)).rhEmployeeOptions.map((e: { id: string }) => e.id);
    const from = new Date(Date.now() + 500 * 3_600_000);
    okData(await s.gql('mutation($i:SecPermitInput!){ secPermitCreate(input:$i){ id status } }', {
      i: { kind: 'electrico', requesterEmployeeId: staff[0], workerIds: [staff[39]], area: 'Subestación', validFrom: from.toISOString(), validTo: new Date(from.getTime() + 3_600_000).toISOString() },
    }, sec));
    expect(await approvals(admin)).toMatchObject({ sales: { generatorsToAuthorize: g0 - 1 }, security: { permitsToAuthorize: 4 } });
    const complete = l0.permits.items.find((p: { folio: number }) => p.folio === 2);
    okData(await s.gql('mutation($id:ID!,$v:Int!){ secPermitAuthorize(id:$id,version:$v){ id status } }', { id: complete.id, v: complete.version }, sec));
    const l1 = await lists();
    expect([l1.generators.total, l1.permits.total]).toEqual([g0 - 1, 3]);
    expect(await approvals(seller)).toMatchObject({ sales: { generatorsToAuthorize: g0 - 1 } });
    expect(await approvals(sec)).toMatchObject({ security: { permitsToAuthorize: 3 } });
  });

  it('Solicitudes PDM por enviar: exact per role (autorizar in Almacén-Solicitud PDM), as the PDM list filtered by PENDIENTE', async () => {
    const keeper = await s.login('almacen@demo.mx');
    const pdm = async (token: string) => (okData(await s.gql('{ dashboard { warehouse { pendingRequisitions pdmToSend } } }', {}, token)).dashboard as { warehouse: { pendingRequisitions: number | null; pdmToSend: number | null } | null }).warehouse;
    const pending = async () => okData(await s.gql('{ pdmRequests(filter:{status:PENDIENTE}){ total } }', {}, admin)).pdmRequests.total as number;
    const p0 = await pending();
    expect(await pdm(admin)).toMatchObject({ pdmToSend: p0 });
    expect(await pdm(keeper)).toMatchObject({ pdmToSend: p0 });
    // Consulta sees Almacén but may not send or reject: no figure. Vendedor: no Almacén at all.
    expect(await pdm(viewer)).toMatchObject({ pendingRequisitions: expect.any(Number), pdmToSend: null });
    expect(await pdm(seller)).toBeNull();

    const article = await makeArticle(s, admin, await makeFixture(s, admin));
    const created = okData(await s.gql('mutation($i:PdmRequestInput!){ pdmRequestCreate(input:$i){ id version } }', { i: { justification: 'Bomba de agua unidad 12', lines: [{ articleId: article.id, quantity: '1', estimatedUnitCost: '1250.50' }] } }, keeper)).pdmRequestCreate;
    expect(await pending()).toBe(p0 + 1);
    expect(await pdm(keeper)).toMatchObject({ pdmToSend: p0 + 1 });
    okData(await s.gql('mutation($id:ID!,$v:Int!){ pdmRequestReject(id:$id,version:$v,reason:"Se consiguió en otra unidad"){ id status } }', { id: created.id, v: created.version }, keeper));
    expect(await pdm(admin)).toMatchObject({ pdmToSend: p0 });
  });

  it('costs a fixed number of statements: fewer parts, fewer statements; anonymous is refused', async () => {
    // One session lookup, then ONE statement holding every indicator the user may see, whatever
    // their number: admin 16 indicators, Consulta 12 (no autorizar on payment requests, generadores,
    // permisos or PDM), Vendedor 3 (receivables, invoiced per month, generadores to authorise) all cost
    // the same single statement.
    expect((await dashboard(admin)).statements).toBe(1 + 1);
    expect((await dashboard(viewer)).statements).toBe(1 + 1);
    expect((await dashboard(seller)).statements).toBe(1 + 1);
    const anonymous = await s.gql(DASHBOARD, {}, null);
    expect(anonymous.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
  });
});
