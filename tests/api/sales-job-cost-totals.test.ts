// Job cost (issue 28): the jornadas and km counted per order (job_cost_labour, job_cost_vehicle_km, kept by
// migration 0055's triggers) stay equal to a full recount from the crew days when crew days are recorded,
// edited and deleted in parallel, and while a payroll covering some of them closes. On both databases.
// By hand (employer factor 0.35, no payroll covers April):
//   A 400.00, B 500.00, C 600.00 a day. Order 1: 6 days (6–11 April) A, B, C 8 h → 6 × 1,500 × 1.35 = 12,150.00
//   Order 2: the same 6 days A, B 8 h (16 h a day each, under 24)      → 6 × 900 × 1.35 = 7,290.00
//   Then at once: order 1's 6 April loses C (−600 × 1.35 = −810.00); order 2's 6 April deleted (−900 × 1.35 =
//   −1,215.00); order 1 gets 13 and 14 April, A alone (19 jornadas in all) with 2 h of overtime: 2 × (400 × 1.35 + 2 × 400 ÷ 8 × 2)
//   = 2 × (540 + 200) = 1,480.00
//   Order 1: 12,150 − 810 + 1,480 = 12,820.00; order 2: 7,290 − 1,215 = 6,075.00; contract 18,895.00
//   Vehicle (no fuel loads: 0.00 a km, km still counted): order 1 50 km a day × 8 days, 6 April edited to 70
//   → 7 × 50 + 70 = 420 km; order 2 none.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, startServer, testDbKind, type GqlResult, type TestServer } from './harness';
import { P_CALC, P_CLOSE, P_CREATE, rhPayrollApi } from './rh-payroll-helpers';

let s: TestServer;
let admin: string;
let seller: string;
let rh: string;

const { createEmployee, ok: rhOk } = rhPayrollApi(() => s, () => rh, { firstSeq: 3100 });

beforeAll(async () => {
  s = await startServer();
  [admin, seller, rh] = await Promise.all([s.login(ADMIN_EMAIL), s.login('ventas@demo.mx'), s.login('rh@demo.mx')]);
}, 300_000);
afterAll(async () => s?.stop());

function ok<T = any>(r: GqlResult<T>): T {
  expect(r.errors, JSON.stringify(r.errors)).toBeUndefined();
  return r.data as T;
}
const m2 = (v: string) => Number(v).toFixed(2);

const DAY_CREATE = 'mutation($o:ID!,$i:ServiceOrderCrewDayInput!){ serviceOrderCrewDayCreate(orderId:$o,input:$i){ id version date } }';
const DAY_UPDATE = 'mutation($id:ID!,$v:Int!,$i:ServiceOrderCrewDayInput!){ serviceOrderCrewDayUpdate(id:$id,version:$v,input:$i){ id } }';
const DAY_DELETE = 'mutation($id:ID!,$v:Int!){ serviceOrderCrewDayDelete(id:$id,version:$v) }';
const JOB_COST = 'query($id:ID!){ contractJobCost(contractId:$id){ summary { labour } lines { kind documentId quantity amount } } }';

type Row = { order_id: number; key_id: number; receipt_id: number; n: number; qty: string };
/**
 * What the triggers keep (without empty rows) and a recount of every crew hours row and km from scratch, in one
 * statement (one look at the database). Vehicles' rows carry receipt -1. The receipt of the closed ordinary
 * payroll whose period holds the date is written out here, not taken from the migration's function.
 */
