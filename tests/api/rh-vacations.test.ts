// Vacaciones over HTTP: requests captured, approved, rejected and cancelled with their abilities
// (FORBIDDEN without them), field messages and nothing written on bad input, overlapping requests refused,
// the balance per anniversary from the hire date (LFT art. 76, 2023 table: 12, 14, 16…), approvals that
// would overdraw it refused (also two at the same moment), and the prima vacacional an ordinary quincena
// pays once, figures by hand with the 2026 UMA (117.31).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayMx } from '../../schema/dates';
import { startServer, type TestServer } from './harness';
import { conflictOf, fieldsOf, m, P_CALC, P_CREATE, rhPayrollApi } from './rh-payroll-helpers';

let s: TestServer;
let rh: string; // Recursos Humanos: every RH ability
let seller: string; // no RH
let viewer: string; // Consulta: only ver

const { ok, createEmployee, retireDemoQuincenal } = rhPayrollApi(() => s, () => rh, { firstSeq: 3100 });

const REQUEST = 'id folio employeeId employeeNumber employeeName firstDay lastDay days note status decisionNote primaPayrollFolio version';
const V_CREATE = `mutation($i:RhVacationRequestInput!){ rhVacationRequestCreate(input:$i){ ${REQUEST} } }`;
const V_APPROVE = `mutation($id:ID!,$v:Int!){ rhVacationRequestApprove(id:$id,version:$v){ ${REQUEST} } }`;
const V_REJECT = `mutation($id:ID!,$v:Int!,$r:String!){ rhVacationRequestReject(id:$id,version:$v,reason:$r){ ${REQUEST} } }`;
const V_CANCEL = `mutation($id:ID!,$v:Int!,$r:String!){ rhVacationRequestCancel(id:$id,version:$v,reason:$r){ ${REQUEST} } }`;
const BALANCE = 'query($e:ID!){ rhVacationBalance(employeeId:$e){ hireDate onDate earned taken pending years { serviceYear anniversary grantBy earned taken pending } } }';

const today = todayMx();
/** A hire date `years` years and about a month before today (day ≤ 28: no 29 February). */
const hiredYearsAgo = (years: number) => {
  const d = addDays(today, -30);
  return `${Number(d.slice(0, 4)) - years}${d.slice(4, 8)}${String(Math.min(28, Number(d.slice(8)))).padStart(2, '0')}`;
};
const forbidden = async (query: string, variables: Record<string, unknown>, token: string) => expect((await s.gql(query, variables, token)).errors?.[0].extensions?.code).toBe('FORBIDDEN');
const count = async () => (await ok('{ rhVacationRequests { total } }')).rhVacationRequests.total as number;
const balance = async (employeeId: string) => (await ok(BALANCE, { e: employeeId })).rhVacationBalance;

beforeAll(async () => {
  s = await startServer();
  [rh, seller, viewer] = await Promise.all([s.login('rh@demo.mx'), s.login('ventas@demo.mx'), s.login('consulta@demo.mx')]);
});
afterAll(async () => s?.stop());

