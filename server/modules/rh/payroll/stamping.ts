// The CFDI de nómina of each payroll receipt (issue 27): sealed with the company's CSD when the
// payroll closes and stamped by the PAC exactly once, the same steps as an invoice
// (server/modules/sales/stamping.ts):
//
//   1. the close's own transaction: every receipt's CFDI built (cfdi.ts) with Fecha = the close
//      instant, sealed (SAT's XSLT cadena incl. the nómina complement, RSA-SHA256, XSD) and kept
//      as stampStatus 'pendiente'. A receipt that cannot be sealed — the company has no CSD or
//      registro patronal, the employee's file lacks a datum the CFDI needs — is kept 'rechazada'
//      with the Spanish reason; the payroll closes all the same (cerrada: locked, its convenios paid)
//      but it is not stamped in full while any receipt is pendiente or rechazada.
//   2. after commit, the PAC is asked with the idempotency key `nomina-<payrollId>-<employeeId>`.
//   3. a short transaction saves the stamped XML and UUID: pendiente → timbrada, once.
//
// A server that dies between 2 and 3 leaves the receipt pendiente with the sealed XML it sent:
// on the next start recoverPayrollStamps() asks the PAC for that key and saves the same UUID.
// A definite PAC refusal leaves the receipt 'rechazada' with the PAC's code and message;
// «Timbrar» (rhPayrollReceiptStamp) seals it again once the data are corrected; «Excluir del
// timbrado» (rhPayrollReceiptExclude) leaves out, with a reason, one that cannot be stamped.
//
// The receipts' states are RECEIPT_STAMP_LIFECYCLE (schema/rh/payroll.ts). When the last receipt
// is timbrada or excluida the payroll is stamped in full (stampingCompletedAt, audit
// 'timbrado_completo'): checked after each stamp or exclusion commits, so of two receipts settled
// at once the later one always sees the other.
import * as incapacities from '../incapacities/service';
import { incapacityEffect } from '../../../../schema/rh/incapacities';
import { GraphQLError } from 'graphql';
import type { Config } from '../../../config';
import { actorOf, type RequestContext } from '../../../context';
import { writeAudit, type Actor } from '../../../db/audit';
import type { Executor } from '../../../db/database';
import { PacError, sealCfdi, type Csd } from '../../../lib/cfdi';
import { cancelAtPac, recoverEach, stampPending } from '../../../lib/cfdiStamping';
import { getCompanyProfile } from '../../../lib/company';
import { loadCompanyCsd, pacRefusal } from '../../../lib/companyCsd';
import { appError, badInput, found, notFound } from '../../../lib/errors';
import { assertAction } from '../../../lib/lifecycle';
import type { AppServices } from '../../../services';
import { fiscalParametersFor, imssEmployeeQuota, type FiscalYearSet } from '../../../../schema/rh/fiscal';
import { LISR_MONTH_DAYS, serviceTime } from '../../../../schema/rh/benefits';
import { dec, money } from '../../../../schema/money';
import { PAYROLL_MSG, RECEIPT_STAMP_LIFECYCLE, receiptStampState } from '../../../../schema/rh/payroll';
import { loadFiscalYearSets } from '../fiscal/service';
import { buildNominaXml, companyNominaGaps, employeeNominaGaps, overtimeGaps, periodicidadOf, TIPO_HORAS, tipoNominaOf, type NominaLine } from './cfdi';
import * as data from './data';

/** The PAC's idempotency key of a receipt's CFDI; a correction's CFDI (the n-th substitution) has its own. */
export const receiptStampKey = (payrollId: number, employeeId: number, substitutions = 0): string => `nomina-${payrollId}-${employeeId}${substitutions ? `-s${substitutions}` : ''}`;

export const RECEIPT_STAMP_MSG = {
  rfcMismatch: (company: string, csd: string) =>
    `El RFC de la empresa (${company}) no es el del CSD cargado (${csd}): corrige los datos de la empresa o sube el CSD correcto.`,
  xsd: (message: string) => `El CFDI de nómina no cumple el esquema del SAT: ${message}`,
  noAnswer: (who: string) => `El PAC no respondió: el recibo de ${who} quedó pendiente de timbrar. Usa «Timbrar» para reintentarlo; al reiniciar, el sistema recupera el timbre sin duplicarlo.`,
  stamped: 'El recibo ya está timbrado.',
  notClosed: 'Los recibos se timbran al cerrar la nómina: ciérrala primero.',
  noXml: 'El recibo aún no tiene CFDI: se genera al cerrar la nómina.',
  excluded: 'El recibo está excluido del timbrado.',
  excludePending: 'El recibo está pendiente de la respuesta del PAC y puede estar ya timbrado: usa «Timbrar» para conocer su resultado antes de excluirlo.',
  excludeStamped: 'El recibo ya está timbrado: no se puede excluir del timbrado.',
  excludeNotClosed: 'Solo se excluyen del timbrado recibos de una nómina cerrada.',
  cancelNoAnswer: (uuid: string) => `El PAC no respondió a la cancelación del CFDI ${uuid}: queda por cancelar y se vuelve a pedir al reiniciar o al repetir la acción.`,
  cancelInProcess: 'El SAT tiene la cancelación en proceso.',
} as const;

