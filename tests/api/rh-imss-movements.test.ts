// Movimientos IMSS over HTTP (issue 27): a hire, a salary change with an
// effective date and a termination each leave one movement with its SBC and
// its «fecha límite» (5 business days, worked out by hand over a weekend);
// the IDSE file of a selection; «marcar presentado»; abilities; a salary date
// before the hire date refused with its Spanish field message, nothing written.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './harness';
import { fieldsOf, m, P_CREATE, rhPayrollApi } from './rh-payroll-helpers';

let s: TestServer;
let rh: string; // Recursos Humanos: every RH ability
let seller: string; // Ventas: no RH
let viewer: string; // Consulta: only ver

const api = rhPayrollApi(() => s, () => rh, { firstSeq: 930 });

beforeAll(async () => {
  s = await startServer();
  [rh, seller, viewer] = await Promise.all([s.login('rh@demo.mx'), s.login('ventas@demo.mx'), s.login('consulta@demo.mx')]);
});
afterAll(async () => s?.stop());

const MOVEMENT = 'id employeeId employeeNumber fullName nss curp registro type typeLabel effectiveDate deadline overdue dailySalary sbc bajaCause bajaCauseLabel status acuse presentedByName';
const LIST = `query($f:RhImssMovementFilter,$l:ListInput){ rhImssMovements(filter:$f, list:$l){ total items { ${MOVEMENT} } } }`;
const FILE = 'query($ids:[ID!]!){ rhImssMovementsIdseFile(ids:$ids){ fileName content count } }';
const PRESENT = 'mutation($ids:[ID!]!,$a:String!){ rhImssMovementsMarkPresented(ids:$ids, acuse:$a){ applied failures { id message code } } }';
const EMPLOYEE = 'id version dailySalary hireDate history { event date dailySalary }';
const UPDATE = `mutation($id:ID!,$v:Int!,$i:RhEmployeeInput!){ rhEmployeeUpdate(id:$id,version:$v,input:$i){ ${EMPLOYEE} } }`;
const TERMINATE = `mutation($id:ID!,$v:Int!,$i:RhEmployeeTerminateInput!){ rhEmployeeTerminate(id:$id,version:$v,input:$i){ ${EMPLOYEE} } }`;

const movementsOf = async (employeeId: string) =>
  ((await api.ok(LIST, { l: { pageSize: 200, search: null }, f: {} })).rhImssMovements.items as any[]).filter((x) => x.employeeId === employeeId);

