// Correcting or cancelling a stamped payroll receipt of a closed payroll (issue 27), as NOI or
// CONTPAQi Nóminas do: the receipt stays the same row of the payroll, the CFDIs it no longer
// carries go to rh_payroll_receipt_cfdis (history: UUID, XML, motivo, substitute, state).
//
// Design (decided here): «Corregir recibo» is rhPayrollReceiptCorrect(payrollEmployeeId, uuid,
// input, reason) where `input` is the SAME RhPayrollIncidentInput the incident editor saves (days,
// faltas, horas extra, Sundays and rest days worked, captured concepts), checked by the same
// checkIncident, and `uuid` is the CFDI the person is correcting (two corrections of one receipt
// at once: the second one finds another UUID, or none, and gets CONFLICT). Steps:
//   1. one transaction, queued on the payroll's row: the stamped CFDI moves to the history (motivo
//      01, por_cancelar); the incidencias are replaced; recalculateReceipt runs calculateEmployee
//      for that receipt (convenio installments and prima vacacional as the close applied them) and
//      refreshes the payroll's totals and employer quotas; sealPayrollReceipts seals the new CFDI
//      with CfdiRelacionados TipoRelacion 04 → the old UUID (pendiente). A receipt that cannot be
//      sealed rolls everything back (CONFLICT with the reason).
//   2. stampReceipt: the PAC stamps it under a key of its own (nomina-<payroll>-<employee>-s<n>);
//      then cancelDueReceiptCfdis cancels the old UUID with motivo 01 and FolioSustitucion = the new
//      UUID, through the same cancelAtPac the invoices use. Without the PAC's answer either step is
//      picked up again by «Timbrar» and by the recovery at start.
// «Cancelar recibo» (rhPayrollReceiptCancel, motivo 02 or 03, a reason): timbrada → cancelada in
// one transaction with its history row, then the PAC; a definite refusal undoes it. The payroll's
// figures keep the receipt (it was paid); only its CFDI is cancelled.
import DataLoader from 'dataloader';
import { actorOf, type RequestContext } from '../../../context';
import { writeAudit } from '../../../db/audit';
import type { Executor } from '../../../db/database';
import { appError, badInput, found, notFound } from '../../../lib/errors';
import { parseInput } from '../../../lib/validation';
import { assertAction } from '../../../lib/lifecycle';
import { isOrdinaryPayroll, negativeNetMessage, RECEIPT_CANCEL_MOTIVOS, RECEIPT_STAMP_LIFECYCLE, type ReceiptCancelMotivo } from '../../../../schema/rh/payroll';
import { loadFiscalYearSets } from '../fiscal/service';
import { incidentInput } from './inputs';
import { checkIncident, recalculateReceipt, storeRestDaysWorked } from './service';
import { cancelDueReceiptCfdis, sealPayrollReceipts, stampReceipt } from './stamping';
import * as data from './data';

export const SUBSTITUTION_MSG = {
  reason: 'Escribe el motivo de la corrección o cancelación del recibo.',
  reasonLong: 'Máximo 500 caracteres.',
  motivo: 'Elige el motivo de cancelación: 02 (emitido con errores sin relación) o 03 (no se llevó a cabo la operación). Para corregirlo usa «Corregir recibo».',
  notClosed: 'Solo se corrigen o cancelan recibos de una nómina cerrada.',
  notStamped: (state: string) => `Solo se corrige o cancela un recibo timbrado; este está «${state}».`,
  notStampedYet: 'El recibo no tiene CFDI timbrado: usa «Timbrar» o «Excluir del timbrado».',
  changed: 'El recibo cambió desde que lo abriste (otra persona lo corrigió o canceló): vuelve a abrirlo.',
  alreadyCancelled: 'Este CFDI ya está cancelado ante el SAT.',
  substituteFirst: 'El recibo que lo sustituye aún no está timbrado: usa «Timbrar» en ese recibo; su cancelación se pide en cuanto quede timbrado.',
  kind: 'Los recibos de aguinaldo y finiquito no llevan incidencias: cancélalo (motivo 02) y vuelve a emitir la nómina.',
} as const;

function readReason(input: string): string {
  const reason = input.trim();
  if (!reason) throw badInput({ reason: SUBSTITUTION_MSG.reason });
  if (reason.length > 500) throw badInput({ reason: SUBSTITUTION_MSG.reasonLong });
  return reason;
}

