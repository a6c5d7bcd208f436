// Cuadrillas of service orders (issue 28) over HTTP: the crew (employees of
// Recursos Humanos, vehicles of Parque Vehicular), days on site with their
// rules (Spanish messages, nothing written), and overtime reaching the
// ordinary quincena's incidencias once, with its source. Figures by hand:
// Ana earns 400.00 a day → 400 ÷ 8 = 50.00 an hour; double 100.00, triple 150.00.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, startServer, type GqlResult, type TestServer } from './harness';
import { conflictOf, fieldsOf, m, P_CALC, P_CREATE, P_DELETE, P_INCIDENT, rhPayrollApi } from './rh-payroll-helpers';

let s: TestServer;
let admin: string;
let seller: string; // Ventas: Órdenes de Servicio
let rh: string; // Recursos Humanos: Nóminas, no Ventas
let viewer: string; // Consulta: only ver

const { ok: rhOk, createEmployee, retireDemoQuincenal } = rhPayrollApi(() => s, () => rh, { firstSeq: 2800 });

beforeAll(async () => {
  s = await startServer();
  [admin, seller, rh, viewer] = await Promise.all([s.login(ADMIN_EMAIL), s.login('ventas@demo.mx'), s.login('rh@demo.mx'), s.login('consulta@demo.mx')]);
}, 300_000);
afterAll(async () => s?.stop());

function ok<T = any>(r: GqlResult<T>): T {
  expect(r.errors).toBeUndefined();
  return r.data as T;
}
const codeOf = (r: GqlResult) => r.errors?.[0].extensions?.code;

const DAY = 'id orderId date notes payrollFolio version people { id employeeId employeeNumber employeeName hours overtimeHours }';
const ORDER = `id folio version scheduledStart responsibles crew { id number fullName active } vehicles { id economicNumber } crewDays { ${DAY} }`;
const ORDER_CREATE = `mutation($input: ServiceOrderInput!){ serviceOrderCreate(input:$input){ ${ORDER} } }`;
const ORDER_UPDATE = `mutation($id:ID!,$v:Int!,$input: ServiceOrderInput!){ serviceOrderUpdate(id:$id,version:$v,input:$input){ ${ORDER} } }`;
const ORDER_GET = `query($id:ID!){ serviceOrder(id:$id){ ${ORDER} } }`;
const DAY_CREATE = `mutation($o:ID!,$i:ServiceOrderCrewDayInput!){ serviceOrderCrewDayCreate(orderId:$o,input:$i){ ${DAY} } }`;
const DAY_UPDATE = `mutation($id:ID!,$v:Int!,$i:ServiceOrderCrewDayInput!){ serviceOrderCrewDayUpdate(id:$id,version:$v,input:$i){ ${DAY} } }`;
const DAY_DELETE = 'mutation($id:ID!,$v:Int!){ serviceOrderCrewDayDelete(id:$id,version:$v) }';
const SOURCES = `query($id:ID!){ rhPayroll(id:$id){ id version status employees { id employeeNumber overtimeDoubleHours overtimeTripleHours overtimeSources { orderId orderFolio date doubleHours tripleHours } lines { conceptCode description amount } } } }`;

const QUINCENA = { kind: 'quincenal', periodStart: '2026-11-01', periodEnd: '2026-11-15', paymentDate: '2026-11-15' };