async function keptAndRecounted(): Promise<{ kept: Row[]; recount: Row[] }> {
  // PGlite: the server's copy is read from its folder once the server has stopped (and written everything).
  const pglite = testDbKind() === 'pglite';
  if (pglite) {
    process.kill(s.pid, 'SIGTERM');
    await s.exited();
  }
  const rows = (q: string) => `coalesce((select json_agg(x order by x.order_id, x.key_id, x.receipt_id) from (${q}) x), '[]'::json)`;
  const [r] = await s.inspect<{ kept: Row[]; recount: Row[] }>(`select
    ${rows(`select order_id, employee_id as key_id, receipt_id, jornadas as n, overtime_hours::text as qty from job_cost_labour where jornadas <> 0 or overtime_hours <> 0
      union all select order_id, vehicle_id, -1, days, km::text from job_cost_vehicle_km where days <> 0 or km <> 0`)} as kept,
    ${rows(`select d.order_id, h.employee_id as key_id,
        coalesce((select pe.id from rh_payroll_employees pe join rh_payrolls p on p.id = pe.payroll_id
          where pe.employee_id = h.employee_id and p.status = 'cerrada' and p.kind in ('semanal', 'quincenal') and h.date between p.period_start and p.period_end), 0) as receipt_id,
        count(*)::int as n, sum(h.overtime_hours)::text as qty
      from service_order_crew_hours h join service_order_crew_days d on d.id = h.day_id where h.hours > 0 group by 1, 2, 3
      union all select d.order_id, v.vehicle_id, -1, count(*)::int, sum(v.km)::text
      from service_order_crew_day_vehicles v join service_order_crew_days d on d.id = v.day_id group by 1, 2`)} as recount`);
  if (pglite) {
    await s.restart();
    [admin, seller, rh] = await Promise.all([s.login(ADMIN_EMAIL), s.login('ventas@demo.mx'), s.login('rh@demo.mx')]);
  }
  const norm = (list: Row[]) => list.map((x) => ({ order_id: Number(x.order_id), key_id: Number(x.key_id), receipt_id: Number(x.receipt_id), n: Number(x.n), qty: m2(x.qty) }));
  return { kept: norm(r.kept), recount: norm(r.recount) };
}