/** Marks the payroll stamped in full once no receipt is left to stamp (after the receipt's change committed). */
async function settlePayroll(app: AppServices, actor: Actor, payrollId: number): Promise<void> {
  await app.database.db.transaction(async (tx) => {
    if (await data.completeStamping(tx, payrollId)) {
      await writeAudit(tx, actor, { entity: 'rh_payroll', entityId: payrollId, action: 'timbrado_completo', after: { stampingComplete: true } });
    }
  });
}

/** `sets`: the fiscal tables (read before the transaction), for the SBC's ceiling on the payment date. */
type SealContext = { config: Pick<Config, 'csdKey' | 'dataDir'>; sets: readonly FiscalYearSet[]; now?: Date };

/** SalarioBaseCotApor: the payroll's SBC (its SDI) capped at the ceiling in UMA in force on the payment date (LSS art. 28), as the IMSS quotas use it. */
function cotizacionSbc(sets: readonly FiscalYearSet[], paymentDate: string, sdi: string): string {
  return imssEmployeeQuota(fiscalParametersFor(sets, paymentDate), sdi, 1).sbc;
}

/**
 * Step 1, inside the close's transaction (after the payroll is marked cerrada), for every receipt
 * of the payroll or only `payrollEmployeeId`. Returns the receipts refused, with their reasons.
 */
export async function sealPayrollReceipts(tx: Executor, ctx: SealContext, payroll: data.PayrollRow, payrollEmployeeId: number | null = null): Promise<{ id: number; message: string }[]> {
  const now = ctx.now ?? new Date();
  const sources = await data.receiptCfdiSources(tx, payroll.id, payrollEmployeeId);
  const refused: { id: number; message: string }[] = [];
  const refuse = async (id: number, message: string) => {
    refused.push({ id, message });
    await data.markReceiptRefused(tx, id, message);
  };

  const lines = await data.linesOfPayroll(tx, payroll.id);
  // Ordinary and extraordinary periods report the certificates their calculation applied.
  const certificates = payroll.kind === 'aguinaldo' || payroll.kind === 'finiquito' ? [] : await incapacities.activeInPeriod(tx, sources.map((s) => s.employeeId), payroll.periodStart, payroll.periodEnd);
  const company = await getCompanyProfile(tx);
  const companyGaps = companyNominaGaps(company);
  let csd: Csd | null = null;
  let companyProblem = companyGaps.map((g) => g.message).join(' ');
  if (!companyProblem) {
    try {
      csd = await loadCompanyCsd(tx, ctx.config, now);
      if (csd.rfc !== company.rfc.toUpperCase()) companyProblem = RECEIPT_STAMP_MSG.rfcMismatch(company.rfc, csd.rfc);
    } catch (err) {
      // No CSD, or an expired one: CONFLICT with the Spanish message.
      if (!(err instanceof GraphQLError)) throw err;
      companyProblem = err.message;
    }
  }
  for (const s of sources) {
    if (companyProblem || !csd) {
      await refuse(s.id, companyProblem);
      continue;
    }
    const receiptLines: NominaLine[] = (lines.get(s.id) ?? []).map((l) => {
      const tipoHoras = l.systemKey ? TIPO_HORAS[l.systemKey] : undefined;
      return {
        kind: l.kind,
        satCode: l.satCode,
        code: l.conceptCode,
        name: l.conceptName,
        systemKey: l.systemKey,
        amount: l.amount,
        taxable: l.taxable,
        exempt: l.exempt,
        // HE-DOBLES / HE-TRIPLES: their hours (the line's quantity) and the days captured for them (nomina12:HorasExtra).
        overtime: tipoHoras ? { tipoHoras, days: tipoHoras === '01' ? s.overtimeDoubleDays : s.overtimeTripleDays, hours: l.quantity ?? '0' } : null,
      };
    });
    const who = `${s.employeeNumber} ${s.employeeName}`;
    const gaps = [...employeeNominaGaps(who, s), ...overtimeGaps(who, receiptLines)];
    if (gaps.length) {
      await refuse(s.id, gaps.map((g) => g.message).join(' '));
      continue;
    }
    const substitutes = await data.uuidToSubstitute(tx, s.id);
    const xml = await buildNominaXml({
      issuedAt: now,
      folio: `${payroll.folio}-${s.employeeNumber}`,
      substitutes,
      emisor: { rfc: company.rfc, name: company.name, regimen: company.regimenFiscal, postalCode: company.postalCode, registroPatronal: s.registroPatronal ?? company.registroPatronal, riesgoPuesto: company.riesgoPuesto },
      receptor: {
        rfc: s.rfc,
        name: s.fiscalName,
        curp: s.curp,
        nss: s.nss,
        postalCode: s.postalCode!,
        startDate: s.firstHireDate,
        contractType: s.contractType!,
        workState: s.workState!,
        employeeNumber: s.employeeNumber,
        department: s.department,
        position: s.position,
        // The payroll's SBC is the SDI with the seniority at the payment date (service.ts createPayroll).
        sbcDaily: cotizacionSbc(ctx.sets, payroll.paymentDate, s.sbcDaily),
        sdiDaily: s.sbcDaily,
      },
      payroll: {
        tipoNomina: tipoNominaOf(payroll.kind),
        periodicidad: periodicidadOf(payroll.kind),
        paymentDate: payroll.paymentDate,
        periodStart: payroll.periodStart,
        periodEnd: payroll.periodEnd,
        paidDays: s.paidDays,
        incapacities: incapacityEffect(certificates.filter((c) => c.employeeId === s.employeeId), payroll.periodStart, payroll.periodEnd).nodes,
        separation: payroll.separation ? { years: serviceTime(payroll.separation.hireDate, payroll.separation.separationDate).exemptionYears, lastMonthlySalary: money(dec(s.dailySalary).times(LISR_MONTH_DAYS)) } : null,
      },
      lines: receiptLines,
    });
    try {
      await data.markReceiptSealed(tx, s.id, await sealCfdi(xml, csd));
    } catch (err) {
      if (err instanceof Error && err.name === 'CfdiXsdError') await refuse(s.id, RECEIPT_STAMP_MSG.xsd(err.message));
      else throw err;
    }
  }
  return refused;
}

