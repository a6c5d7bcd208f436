// Job cost per contract (issue 28) over HTTP, on both databases: a contract
// built with known figures and every line of its cost asserted to the cent.
// By hand (employer factor 0.35, the default):
//   labour    crew of 3 (daily 400, 500, 600) × 4 days: 4 × 1,500 × 1.35 = 8,100.00
//             + 2 overtime h of the 400 one at double: 2 × 400 ÷ 8 × 2 = 200.00     → 8,300.00
//   material  entradas 20 @ 80.00 and 20 @ 90.00 → average 85.00; 10 issued         →   850.00
//   vehicle   odometer 10,000 → 12,000 km, fuel 1,500.00 + 1,700.00 = 3,200.00:
//             3,200 ÷ 2,000 = 1.60 a km; 4 days × 80 km = 320 km × 1.60             →   512.00
//   expense   subtotal 3,000.00 (IVA 480.00 left out)                               → 3,000.00
//   viático   2,000.00 advanced for the order, comprobados 1,200.00 + 550.00 no deducibles
//             (no IVA to recover: whole)                                             → 1,750.00
//   cost      8,300 + 850 + 512 + 3,000 + 1,750                                     = 14,412.00
//   billed    generador 5 × 10,000 = 50,000.00 authorised, invoiced and stamped (subtotal)
//   margin    50,000 − 14,412 = 35,588.00; 35,588 ÷ 50,000 = 71.176 % → 71.18 %
//   progress  50,000 authorised ÷ 100,000 contracted = 50.00 %; projected 14,412 ÷ 0.5 = 28,824.00
import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayMx } from '../../schema/dates';
import { ADMIN_EMAIL, startServer, type GqlResult, type TestServer } from './harness';
import { fieldsOf } from './answers';
import { P_CALC, P_CLOSE, P_CREATE, P_INCIDENT, rhPayrollApi } from './rh-payroll-helpers';
import { makeArticle, makeFixture, post } from './warehouse-helpers';

let s: TestServer;
let admin: string;
let seller: string; // Vendedor: every Ventas submodule but Costos
let rh: string;

const { createEmployee, ok: rhOk } = rhPayrollApi(() => s, () => rh, { firstSeq: 2900 });
const today = todayMx();
const day = (n: number) => addDays(today, n);

beforeAll(async () => {
  s = await startServer();
  [admin, seller, rh] = await Promise.all([s.login(ADMIN_EMAIL), s.login('ventas@demo.mx'), s.login('rh@demo.mx')]);
}, 300_000);
afterAll(async () => s?.stop());

function ok<T = any>(r: GqlResult<T>): T {
  expect(r.errors, JSON.stringify(r.errors)).toBeUndefined();
  return r.data as T;
}
/** Decimal scalars travel without trailing zeros: compare to the cent. */
const m2 = (v: string | null) => (v === null ? null : new Decimal(v).toFixed(2));
const cents = (o: Record<string, any>) => Object.fromEntries(Object.entries(o).map(([k, v]) => [k, typeof v === 'string' && k !== 'id' ? m2(v) : v]));
const codeOf = (r: GqlResult) => r.errors?.[0].extensions?.code;

const SUMMARY = 'id folio labour materials expenses vehicles viaticos cost authorized invoiced collected margin marginPercent progressPercent projectedCost';
const JOB_COST = `query($id:ID!){ contractJobCost(contractId:$id){ summary { ${SUMMARY} } lines { kind documentId folio orderId description quantity amount } } }`;
const REQ = 'id version serviceOrderId serviceOrderFolio lines { id }';
const EXPENSE_CREATE = 'mutation($i:ExpenseInput!){ expenseCreate(input:$i){ id contractId serviceOrderId serviceOrderFolio subtotal } }';