describe('costo de obra: totales por orden al registrar días de cuadrilla en paralelo', () => {
  let contract: any;
  const orders: any[] = [];
  let people: { id: string }[];
  let vehicleId: string;

  beforeAll(async () => {
    people = [];
    for (const [i, salary] of ['400.00', '500.00', '600.00'].entries()) {
      people.push(await createEmployee({ number: `T-31${i}`, names: `Paralela${i}`, lastName: 'Totales', secondLastName: 'Obra', birthDate: '1990-01-01', hireDate: '2025-01-06', dailySalary: salary }));
    }
    vehicleId = ok(await s.gql('mutation($i:VehicleInput!){ vehicleCreate(input:$i){ id } }', {
      i: { economicNumber: 'TOT-1', plate: 'TOT-101', brand: 'Nissan', model: 'NP300', year: 2022, vehicleType: 'Pick-up', fuel: 'diesel', acquisitionDate: '2022-03-15', initialKm: 1000, initialKmDate: '2026-01-05' },
    }, admin)).vehicleCreate.id;
    const clientId = ok(await s.gql('mutation($input: ClientInput!){ clientCreate(input:$input){ id } }', {
      input: { rfc: 'TOT101010AB1', name: 'CLIENTE TOTALES', regimenFiscal: '601', postalCode: '76000', usoCfdi: 'G03', creditDays: 30, creditLimit: '0', active: true, contacts: [] },
    }, seller)).clientCreate.id;
    contract = ok(await s.gql('mutation($input: ContractInput!){ contractCreate(input:$input){ id } }', {
      input: { clientId, name: 'Obra en paralelo', startDate: '2026-03-01', endDate: '2026-12-31', concepts: [{ description: 'Montaje', prodServKey: '72102900', unitKey: 'E48', unitName: 'Servicio', quantity: '1', unitPrice: '100000' }] },
    }, seller)).contractCreate;
    for (const description of ['Frente uno', 'Frente dos']) {
      orders.push(ok(await s.gql('mutation($input: ServiceOrderInput!){ serviceOrderCreate(input:$input){ id } }', {
        input: { contractId: contract.id, description, site: 'Planta', scheduledStart: '2026-03-01', scheduledEnd: '2026-06-30', crewEmployeeIds: people.map((p) => p.id), vehicleIds: [vehicleId] },
      }, seller)).serviceOrderCreate);
    }
  }, 240_000);

  const person = (p: { id: string }, overtimeHours = '0') => ({ employeeId: p.id, hours: '8', overtimeHours });

  it('keeps the per-order counts equal to a recount, and the labour to the cent, after parallel creates, edits and deletes', async () => {
    const [a, b, c] = people;
    const dates = ['2026-04-06', '2026-04-07', '2026-04-08', '2026-04-09', '2026-04-10', '2026-04-11'];
    const created = await Promise.all([
      ...dates.map((date) => s.gql(DAY_CREATE, { o: orders[0].id, i: { date, people: [a, b, c].map((p) => person(p)), vehicles: [{ vehicleId, km: 50 }] } }, seller)),
      ...dates.map((date) => s.gql(DAY_CREATE, { o: orders[1].id, i: { date, people: [a, b].map((p) => person(p)), vehicles: [] } }, seller)),
    ]);
    const days = created.map((r) => ok(r).serviceOrderCrewDayCreate);
    let { kept, recount } = await keptAndRecounted();
    expect(kept).toEqual(recount);
    expect(kept.filter((r) => r.receipt_id === 0).map((r) => r.n)).toEqual([6, 6, 6, 6, 6]);

    const [first1, first2] = [days[0], days[dates.length]];
    const second = await Promise.all([
      s.gql(DAY_UPDATE, { id: first1.id, v: first1.version, i: { date: first1.date, people: [a, b].map((p) => person(p)), vehicles: [{ vehicleId, km: 70 }] } }, seller),
      s.gql(DAY_DELETE, { id: first2.id, v: first2.version }, seller),
      ...['2026-04-13', '2026-04-14'].map((date) => s.gql(DAY_CREATE, { o: orders[0].id, i: { date, people: [person(a, '2')], vehicles: [{ vehicleId, km: 50 }] } }, seller)),
    ]);
    second.forEach((r) => ok(r));
    ({ kept, recount } = await keptAndRecounted());
    expect(kept).toEqual(recount);
    const km = kept.find((r) => r.receipt_id === -1 && r.order_id === Number(orders[0].id));
    expect([km?.n, km?.qty]).toEqual([8, '420.00']);

    const { summary, lines } = ok(await s.gql(JOB_COST, { id: contract.id }, admin)).contractJobCost;
    expect(lines.filter((l: any) => l.kind === 'labour').map((l: any) => [l.documentId, m2(l.quantity), m2(l.amount)])).toEqual([
      [orders[0].id, '19.00', '12820.00'],
      [orders[1].id, '10.00', '6075.00'],
    ]);
    expect(m2(summary.labour)).toBe('18895.00');
    const report = ok(await s.gql('query($l:ListInput){ jobCostReportList(list:$l){ items { id labour } } }', { l: { pageSize: 200, sortBy: 'folio' } }, admin)).jobCostReportList.items;
    expect(m2(report.find((r: any) => r.id === contract.id).labour)).toBe('18895.00');
  });

  it('moves the jornadas to the receipt of a payroll that closes while crew days of its period are recorded', async () => {
    const [a, b] = people;
    // The quincena 1–15 May 2026 of every active quincenal employee (A, B and C among them), calculated.
    const payroll = (await rhOk(P_CREATE, { i: { kind: 'quincenal', periodStart: '2026-05-01', periodEnd: '2026-05-15', paymentDate: '2026-05-15' } })).rhPayrollCreate;
    const version = async () => (await rhOk('query($id:ID!){ rhPayroll(id:$id){ version } }', { id: payroll.id })).rhPayroll.version;
    await rhOk(P_CALC, { id: payroll.id, v: await version() });
    const v = await version();
    const dates = ['2026-05-04', '2026-05-05', '2026-05-06', '2026-05-07', '2026-05-08', '2026-05-09', '2026-05-16'];
    const results = await Promise.all([
      s.gql(P_CLOSE, { id: payroll.id, v }, rh),
      ...dates.map((date, i) => s.gql(DAY_CREATE, { o: orders[i % 2].id, i: { date, people: [a, b].map((p) => person(p)), vehicles: [] } }, seller)),
    ]);
    results.forEach((r) => ok(r));
    const { kept, recount } = await keptAndRecounted();
    expect(kept).toEqual(recount);
    // A's and B's jornadas of 4–9 May are their receipts' (6 days × 2 = 12); the 16th is after the quincena.
    const receipts = kept.filter((r) => r.receipt_id > 0 && [Number(a.id), Number(b.id)].includes(r.key_id));
    expect(receipts.reduce((n, r) => n + r.n, 0)).toBe(12);
  });
});