/**
 * Steps 2 and 3 for one pendiente receipt. Returns quietly when it is not pendiente (another
 * request or the recovery saved it). A definite refusal leaves it rechazada and throws CONFLICT
 * with the PAC's code; no answer leaves it pendiente and throws CONFLICT.
 */
export async function stampReceipt(app: AppServices, actor: Actor, payrollEmployeeId: number): Promise<void> {
  const { db } = app.database;
  const receipt = await data.receiptStampRow(db, payrollEmployeeId);
  if (!receipt || receipt.stampStatus !== 'pendiente' || !receipt.cfdiXml) return;
  const who = `${receipt.employeeNumber} ${receipt.employeeName}`;
  await stampPending(app, actor, {
    audit: { entity: 'rh_payroll', entityId: receipt.payrollId, detail: { employeeId: receipt.employeeId } },
    key: receiptStampKey(receipt.payrollId, receipt.employeeId, receipt.substitutions),
    sealed: receipt.cfdiXml,
    save: (tx, stamp) => data.saveReceiptStamp(tx, receipt.id, stamp),
    noAnswer: () => appError('CONFLICT', RECEIPT_STAMP_MSG.noAnswer(who)),
    refused: async (err) => {
      await db.transaction(async (tx) => {
        if (await data.markReceiptRefused(tx, receipt.id, `El PAC rechazó el comprobante: ${err.message}`)) {
          await writeAudit(tx, actor, { entity: 'rh_payroll', entityId: receipt.payrollId, action: 'timbrado_rechazado', after: { employeeId: receipt.employeeId, pacCode: err.code, message: err.message } });
        }
      });
      return pacRefusal(err);
    },
  });
  // A correction's CFDI is stamped: the one it substitutes is cancelled now (motivo 01). Without the
  // PAC's answer it stays por_cancelar with the reason, asked again by the next stamp and at start.
  try {
    await cancelDueReceiptCfdis(app, actor, payrollEmployeeId);
  } catch (err) {
    app.logger?.warn({ payrollEmployeeId, err: err instanceof Error ? err.message : String(err) }, 'CFDI de nómina sustituido sin cancelar');
  }
  await settlePayroll(app, actor, receipt.payrollId);
}

