// The payment complement (REP, CFDI tipo P with Pagos 2.0) of a client payment that settles
// stamped PPD invoices, issued exactly once through the same steps as an invoice (stamping.ts):
// sealed inside the payment's own transaction and kept pendiente, stamped after commit under the
// key `pago-<id>`, saved timbrada; recovered at start when the answer was lost.
//
// Unlike an invoice, the payment is a fact that stands on its own: without a CSD the payment is
// recorded without a complement, and a PAC refusal leaves it without one (the Tablero counts PPD
// collections missing theirs; «Timbrar complemento» issues it again with a fresh Fecha).
import type { Actor } from '../../db/audit';
import { writeAudit } from '../../db/audit';
import type { Executor } from '../../db/database';
import { actorOf, type RequestContext } from '../../context';
import { PacError, sealCfdi } from '../../lib/cfdi';
import { getCompanyProfile } from '../../lib/company';
import { loadCompanyCsd, pacOf, pacRefusal } from '../../lib/companyCsd';
import { appError, found } from '../../lib/errors';
import type { AppServices } from '../../services';
import * as data from './data';
import { buildPaymentCfdiXml } from './paymentCfdi';
import { recoverEach, stampPending } from '../../lib/cfdiStamping';

import { PAYMENT_CFDI_SERIE } from '../../../schema/sales/paymentComplement';

export const paymentStampKey = (paymentId: number): string => `pago-${paymentId}`;

export const PAYMENT_STAMP_MSG = {
  noAnswer: (folio: number) => `El PAC no respondió: el complemento de pago del cobro ${folio} quedó pendiente de timbrar. Usa «Timbrar complemento» para reintentarlo.`,
  nothingToStamp: 'Este cobro no lleva complemento de pago: no se aplicó a facturas PPD timbradas.',
  alreadyStamped: 'El complemento de pago de este cobro ya está timbrado.',
  cancelled: 'El cobro está cancelado.',
  cancelPending: 'El complemento de pago de este cobro está pendiente de timbrar: usa «Timbrar complemento» y después cancela el cobro.',
  cancelNotDone: 'El SAT no canceló el complemento de pago de inmediato: el cobro sigue aplicado; inténtalo de nuevo más tarde.',
} as const;

/**
 * Inside the payment's transaction: builds and seals its complement when it settles stamped PPD
 * invoices and the company has a CSD; returns whether there is one to stamp.
 */
export async function sealPaymentComplement(tx: Executor, ctx: RequestContext, paymentId: number, issuedAt = new Date()): Promise<boolean> {
  const documents = await data.repDocumentsOf(tx, paymentId);
  if (!documents.length) return false;
  let csd;
  try {
    csd = await loadCompanyCsd(tx, ctx.app.config, issuedAt);
  } catch {
    return false; // no CSD (or expired): the payment is recorded, its complement is issued later
  }
  const payment = found(await data.findPayment(tx, paymentId), 'El cobro');
  const client = found(await data.findClient(tx, payment.client.id), 'El cliente');
  const company = await getCompanyProfile(tx);
  const xml = buildPaymentCfdiXml({
    serie: PAYMENT_CFDI_SERIE,
    folio: payment.folio,
    issuedAt,
    paymentDate: payment.date,
    formaPago: payment.formaPago,
    currency: payment.currency,
    exchangeRate: payment.exchangeRate,
    parties: {
      emisor: { rfc: company.rfc, name: company.name, regimen: company.regimenFiscal, postalCode: company.postalCode },
      receptor: { rfc: client.rfc, name: client.name, regimen: client.regimenFiscal, postalCode: client.postalCode },
    },
    documents: documents.map((d) => ({
      uuid: d.uuid,
      serie: d.serie,
      folio: d.folio,
      installment: d.installment,
      previousBalance: d.previousBalance,
      paid: d.paid,
      remaining: d.remaining,
      currency: d.currency,
      equivalence: d.equivalence,
      invoice: d,
    })),
  });
  let sealed: string;
  try {
    sealed = await sealCfdi(xml, csd);
  } catch (err) {
    if (err instanceof Error && err.name === 'CfdiXsdError') throw appError('CONFLICT', `El complemento de pago no cumple el esquema del SAT: ${err.message}`);
    throw err;
  }
  await data.markPaymentSealed(tx, paymentId, sealed);
  return true;
}

