// Every mutation writes one audit entry inside its own transaction.
import type { Executor } from './database';
import { auditLog } from './tables';

export type Actor = { userId: number | null; requestId: string };

export async function writeAudit(
  tx: Executor,
  actor: Actor,
  entry: { entity: string; entityId: string | number; action: string; before?: unknown; after?: unknown },
): Promise<void> {
  await tx.insert(auditLog).values({
    userId: actor.userId,
    requestId: actor.requestId,
    entity: entry.entity,
    entityId: String(entry.entityId),
    action: entry.action,
    before: entry.before === undefined ? null : toJson(entry.before),
    after: entry.after === undefined ? null : toJson(entry.after),
  });
}

/** Strip secrets and make dates JSON-friendly. */
function toJson(value: unknown): unknown {
  return JSON.parse(
    JSON.stringify(value, (key, v: unknown) => (key === 'passwordHash' || key === 'password' ? undefined : v)),
  );
}