/** The receipt of a closed payroll, stamped with `uuid`, read under the payroll's lock; CONFLICT otherwise. */
function assertStamped(payroll: data.PayrollRow, receipt: data.ReceiptStampRow, uuid: string): void {
  if (payroll.status !== 'cerrada') throw appError('CONFLICT', SUBSTITUTION_MSG.notClosed);
  if (receipt.stampStatus === 'timbrada' && receipt.uuid && receipt.uuid.toUpperCase() !== uuid.trim().toUpperCase()) throw appError('CONFLICT', SUBSTITUTION_MSG.changed);
  if (receipt.stampStatus === 'pendiente' && receipt.substitutions > 0) throw appError('CONFLICT', SUBSTITUTION_MSG.changed);
  if (receipt.stampStatus === null) throw appError('CONFLICT', SUBSTITUTION_MSG.notStampedYet);
  if (receipt.stampStatus !== 'timbrada') throw appError('CONFLICT', SUBSTITUTION_MSG.notStamped(RECEIPT_STAMP_LIFECYCLE.labels[receipt.stampStatus]));
}

/** The stamped CFDI leaves the receipt for its history (por cancelar with `motivo`); the PAC cancels it after the commit. */
async function retireStampedCfdi(tx: Executor, ctx: RequestContext, receipt: data.ReceiptStampRow, motivo: '01' | ReceiptCancelMotivo, reason: string): Promise<void> {
  await data.insertReceiptCfdi(tx, {
    payrollEmployeeId: receipt.id,
    uuid: receipt.uuid!,
    cfdiXml: receipt.cfdiXml!,
    stampedAt: receipt.stampedAt,
    stampSandbox: receipt.stampSandbox,
    net: receipt.net,
    motivo,
    reason,
    requestedBy: ctx.auth?.id ?? null,
  });
}

/** «Corregir recibo»: new incidencias and figures, a new CFDI substituting the stamped one (motivo 01). */
export async function correctReceipt(ctx: RequestContext, payrollEmployeeId: string, uuid: string, input: unknown, reasonInput: string) {
  const id = Number(payrollEmployeeId);
  const reason = readReason(reasonInput);
  const v = parseInput(incidentInput, input);
  const { db } = ctx.app.database;
  const sets = await loadFiscalYearSets(db);
  await db.transaction(async (tx) => {
    const first = await data.receiptStampRow(tx, id);
    if (!first) throw notFound('El recibo');
    const payroll = found(await data.findPayroll(tx, first.payrollId, { lock: true }), 'La nómina');
    const receipt = (await data.receiptStampRow(tx, id))!;
    assertStamped(payroll, receipt, uuid);
    if (payroll.kind === 'aguinaldo' || payroll.kind === 'finiquito') throw appError('CONFLICT', SUBSTITUTION_MSG.kind);
    assertAction(RECEIPT_STAMP_LIFECYCLE, 'corregir', 'timbrada', 'pendiente');
    const before = found(await data.findPayrollEmployee(tx, id), 'El recibo');
    await checkIncident(tx, payroll, before, v);

    await retireStampedCfdi(tx, ctx, receipt, '01', reason);
    if (!(await data.clearReceiptCfdi(tx, id))) throw appError('CONFLICT', SUBSTITUTION_MSG.changed);
    await data.reopenStamping(tx, payroll.id);
    await data.updateIncident(tx, id, v);
    await storeRestDaysWorked(tx, before, v);
    await data.replaceCapturedLines(tx, id, v.extras.map((x) => ({ conceptId: x.conceptId, amount: x.amount, description: x.description })));
    const after = await recalculateReceipt(tx, payroll, sets, id);
    if (after.net.startsWith('-')) throw appError('CONFLICT', negativeNetMessage(after));
    const refused = await sealPayrollReceipts(tx, { config: ctx.app.config, sets }, payroll, id);
    if (refused.length) throw appError('CONFLICT', refused[0].message);
    await writeAudit(tx, actorOf(ctx), {
      entity: 'rh_payroll',
      entityId: payroll.id,
      action: 'recibo_corregido',
      before: { employeeId: before.employeeId, uuid: receipt.uuid, daysWorked: before.daysWorked, absences: before.absences, perceptions: before.perceptions, deductions: before.deductions, net: before.net },
      after: { employeeId: before.employeeId, ...v, perceptions: after.perceptions, deductions: after.deductions, net: after.net, reason, employerQuotas: isOrdinaryPayroll(payroll.kind) },
    });
  });
  // The new CFDI stamped and the old one cancelled (motivo 01); a PAC without answer throws CONFLICT, the correction stays.
  await stampReceipt(ctx.app, actorOf(ctx), id);
  return found(await data.findPayrollEmployee(db, id), 'El recibo');
}

