// A payroll is stamped in full only when each receipt is stamped or explicitly left out with a
// reason (issue 27): the close leaves it cerrada with its receipts timbrada / rechazada, not
// stamped in full while one is left; «Excluir del timbrado» (autorizar, a reason in Spanish,
// audited) takes a rechazada or never-sealed receipt out for good; «Timbrar» on the last one
// completes it just the same. Exact states after every step.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './harness';
import { conflictOf, fieldsOf, P_CALC, P_CLOSE, P_CREATE, rhPayrollApi } from './rh-payroll-helpers';

let s: TestServer;
let rh: string;
let seller: string; // no RH
let viewer: string; // Consulta: ver only

const { ok, createEmployee, retireDemoQuincenal } = rhPayrollApi(() => s, () => rh, { firstSeq: 1300 });

const STATE = `query($id:ID!){ rhPayroll(id:$id){ status stampingComplete stampingCompletedAt receiptsToStamp version
  employees { id employeeNumber stampStatus uuid stampError exclusionReason excludedAt excludedByName } } }`;
const EXCLUDE = 'mutation($id:ID!,$r:String!){ rhPayrollReceiptExclude(payrollEmployeeId:$id, reason:$r){ id stampStatus exclusionReason excludedByName } }';
const RESTAMP = 'mutation($id:ID!){ rhPayrollReceiptStamp(payrollEmployeeId:$id){ id stampStatus uuid } }';
const HISTORY = 'query($id:ID!){ recordHistory(entity:"rh_payroll", entityId:$id){ entries { action userName } } }';
const CFDI_DATA = { postalCode: '76000', workState: 'QUE', contractType: '01' };

const state = async (id: string) => (await ok(STATE, { id })).rhPayroll;
const receiptsOf = (p: any) => p.employees.map((e: any) => [e.employeeNumber, e.stampStatus]);
const historyOf = async (id: string) => ((await ok(HISTORY, { id })).recordHistory.entries as { action: string }[]).map((e) => e.action);

beforeAll(async () => {
  s = await startServer();
  [rh, seller, viewer] = await Promise.all([s.login('rh@demo.mx'), s.login('ventas@demo.mx'), s.login('consulta@demo.mx')]);
});
afterAll(async () => s?.stop());

async function closedPayroll(input: Record<string, string>) {
  const created = (await ok(P_CREATE, { i: input })).rhPayrollCreate;
  const calculated = (await ok(P_CALC, { id: created.id, v: created.version })).rhPayrollCalculate;
  return { id: created.id as string, calculated, closed: (await ok(P_CLOSE, { id: created.id, v: calculated.version })).rhPayrollClose };
}