describe('vacation requests and the balance', () => {
  let carla: any; // two anniversaries reached: 12 + 14 = 26 days
  let dan: any; // one anniversary: 12 days
  let long: any; // carla's approved 20 days

  beforeAll(async () => {
    carla = await createEmployee({ number: 'V-001', names: 'Carla', lastName: 'Mena', secondLastName: 'Ortiz', birthDate: '1990-04-12', hireDate: hiredYearsAgo(2), dailySalary: '500.00' });
    dan = await createEmployee({ number: 'V-002', names: 'Dan', lastName: 'Nava', secondLastName: 'Paz', birthDate: '1992-07-01', hireDate: hiredYearsAgo(1), dailySalary: '450.00' });
  });

  it('reading needs ver; Consulta reads, Ventas does not', async () => {
    await forbidden('{ rhVacationRequests { total } }', {}, seller);
    await forbidden(BALANCE, { e: carla.id }, seller);
    expect((await s.gql('{ rhVacationRequests { total } }', {}, viewer)).errors).toBeUndefined();
  });

  it('the balance: one row per anniversary reached, 12 then 14 days, none taken', async () => {
    const b = await balance(carla.id);
    expect([b.earned, b.taken, b.pending, b.onDate]).toEqual([26, 0, 26, today]);
    expect(b.years.map((y: any) => [y.serviceYear, y.earned, y.taken, y.pending])).toEqual([[1, 12, 0, 12], [2, 14, 0, 14]]);
    expect(b.years[0].anniversary).toBe(`${Number(carla.input.hireDate.slice(0, 4)) + 1}${carla.input.hireDate.slice(4)}`);
  });

  it('creating: solicitada with the days asked; without crear FORBIDDEN; bad input names the field and writes nothing', async () => {
    const before = await count();
    const input = { employeeId: carla.id, firstDay: addDays(today, 5), lastDay: addDays(today, 30), days: 20, note: 'Viaje familiar' };
    await forbidden(V_CREATE, { i: input }, seller);
    await forbidden(V_CREATE, { i: input }, viewer);
    expect(fieldsOf(await s.gql(V_CREATE, { i: { ...input, lastDay: addDays(today, 4) } }, rh))).toEqual({ lastDay: 'El último día no puede ser anterior al primero.' });
    // 5 … 30 days from today: 26 calendar days, so 27 vacation days cannot fit.
    expect(fieldsOf(await s.gql(V_CREATE, { i: { ...input, days: 27 } }, rh))).toEqual({ days: 'Los días de vacaciones van de 1 a 26 (los días naturales del periodo).' });
    expect(fieldsOf(await s.gql(V_CREATE, { i: { ...input, firstDay: '2020-01-06', lastDay: '2020-01-10', days: 5 } }, rh))).toEqual({ firstDay: 'El primer día es anterior a la fecha de ingreso del empleado.' });
    expect(await count()).toBe(before);
    long = (await ok(V_CREATE, { i: input })).rhVacationRequestCreate;
    expect([long.status, long.days, long.note, long.employeeNumber, long.primaPayrollFolio]).toEqual(['solicitada', 20, 'Viaje familiar', 'V-001', null]);
    expect(await count()).toBe(before + 1);
  });

  it('a request sharing a day with another solicitada or aprobada one is refused, naming it', async () => {
    const r = await s.gql(V_CREATE, { i: { employeeId: carla.id, firstDay: addDays(today, 30), lastDay: addDays(today, 33), days: 3 } }, rh);
    const [a, b] = [long.firstDay, long.lastDay].map((d: string) => `${d.slice(8)}/${d.slice(5, 7)}/${d.slice(0, 4)}`);
    expect(conflictOf(r)).toBe(`El empleado ya tiene la solicitud ${long.folio} del ${a} al ${b} en esas fechas.`);
  });

  it('approving needs autorizar; approved days come off the oldest year first', async () => {
    await forbidden(V_APPROVE, { id: long.id, v: long.version }, viewer);
    long = (await ok(V_APPROVE, { id: long.id, v: long.version })).rhVacationRequestApprove;
    expect(long.status).toBe('aprobada');
    // 20 days: all 12 of year 1, then 8 of the 14 of year 2 → 6 pending.
    const b = await balance(carla.id);
    expect([b.earned, b.taken, b.pending, b.onDate]).toEqual([26, 20, 6, long.firstDay]);
    expect(b.years.map((y: any) => [y.earned, y.taken, y.pending])).toEqual([[12, 12, 0], [14, 8, 6]]);
  });

  it('an approval beyond the balance is refused with the days available; rejecting needs a reason', async () => {
    const more = (await ok(V_CREATE, { i: { employeeId: carla.id, firstDay: addDays(today, 40), lastDay: addDays(today, 50), days: 8 } })).rhVacationRequestCreate;
    expect(conflictOf(await s.gql(V_APPROVE, { id: more.id, v: more.version }, rh))).toBe('El empleado tiene 6 días disponibles de vacaciones; la solicitud pide 8.');
    expect(fieldsOf(await s.gql(V_REJECT, { id: more.id, v: more.version, r: '  ' }, rh)).reason).toBeTruthy();
    await forbidden(V_REJECT, { id: more.id, v: more.version, r: 'Sin saldo' }, viewer);
    const rejected = (await ok(V_REJECT, { id: more.id, v: more.version, r: 'Sin saldo suficiente' })).rhVacationRequestReject;
    expect([rejected.status, rejected.decisionNote]).toEqual(['rechazada', 'Sin saldo suficiente']);
    expect(conflictOf(await s.gql(V_APPROVE, { id: more.id, v: rejected.version }, rh))).toBe('No se puede pasar de "Rechazada" a "Aprobada".');
    expect((await balance(carla.id)).taken).toBe(20);
  });

  it('two approvals at the same moment cannot both spend the same days', async () => {
    // 12 days earned; two requests of 8: one is approved, the other finds 4.
    const a = (await ok(V_CREATE, { i: { employeeId: dan.id, firstDay: addDays(today, 5), lastDay: addDays(today, 14), days: 8 } })).rhVacationRequestCreate;
    const b = (await ok(V_CREATE, { i: { employeeId: dan.id, firstDay: addDays(today, 20), lastDay: addDays(today, 29), days: 8 } })).rhVacationRequestCreate;
    const results = await Promise.all([s.gql(V_APPROVE, { id: a.id, v: a.version }, rh), s.gql(V_APPROVE, { id: b.id, v: b.version }, rh)]);
    expect(results.filter((r) => !r.errors).length).toBe(1);
    expect(conflictOf(results.find((r) => r.errors)!)).toBe('El empleado tiene 4 días disponibles de vacaciones; la solicitud pide 8.');
    const bal = await balance(dan.id);
    expect([bal.earned, bal.taken, bal.pending]).toEqual([12, 8, 4]);
  });

  it('cancelling an approved request gives its days back; a solicitada one is not cancelled', async () => {
    await forbidden(V_CANCEL, { id: long.id, v: long.version, r: 'Cambio de planes' }, viewer);
    const cancelled = (await ok(V_CANCEL, { id: long.id, v: long.version, r: 'Cambio de planes' })).rhVacationRequestCancel;
    expect(cancelled.status).toBe('cancelada');
    expect((await balance(carla.id)).pending).toBe(26);
    const open = (await ok(V_CREATE, { i: { employeeId: carla.id, firstDay: addDays(today, 5), lastDay: addDays(today, 6), days: 2 } })).rhVacationRequestCreate;
    expect(conflictOf(await s.gql(V_CANCEL, { id: open.id, v: open.version, r: 'x' }, rh))).toBe('No se puede pasar de "Solicitada" a "Cancelada".');
  });
});