/** Steps 2–3 for every pendiente receipt of a payroll just closed; each receipt on its own (one PAC failure stops no other). */
export async function stampPayrollReceipts(app: AppServices, actor: Actor, payrollId: number): Promise<void> {
  for (const id of await data.pendingReceiptIds(app.database.db, payrollId)) {
    try {
      await stampReceipt(app, actor, id);
    } catch (err) {
      app.logger?.warn({ payrollEmployeeId: id, err: err instanceof Error ? err.message : String(err) }, 'recibo de nómina sin timbrar');
    }
  }
}

/**
 * «Timbrar» on one receipt of a closed payroll: a pendiente one is sent again (same XML, same key);
 * a rechazada one (or one closed before stamping existed) is sealed again with today's data and sent.
 */
export async function retryReceiptStamp(ctx: RequestContext, payrollEmployeeId: string) {
  const id = Number(payrollEmployeeId);
  const { db } = ctx.app.database;
  const receipt = await data.receiptStampRow(db, id);
  if (!receipt) throw notFound('El recibo');
  if (receipt.payrollStatus !== 'cerrada') throw appError('CONFLICT', RECEIPT_STAMP_MSG.notClosed);
  if (receipt.stampStatus === 'timbrada') throw appError('CONFLICT', RECEIPT_STAMP_MSG.stamped);
  if (receipt.stampStatus === 'excluida') throw appError('CONFLICT', RECEIPT_STAMP_MSG.excluded);
  if (receipt.stampStatus !== 'pendiente') {
    const sets = await loadFiscalYearSets(db);
    const refused = await db.transaction(async (tx) => {
      // Two «Timbrar» at once queue on the payroll's row: the second one finds it sealed (or stamped) and only sends it.
      const payroll = await data.findPayroll(tx, receipt.payrollId, { lock: true });
      const current = await data.receiptStampRow(tx, id);
      if (current?.stampStatus === 'pendiente' || current?.stampStatus === 'timbrada') return [];
      if (current?.stampStatus === 'excluida') throw appError('CONFLICT', RECEIPT_STAMP_MSG.excluded);
      return sealPayrollReceipts(tx, { config: ctx.app.config, sets }, payroll!, id);
    });
    if (refused.length) throw appError('CONFLICT', refused[0].message);
  }
  await stampReceipt(ctx.app, actorOf(ctx), id);
  return found(await data.findPayrollEmployee(db, id), 'El recibo');
}

/**
 * «Excluir del timbrado»: a receipt of a closed payroll that could not be stamped (rechazada, or
 * never sealed) is left out for good with a reason in Spanish, audited; the payroll may then be
 * stamped in full. A pendiente receipt may already be stamped at the PAC and a timbrada one has a
 * UUID: neither is excluded. Two exclusions at once: one changes it, the other is refused.
 */
export async function excludeReceiptFromStamping(ctx: RequestContext, payrollEmployeeId: string, reasonInput: string) {
  const id = Number(payrollEmployeeId);
  const reason = reasonInput.trim();
  if (!reason) throw badInput({ reason: PAYROLL_MSG.exclusionReason });
  if (reason.length > 500) throw badInput({ reason: 'Máximo 500 caracteres.' });
  const { db } = ctx.app.database;
  const payrollId = await db.transaction(async (tx) => {
    const first = await data.receiptStampRow(tx, id);
    if (!first) throw notFound('El recibo');
    // Queue on the payroll's row, as «Timbrar» does, then read the receipt as it is now.
    await data.findPayroll(tx, first.payrollId, { lock: true });
    const receipt = (await data.receiptStampRow(tx, id))!;
    if (receipt.payrollStatus !== 'cerrada') throw appError('CONFLICT', RECEIPT_STAMP_MSG.excludeNotClosed);
    if (receipt.stampStatus === 'pendiente') throw appError('CONFLICT', RECEIPT_STAMP_MSG.excludePending);
    if (receipt.stampStatus === 'timbrada') throw appError('CONFLICT', RECEIPT_STAMP_MSG.excludeStamped);
    if (receipt.stampStatus === 'excluida') throw appError('CONFLICT', RECEIPT_STAMP_MSG.excluded);
    assertAction(RECEIPT_STAMP_LIFECYCLE, 'excluir', receiptStampState(receipt.stampStatus), 'excluida');
    if (!(await data.excludeReceipt(tx, id, { reason, userId: ctx.auth?.id ?? null }))) throw appError('CONFLICT', RECEIPT_STAMP_MSG.excluded);
    await writeAudit(tx, actorOf(ctx), {
      entity: 'rh_payroll',
      entityId: receipt.payrollId,
      action: 'timbrado_excluido',
      before: { employeeId: receipt.employeeId, stampStatus: receipt.stampStatus },
      after: { employeeId: receipt.employeeId, stampStatus: 'excluida', reason },
    });
    return receipt.payrollId;
  });
  await settlePayroll(ctx.app, actorOf(ctx), payrollId);
  return found(await data.findPayrollEmployee(db, id), 'El recibo');
}