/** After commit: the PAC stamps the pendiente complement; a refusal leaves the payment without one. */
export async function stampPaymentComplement(app: AppServices, actor: Actor, paymentId: number): Promise<void> {
  const { db } = app.database;
  const payment = await data.findPayment(db, paymentId);
  if (!payment || payment.stampStatus !== 'pendiente') return;
  const sealed = await data.paymentCfdiXml(db, paymentId);
  if (!sealed) return;
  await stampPending(app, actor, {
    audit: { entity: 'client_payment', entityId: paymentId },
    key: paymentStampKey(paymentId),
    sealed,
    save: (tx, stamp) => data.savePaymentStamp(tx, paymentId, stamp),
    noAnswer: () => appError('CONFLICT', PAYMENT_STAMP_MSG.noAnswer(payment.folio)),
    refused: async (err) => {
      await db.transaction(async (tx) => {
        if (await data.clearPaymentSeal(tx, paymentId, { code: String(err.code), message: err.message, at: new Date() })) {
          await writeAudit(tx, actor, { entity: 'client_payment', entityId: paymentId, action: 'timbrado_rechazado', after: { pacCode: err.code, message: err.message } });
        }
      });
      return pacRefusal(err);
    },
  });
}

/**
 * «Timbrar complemento»: a pendiente complement is stamped now; a payment left without one (no
 * CSD then, or refused) gets it sealed with a fresh Fecha and stamped.
 */
export async function issuePaymentComplement(ctx: RequestContext, paymentId: number): Promise<void> {
  const { db } = ctx.app.database;
  const payment = found(await data.findPayment(db, paymentId), 'El cobro');
  if (payment.status === 'cancelado') throw appError('CONFLICT', PAYMENT_STAMP_MSG.cancelled);
  if (payment.stampStatus === 'timbrada') throw appError('CONFLICT', PAYMENT_STAMP_MSG.alreadyStamped);
  if (payment.stampStatus === null) {
    const sealed = await db.transaction(async (tx) => {
      // Locked and read again: a parallel «Timbrar complemento» may have sealed it already.
      const locked = await data.findPayment(tx, paymentId, true);
      if (locked?.stampStatus !== null) return true;
      return sealPaymentComplement(tx, ctx, paymentId);
    });
    if (!sealed) {
      if (!(await data.repDocumentsOf(db, paymentId)).length) throw appError('CONFLICT', PAYMENT_STAMP_MSG.nothingToStamp);
      await loadCompanyCsd(db, ctx.app.config); // says why (no CSD, expired)
    }
  }
  await stampPaymentComplement(ctx.app, actorOf(ctx), paymentId);
}

/** On start (registry `recover`): pendiente complements. */
export async function recoverPendingPaymentStamps(app: AppServices): Promise<{ recovered: number; failed: number }> {
  return recoverEach(app, 'complementos de pago', await data.pendingPaymentStampIds(app.database.db), (actor, id) => stampPaymentComplement(app, actor, id));
}

/**
 * Before a payment is cancelled: its stamped complement is cancelled before SAT with motivo 02
 * (comprobante emitido con errores sin relación). A CFDI tipo P is cancelled without the receptor's
 * acceptance, so SAT answers at once; until it has, the payment stays applied. A complement still
 * pendiente is stamped first (it may already be at the PAC). A retried request that SAT already
 * cancelled (202) counts as done.
 */
export async function cancelPaymentComplement(ctx: RequestContext, payment: { stampStatus: 'pendiente' | 'timbrada' | null; cfdiUuid: string | null }): Promise<void> {
  if (payment.stampStatus === 'pendiente') throw appError('CONFLICT', PAYMENT_STAMP_MSG.cancelPending);
  if (payment.stampStatus !== 'timbrada' || !payment.cfdiUuid) return;
  const pac = await pacOf(ctx.app);
  try {
    const answer = await pac.cancel(payment.cfdiUuid, '02');
    if (answer.estatus !== 'cancelado') throw appError('CONFLICT', PAYMENT_STAMP_MSG.cancelNotDone);
  } catch (err) {
    if (!(err instanceof PacError)) throw err;
    if (err.code === '202' && (await pac.status(payment.cfdiUuid)).estado === 'cancelado') return;
    throw pacRefusal(err);
  }
}
