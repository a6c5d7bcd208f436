// A stamped receipt of a closed payroll is corrected or cancelled (issue 27): «Corregir recibo»
// takes the same incidencias the editor saves, recalculates that receipt, stamps a new CFDI
// related 04 to the old UUID and cancels the old one with motivo 01 + FolioSustitucion; «Cancelar
// recibo» cancels without substitute (02/03). The old CFDI stays in the receipt's history with its
// XML. Allowed (rh), FORBIDDEN (ventas, consulta), bad input, wrong states, two at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './harness';
import { conflictOf, fieldsOf, m, P_CALC, P_CLOSE, P_CREATE, rhPayrollApi } from './rh-payroll-helpers';
import { checkStampedCfdi } from '../unit/cfdi/fixtures';
import { startFakeFinkok, type FakeFinkok } from '../unit/cfdi/fakeFinkok';

let s: TestServer;
// Finkok's API faked on 127.0.0.1 (it stamps with the sandbox PAC): a test makes it go silent on cancellations.
let finkok: FakeFinkok;
let rh: string;
let seller: string; // no RH
let viewer: string; // Consulta: ver only

const { ok, createEmployee, retireDemoQuincenal, conceptId } = rhPayrollApi(() => s, () => rh, { firstSeq: 1500 });

const RECEIPT = `id employeeNumber stampStatus uuid perceptions taxable isr subsidy isrWithheld imssEmployee deductions net
  lines { conceptCode amount } replacedCfdis { id uuid net motivo motivoLabel substituteUuid status reason requestedByName cancelledAt cancelError }`;
const STATE = `query($id:ID!){ rhPayroll(id:$id){ status perceptions deductions net receiptsToStamp stampingComplete employees { ${RECEIPT} } } }`;
const CORRECT = `mutation($id:ID!,$u:String!,$i:RhPayrollIncidentInput!,$r:String!){ rhPayrollReceiptCorrect(payrollEmployeeId:$id, uuid:$u, input:$i, reason:$r){ ${RECEIPT} } }`;
const RETRY = `mutation($id:ID!){ rhPayrollReceiptCfdiCancelRetry(cfdiId:$id){ ${RECEIPT} } }`;
const CANCEL = `mutation($id:ID!,$u:String!,$mo:String!,$r:String!){ rhPayrollReceiptCancel(payrollEmployeeId:$id, uuid:$u, motivo:$mo, reason:$r){ ${RECEIPT} } }`;
const EXCLUDE = 'mutation($id:ID!,$r:String!){ rhPayrollReceiptExclude(payrollEmployeeId:$id, reason:$r){ id } }';
const XML = 'query($id:ID!){ rhPayrollReceiptXml(payrollEmployeeId:$id) }';
const OLD_XML = 'query($id:ID!){ rhPayrollReceiptCfdiXml(cfdiId:$id) }';
const HISTORY = 'query($id:ID!){ recordHistory(entity:"rh_payroll", entityId:$id){ entries { action } } }';
const CFDI_DATA = { postalCode: '76000', workState: 'QUE', contractType: '01' };
const QUINCENA = { kind: 'quincenal', periodStart: '2026-08-01', periodEnd: '2026-08-15', paymentDate: '2026-08-15' };
const NO_INCIDENTS = { daysWorked: '15', absences: '0', overtimeDoubleHours: '0', overtimeTripleHours: '0', extras: [] };

let payrollId: string;
const state = async () => (await ok(STATE, { id: payrollId })).rhPayroll;
const receipt = async (number: string) => (await state()).employees.find((e: any) => e.employeeNumber === number);
const actions = async () => ((await ok(HISTORY, { id: payrollId })).recordHistory.entries as { action: string }[]).map((e) => e.action);

beforeAll(async () => {
  finkok = await startFakeFinkok();
  s = await startServer(finkok.env());
  [rh, seller, viewer] = await Promise.all([s.login('rh@demo.mx'), s.login('ventas@demo.mx'), s.login('consulta@demo.mx')]);
  await retireDemoQuincenal();
  await createEmployee({ number: 'SUB-1', names: 'Lucía', lastName: 'Mora', secondLastName: 'Díaz', birthDate: '1988-02-10', hireDate: '2025-03-03', dailySalary: '600.00', ...CFDI_DATA });
  await createEmployee({ number: 'SUB-2', names: 'Raúl', lastName: 'Cano', secondLastName: 'Ibarra', birthDate: '1990-07-21', hireDate: '2025-03-03', dailySalary: '600.00', ...CFDI_DATA });
  // No fiscal postal code: its receipt is refused at the close (rechazada).
  await createEmployee({ number: 'SUB-3', names: 'Pedro', lastName: 'Gil', secondLastName: 'Luna', birthDate: '1992-01-15', hireDate: '2025-03-03', dailySalary: '600.00', workState: 'QUE', contractType: '01' });
  const created = (await ok(P_CREATE, { i: QUINCENA })).rhPayrollCreate;
  const calculated = (await ok(P_CALC, { id: created.id, v: created.version })).rhPayrollCalculate;
  await ok(P_CLOSE, { id: created.id, v: calculated.version });
  payrollId = created.id;
}, 240_000);
afterAll(async () => {
  await s?.stop();
  await finkok?.close();
});

