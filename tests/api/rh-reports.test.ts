// Informes de Recursos Humanos over HTTP: abilities (Ventas is refused,
// Consulta reads but never exports), parameters refused with Spanish field
// messages, and exact figures on data this test creates through the RH
// mutations: a new área whose headcount and monthly cost are worked by hand,
// a document due in 5 days, a birthday tomorrow and a work anniversary in two
// days, and a closed weekly payroll whose concept totals are added up by hand.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { identityOf } from '../../server/modules/rh/employees/seed';
import { startServer, type TestServer } from './harness';
import { fieldsOf, okData } from './answers';

let s: TestServer;
let rh: string; // Recursos Humanos: every RH ability
let seller: string; // no RH
let viewer: string; // Consulta: only ver

beforeAll(async () => {
  s = await startServer();
  [rh, seller, viewer] = await Promise.all([s.login('rh@demo.mx'), s.login('ventas@demo.mx'), s.login('consulta@demo.mx')]);
});
afterAll(async () => s?.stop());

const ok = async (query: string, variables: Record<string, unknown> = {}, token = rh) => okData(await s.gql(query, variables, token));
/** Decimal scalars travel normalised ("7000", "0.5"): compare as 2-decimal text. */
const m = (v: string | null | undefined) => (v === null || v === undefined ? v : Number(v).toFixed(2));
const addDays = (iso: string, n: number) => new Date(Date.parse(`${iso}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Mexico_City', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
/** The same month and day `n` years earlier (these tests avoid 29 February: see the dates below). */
const yearsBefore = (iso: string, n: number) => `${Number(iso.slice(0, 4)) - n}${iso.slice(4)}`;

const HEADCOUNT = '{ rhHeadcount { areaName positionName active monthlyCost } }';
const DOCS = 'query($d:Int){ rhDocumentAlerts(withinDays:$d){ employeeId employeeNumber employeeName documentTypeName state expiresOn } }';
const ANNIV = 'query($d:Int){ rhAnniversaries(withinDays:$d){ employeeId employeeNumber employeeName kind date years } }';
const COSTS = 'query($f:Date!,$t:Date!){ rhPayrollCosts(from:$f,to:$t){ payrollId folio periodStart periodEnd paymentDate conceptCode conceptName kind amount } }';
const PDF = 'query($k:RhReportKind!,$d:Int,$f:Date,$t:Date){ rhReportPdf(kind:$k,withinDays:$d,from:$f,to:$t) }';
const isPdf = (base64: string) => Buffer.from(base64, 'base64').subarray(0, 5).toString('latin1') === '%PDF-';

describe('permissions', () => {
  const READS = [
    { name: 'rhHeadcount', query: HEADCOUNT },
    { name: 'rhDocumentAlerts', query: '{ rhDocumentAlerts { state } }' },
    { name: 'rhAnniversaries', query: '{ rhAnniversaries { kind } }' },
    { name: 'rhPayrollCosts', query: '{ rhPayrollCosts(from:"2026-01-01", to:"2026-12-31") { amount } }' },
  ];
  const PDFS = ['plantilla', 'documentos', 'aniversarios', 'costo_nomina'].map((kind) => ({ kind }));

  it.each(READS)('$name: FORBIDDEN without Recursos Humanos; Consulta reads', async ({ query }) => {
    expect((await s.gql(query, {}, seller)).errors?.[0].extensions?.code).toBe('FORBIDDEN');
    expect((await s.gql(query, {}, viewer)).errors).toBeUndefined();
  });
  it.each(PDFS)('rhReportPdf($kind): FORBIDDEN for Ventas and for Consulta (exportar); a PDF for Recursos Humanos', async ({ kind }) => {
    const v = { k: kind, d: 30, f: '2026-01-01', t: '2026-12-31' };
    expect((await s.gql(PDF, v, seller)).errors?.[0].extensions?.code).toBe('FORBIDDEN');
    expect((await s.gql(PDF, v, viewer)).errors?.[0].extensions?.code).toBe('FORBIDDEN');
    expect(isPdf((await ok(PDF, v)).rhReportPdf)).toBe(true);
  });
});

describe('parameters', () => {
  it('look-ahead days between 0 and 366; the payroll range needs two dates in order', async () => {
    for (const d of [-1, 367]) {
      expect(fieldsOf(await s.gql(DOCS, { d }, rh))).toEqual({ withinDays: 'Indica de 0 a 366 días.' });
      expect(fieldsOf(await s.gql(ANNIV, { d }, rh))).toEqual({ withinDays: 'Indica de 0 a 366 días.' });
      expect(fieldsOf(await s.gql(PDF, { k: 'aniversarios', d }, rh))).toEqual({ withinDays: 'Indica de 0 a 366 días.' });
    }
    expect(fieldsOf(await s.gql(COSTS, { f: '2026-03-31', t: '2026-03-01' }, rh))).toEqual({ to: 'La fecha final es anterior a la inicial.' });
    expect(fieldsOf(await s.gql(PDF, { k: 'costo_nomina', t: '2026-03-01' }, rh))).toEqual({ from: 'Indica la fecha.' });
    expect(fieldsOf(await s.gql(PDF, { k: 'costo_nomina' }, rh))).toEqual({ from: 'Indica la fecha.', to: 'Indica la fecha.' });
  });
});

describe('figures on data created here', () => {
  let seq = 700;
  let area: { id: string; name: string };
  let positions: { installer: string; supervisor: string };
  const people: Record<string, { id: string; number: string; version: number }> = {};

  async function createEmployee(p: { number: string; names: string; lastName: string; secondLastName: string; birthDate: string; hireDate: string; dailySalary: string; positionId: string }) {
    const id = identityOf({ ...p, sex: 'M', state: 'JC', seq: seq++ });
    const input = { ...p, ...id, areaId: area.id, payFrequency: 'semanal', wageZone: 'general' };
    return (await ok('mutation($i:RhEmployeeInput!){ rhEmployeeCreate(input:$i){ id number version } }', { i: input })).rhEmployeeCreate;
  }

  beforeAll(async () => {
    // Only this test's people on the weekly payroll: the demo's weekly staff go on baja.
    const weekly = (await ok('{ rhEmployees(list:{pageSize:200}, filter:{status:activo, payFrequency:semanal}){ items { id version } } }')).rhEmployees.items;
    for (const e of weekly) {
      await ok('mutation($id:ID!,$v:Int!,$i:RhEmployeeTerminateInput!){ rhEmployeeTerminate(id:$id,version:$v,input:$i){ id } }', { id: e.id, v: e.version, i: { date: today, reason: 'Baja para la prueba de informes' } });
    }
    area = (await ok('mutation{ rhAreaCreate(input:{name:"Informes de prueba", active:true}){ id name } }')).rhAreaCreate;
    const position = async (name: string, salary: string) =>
      (await ok('mutation($i:RhPositionInput!){ rhPositionCreate(input:$i){ id } }', { i: { areaId: area.id, name, baseDailySalary: salary, active: true } })).rhPositionCreate.id as string;
    positions = { installer: await position('Instalador de prueba', '400.00'), supervisor: await position('Supervisor de prueba', '650.00') };
    // Birthday tomorrow (35 years), anniversary in two days (3 years from the first hire), the rest far from today.
    const tomorrow = addDays(today, 1);
    const inTwoDays = addDays(today, 2);
    const safe = (iso: string) => (iso.slice(5) === '02-29' ? addDays(iso, 1) : iso);
    people.a = await createEmployee({ number: 'INF-1', names: 'Ana', lastName: 'Ramos', secondLastName: 'Díaz', birthDate: yearsBefore(safe(tomorrow), 35), hireDate: '2019-01-14', dailySalary: '400.00', positionId: positions.installer });
    people.b = await createEmployee({ number: 'INF-2', names: 'Berta', lastName: 'Salas', secondLastName: 'Cano', birthDate: '1988-06-20', hireDate: yearsBefore(safe(inTwoDays), 3), dailySalary: '523.37', positionId: positions.installer });
    people.c = await createEmployee({ number: 'INF-3', names: 'Carla', lastName: 'Vidal', secondLastName: 'Mora', birthDate: '1980-08-10', hireDate: '2018-05-07', dailySalary: '650.50', positionId: positions.supervisor });
    people.d = await createEmployee({ number: 'INF-4', names: 'Diana', lastName: 'Lara', secondLastName: 'Paz', birthDate: '1992-07-15', hireDate: '2020-09-01', dailySalary: '1000.00', positionId: positions.supervisor });
    // D leaves: she no longer counts anywhere.
    await ok('mutation($id:ID!,$v:Int!,$i:RhEmployeeTerminateInput!){ rhEmployeeTerminate(id:$id,version:$v,input:$i){ id } }', { id: people.d.id, v: people.d.version, i: { date: today, reason: 'Renuncia' } });
  });

  it('headcount: active employees of the área by puesto; monthly cost = Σ daily salary × 30.4', async () => {
    const rows = (await ok(HEADCOUNT)).rhHeadcount.filter((r: any) => r.areaName === area.name);
    // Instalador: (400.00 + 523.37) × 30.4 = 923.37 × 30.4 = 28,070.448 → 28,070.45
    // Supervisor: 650.50 × 30.4 = 19,775.20 (Diana, on baja, is left out)
    expect(rows.map((r: any) => [r.positionName, r.active, m(r.monthlyCost)])).toEqual([
      ['Instalador de prueba', 2, '28070.45'],
      ['Supervisor de prueba', 1, '19775.20'],
    ]);
  });

  it('document alerts: a document due in 5 days is por_vencer once the look-ahead reaches it; missing required ones are faltante; expired is vencido', async () => {
    const type = (await ok('mutation{ rhDocumentTypeCreate(input:{name:"Licencia de prueba", required:false, expires:true, warningDays:3, active:true}){ id } }')).rhDocumentTypeCreate.id;
    const dueIn5 = addDays(today, 5);
    const add = async (employeeId: string, expiresOn: string) =>
      ok('mutation($e:ID!,$i:RhEmployeeDocumentInput!){ rhEmployeeDocumentAdd(employeeId:$e,input:$i){ id } }', {
        e: employeeId,
        i: { documentTypeId: type, fileId: await s.uploadId(rh, Buffer.from('%PDF-1.4\n%%EOF\n'), 'licencia.pdf'), expiresOn },
      });
    await add(people.a.id, dueIn5);
    await add(people.b.id, addDays(today, -1));
    await add(people.c.id, addDays(today, 200));
    await add(people.d.id, addDays(today, -10)); // on baja: never listed

    const required = (await ok('{ rhDocumentTypes(list:{pageSize:100}, active:true){ items { name required } } }')).rhDocumentTypes.items.filter((t: any) => t.required).map((t: any) => t.name).sort();
    const mine = async (d: number) => {
      const rows = (await ok(DOCS, { d })).rhDocumentAlerts;
      return rows.filter((r: any) => [people.a.id, people.b.id, people.c.id, people.d.id].includes(r.employeeId));
    };
    const licence = (rows: any[]) => rows.filter((r: any) => r.documentTypeName === 'Licencia de prueba').map((r: any) => [r.employeeNumber, r.state, r.expiresOn]);

    // 4 days ahead (more than the type's 3): A's licence, due in 5, is still vigente; B's expired yesterday.
    let rows = await mine(4);
    expect(licence(rows)).toEqual([['INF-2', 'vencido', addDays(today, -1)]]);
    // The new employees uploaded none of the required documents: one faltante per required type and active employee.
    for (const who of ['INF-1', 'INF-2', 'INF-3']) {
      expect(rows.filter((r: any) => r.employeeNumber === who && r.state === 'faltante').map((r: any) => r.documentTypeName).sort()).toEqual(required);
    }
    expect(rows.filter((r: any) => r.state === 'faltante')).toHaveLength(3 * required.length);
    expect(rows.every((r: any) => r.employeeNumber !== 'INF-4')).toBe(true);
    expect(rows.filter((r: any) => r.state === 'faltante').every((r: any) => r.expiresOn === null)).toBe(true);

    // 5 days ahead: A's licence is por vencer; C's (200 days) is not listed.
    rows = await mine(5);
    expect(licence(rows)).toEqual([
      ['INF-2', 'vencido', addDays(today, -1)],
      ['INF-1', 'por_vencer', dueIn5],
    ]);
    expect((await ok('query($id:ID!){ rhEmployee(id:$id){ documents { documentTypeName state } } }', { id: people.a.id })).rhEmployee.documents.find((x: any) => x.documentTypeName === 'Licencia de prueba').state).toBe('vigente');
    // 0 days: the type's own 3 warning days still apply, as on the employee record.
    expect(licence(await mine(0))).toEqual([['INF-2', 'vencido', addDays(today, -1)]]);
  });

  it('anniversaries: a birthday tomorrow (35) and a work anniversary in two days (3 years), none of the baja', async () => {
    const mine = async (d: number) =>
      (await ok(ANNIV, { d })).rhAnniversaries.filter((r: any) => [people.a.id, people.b.id, people.c.id, people.d.id].includes(r.employeeId)).map((r: any) => [r.employeeNumber, r.kind, r.date, r.years]);
    const safe = (iso: string) => (iso.slice(5) === '02-29' ? addDays(iso, 1) : iso);
    expect(await mine(0)).toEqual([]);
    expect(await mine(1)).toEqual([['INF-1', 'cumpleaños', safe(addDays(today, 1)), 35]]);
    expect(await mine(2)).toEqual([
      ['INF-1', 'cumpleaños', safe(addDays(today, 1)), 35],
      ['INF-2', 'aniversario', safe(addDays(today, 2)), 3],
    ]);
  });

  it('payroll costs: a closed weekly payroll, its concepts summed over its employees; open payrolls and other dates stay out', async () => {
    const captures = (await ok('{ rhCaptureConcepts { id code name kind } }')).rhCaptureConcepts;
    const bonus = captures.find((c: any) => c.kind === 'percepcion');
    const discount = captures.find((c: any) => c.kind === 'deduccion');
    const P = 'id version employees { id employeeNumber lines { conceptCode amount } }';
    let p = (await ok(`mutation($i:RhPayrollInput!){ rhPayrollCreate(input:$i){ ${P} } }`, { i: { kind: 'semanal', periodStart: '2026-03-02', periodEnd: '2026-03-08', paymentDate: '2026-03-09' } })).rhPayrollCreate;
    expect(p.employees.map((e: any) => e.employeeNumber).sort()).toEqual(['INF-1', 'INF-2', 'INF-3']);
    const pe = (n: string) => p.employees.find((e: any) => e.employeeNumber === n).id;
    const incident = { daysWorked: '7', absences: '0', overtimeDoubleHours: '0', overtimeTripleHours: '0' };
    await ok('mutation($id:ID!,$i:RhPayrollIncidentInput!){ rhPayrollIncidentSave(payrollEmployeeId:$id,input:$i){ id } }', { id: pe('INF-1'), i: { ...incident, extras: [{ conceptId: bonus.id, amount: '250.00' }] } });
    await ok('mutation($id:ID!,$i:RhPayrollIncidentInput!){ rhPayrollIncidentSave(payrollEmployeeId:$id,input:$i){ id } }', { id: pe('INF-3'), i: { ...incident, extras: [{ conceptId: bonus.id, amount: '100.50' }, { conceptId: discount.id, amount: '80.00' }] } });
    // A second payroll, paid in the range but only calculated: never in the report.
    const open = (await ok(`mutation($i:RhPayrollInput!){ rhPayrollCreate(input:$i){ ${P} } }`, { i: { kind: 'semanal', periodStart: '2026-03-09', periodEnd: '2026-03-15', paymentDate: '2026-03-16' } })).rhPayrollCreate;
    await ok(`mutation($id:ID!,$v:Int!){ rhPayrollCalculate(id:$id,version:$v){ id } }`, { id: open.id, v: open.version });

    const before = (await ok(COSTS, { f: '2026-03-01', t: '2026-03-31' })).rhPayrollCosts;
    expect(before).toEqual([]);
    p = (await ok(`mutation($id:ID!,$v:Int!){ rhPayrollCalculate(id:$id,version:$v){ ${P} } }`, { id: p.id, v: (await ok('query($id:ID!){ rhPayroll(id:$id){ version } }', { id: p.id })).rhPayroll.version })).rhPayrollCalculate;
    p = (await ok(`mutation($id:ID!,$v:Int!){ rhPayrollClose(id:$id,version:$v){ ${P} } }`, { id: p.id, v: p.version })).rhPayrollClose;

    const rows = (await ok(COSTS, { f: '2026-03-09', t: '2026-03-09' })).rhPayrollCosts;
    const byCode = Object.fromEntries(rows.map((r: any) => [r.conceptCode, m(r.amount)]));
    // Sueldo: 7 days × (400.00 + 523.37 + 650.50) = 7 × 1,573.87 = 11,017.09
    expect(byCode.SUELDO).toBe('11017.09');
    // Captured: bonus 250.00 + 100.50 = 350.50; discount 80.00
    expect(byCode[bonus.code]).toBe('350.50');
    expect(byCode[discount.code]).toBe('80.00');
    // ISR and IMSS come from the fiscal engine (tested on its own): here, the sum of the three employees' lines.
    for (const code of ['ISR', 'IMSS']) {
      const lines = p.employees.flatMap((e: any) => e.lines.filter((l: any) => l.conceptCode === code).map((l: any) => Math.round(Number(l.amount) * 100)));
      expect(lines).toHaveLength(3);
      expect(byCode[code]).toBe((lines.reduce((a: number, b: number) => a + b, 0) / 100).toFixed(2));
    }
    expect(rows.every((r: any) => r.payrollId === p.id && r.periodStart === '2026-03-02' && r.periodEnd === '2026-03-08' && r.paymentDate === '2026-03-09')).toBe(true);
    // Percepciones first, then deducciones, then otros pagos.
    const order = { percepcion: 0, deduccion: 1, otro_pago: 2 } as Record<string, number>;
    expect(rows.map((r: any) => order[r.kind])).toEqual([...rows.map((r: any) => order[r.kind])].sort());
    // Outside the payment date: nothing.
    expect((await ok(COSTS, { f: '2026-03-10', t: '2026-03-31' })).rhPayrollCosts).toEqual([]);
    expect(isPdf((await ok(PDF, { k: 'costo_nomina', f: '2026-03-01', t: '2026-03-31' })).rhReportPdf)).toBe(true);
  });
});
