// Steps 2 and 3 of every CFDI the product issues (invoices, payment complements, payroll
// receipts), once for all modules: the PAC stamps the sealed XML under the document's
// idempotency key — its store makes a repeated or parallel call return the same stamp — and a
// short transaction saves it, once. Step 1 (build and seal inside the business transaction,
// keep it pendiente) and what a refusal undoes belong to each document's module.
// cancelAtPac is the one way a stamped CFDI is cancelled before SAT (invoices, payroll receipts).
import { writeAudit, type Actor } from '../db/audit';
import type { Executor } from '../db/database';
import type { AppServices } from '../services';
import { PacError, type CancelMotivo, type CancelResult } from './cfdi';
import { pacOf } from './companyCsd';

export type PendingStamp = {
  /** The audit entry the stamp writes: the record it belongs to, and details of the document. */
  audit: { entity: string; entityId: number; detail?: Record<string, unknown> };
  /** The idempotency key: the same for every attempt at this document. */
  key: string;
  sealed: string;
  /** pendiente → timbrada in the given transaction; false when someone saved it first. */
  save: (tx: Executor, stamp: { xml: string; uuid: string; stampedAt: Date; sandbox: boolean }) => Promise<boolean>;
  /** The error to throw when the PAC did not answer (the document stays pendiente). */
  noAnswer: () => Error;
  /** Undoes what waits for this stamp after a definite refusal; returns the error to throw, or null to go on quietly. */
  refused: (err: PacError) => Promise<Error | null>;
};

export async function stampPending(app: AppServices, actor: Actor, doc: PendingStamp): Promise<void> {
  const pac = await pacOf(app);
  let stamped;
  try {
    stamped = await pac.stamp(doc.sealed, doc.key);
  } catch (err) {
    if (!(err instanceof PacError)) throw err;
    if (err.retryable) throw doc.noAnswer();
    const refusal = await doc.refused(err);
    if (refusal) throw refusal;
    return;
  }
  faultAfterPac();
  await app.database.db.transaction(async (tx) => {
    const saved = await doc.save(tx, { xml: stamped.xml, uuid: stamped.uuid, stampedAt: new Date(), sandbox: pac.sandbox });
    if (saved) {
      await writeAudit(tx, actor, {
        entity: doc.audit.entity,
        entityId: doc.audit.entityId,
        action: 'timbrar',
        after: { ...doc.audit.detail, uuid: stamped.uuid, fechaTimbrado: stamped.fechaTimbrado, pac: pac.name },
      });
    }
  });
}

/** Test knob (README): ERP_FAULT_AFTER_PAC=exit kills the process between the PAC's answer and its save. */
function faultAfterPac(): void {
  if (process.env.ERP_FAULT_AFTER_PAC === 'exit') process.exit(86);
}

/** The recovery at start (the registry's `recover`): each pendiente document on its own, failures logged. */
export async function recoverEach(app: AppServices, what: string, ids: number[], stampOne: (actor: Actor, id: number) => Promise<void>): Promise<{ recovered: number; failed: number }> {
  const actor: Actor = { userId: null, requestId: 'recuperacion-timbrado' };
  let recovered = 0;
  let failed = 0;
  for (const id of ids) {
    try {
      await stampOne(actor, id);
      recovered++;
    } catch (err) {
      failed++;
      app.logger.warn({ id, err: err instanceof Error ? err.message : String(err) }, `${what} pendiente de timbrar sin recuperar`);
    }
  }
  if (recovered || failed) app.logger.info({ recovered, failed }, `${what}: timbres pendientes recuperados`);
  return { recovered, failed };
}

/**
 * Asks SAT, through the PAC, to cancel a stamped CFDI (motivo 01 names the stamped substitute).
 * A request SAT already honoured (202 and the UUID cancelado: a retry after a lost answer) counts as
 * cancelled. Any other PacError is thrown as is: the caller tells a refusal from no answer (retryable).
 */
export async function cancelAtPac(app: AppServices, uuid: string, motivo: CancelMotivo, substituteUuid?: string): Promise<CancelResult['estatus']> {
  const pac = await pacOf(app);
  try {
    return (await pac.cancel(uuid, motivo, substituteUuid)).estatus;
  } catch (err) {
    if (err instanceof PacError && err.code === '202' && (await pac.status(uuid)).estado === 'cancelado') return 'cancelado';
    throw err;
  }
}