describe('costo de obra por contrato', () => {
  let contract: any;
  let order: any;
  let vehicleId: string;
  let reqId: string;
  let expenseId: string;
  let viaticoId: string;
  let supplierId: string;

  beforeAll(async () => {
    const clientId = ok(await s.gql('mutation($input: ClientInput!){ clientCreate(input:$input){ id } }', {
      input: { rfc: 'COS101010AB1', name: 'CLIENTE COSTOS', regimenFiscal: '601', postalCode: '76000', usoCfdi: 'G03', creditDays: 30, creditLimit: '0', active: true, contacts: [] },
    }, seller)).clientCreate.id;
    contract = ok(await s.gql('mutation($input: ContractInput!){ contractCreate(input:$input){ id folio version concepts { id } } }', {
      input: { clientId, name: 'Obra con costos', startDate: day(-60), endDate: day(60), concepts: [{ description: 'Montaje', prodServKey: '72102900', unitKey: 'E48', unitName: 'Servicio', quantity: '10', unitPrice: '10000' }] },
    }, seller)).contractCreate;
    const people = [];
    for (const [i, salary] of ['400.00', '500.00', '600.00'].entries()) {
      people.push(await createEmployee({ number: `K-29${i}`, names: `Persona${i}`, lastName: 'Costos', secondLastName: 'Obra', birthDate: '1990-01-01', hireDate: '2024-01-01', dailySalary: salary }));
    }
    // A vehicle of its own: odometer from 10,000 km, two loads of fuel to 12,000 km.
    vehicleId = ok(await s.gql('mutation($i:VehicleInput!){ vehicleCreate(input:$i){ id } }', {
      i: { economicNumber: 'COS-1', plate: 'COS-101', brand: 'Nissan', model: 'NP300', year: 2022, vehicleType: 'Pick-up', fuel: 'diesel', acquisitionDate: '2022-03-15', initialKm: 10000, initialKmDate: day(-60) },
    }, admin)).vehicleCreate.id;
    for (const [n, km, litres, amount] of [[-50, 11000, '60.000', '1500.00'], [-40, 12000, '68.000', '1700.00']] as const) {
      ok(await s.gql('mutation($i:FuelLoadInput!){ fuelLoadCreate(input:$i){ id } }', { i: { vehicleId, loadedOn: day(n), odometerKm: km, litres, amount, fullTank: true, station: 'Estación', fuelCard: '' } }, admin));
    }
    order = ok(await s.gql('mutation($input: ServiceOrderInput!){ serviceOrderCreate(input:$input){ id folio } }', {
      input: { contractId: contract.id, description: 'Montaje etapa 1', site: 'Planta', scheduledStart: day(-30), scheduledEnd: day(30), crewEmployeeIds: people.map((p) => p.id), vehicleIds: [vehicleId] },
    }, seller)).serviceOrderCreate;
    for (const n of [-10, -9, -8, -7]) {
      const input = {
        date: day(n),
        people: people.map((p, i) => ({ employeeId: p.id, hours: '8', overtimeHours: i === 0 && n === -10 ? '2' : '0' })),
        vehicles: [{ vehicleId, km: 80 }],
      };
      ok(await s.gql('mutation($o:ID!,$i:ServiceOrderCrewDayInput!){ serviceOrderCrewDayCreate(orderId:$o,input:$i){ id } }', { o: order.id, i: input }, seller));
    }
    // Almacén: average 85.00, a requisition for the order, 10 issued.
    const f = await makeFixture(s, admin);
    const article = await makeArticle(s, admin, f);
    ok(await post(s, admin, { conceptId: f.entrada, warehouseId: f.w1, lines: [{ articleId: article.id, quantity: '20', unitCost: '80' }] }));
    ok(await post(s, admin, { conceptId: f.entrada, warehouseId: f.w1, lines: [{ articleId: article.id, quantity: '20', unitCost: '90' }] }));
    const REQ_CREATE = `mutation($i: WarehouseRequisitionInput!){ warehouseRequisitionCreate(input:$i){ ${REQ} } }`;
    const reqInput = { area: 'Obra', warehouseId: f.w1, neededDate: today, lines: [{ articleId: article.id, quantity: '10' }] };
    expect(fieldsOf(await s.gql(REQ_CREATE, { i: { ...reqInput, serviceOrderId: '999999' } }, admin))).toEqual({ serviceOrderId: 'La orden de servicio no existe.' });
    const req = ok(await s.gql(REQ_CREATE, { i: { ...reqInput, serviceOrderId: order.id } }, admin)).warehouseRequisitionCreate;
    expect([req.serviceOrderId, req.serviceOrderFolio]).toEqual([order.id, order.folio]);
    reqId = req.id;
    const auth = ok(await s.gql(`mutation($id:ID!,$v:Int!,$l:[WarehouseRequisitionLineQuantity!]!){ warehouseRequisitionAuthorize(id:$id,version:$v,lines:$l){ ${REQ} } }`, { id: req.id, v: req.version, l: [{ lineId: req.lines[0].id, quantity: '10' }] }, admin)).warehouseRequisitionAuthorize;
    ok(await s.gql(`mutation($id:ID!,$v:Int!,$l:[WarehouseRequisitionLineQuantity!]!){ warehouseRequisitionFulfill(id:$id,version:$v,lines:$l){ id } }`, { id: auth.id, v: auth.version, l: [{ lineId: auth.lines[0].id, quantity: '10' }] }, admin));
    // Compras: an expense assigned to the order.
    supplierId = ok(await s.gql('mutation($i:SupplierInput!){ supplierCreate(input:$i){ id } }', { i: { rfc: 'SUB101010AB1', name: 'SUBCONTRATISTA', taxRegime: '601', postalCode: '76000', creditDays: 30, active: true } }, admin)).supplierCreate.id;
    const expense = ok(await s.gql(EXPENSE_CREATE, { i: { supplierId, date: day(-5), category: 'Subcontrato', subtotal: '3000', ivaRate: '0.16', isrRetentionRate: '0', ivaRetentionRate: '0', contractId: contract.id, serviceOrderId: order.id } }, admin)).expenseCreate;
    expect([expense.contractId, expense.serviceOrderId, expense.serviceOrderFolio, m2(expense.subtotal)]).toEqual([contract.id, order.id, order.folio, '3000.00']);
    expenseId = expense.id;
    // Compras: a viático for the order, paid and comprobado with two no-deducible receipts.
    const account = ok(await s.gql('mutation($i:CompanyAccountCreateInput!){ accountCreate(input:$i){ id } }', { i: { name: 'Caja de obra', openingBalance: '5000', openingDate: day(-30) } }, admin)).accountCreate.id;
    const employeeId = ok(await s.gql('{ viaticoEmployeeOptions(limit: 1){ id } }', {}, admin)).viaticoEmployeeOptions[0].id;
    const VI = 'id version status';
    const advance = ok(await s.gql(`mutation($i:ViaticoInput!){ viaticoCreate(input:$i){ ${VI} } }`, { i: { employeeId, serviceOrderId: order.id, accountId: account, date: day(-4), purpose: 'Traslado de la cuadrilla', amount: '2000' } }, admin)).viaticoCreate;
    const paid = ok(await s.gql(`mutation($id:ID!,$v:Int!){ viaticoPay(id:$id,version:$v){ ${VI} } }`, { id: advance.id, v: advance.version }, admin)).viaticoPay;
    for (const [concept, amount] of [['Hospedaje sin factura', '1200'], ['Comidas', '550']]) {
      ok(await s.gql(`mutation($id:ID!,$i:ViaticoProofInput!){ viaticoProofAdd(viaticoId:$id,input:$i){ ${VI} } }`, { id: paid.id, i: { kind: 'no_deducible', date: day(-3), concept, amount } }, admin));
    }
    viaticoId = advance.id;
    // Billed: a generador of 5 × 10,000 authorised, invoiced and stamped.
    const gen = ok(await s.gql('mutation($input: GeneratorInput!){ generatorCreate(input:$input){ id version } }', { input: { orderId: order.id, periodStart: day(-10), periodEnd: day(-7), lines: [{ conceptId: contract.concepts[0].id, quantity: '5' }] } }, seller)).generatorCreate;
    ok(await s.gql('mutation($id:ID!,$v:Int!){ generatorAuthorize(id:$id,version:$v){ id } }', { id: gen.id, v: gen.version }, seller));
    const inv = ok(await s.gql('mutation($input: InvoiceInput!){ invoiceCreate(input:$input){ id version subtotal } }', { input: { clientId, serie: 'A', date: today, formaPago: '99', metodoPago: 'PPD', usoCfdi: 'G03', generatorIds: [gen.id] } }, seller)).invoiceCreate;
    expect(m2(inv.subtotal)).toBe('50000.00');
    const emitted = ok(await s.gql('mutation($id:ID!,$v:Int!){ invoiceEmit(id:$id,version:$v){ stampStatus } }', { id: inv.id, v: inv.version }, seller)).invoiceEmit;
    expect(emitted.stampStatus).toBe('timbrada');
  }, 240_000);

  it('adds every source to the cent, each line naming its document', async () => {
    const { summary, lines } = ok(await s.gql(JOB_COST, { id: contract.id }, admin)).contractJobCost;
    expect(cents(summary)).toEqual({
      id: contract.id, folio: contract.folio, labour: '8300.00', materials: '850.00', expenses: '3000.00', vehicles: '512.00', viaticos: '1750.00', cost: '14412.00',
      authorized: '50000.00', invoiced: '50000.00', collected: '0.00', margin: '35588.00', marginPercent: '71.18', progressPercent: '50.00', projectedCost: '28824.00',
    });
    expect(lines.map((l: any) => [l.kind, l.documentId, l.orderId, m2(l.quantity), m2(l.amount)])).toEqual([
      ['expense', expenseId, order.id, '1.00', '3000.00'],
      ['labour', order.id, order.id, '12.00', '8300.00'],
      ['material', reqId, order.id, '10.00', '850.00'],
      ['vehicle', vehicleId, order.id, '320.00', '512.00'],
      ['viatico', viaticoId, order.id, '2.00', '1750.00'],
    ]);
    // Its crew is in no closed payroll: every jornada at the employer factor.
    expect(lines.find((l: any) => l.kind === 'labour').description).toBe('4 días · factor patronal 0.35');
    // The vehicle's km per crew day: 320 km on 4 crew days = 80 km a day.
    expect(lines.find((l: any) => l.kind === 'vehicle').description).toBe('COS-1 · 320 km en 4 días (80 km por día) × 1.60');
    // The report finds it by its folio, its name or its client's, with the same figures.
    for (const search of [String(contract.folio), 'con costos', 'cliente costos']) {
      const found = ok(await s.gql(`query($l:ListInput){ jobCostReportList(list:$l){ total items { ${SUMMARY} } } }`, { l: { search } }, admin)).jobCostReportList;
      expect(found.items.map((r: any) => r.id)).toContain(contract.id);
      expect(cents(found.items.find((r: any) => r.id === contract.id))).toMatchObject({ cost: '14412.00', margin: '35588.00', marginPercent: '71.18' });
    }
    expect(ok(await s.gql('query($l:ListInput){ jobCostReportList(list:$l){ total items { id } } }', { l: { search: 'ninguna obra así' } }, admin)).jobCostReportList).toEqual({ total: 0, items: [] });
  });

  it('follows the employer factor of the settings; bad settings are refused with nothing saved', async () => {
    const SAVE = 'mutation($i:JobCostSettingsInput!){ jobCostSettingsUpdate(input:$i){ employerFactor marginThreshold } }';
    expect(fieldsOf(await s.gql(SAVE, { i: { employerFactor: '3', marginThreshold: '500' } }, admin))).toEqual({
      employerFactor: 'El factor patronal va de 0 a 2 con hasta 4 decimales.',
      marginThreshold: 'El umbral de margen va de -100 a 100 %.',
    });
    expect(ok(await s.gql('{ jobCostSettings { employerFactor marginThreshold } }', {}, admin)).jobCostSettings).toEqual({ employerFactor: '0.35', marginThreshold: '15' });
    expect(ok(await s.gql(SAVE, { i: { employerFactor: '0.5', marginThreshold: '20' } }, admin)).jobCostSettingsUpdate).toEqual({ employerFactor: '0.5', marginThreshold: '20' });
    // 4 × 1,500 × 1.5 = 9,000.00 + 200.00 overtime = 9,200.00
    expect(m2(ok(await s.gql(JOB_COST, { id: contract.id }, admin)).contractJobCost.summary.labour)).toBe('9200.00');
    // Tablero «Contratos bajo margen»: this contract's 71.18 % is under 71.2 and not under 71.1.
    const underMargin = async (token: string) => ok(await s.gql('{ dashboard { sales { contractsUnderMargin } } }', {}, token)).dashboard.sales.contractsUnderMargin;
    ok(await s.gql(SAVE, { i: { employerFactor: '0.35', marginThreshold: '71.1' } }, admin));
    const below = await underMargin(admin);
    ok(await s.gql(SAVE, { i: { employerFactor: '0.35', marginThreshold: '71.2' } }, admin));
    expect(await underMargin(admin)).toBe(below + 1);
    expect(await underMargin(seller)).toBeNull();
    ok(await s.gql(SAVE, { i: { employerFactor: '0.35', marginThreshold: '15' } }, admin));
  });

  it('refuses the costs to a role without Ventas-Costos, who still sees the contract', async () => {
    expect(codeOf(await s.gql(JOB_COST, { id: contract.id }, seller))).toBe('FORBIDDEN');
    expect(codeOf(await s.gql('{ jobCostReportList { total } }', {}, seller))).toBe('FORBIDDEN');
    expect(codeOf(await s.gql('mutation{ jobCostSettingsUpdate(input:{employerFactor:"1",marginThreshold:"1"}){ employerFactor } }', {}, seller))).toBe('FORBIDDEN');
    expect(ok(await s.gql('query($id:ID!){ contract(id:$id){ id folio } }', { id: contract.id }, seller)).contract).toEqual({ id: contract.id, folio: contract.folio });
  });

  it('pages and sorts the report in the database (margin %, billed, cost), unbilled contracts last', async () => {
    const LIST = 'query($l:ListInput){ jobCostReportList(list:$l){ total items { id cost invoiced marginPercent } } }';
    const page = async (l: Record<string, unknown>) => ok(await s.gql(LIST, { l }, admin)).jobCostReportList;
    const asc = await page({ pageSize: 200 });
    // Every contract not cancelled (the demo's and this file's: fewer than a page of 200), as Contratos counts them.
    const contracts = ok(await s.gql('{ contracts(list: { pageSize: 200 }) { items { id status } } }', {}, admin)).contracts.items;
    const live = contracts.filter((c: any) => c.status !== 'cancelado').map((c: any) => c.id).sort();
    expect(asc.items.map((r: any) => r.id).sort()).toEqual(live);
    expect(asc.total).toBe(live.length);
    const pct = asc.items.map((r: any) => r.marginPercent);
    const billed = pct.filter((p: string | null) => p !== null).map(Number);
    expect(billed).toEqual([...billed].sort((a, b) => a - b));
    expect(pct.slice(billed.length).every((p: string | null) => p === null)).toBe(true);
    // Page 2 of size 1 is the second row of the first two.
    const firstTwo = await page({ pageSize: 2, sortBy: 'cost', sortDirection: 'DESC' });
    expect((await page({ page: 2, pageSize: 1, sortBy: 'cost', sortDirection: 'DESC' })).items.map((r: any) => r.id)).toEqual([firstTwo.items[1].id]);
    const byCost = (await page({ pageSize: 200, sortBy: 'cost', sortDirection: 'DESC' })).items.map((r: any) => Number(r.cost));
    expect(byCost).toEqual([...byCost].sort((a, b) => b - a));
    const byBilled = (await page({ pageSize: 200, sortBy: 'invoiced', sortDirection: 'DESC' })).items;
    expect(byBilled.map((r: any) => Number(r.invoiced))).toEqual(byBilled.map((r: any) => Number(r.invoiced)).sort((a: number, b: number) => b - a));
    expect(cents(byBilled.find((r: any) => r.id === contract.id))).toMatchObject({ cost: '14412.00', invoiced: '50000.00', marginPercent: '71.18' });
    expect(fieldsOf(await s.gql(LIST, { l: { sortBy: 'clientName' } }, admin))).toEqual({ 'list.sortBy': 'No se puede ordenar por ese campo.' });
    expect(codeOf(await s.gql(LIST, { l: {} }, seller))).toBe('FORBIDDEN');
  });

  it('lets Consulta read the costs and their settings but not change them (needs «exportar»)', async () => {
    const consulta = await s.login('consulta@demo.mx');
    expect(ok(await s.gql('{ jobCostSettings { employerFactor marginThreshold } }', {}, consulta)).jobCostSettings).toEqual({ employerFactor: '0.35', marginThreshold: '15' });
    expect(ok(await s.gql('{ jobCostReportList(list: { pageSize: 200 }) { items { id } } }', {}, consulta)).jobCostReportList.items.map((r: any) => r.id)).toContain(contract.id);
    expect(codeOf(await s.gql('mutation{ jobCostSettingsUpdate(input:{employerFactor:"1",marginThreshold:"1"}){ employerFactor } }', {}, consulta))).toBe('FORBIDDEN');
    expect(ok(await s.gql('{ jobCostSettings { employerFactor marginThreshold } }', {}, admin)).jobCostSettings).toEqual({ employerFactor: '0.35', marginThreshold: '15' });
  });

  it('refuses assignments to orders or contracts that do not exist, or an order of another contract, writing nothing', async () => {
    const before = ok(await s.gql('{ expenses { total } }', {}, admin)).expenses.total;
    const base = { supplierId, date: day(-5), category: 'Subcontrato', subtotal: '100', ivaRate: '0.16', isrRetentionRate: '0', ivaRetentionRate: '0' };
    expect(fieldsOf(await s.gql(EXPENSE_CREATE, { i: { ...base, contractId: '999999', serviceOrderId: '999998' } }, admin))).toEqual({
      contractId: 'El contrato no existe.',
      serviceOrderId: 'La orden de servicio no existe.',
    });
    expect(fieldsOf(await s.gql(EXPENSE_CREATE, { i: { ...base, contractId: '1', serviceOrderId: order.id } }, admin))).toEqual({ serviceOrderId: 'La orden de servicio no pertenece al contrato elegido.' });
    expect(fieldsOf(await s.gql(EXPENSE_CREATE, { i: { ...base, contractId: 'x' } }, admin))).toEqual({ contractId: 'No existe: el identificador no es válido.' });
    const DAY = 'mutation($o:ID!,$i:ServiceOrderCrewDayInput!){ serviceOrderCrewDayCreate(orderId:$o,input:$i){ id } }';
    const other = ok(await s.gql('{ vehicleOptions(limit: 5, includeInShop: false){ id } }', {}, admin)).vehicleOptions.find((v: any) => v.id !== vehicleId).id;
    const people = ok(await s.gql('query($id:ID!){ serviceOrder(id:$id){ crew { id } } }', { id: order.id }, seller)).serviceOrder.crew;
    const dayOf = (vehicles: unknown) => ({ date: day(-3), people: [{ employeeId: people[0].id, hours: '8' }], vehicles });
    // The shape first (km), then what needs the database (a vehicle not named by the order).
    expect(fieldsOf(await s.gql(DAY, { o: order.id, i: dayOf([{ vehicleId, km: -1 }]) }, seller))).toEqual({ 'vehicles.0.km': 'Los km son un entero de 0 a 5000.' });
    expect(fieldsOf(await s.gql(DAY, { o: order.id, i: dayOf([{ vehicleId: other, km: 10 }]) }, seller))).toEqual({ 'vehicles.0.vehicleId': 'El vehículo no está asignado a la orden.' });
    const days = ok(await s.gql('query($id:ID!){ serviceOrder(id:$id){ crewDays { id version date notes vehicles { vehicleId km } people { employeeId hours overtimeHours } } } }', { id: order.id }, seller)).serviceOrder.crewDays;
    expect(days).toHaveLength(4);
    // Editing a day without `vehicles` (the crew form) keeps its km.
    const d = days[0];
    const edited = ok(await s.gql('mutation($id:ID!,$v:Int!,$i:ServiceOrderCrewDayInput!){ serviceOrderCrewDayUpdate(id:$id,version:$v,input:$i){ vehicles { vehicleId km } } }', {
      id: d.id, v: d.version, i: { date: d.date, notes: 'Revisado', people: d.people },
    }, seller)).serviceOrderCrewDayUpdate;
    expect(edited.vehicles).toEqual([{ vehicleId, km: 80 }]);
    expect(ok(await s.gql('{ expenses { total } }', {}, admin)).expenses.total).toBe(before);
    expect(m2(ok(await s.gql(JOB_COST, { id: contract.id }, admin)).contractJobCost.summary.cost)).toBe('14412.00');
  });
});