describe('closing, excluding and stamping: the payroll tells the truth', () => {
  let payrollId: string;
  let lacking: { id: string; input: any };
  const receipt = async (number: string) => (await state(payrollId)).employees.find((e: any) => e.employeeNumber === number);

  beforeAll(async () => {
    await retireDemoQuincenal();
    await createEmployee({ number: 'TIM-1', names: 'Irma', lastName: 'Solís', secondLastName: 'Vega', birthDate: '1986-04-12', hireDate: '2025-03-03', dailySalary: '420.00', ...CFDI_DATA });
    // No postal code of the fiscal address: its receipt cannot be sealed.
    lacking = await createEmployee({ number: 'TIM-2', names: 'Omar', lastName: 'Ruiz', secondLastName: 'Paz', birthDate: '1991-10-05', hireDate: '2025-06-02', dailySalary: '380.00', workState: 'QUE', contractType: '01' });
    payrollId = (await closedPayroll({ kind: 'quincenal', periodStart: '2026-08-01', periodEnd: '2026-08-15', paymentDate: '2026-08-15' })).id;
  }, 240_000);

  it('an open payroll is not stamped and has nothing to stamp; the close leaves it cerrada, not stamped in full, with the refused receipt counted', async () => {
    const open = (await ok(P_CREATE, { i: { kind: 'quincenal', periodStart: '2026-08-16', periodEnd: '2026-08-31', paymentDate: '2026-08-31' } })).rhPayrollCreate;
    expect(await state(open.id)).toMatchObject({ status: 'borrador', stampingComplete: false, stampingCompletedAt: null, receiptsToStamp: 0 });
    const someone = (await state(open.id)).employees[0];
    expect(conflictOf(await s.gql(EXCLUDE, { id: someone.id, r: 'No aplica' }, rh))).toBe('Solo se excluyen del timbrado recibos de una nómina cerrada.');
    expect((await state(open.id)).employees[0].stampStatus).toBeNull();
    await ok('mutation($id:ID!,$v:Int!){ rhPayrollDelete(id:$id,version:$v) }', { id: open.id, v: open.version });

    const p = await state(payrollId);
    expect(p).toMatchObject({ status: 'cerrada', stampingComplete: false, stampingCompletedAt: null, receiptsToStamp: 1 });
    expect(receiptsOf(p)).toEqual([
      ['TIM-1', 'timbrada'],
      ['TIM-2', 'rechazada'],
    ]);
    expect((await receipt('TIM-2')).stampError).toContain('falta el código postal');
    expect(await historyOf(payrollId)).not.toContain('timbrado_completo');
  });

  it('«Excluir del timbrado» is FORBIDDEN without Recursos Humanos and for Consulta; nothing changes', async () => {
    const id = (await receipt('TIM-2')).id;
    for (const token of [seller, viewer]) expect((await s.gql(EXCLUDE, { id, r: 'Baja del empleado' }, token)).errors?.[0].extensions?.code).toBe('FORBIDDEN');
    expect(await receipt('TIM-2')).toMatchObject({ stampStatus: 'rechazada', exclusionReason: null, excludedAt: null });
  });

  it('an empty reason is refused in Spanish under its field; nothing is written', async () => {
    const id = (await receipt('TIM-2')).id;
    for (const r of ['', '   ']) expect(fieldsOf(await s.gql(EXCLUDE, { id, r }, rh))).toEqual({ reason: 'Escribe por qué el recibo no se timbra.' });
    expect(fieldsOf(await s.gql(EXCLUDE, { id, r: 'x'.repeat(501) }, rh))).toEqual({ reason: 'Máximo 500 caracteres.' });
    expect(await receipt('TIM-2')).toMatchObject({ stampStatus: 'rechazada', exclusionReason: null });
    expect(await state(payrollId)).toMatchObject({ stampingComplete: false, receiptsToStamp: 1 });
    expect(await historyOf(payrollId)).not.toContain('timbrado_excluido');
  });

  it('a stamped receipt is not excluded; an unknown one is NOT_FOUND', async () => {
    const stamped = await receipt('TIM-1');
    expect(conflictOf(await s.gql(EXCLUDE, { id: stamped.id, r: 'Error' }, rh))).toBe('El recibo ya está timbrado: no se puede excluir del timbrado.');
    expect((await receipt('TIM-1')).stampStatus).toBe('timbrada');
    expect((await s.gql(EXCLUDE, { id: '999999', r: 'Error' }, rh)).errors?.[0].extensions?.code).toBe('NOT_FOUND');
  });

  it('rechazada → excluida with the reason and who; the last receipt settled makes the payroll stamped in full, audited; then excluida is final', async () => {
    const id = (await receipt('TIM-2')).id;
    const excluded = (await ok(EXCLUDE, { id, r: '  Empleado sin constancia de situación fiscal; se timbra en la siguiente nómina.  ' })).rhPayrollReceiptExclude;
    expect(excluded).toMatchObject({ id, stampStatus: 'excluida', exclusionReason: 'Empleado sin constancia de situación fiscal; se timbra en la siguiente nómina.' });
    expect(excluded.excludedByName).toBeTruthy();
    const p = await state(payrollId);
    expect(p).toMatchObject({ status: 'cerrada', stampingComplete: true, receiptsToStamp: 0 });
    expect(p.stampingCompletedAt).toBeTruthy();
    expect(receiptsOf(p)).toEqual([
      ['TIM-1', 'timbrada'],
      ['TIM-2', 'excluida'],
    ]);
    const history = await historyOf(payrollId);
    expect(history.filter((a) => a === 'timbrado_excluido')).toHaveLength(1);
    expect(history.filter((a) => a === 'timbrado_completo')).toHaveLength(1);
    // Final: neither excluded again nor stamped.
    expect(conflictOf(await s.gql(EXCLUDE, { id, r: 'Otra vez' }, rh))).toBe('El recibo está excluido del timbrado.');
    expect(conflictOf(await s.gql(RESTAMP, { id }, rh))).toBe('El recibo está excluido del timbrado.');
    expect((await receipt('TIM-2')).exclusionReason).toBe('Empleado sin constancia de situación fiscal; se timbra en la siguiente nómina.');
  });

  it('two exclusions at once: one excludes, the other is refused; stamped in full once', async () => {
    const p = await closedPayroll({ kind: 'extraordinaria', frequency: 'quincenal', periodStart: '2026-08-16', periodEnd: '2026-08-20', paymentDate: '2026-08-20' });
    const lackingReceipt = (await state(p.id)).employees.find((e: any) => e.employeeNumber === 'TIM-2');
    expect(await state(p.id)).toMatchObject({ stampingComplete: false, receiptsToStamp: 1 });
    const both = await Promise.all([s.gql(EXCLUDE, { id: lackingReceipt.id, r: 'Uno' }, rh), s.gql(EXCLUDE, { id: lackingReceipt.id, r: 'Dos' }, rh)]);
    expect(both.filter((r) => r.data?.rhPayrollReceiptExclude)).toHaveLength(1);
    expect(both.map((r) => r.errors?.[0].message).filter(Boolean)).toEqual(['El recibo está excluido del timbrado.']);
    expect(await state(p.id)).toMatchObject({ stampingComplete: true, receiptsToStamp: 0 });
    expect((await historyOf(p.id)).filter((a) => a === 'timbrado_completo')).toHaveLength(1);
  }, 240_000);

  it('rechazada → (datum captured, «Timbrar») → timbrada also completes the payroll', async () => {
    const p = await closedPayroll({ kind: 'extraordinaria', frequency: 'quincenal', periodStart: '2026-08-21', periodEnd: '2026-08-25', paymentDate: '2026-08-25' });
    expect(await state(p.id)).toMatchObject({ stampingComplete: false, receiptsToStamp: 1 });
    const id = (await state(p.id)).employees.find((e: any) => e.employeeNumber === 'TIM-2').id;
    const emp = (await ok('query($id:ID!){ rhEmployee(id:$id){ version } }', { id: lacking.id })).rhEmployee;
    await ok('mutation($id:ID!,$v:Int!,$i:RhEmployeeInput!){ rhEmployeeUpdate(id:$id,version:$v,input:$i){ id } }', { id: lacking.id, v: emp.version, i: { ...lacking.input, postalCode: '76020' } });
    expect((await ok(RESTAMP, { id })).rhPayrollReceiptStamp.stampStatus).toBe('timbrada');
    const after = await state(p.id);
    expect(after).toMatchObject({ status: 'cerrada', stampingComplete: true, receiptsToStamp: 0 });
    expect(receiptsOf(after)).toEqual([
      ['TIM-1', 'timbrada'],
      ['TIM-2', 'timbrada'],
    ]);
    // Nothing left to exclude.
    expect(conflictOf(await s.gql(EXCLUDE, { id, r: 'Tarde' }, rh))).toBe('El recibo ya está timbrado: no se puede excluir del timbrado.');
  }, 240_000);
});