const isCancelMotivo = (m: string): m is ReceiptCancelMotivo => (RECEIPT_CANCEL_MOTIVOS as readonly string[]).includes(m);

/** «Cancelar recibo»: the stamped CFDI cancelled without substitute (motivo 02 or 03); the receipt is cancelada. */
export async function cancelReceipt(ctx: RequestContext, payrollEmployeeId: string, uuid: string, motivo: string, reasonInput: string) {
  const id = Number(payrollEmployeeId);
  const fields: Record<string, string> = {};
  if (!isCancelMotivo(motivo)) fields.motivo = SUBSTITUTION_MSG.motivo;
  try {
    readReason(reasonInput);
  } catch {
    fields.reason = reasonInput.trim() ? SUBSTITUTION_MSG.reasonLong : SUBSTITUTION_MSG.reason;
  }
  if (Object.keys(fields).length || !isCancelMotivo(motivo)) throw badInput(fields);
  const reason = reasonInput.trim();
  const { db } = ctx.app.database;
  await db.transaction(async (tx) => {
    const first = await data.receiptStampRow(tx, id);
    if (!first) throw notFound('El recibo');
    const payroll = found(await data.findPayroll(tx, first.payrollId, { lock: true }), 'La nómina');
    const receipt = (await data.receiptStampRow(tx, id))!;
    assertStamped(payroll, receipt, uuid);
    assertAction(RECEIPT_STAMP_LIFECYCLE, 'cancelar', 'timbrada', 'cancelada');
    await retireStampedCfdi(tx, ctx, receipt, motivo, reason);
    if (!(await data.markReceiptCancelled(tx, id))) throw appError('CONFLICT', SUBSTITUTION_MSG.changed);
    await writeAudit(tx, actorOf(ctx), {
      entity: 'rh_payroll',
      entityId: payroll.id,
      action: 'recibo_cancelado',
      before: { employeeId: receipt.employeeId, uuid: receipt.uuid, stampStatus: 'timbrada' },
      after: { employeeId: receipt.employeeId, stampStatus: 'cancelada', motivo, reason },
    });
  });
  await cancelDueReceiptCfdis(ctx.app, actorOf(ctx), id);
  return found(await data.findPayrollEmployee(db, id), 'El recibo');
}

/**
 * «Volver a pedir la cancelación»: a CFDI the receipt no longer carries that SAT has not cancelled
 * yet (the PAC did not answer, refused it or SAT has it in process) is asked again through the same
 * path as after the correction; the PAC's refusal or silence answers CONFLICT with its reason.
 */
export async function retryReceiptCfdiCancel(ctx: RequestContext, cfdiId: string) {
  const id = Number(cfdiId);
  const c = Number.isInteger(id) && id > 0 ? await data.findReceiptCfdi(ctx.app.database.db, id) : null;
  if (!c) throw notFound('El CFDI');
  if (c.status === 'cancelado') throw appError('CONFLICT', SUBSTITUTION_MSG.alreadyCancelled);
  const receipt = (await data.receiptStampRow(ctx.app.database.db, c.payrollEmployeeId))!;
  if (c.motivo === '01' && (receipt.stampStatus !== 'timbrada' || !receipt.uuid)) throw appError('CONFLICT', SUBSTITUTION_MSG.substituteFirst);
  await cancelDueReceiptCfdis(ctx.app, actorOf(ctx), c.payrollEmployeeId);
  return found(await data.findPayrollEmployee(ctx.app.database.db, c.payrollEmployeeId), 'El recibo');
}

/** The XML of a CFDI a receipt no longer carries (replaced or cancelled), still downloadable. */
export async function receiptCfdiXml(ctx: RequestContext, cfdiId: string): Promise<string> {
  return found(await data.findReceiptCfdi(ctx.app.database.db, Number(cfdiId)), 'El CFDI').cfdiXml;
}

const receiptCfdiLoaders = new WeakMap<object, DataLoader<number, data.ReceiptCfdiRow[]>>();

/** The CFDIs a receipt no longer carries, for RhPayrollEmployee.replacedCfdis: one query per request for a payroll's receipts. */
export function receiptCfdis(ctx: RequestContext, payrollEmployeeId: number): Promise<data.ReceiptCfdiRow[]> {
  let loader = receiptCfdiLoaders.get(ctx);
  if (!loader) {
    loader = new DataLoader(async (ids: readonly number[]) => {
      const byReceipt = await data.receiptCfdisOf(ctx.app.database.db, ids);
      return ids.map((id) => byReceipt.get(id) ?? []);
    });
    receiptCfdiLoaders.set(ctx, loader);
  }
  return loader.load(payrollEmployeeId);
}