// Labour at the payroll's employer cost (issue 28, the Nómina employer cost): a jornada that a closed ordinary
// payroll paid costs the employee's daily salary + (that receipt's employer quotas + state payroll tax) ÷ the days
// it paid; any other jornada, daily salary × (1 + employer factor 0.35). By hand:
//   P (quincenal, daily 571.81, hired 2026-01-05: SBC 600.00) is paid 1–15 March 2026 by a closed quincenal payroll.
//   Its quotas, as tests/api/rh-employer-quotas.test.ts works them out (MX_FISCAL 2026, UMA 117.31, demo registro
//   premium 0.54355 %): total 2,159.99; ISN at the demo's 3.00 % for QUE on 571.81 × 15 = 8,577.15 → 257.3145 → 257.31.
//   P's day: 571.81 + (2,159.99 + 257.31) ÷ 15 = 571.81 + 161.15333… = 732.96333…
//   F (semanal, daily 500.00) is in no closed payroll: 500.00 × 1.35 = 675.00 a day.
//   Order 1: 9 and 10 March P and F, 16 March P alone (16–31 March has no payroll):
//     2 × 732.96333… + 571.81 × 1.35 (= 771.9435) + 2 × 675.00 = 3,587.870166… → 3,587.87; 5 jornadas, 3 days
//   Order 2: 11 March P alone → 732.96333… → 732.96, 1 jornada, every one at the payroll's cost
//   Contract: 3,587.87 + 732.96 = 4,320.83 (nothing billed: margin −4,320.83, no margin %)
describe('mano de obra al costo patronal de la nómina', () => {
  let contract: any;
  const orders: any[] = [];

  beforeAll(async () => {
    const p = await createEmployee({ number: 'K-P01', names: 'PAULA', lastName: 'NOMINA', secondLastName: 'CERRADA', birthDate: '1990-04-10', hireDate: '2026-01-05', dailySalary: '571.81' });
    const f = await createEmployee({ number: 'K-F01', names: 'FELIPE', lastName: 'FACTOR', secondLastName: 'PATRONAL', birthDate: '1991-05-11', hireDate: '2026-01-05', dailySalary: '500.00', payFrequency: 'semanal' });
    // The quincena 1–15 March 2026 of every active quincenal employee, P among them: calculated and closed.
    const payroll = (await rhOk(P_CREATE, { i: { kind: 'quincenal', periodStart: '2026-03-01', periodEnd: '2026-03-15', paymentDate: '2026-03-15' } })).rhPayrollCreate;
    const receipt = payroll.employees.find((e: any) => e.employeeNumber === 'K-P01');
    expect(receipt.sbcDaily).toBe('600');
    await rhOk(P_INCIDENT, { id: receipt.id, i: { daysWorked: '15', absences: '0', overtimeDoubleHours: '0', overtimeTripleHours: '0', extras: [] } });
    const version = async () => (await rhOk('query($id:ID!){ rhPayroll(id:$id){ version } }', { id: payroll.id })).rhPayroll.version;
    await rhOk(P_CALC, { id: payroll.id, v: await version() });
    const quotas = (await rhOk('query($id:ID!){ rhPayrollEmployerQuotas(payrollId:$id){ rows { employeeNumber days total isn problem } } }', { id: payroll.id })).rhPayrollEmployerQuotas.rows;
    const own = quotas.find((q: any) => q.employeeNumber === 'K-P01');
    expect([m2(own.days), m2(own.total), m2(own.isn), own.problem]).toEqual(['15.00', '2159.99', '257.31', null]);
    expect((await rhOk(P_CLOSE, { id: payroll.id, v: await version() })).rhPayrollClose.status).toBe('cerrada');

    const clientId = ok(await s.gql('mutation($input: ClientInput!){ clientCreate(input:$input){ id } }', {
      input: { rfc: 'NOM101010AB1', name: 'CLIENTE NOMINA', regimenFiscal: '601', postalCode: '76000', usoCfdi: 'G03', creditDays: 30, creditLimit: '0', active: true, contacts: [] },
    }, seller)).clientCreate.id;
    contract = ok(await s.gql('mutation($input: ContractInput!){ contractCreate(input:$input){ id folio } }', {
      input: { clientId, name: 'Obra con nómina', startDate: '2026-02-01', endDate: '2026-12-31', concepts: [{ description: 'Montaje', prodServKey: '72102900', unitKey: 'E48', unitName: 'Servicio', quantity: '1', unitPrice: '100000' }] },
    }, seller)).contractCreate;
    const DAY = 'mutation($o:ID!,$i:ServiceOrderCrewDayInput!){ serviceOrderCrewDayCreate(orderId:$o,input:$i){ id } }';
    const person = (e: { id: string }) => ({ employeeId: e.id, hours: '8', overtimeHours: '0' });
    for (const [description, days] of [
      ['Frente norte', [['2026-03-09', [p, f]], ['2026-03-10', [p, f]], ['2026-03-16', [p]]]],
      ['Frente sur', [['2026-03-11', [p]]]],
    ] as const) {
      const order = ok(await s.gql('mutation($input: ServiceOrderInput!){ serviceOrderCreate(input:$input){ id folio } }', {
        input: { contractId: contract.id, description, site: 'Planta', scheduledStart: '2026-03-01', scheduledEnd: '2026-03-31', crewEmployeeIds: [p.id, f.id], vehicleIds: [] },
      }, seller)).serviceOrderCreate;
      for (const [date, people] of days) ok(await s.gql(DAY, { o: order.id, i: { date, people: people.map(person), vehicles: [] } }, seller));
      orders.push(order);
    }
  }, 240_000);

  it('prices the jornadas a closed payroll paid at its employer cost and the rest at the factor, saying which', async () => {
    const { summary, lines } = ok(await s.gql(JOB_COST, { id: contract.id }, admin)).contractJobCost;
    expect(lines.map((l: any) => [l.kind, l.documentId, l.description, m2(l.quantity), m2(l.amount)])).toEqual([
      ['labour', orders[0].id, '3 días · 2 jornadas al costo de nómina, 3 al factor patronal 0.35', '5.00', '3587.87'],
      ['labour', orders[1].id, '1 día · costo de nómina (sueldo y cuotas patronales)', '1.00', '732.96'],
    ]);
    expect(cents(summary)).toMatchObject({ labour: '4320.83', cost: '4320.83', invoiced: '0.00', margin: '-4320.83', marginPercent: null });
    // The report across contracts adds the same figures.
    const report = ok(await s.gql(`{ jobCostReportList(list: { pageSize: 200 }) { items { ${SUMMARY} } } }`, {}, admin)).jobCostReportList.items;
    expect(cents(report.find((r: any) => r.id === contract.id))).toMatchObject({ labour: '4320.83', cost: '4320.83' });
  });

  it('refuses these costs to roles without Ventas-Costos, also to Recursos Humanos, who sees the payroll', async () => {
    for (const token of [seller, rh]) {
      expect(codeOf(await s.gql(JOB_COST, { id: contract.id }, token))).toBe('FORBIDDEN');
      expect(codeOf(await s.gql('query($l:ListInput){ jobCostReportList(list:$l){ total } }', { l: {} }, token))).toBe('FORBIDDEN');
    }
  });
});
