// Every mutation writes one audit entry inside its own transaction. Once
// that transaction has committed, the audited records are announced
// (recordChanged) so open screens can refresh.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Db, Executor } from './database';
import { auditLog } from './tables';

/** A record a committed transaction changed, and who changed it (screens ignore their own saves). */
export type AuditedRecord = { entity: string; id: string; userId: number | null };

/** Records audited by the transaction running in this async context (savepoints included). */
const auditedInTransaction = new AsyncLocalStorage<AuditedRecord[]>();

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
 * Notes a record audited by the running transaction, for callers that insert
 * the audit row themselves inside a larger statement (a posting writes its
 * audit entry in the same statement that takes the folio).
 */
export function noteAudited(actor: Actor, entity: string, entityId: string | number): void {
  if (!UNANNOUNCED.has(entity)) auditedInTransaction.getStore()?.push({ entity, id: String(entityId), userId: actor.userId });
}

/** The list the running transaction notes its audited records in (undefined outside a transaction). */
export const auditedScope = (): AuditedRecord[] | undefined => auditedInTransaction.getStore();

/**
 * Runs `work` noting its audited records in `scope`: the postings of a commit
 * group run in their own request's async context but inside the group's one
 * transaction, which announces them after it commits.
 */
export const inAuditedScope = <T>(scope: AuditedRecord[] | undefined, work: () => T): T => (scope ? auditedInTransaction.run(scope, work) : work());

export async function writeAudit(tx: Executor, actor: Actor, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values(auditRow(actor, entry));
  noteAudited(actor, entry.entity, entry.entityId);
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
    const result = await auditedInTransaction.run(audited, () => transaction(work, config));
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