describe('movements of an employee', () => {
  // Thursday 26 November 2026; the 2026 tables: aguinaldo 15 days, prima vacacional 25 %, 12 vacation days the first year.
  // Factor = 1 + (15 + 12 × 0.25) ÷ 365 = 1 + 18 ÷ 365 = 1.049315… → 1.0493.
  let employee: any;

  it('a hire is an alta (08) effective on the hire date; deadline Thu 26 Nov + 5 business days = Fri 27, Mon 30, Tue 1, Wed 2, Thu 3 Dec', async () => {
    employee = await api.createEmployee({ number: 'IMSS-1', names: 'Lucía', lastName: 'Ávalos', secondLastName: 'Núñez', birthDate: '1990-05-14', hireDate: '2026-11-26', dailySalary: '500.00', payFrequency: 'semanal' });
    const [alta] = await movementsOf(employee.id);
    expect(alta).toMatchObject({ type: 'alta', typeLabel: '08 Alta o reingreso', effectiveDate: '2026-11-26', deadline: '2026-12-03', status: 'pendiente', employeeNumber: 'IMSS-1' });
    expect(alta.nss).toBe(employee.input.nss);
    expect(alta.curp).toBe(employee.input.curp);
    // SBC = 500.00 × 1.0493 = 524.65
    expect(m(alta.sbc)).toBe('524.65');
    expect(m(alta.dailySalary)).toBe('500.00');
    const registrations = (await api.ok('{ rhEmployerRegistrationOptions { registro active } }')).rhEmployerRegistrationOptions;
    expect(alta.registro).toBe(registrations.find((r: any) => r.active).registro);
  });

  it('a salary change before the hire date is refused on salaryEffectiveDate; nothing is written', async () => {
    const before = (await api.ok(`query($id:ID!){ rhEmployee(id:$id){ ${EMPLOYEE} } }`, { id: employee.id })).rhEmployee;
    const r = await s.gql(UPDATE, { id: employee.id, v: before.version, i: { ...employee.input, dailySalary: '600.00', salaryEffectiveDate: '2026-11-25' } }, rh);
    expect(fieldsOf(r)).toEqual({ salaryEffectiveDate: 'La fecha de efecto del salario no puede ser anterior a la fecha de ingreso (26/11/2026).' });
    const after = (await api.ok(`query($id:ID!){ rhEmployee(id:$id){ ${EMPLOYEE} } }`, { id: employee.id })).rhEmployee;
    expect(after.version).toBe(before.version);
    expect(m(after.dailySalary)).toBe('500.00');
    expect(after.history.map((h: any) => h.event)).toEqual(['alta']);
    expect(await movementsOf(employee.id)).toHaveLength(1);
  });

  it('a salary change effective Fri 27 Nov is a modificación (07): deadline Mon 30, Tue 1, Wed 2, Thu 3, Fri 4 Dec; the history carries the effective date', async () => {
    const before = (await api.ok(`query($id:ID!){ rhEmployee(id:$id){ ${EMPLOYEE} } }`, { id: employee.id })).rhEmployee;
    const updated = (await api.ok(UPDATE, { id: employee.id, v: before.version, i: { ...employee.input, dailySalary: '600.00', salaryEffectiveDate: '2026-11-27' } })).rhEmployeeUpdate;
    expect(updated.history[0]).toMatchObject({ event: 'salario', date: '2026-11-27' });
    const mod = (await movementsOf(employee.id)).find((x) => x.type === 'modificacion');
    expect(mod).toMatchObject({ typeLabel: '07 Modificación de salario', effectiveDate: '2026-11-27', deadline: '2026-12-04', status: 'pendiente' });
    // SBC = 600.00 × 1.0493 = 629.58
    expect(m(mod.sbc)).toBe('629.58');
  });

  it('a termination on Sat 28 Nov is a baja (02) with its IMSS cause: deadline Mon 30, Tue 1, Wed 2, Thu 3, Fri 4 Dec', async () => {
    const before = (await api.ok(`query($id:ID!){ rhEmployee(id:$id){ ${EMPLOYEE} } }`, { id: employee.id })).rhEmployee;
    const bad = await s.gql(TERMINATE, { id: employee.id, v: before.version, i: { date: '2026-11-28', reason: 'Renuncia', imssCause: 'Z' } }, rh);
    expect(fieldsOf(bad)).toEqual({ imssCause: 'Elige la causa de baja del catálogo del IMSS.' });
    await api.ok(TERMINATE, { id: employee.id, v: before.version, i: { date: '2026-11-28', reason: 'Renuncia', imssCause: '2' } });
    const baja = (await movementsOf(employee.id)).find((x) => x.type === 'baja');
    expect(baja).toMatchObject({ effectiveDate: '2026-11-28', deadline: '2026-12-04', bajaCause: '2', bajaCauseLabel: '2 Separación voluntaria', status: 'pendiente' });
  });

  it('the IDSE file has one 168-character line per movement: 08, 07 and 02 at positions 132–133', async () => {
    const movements = (await movementsOf(employee.id)).sort((a, b) => a.effectiveDate.localeCompare(b.effectiveDate));
    const file = (await api.ok(FILE, { ids: movements.map((x) => x.id) })).rhImssMovementsIdseFile;
    expect(file.count).toBe(3);
    const lines = file.content.split('\r\n').filter(Boolean);
    expect(lines.map((l: string) => l.length)).toEqual([168, 168, 168]);
    expect(lines.map((l: string) => l.slice(131, 133))).toEqual(['08', '07', '02']);
    expect(lines[0].slice(22, 49)).toBe('AVALOS' + ' '.repeat(21));
    expect(lines[0].slice(103, 109)).toBe('052465'); // 524.65 with two implied decimals
    expect(lines[1].slice(103, 109)).toBe('062958');
    expect(lines[2].slice(118, 126)).toBe('28112026');
    expect(lines[2][148]).toBe('2');
  });

  it('«marcar presentado» needs the acuse; presented once, a second time is a failure of that row', async () => {
    const [alta] = await movementsOf(employee.id);
    expect(fieldsOf(await s.gql(PRESENT, { ids: [alta.id], a: '  ' }, rh))).toEqual({ acuse: 'Escribe el número de lote o acuse que dio IDSE (máximo 40 caracteres).' });
    expect((await movementsOf(employee.id)).find((x) => x.id === alta.id).status).toBe('pendiente');
    expect((await api.ok(PRESENT, { ids: [alta.id], a: 'LOTE-778812' })).rhImssMovementsMarkPresented).toEqual({ applied: [alta.id], failures: [] });
    const presented = (await movementsOf(employee.id)).find((x) => x.id === alta.id);
    expect(presented).toMatchObject({ status: 'presentado', acuse: 'LOTE-778812', overdue: false });
    const again = (await api.ok(PRESENT, { ids: [alta.id], a: 'LOTE-2' })).rhImssMovementsMarkPresented;
    expect(again.failures).toEqual([{ id: alta.id, code: 'BAD_USER_INPUT', message: 'El movimiento ya está presentado.' }]);
  });

  it('filters by type and state', async () => {
    const f = { type: 'modificacion', status: 'pendiente', from: '2026-11-27', to: '2026-11-27' };
    const items = (await api.ok(LIST, { f, l: { search: 'IMSS-1' } })).rhImssMovements.items;
    expect(items.map((x: any) => x.type)).toEqual(['modificacion']);
    const presented = (await api.ok(LIST, { f: { status: 'presentado' }, l: { search: 'IMSS-1' } })).rhImssMovements.items;
    expect(presented.map((x: any) => x.acuse)).toEqual(['LOTE-778812']);
  });

  it('a reingreso on Mon 30 Nov is again an 08: deadline Tue 1, Wed 2, Thu 3, Fri 4, Mon 7 Dec; SBC restarts at the first-year factor', async () => {
    const before = (await api.ok(`query($id:ID!){ rhEmployee(id:$id){ ${EMPLOYEE} } }`, { id: employee.id })).rhEmployee;
    await api.ok('mutation($id:ID!,$v:Int!,$i:RhEmployeeRehireInput!){ rhEmployeeRehire(id:$id,version:$v,input:$i){ id } }', { id: employee.id, v: before.version, i: { hireDate: '2026-11-30', dailySalary: '700.00' } });
    const reingreso = (await movementsOf(employee.id)).find((x) => x.type === 'alta' && x.effectiveDate === '2026-11-30');
    // SBC = 700.00 × 1.0493 = 734.51
    expect(reingreso).toMatchObject({ deadline: '2026-12-07', status: 'pendiente' });
    expect(m(reingreso.sbc)).toBe('734.51');
  });
});