describe('cuadrillas de órdenes de servicio y horas extra en la nómina', () => {
  let clientId: string;
  let ana: any; // C-281, 400.00 a day since 2021
  let beto: any; // C-282, hired 2026-11-10
  let vehicleId: string;
  let order: any;
  let payroll: any;

  const orderOf = async (id: string) => ok(await s.gql(ORDER_GET, { id }, seller)).serviceOrder;
  const payrollOf = async (id: string) => ok(await s.gql(SOURCES, { id }, rh)).rhPayroll;
  const anaIn = (p: any) => p.employees.find((e: any) => e.employeeNumber === 'C-281');

  beforeAll(async () => {
    await retireDemoQuincenal();
    ana = await createEmployee({ number: 'C-281', names: 'Ana', lastName: 'Campos', secondLastName: 'Uc', birthDate: '1988-04-02', hireDate: '2021-03-01', dailySalary: '400.00' });
    beto = await createEmployee({ number: 'C-282', names: 'Beto', lastName: 'Chan', secondLastName: 'Pool', birthDate: '1990-06-12', hireDate: '2026-11-10', dailySalary: '400.00' });
    clientId = ok(await s.gql('mutation($input: ClientInput!){ clientCreate(input:$input){ id } }', {
      input: { rfc: 'CUA101010AB1', name: 'CLIENTE CUADRILLAS', regimenFiscal: '601', postalCode: '97000', usoCfdi: 'G03', creditDays: 0, creditLimit: '0', active: true, contacts: [] },
    }, seller)).clientCreate.id;
    const vehicles = ok(await s.gql('{ vehicleOptions(limit: 5, includeInShop: false){ id } }', {}, admin)).vehicleOptions;
    expect(vehicles.length).toBeGreaterThan(0);
    vehicleId = vehicles[0].id;
  });

  it('names the crew from active employees and the vehicles used; refuses unknown ones and other roles, writing nothing', async () => {
    const input = { clientId, description: 'Mantenimiento de subestación', site: 'Planta Norte', scheduledStart: '2026-11-01', scheduledEnd: '2026-11-30' };
    const before = ok(await s.gql('{ serviceOrders { total } }', {}, seller)).serviceOrders.total;
    expect(fieldsOf(await s.gql(ORDER_CREATE, { input: { ...input, crewEmployeeIds: [ana.id, '999999'] } }, seller))).toEqual({ 'crewEmployeeIds.1': 'El empleado no existe o está dado de baja.' });
    expect(fieldsOf(await s.gql(ORDER_CREATE, { input: { ...input, vehicleIds: ['999999'] } }, seller))).toEqual({ 'vehicleIds.0': 'El vehículo no existe o está dado de baja.' });
    expect(codeOf(await s.gql(ORDER_CREATE, { input: { ...input, crewEmployeeIds: [ana.id] } }, rh))).toBe('FORBIDDEN');
    expect(codeOf(await s.gql(ORDER_CREATE, { input: { ...input, crewEmployeeIds: [ana.id] } }, viewer))).toBe('FORBIDDEN');
    expect(ok(await s.gql('{ serviceOrders { total } }', {}, seller)).serviceOrders.total).toBe(before);

    order = ok(await s.gql(ORDER_CREATE, { input: { ...input, crewEmployeeIds: [ana.id, beto.id], vehicleIds: [vehicleId] } }, seller)).serviceOrderCreate;
    expect(order.crew.map((c: any) => [c.number, c.active])).toEqual([['C-281', true], ['C-282', true]]);
    expect(order.vehicles.map((v: any) => v.id)).toEqual([vehicleId]);
    expect(order.responsibles).toEqual([]);
  });

  it('records a day on site; bad input answers in Spanish and writes nothing; other roles get FORBIDDEN', async () => {
    const day = (over: Record<string, unknown> = {}) => ({ date: '2026-11-03', notes: 'Cambio de interruptores', people: [{ employeeId: ana.id, hours: '10', overtimeHours: '3' }], ...over });
    const person = (over: Record<string, unknown>) => ({ people: [{ employeeId: ana.id, hours: '10', overtimeHours: '3', ...over }] });
    expect(codeOf(await s.gql(DAY_CREATE, { o: order.id, i: day() }, rh))).toBe('FORBIDDEN');
    expect(codeOf(await s.gql(DAY_CREATE, { o: order.id, i: day() }, viewer))).toBe('FORBIDDEN');
    expect(fieldsOf(await s.gql(DAY_CREATE, { o: order.id, i: day({ date: '2099-01-05' }) }, seller))).toEqual({ date: 'No se registran días futuros.' });
    expect(fieldsOf(await s.gql(DAY_CREATE, { o: order.id, i: day({ date: '2026-10-31' }) }, seller))).toEqual({ date: 'La fecha no puede ser anterior al inicio de la orden (01/11/2026).' });
    expect(fieldsOf(await s.gql(DAY_CREATE, { o: order.id, i: day(person({ hours: '25' })) }, seller))).toEqual({ 'people.0.hours': 'Las horas van de 0 a 24.' });
    expect(fieldsOf(await s.gql(DAY_CREATE, { o: order.id, i: day(person({ hours: '2', overtimeHours: '3' })) }, seller))).toEqual({ 'people.0.overtimeHours': 'Las horas extra no pueden ser más que las horas trabajadas.' });
    expect(fieldsOf(await s.gql(DAY_CREATE, { o: order.id, i: day({ people: [] }) }, seller))).toEqual({ people: 'Registra al menos una persona.' });
    // Beto joined on 10/11/2026.
    expect(fieldsOf(await s.gql(DAY_CREATE, { o: order.id, i: day({ people: [{ employeeId: beto.id, hours: '8' }] }) }, seller))).toEqual({ 'people.0.employeeId': 'El empleado no estaba activo el 03/11/2026.' });
    expect(fieldsOf(await s.gql(DAY_CREATE, { o: order.id, i: day({ people: [{ employeeId: ana.id, hours: '8' }, { employeeId: ana.id, hours: '2' }] }) }, seller))).toEqual({ 'people.1.employeeId': 'El empleado ya está en este día.' });
    expect(ok(await s.gql(ORDER_GET, { id: order.id }, seller)).serviceOrder.crewDays).toEqual([]);

    const d = ok(await s.gql(DAY_CREATE, { o: order.id, i: day() }, seller)).serviceOrderCrewDayCreate;
    expect([d.date, d.payrollFolio, d.people.map((p: any) => [p.employeeNumber, m(p.hours), m(p.overtimeHours)])]).toEqual(['2026-11-03', null, [['C-281', '10.00', '3.00']]]);
    expect(fieldsOf(await s.gql(DAY_CREATE, { o: order.id, i: day() }, seller))).toEqual({ date: 'La orden ya tiene registrado este día; edítalo.' });

    // Another order the same day: Ana cannot pass 24 h; someone outside its crew is refused.
    const other = ok(await s.gql(ORDER_CREATE, { input: { clientId, description: 'Apoyo', scheduledStart: '2026-11-01', scheduledEnd: '2026-11-30', crewEmployeeIds: [ana.id] } }, seller)).serviceOrderCreate;
    expect(fieldsOf(await s.gql(DAY_CREATE, { o: other.id, i: day({ people: [{ employeeId: ana.id, hours: '15' }] }) }, seller))).toEqual({
      'people.0.hours': `El empleado ya tiene 10 h el 03/11/2026 en OS-${String(order.folio).padStart(5, '0')}; con estas pasaría de 24 h.`,
    });
    expect(fieldsOf(await s.gql(DAY_CREATE, { o: other.id, i: day({ people: [{ employeeId: beto.id, hours: '8' }] }) }, seller))).toEqual({ 'people.0.employeeId': 'El empleado no está en la cuadrilla de la orden.' });
    expect(ok(await s.gql(ORDER_GET, { id: other.id }, seller)).serviceOrder.crewDays).toEqual([]);
    // Ana has days in the order: she cannot leave its crew.
    const fresh = await orderOf(order.id);
    expect(fieldsOf(await s.gql(ORDER_UPDATE, { id: order.id, v: fresh.version, input: { clientId, description: 'Mantenimiento de subestación', scheduledStart: '2026-11-01', scheduledEnd: '2026-11-30', crewEmployeeIds: [beto.id] } }, seller))).toEqual({
      crewEmployeeIds: 'Campos Uc Ana tiene días registrados en la orden; no se puede quitar de la cuadrilla.',
    });
  });

  it('overtime reaches the quincena once, with its source: 3 h double at 50.00 → 300.00', async () => {
    payroll = ok(await s.gql(P_CREATE, { i: QUINCENA }, rh)).rhPayrollCreate;
    let p = await payrollOf(payroll.id);
    const folio = order.folio;
    expect([m(anaIn(p).overtimeDoubleHours), m(anaIn(p).overtimeTripleHours)]).toEqual(['3.00', '0.00']);
    expect(anaIn(p).overtimeSources.map((x: any) => [x.orderFolio, x.date, m(x.doubleHours), m(x.tripleHours)])).toEqual([[folio, '2026-11-03', '3.00', '0.00']]);
    // The Nómina side answers under its own ability.
    expect(codeOf(await s.gql(P_CALC, { id: p.id, v: p.version }, seller))).toBe('FORBIDDEN');
    p = ok(await s.gql(P_CALC, { id: p.id, v: p.version }, rh)).rhPayrollCalculate;
    const he = anaIn(await payrollOf(p.id)).lines.filter((l: any) => l.conceptCode.startsWith('HE-'));
    // 3 h × (50.00 × 2) = 300.00
    expect(he.map((l: any) => [l.conceptCode, l.description, m(l.amount)])).toEqual([['HE-DOBLES', '3 h × 100.00', '300.00']]);

    // The claimed day no longer changes; the incidencias cannot drop its hours.
    const day = (await orderOf(order.id)).crewDays[0];
    expect(day.payrollFolio).toBe(p.folio);
    expect(conflictOf(await s.gql(DAY_UPDATE, { id: day.id, v: day.version, i: { date: '2026-11-03', people: [{ employeeId: ana.id, hours: '10', overtimeHours: '1' }] } }, seller))).toBe(
      `Las horas extra de este día ya se pagan en la nómina ${p.folio}; no se puede modificar ni eliminar.`,
    );
    expect(conflictOf(await s.gql(DAY_DELETE, { id: day.id, v: day.version }, seller))).toContain('ya se pagan en la nómina');
    const pe = anaIn(await payrollOf(p.id));
    expect(fieldsOf(await s.gql(P_INCIDENT, { id: pe.id, i: { daysWorked: '15', absences: '0', overtimeDoubleHours: '1', overtimeTripleHours: '0', extras: [] } }, rh))).toEqual({
      overtimeDoubleHours: 'Incluye 3 h extra dobles de días en sitio de órdenes de servicio; no pueden ser menos.',
      overtimeDoubleDays: 'Indica en cuántos días trabajó las horas extra dobles (el CFDI de nómina lo pide).',
    });
  });

  it('a day recorded later joins at the next calculation: nine double hours a week, the rest triple', async () => {
    // Thursday 05/11, same week (Mon 02/11 – Sun 08/11): 8 h extra; 3 already double → 6 double + 2 triple.
    ok(await s.gql(DAY_CREATE, { o: order.id, i: { date: '2026-11-05', people: [{ employeeId: ana.id, hours: '12', overtimeHours: '8' }] } }, seller));
    let p = await payrollOf(payroll.id);
    expect(m(anaIn(p).overtimeDoubleHours)).toBe('3.00');
    ok(await s.gql(P_CALC, { id: p.id, v: p.version }, rh));
    // Calculating again takes nothing twice.
    p = await payrollOf(payroll.id);
    ok(await s.gql(P_CALC, { id: p.id, v: p.version }, rh));
    p = await payrollOf(payroll.id);
    const a = anaIn(p);
    expect([m(a.overtimeDoubleHours), m(a.overtimeTripleHours)]).toEqual(['9.00', '2.00']);
    expect(a.overtimeSources.map((x: any) => [x.date, m(x.doubleHours), m(x.tripleHours)])).toEqual([['2026-11-03', '3.00', '0.00'], ['2026-11-05', '6.00', '2.00']]);
    // 9 × 100.00 = 900.00 double; 2 × 150.00 = 300.00 triple.
    expect(a.lines.filter((l: any) => l.conceptCode.startsWith('HE-')).map((l: any) => [l.conceptCode, l.description, m(l.amount)])).toEqual([
      ['HE-DOBLES', '9 h × 100.00', '900.00'],
      ['HE-TRIPLES', '2 h × 150.00', '300.00'],
    ]);
  });

  it('a second payroll of the period does not take them again; deleting the payroll releases them; parallel runs take them once', async () => {
    // Another quincena of the period is refused; an extraordinary one takes no crew overtime.
    expect(conflictOf(await s.gql(P_CREATE, { i: QUINCENA }, rh))).toContain('solo puede haber una nómina quincenal por empleado y periodo');
    const extra = ok(await s.gql(P_CREATE, { i: { ...QUINCENA, kind: 'extraordinaria', frequency: 'quincenal', paymentDate: '2026-11-14' } }, rh)).rhPayrollCreate;
    let x = await payrollOf(extra.id);
    x = ok(await s.gql(P_CALC, { id: x.id, v: x.version }, rh)).rhPayrollCalculate;
    expect(anaIn(await payrollOf(extra.id)).overtimeSources).toEqual([]);
    expect(m(anaIn(await payrollOf(extra.id)).overtimeDoubleHours)).toBe('0.00');
    await rhOk(P_DELETE, { id: extra.id, v: x.version });

    const p = await payrollOf(payroll.id);
    await rhOk(P_DELETE, { id: p.id, v: p.version });
    const day = (await orderOf(order.id)).crewDays.find((d: any) => d.date === '2026-11-03');
    expect(day.payrollFolio).toBeNull();

    // Two creations at once: one passes and takes the overtime, the other is refused.
    const created = await Promise.all([s.gql(P_CREATE, { i: QUINCENA }, rh), s.gql(P_CREATE, { i: QUINCENA }, rh)]);
    expect(created.filter((r) => r.errors).map(codeOf)).toEqual(['CONFLICT']);
    const again = created.find((r) => !r.errors)!.data!.rhPayrollCreate as any;
    // Two calculations at once: one runs, the other finds the version taken.
    const calcs = await Promise.all([s.gql(P_CALC, { id: again.id, v: again.version }, rh), s.gql(P_CALC, { id: again.id, v: again.version }, rh)]);
    expect(calcs.filter((r) => r.errors).map(codeOf)).toEqual(['CONFLICT']);
    const a = anaIn(await payrollOf(again.id));
    expect([m(a.overtimeDoubleHours), m(a.overtimeTripleHours), a.overtimeSources.length]).toEqual(['9.00', '2.00', 2]);
    expect(a.lines.filter((l: any) => l.conceptCode.startsWith('HE-')).map((l: any) => m(l.amount))).toEqual(['900.00', '300.00']);

    // Once the quincena is closed, overtime dated in it would never be paid: refused, nothing written; plain hours still go in.
    const calculated = await payrollOf(again.id);
    const closed = ok(await s.gql('mutation($id:ID!,$v:Int!){ rhPayrollClose(id:$id,version:$v){ folio status } }', { id: calculated.id, v: calculated.version }, rh)).rhPayrollClose;
    expect(closed.status).toBe('cerrada');
    expect(fieldsOf(await s.gql(DAY_CREATE, { o: order.id, i: { date: '2026-11-06', people: [{ employeeId: ana.id, hours: '10', overtimeHours: '2' }] } }, seller))).toEqual({
      'people.0.overtimeHours': `La nómina ${closed.folio} de ese periodo ya está cerrada: estas horas extra no llegarían a ninguna nómina. Captúralas en las incidencias de una nómina abierta.`,
    });
    expect((await orderOf(order.id)).crewDays.map((d: any) => d.date)).toEqual(['2026-11-05', '2026-11-03']);
    ok(await s.gql(DAY_CREATE, { o: order.id, i: { date: '2026-11-06', people: [{ employeeId: ana.id, hours: '8' }] } }, seller));
  });
});