/**
 * Asks SAT, through the one cancel path (cancelAtPac), to cancel the CFDIs a receipt no longer
 * carries: one replaced by a correction (motivo 01) once its substitute is stamped, with
 * FolioSustitucion = the receipt's current UUID; one cancelled without substitute (02/03) at once.
 * Each is marked cancelado once, audited. No answer keeps it por_cancelar with the reason and throws
 * CONFLICT; a definite refusal of a 02/03 request gives the receipt back its timbrada state.
 */
export async function cancelDueReceiptCfdis(app: AppServices, actor: Actor, payrollEmployeeId: number): Promise<void> {
  const { db } = app.database;
  const due = await data.cancellationsDue(db, payrollEmployeeId);
  if (!due.length) return;
  const receipt = (await data.receiptStampRow(db, payrollEmployeeId))!;
  for (const { id } of due) {
    const c = (await data.findReceiptCfdi(db, id))!;
    let substitute: string | undefined;
    if (c.motivo === '01') {
      // Its substitute is not stamped yet: SAT needs it first.
      if (receipt.stampStatus !== 'timbrada' || !receipt.uuid) continue;
      substitute = receipt.uuid;
    }
    let estatus;
    try {
      estatus = await cancelAtPac(app, c.uuid, c.motivo, substitute);
    } catch (err) {
      if (!(err instanceof PacError)) throw err;
      if (!err.retryable && c.motivo !== '01') {
        await db.transaction(async (tx) => {
          await data.undoReceiptCancellation(tx, payrollEmployeeId, c.id);
          await writeAudit(tx, actor, { entity: 'rh_payroll', entityId: receipt.payrollId, action: 'cancelacion_rechazada', after: { employeeId: receipt.employeeId, uuid: c.uuid, pacCode: err.code, message: err.message } });
        });
        throw pacRefusal(err);
      }
      await data.setReceiptCfdiError(db, c.id, err.retryable ? RECEIPT_STAMP_MSG.cancelNoAnswer(c.uuid) : `El PAC rechazó la cancelación: ${err.message}`);
      throw err.retryable ? appError('CONFLICT', RECEIPT_STAMP_MSG.cancelNoAnswer(c.uuid)) : pacRefusal(err);
    }
    if (estatus !== 'cancelado') {
      await data.setReceiptCfdiError(db, c.id, RECEIPT_STAMP_MSG.cancelInProcess);
      continue;
    }
    await db.transaction(async (tx) => {
      if (await data.markReceiptCfdiCancelled(tx, c.id, substitute ?? null)) {
        await writeAudit(tx, actor, { entity: 'rh_payroll', entityId: receipt.payrollId, action: 'cfdi_cancelado', after: { employeeId: receipt.employeeId, uuid: c.uuid, motivo: c.motivo, substitute: substitute ?? null } });
      }
    });
  }
}

/** The receipt's CFDI as stored: the stamped XML, or the sealed one while pendiente. */
export async function receiptXml(ctx: RequestContext, payrollEmployeeId: string): Promise<string> {
  const receipt = await data.receiptStampRow(ctx.app.database.db, Number(payrollEmployeeId));
  if (!receipt) throw notFound('El recibo');
  if (!receipt.cfdiXml) throw appError('CONFLICT', RECEIPT_STAMP_MSG.noXml);
  return receipt.cfdiXml;
}

/** The registry's `recover` (server/modules/index.ts): receipts left pendiente by a process that died, recovered from (or stamped once by) the PAC. */
export async function recoverPayrollStamps(app: AppServices): Promise<void> {
  await recoverEach(app, 'recibos de nómina', await data.pendingReceiptIds(app.database.db), (actor, id) => stampReceipt(app, actor, id));
  // Cancellations the PAC did not answer: asked again (a repeated request SAT already honoured counts as done).
  const due = [...new Set((await data.cancellationsDue(app.database.db)).map((c) => c.payrollEmployeeId))];
  await recoverEach(app, 'cancelaciones de recibos de nómina', due, (actor, id) => cancelDueReceiptCfdis(app, actor, id));
}
