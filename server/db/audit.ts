// Every mutation writes one audit entry inside its own transaction. Once
// that transaction has committed, the audited records are announced
// (recordChanged) so open screens can refresh.
import type { Db, Executor, Tx } from './database';
import { auditLog } from './tables';

/** A record a committed transaction changed, and who changed it (screens ignore their own saves). */
export type AuditedRecord = { entity: string; id: string; userId: number | null };

/**
 * Records audited by each open transaction, found by its executor (a nested
 * transaction's, a savepoint, has a list of its own that joins its parent's
 * when it succeeds). Kept by the transaction object rather than in an
 * AsyncLocalStorage: once any AsyncLocalStorage has run, Node 20 calls a
 * promise hook on every promise of every request, 5-8 % of a list's CPU.
 */
const auditedByTransaction = new WeakMap<Executor, AuditedRecord[]>();

/** Sign-ins are not record changes, and a session id is half of a credential: never announced. */
const UNANNOUNCED = new Set(['session']);

/** Who acts: a user, or (userId null) the service account an integrator's token names. */
export type Actor = { userId: number | null; requestId: string; serviceAccountId?: number | null };

export type AuditEntry = { entity: string; entityId: string | number; action: string; before?: unknown; after?: unknown };

/** The audit row of `entry` as stored (secrets stripped, dates as JSON text). */
export function auditRow(actor: Actor, entry: AuditEntry): typeof auditLog.$inferInsert {
  return {
    userId: actor.userId,
    requestId: actor.requestId,
    serviceAccountId: actor.serviceAccountId ?? null,
    entity: entry.entity,
    entityId: String(entry.entityId),
    action: entry.action,
    before: entry.before === undefined ? null : toJson(entry.before),
    after: entry.after === undefined ? null : toJson(entry.after),
  };
}

/**
 * Notes a record audited in transaction `tx`, for callers that insert the
 * audit row themselves inside a larger statement (a posting writes its audit
 * entry in the same statement that takes the folio). Outside a transaction
 * nothing is noted.
 */
export function noteAudited(tx: Executor, actor: Actor, entity: string, entityId: string | number): void {
  if (!UNANNOUNCED.has(entity)) auditedByTransaction.get(tx)?.push({ entity, id: String(entityId), userId: actor.userId });
}

/**
 * Runs `work` on transaction `tx` as one savepoint of it: what `work` audits
 * joins the transaction's records only if it succeeds (a commit group runs
 * each posting so, and rolls back to the savepoint of one that fails). Works
 * run one after the other on a transaction, never interleaved.
 */
export async function auditedIfKept<T>(tx: Tx, work: () => Promise<T>): Promise<T> {
  const own = auditedByTransaction.get(tx);
  if (!own) return work();
  const mine: AuditedRecord[] = [];
  auditedByTransaction.set(tx, mine);
  try {
    const result = await work();
    own.push(...mine);
    return result;
  } finally {
    auditedByTransaction.set(tx, own);
  }
}

export async function writeAudit(tx: Executor, actor: Actor, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values(auditRow(actor, entry));
  noteAudited(tx, actor, entry.entity, entry.entityId);
}

/**
 * Gives `tx` the list `audited` and makes its nested transactions (savepoints)
 * note into lists of their own that join `audited` only when they succeed.
 */
function trackAudited(tx: Tx, audited: AuditedRecord[]): void {
  auditedByTransaction.set(tx, audited);
  const nested = tx.transaction.bind(tx);
  tx.transaction = async <T>(work: (inner: Tx) => Promise<T>): Promise<T> => {
    const mine: AuditedRecord[] = [];
    const result = await nested((inner) => {
      trackAudited(inner, mine);
      return work(inner);
    });
    auditedByTransaction.get(tx)?.push(...mine);
    return result;
  };
}

/**
 * Makes every `db.transaction` announce the records it audited, after it
 * commits (a rolled-back transaction announces nothing). Drizzle has no
 * after-commit hook, so the database's one transaction entry point is wrapped
 * here, once, at start-up. Audit entries written outside a transaction are
 * not announced.
 */
export function announceAuditedRecords(db: Db, announce: (record: AuditedRecord) => void): void {
  const transaction = db.transaction.bind(db);
  db.transaction = async (work, config) => {
    const audited: AuditedRecord[] = [];
    const result = await transaction((tx) => {
      trackAudited(tx, audited);
      return work(tx);
    }, config);
    const seen = new Set<string>();
    for (const record of audited) {
      const key = `${record.entity}:${record.id}`;
      if (seen.has(key)) continue;
      seen.add(key);
      announce(record);
    }
    return result;
  };
}

/** Strip secrets and make dates JSON-friendly. */
function toJson(value: unknown): unknown {
  return JSON.parse(
    JSON.stringify(value, (key, v: unknown) => (key === 'passwordHash' || key === 'password' || key === 'tokenHash' || key === 'token' ? undefined : v)),
  );
}