describe('correcting and cancelling a stamped payroll receipt', () => {
  it('the closed quincena: SUB-1 and SUB-2 stamped with the hand-computed ISR, SUB-3 refused', async () => {
    const one = await receipt('SUB-1');
    // Sueldo 600.00 × 15 = 9,000.00, all taxable. ISR quincenal 2026 (MX_FISCAL, daily × 15), row
    // LI 8,651.41 / cuota 916.20 / 21.36 %: 916.20 + (9,000.00 − 8,651.41) × 21.36 % = 916.20 + 74.46 = 990.66.
    // Subsidio: 9,000.00 is above the cap 11,492.66 ÷ 30.4 × 15 = 5,670.72: none.
    expect(one).toMatchObject({ stampStatus: 'timbrada', replacedCfdis: [] });
    expect([m(one.perceptions), m(one.isr), m(one.subsidy), m(one.isrWithheld)]).toEqual(['9000.00', '990.66', '0.00', '990.66']);
    expect((await receipt('SUB-3')).stampStatus).toBe('rechazada');
  });

  it('FORBIDDEN for Ventas and Consulta: nothing changes', async () => {
    const one = await receipt('SUB-1');
    for (const token of [seller, viewer]) {
      expect((await s.gql(CORRECT, { id: one.id, u: one.uuid, i: NO_INCIDENTS, r: 'Bono omitido' }, token)).errors?.[0].extensions?.code).toBe('FORBIDDEN');
      expect((await s.gql(CANCEL, { id: one.id, u: one.uuid, mo: '02', r: 'Error' }, token)).errors?.[0].extensions?.code).toBe('FORBIDDEN');
    }
    expect(await receipt('SUB-1')).toMatchObject({ stampStatus: 'timbrada', uuid: one.uuid, replacedCfdis: [] });
  });

  it('bad input is refused in Spanish under its field; nothing is written', async () => {
    const one = await receipt('SUB-1');
    for (const r of ['', '  ']) {
      expect(fieldsOf(await s.gql(CORRECT, { id: one.id, u: one.uuid, i: NO_INCIDENTS, r }, rh))).toEqual({ reason: 'Escribe el motivo de la corrección o cancelación del recibo.' });
    }
    expect(fieldsOf(await s.gql(CANCEL, { id: one.id, u: one.uuid, mo: '01', r: '' }, rh))).toEqual({
      motivo: 'Elige el motivo de cancelación: 02 (emitido con errores sin relación) o 03 (no se llevó a cabo la operación). Para corregirlo usa «Corregir recibo».',
      reason: 'Escribe el motivo de la corrección o cancelación del recibo.',
    });
    // The incidencias are checked as the editor checks them: a system concept is not captured by hand.
    const sueldo = await conceptId('SUELDO');
    expect(fieldsOf(await s.gql(CORRECT, { id: one.id, u: one.uuid, i: { ...NO_INCIDENTS, extras: [{ conceptId: sueldo, amount: '100' }] }, r: 'Ajuste' }, rh))).toEqual({
      'extras.0.conceptId': 'Este concepto lo calcula el sistema; no se captura a mano.',
    });
    expect(await receipt('SUB-1')).toMatchObject({ stampStatus: 'timbrada', uuid: one.uuid, net: one.net, replacedCfdis: [] });
    expect(await actions()).not.toContain('recibo_corregido');
  });

  it('a receipt that is not stamped (rechazada, excluida) or a UUID it no longer carries: CONFLICT', async () => {
    const three = await receipt('SUB-3');
    expect(conflictOf(await s.gql(CORRECT, { id: three.id, u: 'X', i: NO_INCIDENTS, r: 'Ajuste' }, rh))).toBe('Solo se corrige o cancela un recibo timbrado; este está «Rechazada».');
    await ok(EXCLUDE, { id: three.id, r: 'Sin constancia fiscal' });
    expect(conflictOf(await s.gql(CORRECT, { id: three.id, u: 'X', i: NO_INCIDENTS, r: 'Ajuste' }, rh))).toBe('Solo se corrige o cancela un recibo timbrado; este está «Excluida».');
    expect(conflictOf(await s.gql(CANCEL, { id: three.id, u: 'X', mo: '02', r: 'Error' }, rh))).toBe('Solo se corrige o cancela un recibo timbrado; este está «Excluida».');
    const one = await receipt('SUB-1');
    expect(conflictOf(await s.gql(CORRECT, { id: one.id, u: '00000000-0000-4000-8000-000000000000', i: NO_INCIDENTS, r: 'Ajuste' }, rh))).toBe(
      'El recibo cambió desde que lo abriste (otra persona lo corrigió o canceló): vuelve a abrirlo.',
    );
  });

  it('«Corregir recibo» with a 1,000.00 bono: new figures, a new CFDI related 04 to the old one, the old one cancelled with motivo 01', async () => {
    const before = await state();
    const one = await receipt('SUB-1');
    const oldXml = (await ok(XML, { id: one.id })).rhPayrollReceiptXml as string;
    const bono = await conceptId('P101');
    const corrected = (await ok(CORRECT, { id: one.id, u: one.uuid, i: { ...NO_INCIDENTS, extras: [{ conceptId: bono, amount: '1000' }] }, r: '  Faltó el bono de puntualidad.  ' })).rhPayrollReceiptCorrect;
    // Taxable 9,000.00 + 1,000.00 = 10,000.00, same row: 916.20 + (10,000.00 − 8,651.41) × 21.36 % = 916.20 + 288.06 = 1,204.26.
    // IMSS does not change (same SBC and days). Net: +1,000.00 − (1,204.26 − 990.66 = 213.60) = +786.40.
    expect([m(corrected.perceptions), m(corrected.taxable), m(corrected.isr), m(corrected.isrWithheld), m(corrected.imssEmployee)]).toEqual(['10000.00', '10000.00', '1204.26', '1204.26', m(one.imssEmployee)]);
    expect(m(corrected.deductions)).toBe(m(String(1204.26 + Number(one.imssEmployee))));
    expect(m(corrected.net)).toBe(m(String(Number(one.net) + 786.4)));
    expect(corrected.lines.map((l: any) => l.conceptCode)).toContain('P101');
    expect(corrected.stampStatus).toBe('timbrada');
    expect(corrected.uuid).toBeTruthy();
    expect(corrected.uuid).not.toBe(one.uuid);
    expect(corrected.replacedCfdis).toEqual([
      expect.objectContaining({ uuid: one.uuid, net: one.net, motivo: '01', motivoLabel: 'Comprobante emitido con errores con relación', substituteUuid: corrected.uuid, status: 'cancelado', reason: 'Faltó el bono de puntualidad.', cancelError: null }),
    ]);
    expect(corrected.replacedCfdis[0].cancelledAt).toBeTruthy();
    expect(corrected.replacedCfdis[0].requestedByName).toBeTruthy();

    const newXml = (await ok(XML, { id: one.id })).rhPayrollReceiptXml as string;
    const check = await checkStampedCfdi(newXml);
    expect(check).toMatchObject({ xsdValid: true, selloValid: true, selloCfdMatches: true, selloSatValid: true, uuid: corrected.uuid });
    expect(newXml).toMatch(new RegExp(`<cfdi:CfdiRelacionados TipoRelacion="04">\\s*<cfdi:CfdiRelacionado UUID="${one.uuid}"/>`));
    expect(newXml).toContain('TotalPercepciones="10000.00"');
    // The old CFDI is still downloadable, as stamped.
    expect((await ok(OLD_XML, { id: corrected.replacedCfdis[0].id })).rhPayrollReceiptCfdiXml).toBe(oldXml);

    const after = await state();
    expect(m(after.perceptions)).toBe(m(String(Number(before.perceptions) + 1000)));
    expect(m(after.net)).toBe(m(String(Number(before.net) + 786.4)));
    expect(after).toMatchObject({ status: 'cerrada', receiptsToStamp: 0, stampingComplete: true });
    const history = await actions();
    expect(history.filter((a) => a === 'recibo_corregido')).toHaveLength(1);
    expect(history.filter((a) => a === 'cfdi_cancelado')).toHaveLength(1);
  });

  it('a replaced CFDI whose cancellation the PAC did not answer stays por cancelar; «Volver a pedir la cancelación» cancels it once', async () => {
    const one = await receipt('SUB-1');
    finkok.cancelMode = 'drop';
    // The correction itself holds: the new CFDI is stamped, the old one waits for SAT with the reason.
    const corrected = (await ok(CORRECT, { id: one.id, u: one.uuid, i: NO_INCIDENTS, r: 'Sin el bono' })).rhPayrollReceiptCorrect;
    expect(corrected.stampStatus).toBe('timbrada');
    const waiting = corrected.replacedCfdis.find((c: any) => c.uuid === one.uuid);
    const noAnswer = `El PAC no respondió a la cancelación del CFDI ${one.uuid}: queda por cancelar y se vuelve a pedir al reiniciar o al repetir la acción.`;
    expect(waiting).toMatchObject({ motivo: '01', status: 'por_cancelar', cancelledAt: null, cancelError: noAnswer });
    // Still silent: CONFLICT with the same reason, nothing cancelled.
    expect(conflictOf(await s.gql(RETRY, { id: waiting.id }, rh))).toBe(noAnswer);
    // Ventas and Consulta: FORBIDDEN; an unknown CFDI: NOT_FOUND.
    for (const token of [seller, viewer]) expect((await s.gql(RETRY, { id: waiting.id }, token)).errors?.[0].extensions?.code).toBe('FORBIDDEN');
    expect((await s.gql(RETRY, { id: '999999' }, rh)).errors?.[0].extensions?.code).toBe('NOT_FOUND');
    expect((await receipt('SUB-1')).replacedCfdis.find((c: any) => c.id === waiting.id).status).toBe('por_cancelar');

    finkok.cancelMode = 'ok';
    const retried = (await ok(RETRY, { id: waiting.id })).rhPayrollReceiptCfdiCancelRetry;
    expect(retried.replacedCfdis.find((c: any) => c.id === waiting.id)).toMatchObject({ status: 'cancelado', substituteUuid: corrected.uuid, cancelError: null });
    expect(finkok.lastCancel).toContain(one.uuid);
    // Cancelled once: asking again is CONFLICT, and the history holds one cfdi_cancelado for it.
    expect(conflictOf(await s.gql(RETRY, { id: waiting.id }, rh))).toBe('Este CFDI ya está cancelado ante el SAT.');
    expect((await actions()).filter((a) => a === 'cfdi_cancelado')).toHaveLength(2);
  });

  it('two corrections of the same receipt at once: one wins, the other is CONFLICT; one CFDI replaced', async () => {
    const two = await receipt('SUB-2');
    const bono = await conceptId('P101');
    const both = await Promise.all(
      ['500', '700'].map((amount) => s.gql(CORRECT, { id: two.id, u: two.uuid, i: { ...NO_INCIDENTS, extras: [{ conceptId: bono, amount }] }, r: `Bono ${amount}` }, rh)),
    );
    expect(both.filter((r) => r.data?.rhPayrollReceiptCorrect)).toHaveLength(1);
    expect(both.map((r) => r.errors?.[0].message).filter(Boolean)).toEqual(['El recibo cambió desde que lo abriste (otra persona lo corrigió o canceló): vuelve a abrirlo.']);
    const now = await receipt('SUB-2');
    expect(now.stampStatus).toBe('timbrada');
    expect(now.replacedCfdis).toHaveLength(1);
    expect(now.replacedCfdis[0]).toMatchObject({ uuid: two.uuid, substituteUuid: now.uuid, status: 'cancelado' });
  });

  it('«Cancelar recibo» motivo 02: the receipt is cancelada, its CFDI cancelled without substitute; then final', async () => {
    const two = await receipt('SUB-2');
    const cancelled = (await ok(CANCEL, { id: two.id, u: two.uuid, mo: '02', r: 'Recibo emitido por error' })).rhPayrollReceiptCancel;
    expect(cancelled).toMatchObject({ stampStatus: 'cancelada', uuid: two.uuid });
    expect(cancelled.replacedCfdis.at(-1)).toMatchObject({ uuid: two.uuid, motivo: '02', substituteUuid: null, status: 'cancelado', reason: 'Recibo emitido por error' });
    expect(await state()).toMatchObject({ receiptsToStamp: 0 });
    expect((await actions()).filter((a) => a === 'recibo_cancelado')).toHaveLength(1);
    expect(conflictOf(await s.gql(CANCEL, { id: two.id, u: two.uuid, mo: '03', r: 'Otra vez' }, rh))).toBe('Solo se corrige o cancela un recibo timbrado; este está «Cancelada».');
    expect(conflictOf(await s.gql(CORRECT, { id: two.id, u: two.uuid, i: NO_INCIDENTS, r: 'Tarde' }, rh))).toBe('Solo se corrige o cancela un recibo timbrado; este está «Cancelada».');
  });
});
