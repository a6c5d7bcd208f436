// The PacStore on the product's database (table cfdi_stamps): what was sent to the PAC under each
// idempotency key and what it answered. claim() is one INSERT … ON CONFLICT DO NOTHING (unique on
// the key and on the Sello's digest) followed by a read, so two parallel stamps of one document
// agree on one record; each statement runs on its own, outside any caller's transaction, so the
// record survives the caller's rollback or the process dying right after the PAC answered.
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { cfdiStamps } from '../../db/tables';
import type { PacStore, StampRecord, StampResult } from './pac';

type Row = typeof cfdiStamps.$inferSelect;

const toRecord = (r: Row): StampRecord => ({
  idempotencyKey: r.idempotencyKey,
  sealDigest: r.sealDigest,
  status: r.status as StampRecord['status'],
  sentXml: r.sentXml,
  emisorRfc: r.emisorRfc,
  receptorRfc: r.receptorRfc,
  total: r.total,
  ...(r.stamped ? { stamped: r.stamped as StampResult } : {}),
  ...(r.cancellation ? { cancellation: r.cancellation as NonNullable<StampRecord['cancellation']> } : {}),
});

const toRow = (r: StampRecord) => ({
  idempotencyKey: r.idempotencyKey,
  sealDigest: r.sealDigest,
  status: r.status,
  sentXml: r.sentXml,
  emisorRfc: r.emisorRfc,
  receptorRfc: r.receptorRfc,
  total: r.total,
  uuid: r.stamped?.uuid.toUpperCase() ?? null,
  stamped: r.stamped ?? null,
  cancellation: r.cancellation ?? null,
});

export class DbPacStore implements PacStore {
  constructor(private readonly db: Executor) {}

  async claim(record: StampRecord): Promise<StampRecord> {
    await this.db.insert(cfdiStamps).values(toRow(record)).onConflictDoNothing();
    const rows = await this.db
      .select()
      .from(cfdiStamps)
      .where(sql`${cfdiStamps.idempotencyKey} = ${record.idempotencyKey} or ${cfdiStamps.sealDigest} = ${record.sealDigest}`)
      // The record under this key first: a parallel stamp with the same key is the same document.
      .orderBy(sql`${cfdiStamps.idempotencyKey} <> ${record.idempotencyKey}`)
      .limit(1);
    return toRecord(rows[0]);
  }

  async save(record: StampRecord): Promise<void> {
    const { idempotencyKey: _key, ...rest } = toRow(record);
    await this.db
      .insert(cfdiStamps)
      .values(toRow(record))
      .onConflictDoUpdate({ target: cfdiStamps.idempotencyKey, set: { ...rest, updatedAt: new Date() } });
  }

  async remove(idempotencyKey: string): Promise<void> {
    await this.db.delete(cfdiStamps).where(eq(cfdiStamps.idempotencyKey, idempotencyKey));
  }

  async byKey(idempotencyKey: string): Promise<StampRecord | undefined> {
    const rows = await this.db.select().from(cfdiStamps).where(eq(cfdiStamps.idempotencyKey, idempotencyKey));
    return rows[0] && toRecord(rows[0]);
  }

  async byUuid(uuid: string): Promise<StampRecord | undefined> {
    const rows = await this.db.select().from(cfdiStamps).where(eq(cfdiStamps.uuid, uuid.toUpperCase()));
    return rows[0] && toRecord(rows[0]);
  }
}