describe('the prima vacacional in an ordinary payroll', () => {
  it('the quincena in which the vacation starts pays its prima once, exempt up to 15 UMA; the next quincena does not', async () => {
    await retireDemoQuincenal();
    const bea = await createEmployee({ number: 'V-003', names: 'Bea', lastName: 'Luna', secondLastName: 'Rey', birthDate: '1986-02-11', hireDate: '2021-03-01', dailySalary: '1000.00' });
    // Monday 5 to Friday 16 October 2026: 12 days, Sunday 11 left out → 11 vacation days by default.
    let req = (await ok(V_CREATE, { i: { employeeId: bea.id, firstDay: '2026-10-05', lastDay: '2026-10-16' } })).rhVacationRequestCreate;
    expect(req.days).toBe(11);
    req = (await ok(V_APPROVE, { id: req.id, v: req.version })).rhVacationRequestApprove;
    const first = (await ok(P_CREATE, { i: { kind: 'quincenal', periodStart: '2026-10-01', periodEnd: '2026-10-15', paymentDate: '2026-10-15' } })).rhPayrollCreate;
    const calc = async (p: any) => (await ok(P_CALC, { id: p.id, v: p.version })).rhPayrollCalculate;
    const mine = (p: any) => p.employees.find((e: any) => e.employeeId === bea.id);
    // Prima = 1,000.00 × 11 × 25 % = 2,750.00; exempt 15 × 117.31 = 1,759.65; taxable 2,750.00 − 1,759.65 = 990.35.
    // Perceptions 15 × 1,000.00 + 2,750.00 = 17,750.00; taxable 15,000.00 + 990.35 = 15,990.35.
    const once = await calc(first);
    // Calculated again: the same one line, not a second prima.
    for (const p of [once, await calc(once)]) {
      const e = mine(p);
      expect(e.lines.filter((l: any) => l.conceptCode === 'PRIMA-VAC').map((l: any) => [m(l.amount), m(l.exempt), m(l.taxable)])).toEqual([['2750.00', '1759.65', '990.35']]);
      expect([m(e.perceptions), m(e.taxable), m(e.exempt)]).toEqual(['17750.00', '15990.35', '1759.65']);
    }
    const paid = (await ok(`query($id:ID!){ rhVacationRequest(id:$id){ ${REQUEST} } }`, { id: req.id })).rhVacationRequest;
    expect(paid.primaPayrollFolio).toBe(first.folio);
    expect(conflictOf(await s.gql(V_CANCEL, { id: paid.id, v: paid.version, r: 'x' }, rh))).toBe(`La nómina ${first.folio} ya pagó la prima vacacional de esta solicitud; elimina esa nómina antes de cancelarla.`);
    const second = await calc((await ok(P_CREATE, { i: { kind: 'quincenal', periodStart: '2026-10-16', periodEnd: '2026-10-31', paymentDate: '2026-10-31' } })).rhPayrollCreate);
    expect(mine(second).lines.filter((l: any) => l.conceptCode === 'PRIMA-VAC')).toEqual([]);
    // A quincena pays 15 days: 15 × 1,000.00.
    expect(m(mine(second).perceptions)).toBe('15000.00');
  });
});