describe('payroll reads the salary in force at the period end', () => {
  it('a raise effective Fri 20 Nov: the 1–15 Nov quincena pays the old 400.00, the 16–30 Nov one the new 450.00', async () => {
    await api.retireDemoQuincenal();
    const e = await api.createEmployee({ number: 'IMSS-2', names: 'Mario', lastName: 'Zamora', secondLastName: 'Ibarra', birthDate: '1988-02-10', hireDate: '2026-11-02', dailySalary: '400.00' });
    const current = (await api.ok(`query($id:ID!){ rhEmployee(id:$id){ ${EMPLOYEE} } }`, { id: e.id })).rhEmployee;
    await api.ok(UPDATE, { id: e.id, v: current.version, i: { ...e.input, dailySalary: '450.00', salaryEffectiveDate: '2026-11-20' } });
    const first = (await api.ok(P_CREATE, { i: { kind: 'quincenal', periodStart: '2026-11-01', periodEnd: '2026-11-15', paymentDate: '2026-11-15', description: 'Quincena antes del aumento' } })).rhPayrollCreate;
    const second = (await api.ok(P_CREATE, { i: { kind: 'quincenal', periodStart: '2026-11-16', periodEnd: '2026-11-30', paymentDate: '2026-11-30', description: 'Quincena del aumento' } })).rhPayrollCreate;
    const row = (p: any) => p.employees.find((x: any) => x.employeeId === e.id);
    // SBC = salary × 1.0493 (first year): 400.00 × 1.0493 = 419.72; 450.00 × 1.0493 = 472.185 → 472.19
    expect([m(row(first).dailySalary), m(row(first).sbcDaily)]).toEqual(['400.00', '419.72']);
    expect([m(row(second).dailySalary), m(row(second).sbcDaily)]).toEqual(['450.00', '472.19']);
  });
});

describe('abilities', () => {
  it('Ventas is FORBIDDEN everywhere; Consulta lists and downloads but cannot mark presented', async () => {
    expect((await s.gql(LIST, {}, seller)).errors?.[0].extensions?.code).toBe('FORBIDDEN');
    expect((await s.gql(FILE, { ids: ['1'] }, seller)).errors?.[0].extensions?.code).toBe('FORBIDDEN');
    expect((await s.gql(PRESENT, { ids: ['1'], a: 'X' }, seller)).errors?.[0].extensions?.code).toBe('FORBIDDEN');
    expect((await s.gql(LIST, {}, viewer)).errors).toBeUndefined();
    expect((await s.gql(PRESENT, { ids: ['1'], a: 'X' }, viewer)).errors?.[0].extensions?.code).toBe('FORBIDDEN');
  });
});
