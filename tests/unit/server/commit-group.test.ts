// Group commit (server/db/commitGroup.ts) on an in-memory PGlite: calls that
// wait while one transaction runs share the next one, each in a savepoint of
// its own; a failure stays with its caller unless the commit itself fails.
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { announceAuditedRecords, noteAudited, type AuditedRecord } from '../../../server/db/audit';
import { inCommitGroup } from '../../../server/db/commitGroup';
import { queryRows, type Db, type Tx } from '../../../server/db/database';

let client: PGlite;
let db: Db;
const announced: AuditedRecord[] = [];

beforeAll(async () => {
  client = await PGlite.create();
  db = drizzle({ client }) as unknown as Db;
  announceAuditedRecords(db, (r) => announced.push(r));
  await db.execute(sql`create table probe (id int primary key, tag text, code int unique deferrable initially deferred)`);
  // PGlite's start (its WASM) is not what is tested: on a busy 2-core machine it took over the default 10 s.
}, 60_000);
afterAll(async () => client?.close());
beforeEach(async () => {
  announced.length = 0;
  await db.execute(sql`truncate probe`);
});

const actor = { userId: 7, requestId: 'r' };

/** Inserts row `id`, notes it audited and answers the transaction it ran in. */
const insert = (id: number, opts: { code?: number; fail?: boolean } = {}) => async (tx: Tx) => {
  await tx.execute(sql`insert into probe (id, tag, code) values (${id}, ${`p${id}`}, ${opts.code ?? id})`);
  noteAudited(tx, actor, 'probe', id);
  if (opts.fail) throw new Error(`refused ${id}`);
  const [{ xid }] = await queryRows<{ xid: string }>(tx, sql`select txid_current()::text as xid`);
  return xid;
};

const ids = async () => (await queryRows<{ id: number }>(db, sql`select id from probe order by id`)).map((r) => r.id);

describe('commit groups', () => {
  it('a call alone runs at once in its own transaction; the calls that wait meanwhile share the next one', async () => {
    const xids = await Promise.all([1, 2, 3, 4, 5].map((id) => inCommitGroup(db, 'k', insert(id))));
    expect(new Set(xids).size).toBe(2);
    expect(xids[1]).not.toBe(xids[0]);
    expect(xids.slice(1).every((x) => x === xids[1])).toBe(true);
    expect(await ids()).toEqual([1, 2, 3, 4, 5]);
    expect(announced.map((r) => r.id).sort()).toEqual(['1', '2', '3', '4', '5']);
  });

  it('a refused call in a group rolls back alone: its row and its announcement are gone, the others land', async () => {
    const calls = [
      inCommitGroup(db, 'k', insert(10)),
      inCommitGroup(db, 'k', insert(11)),
      inCommitGroup(db, 'k', insert(12, { fail: true })),
      inCommitGroup(db, 'k', insert(11)), // duplicate key: the database refuses it inside its savepoint
      inCommitGroup(db, 'k', insert(13)),
    ];
    const settled = await Promise.allSettled(calls);
    expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'rejected', 'fulfilled']);
    expect(((settled[2] as PromiseRejectedResult).reason as Error).message).toBe('refused 12');
    expect(await ids()).toEqual([10, 11, 13]);
    expect(announced.map((r) => r.id).sort()).toEqual(['10', '11', '13']);
  });

  it('when the shared commit fails, every call of that group fails and nothing of it is written', async () => {
    // 21 and 22 take the same deferred-unique code: only the commit finds out.
    const settled = await Promise.allSettled([
      inCommitGroup(db, 'k', insert(20)),
      inCommitGroup(db, 'k', insert(21, { code: 99 })),
      inCommitGroup(db, 'k', insert(22, { code: 99 })),
      inCommitGroup(db, 'k', insert(23)),
    ]);
    expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'rejected', 'rejected', 'rejected']);
    expect(await ids()).toEqual([20]);
    expect(announced.map((r) => r.id)).toEqual(['20']);
  });

  it('the next group starts while one commits, and a group that fails at its commit takes none of the next one with it', async () => {
    // 40 runs alone; 41 and 42 share a group that the commit refuses (same deferred-unique code); 43 is
    // called while that group runs, so it waits for the next one, which must land.
    let late: Promise<string> | null = null;
    const settled = await Promise.allSettled([
      inCommitGroup(db, 'k', insert(40)),
      inCommitGroup(db, 'k', async (tx) => {
        late = inCommitGroup(db, 'k', insert(43));
        return insert(41, { code: 98 })(tx);
      }),
      inCommitGroup(db, 'k', insert(42, { code: 98 })),
    ]);
    expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'rejected', 'rejected']);
    expect(late).not.toBeNull();
    await expect(late).resolves.toMatch(/^\d+$/);
    expect(await ids()).toEqual([40, 43]);
    expect(announced.map((r) => r.id).sort()).toEqual(['40', '43']);
  });

  it('different keys are different queues', async () => {
    const [a, b] = await Promise.all([inCommitGroup(db, 'a', insert(30)), inCommitGroup(db, 'b', insert(31))]);
    expect(a).not.toBe(b);
    expect(await ids()).toEqual([30, 31]);
  });
});

describe('announcing audited records (server/db/audit.ts)', () => {
  it('a transaction announces once per record after it commits; a rolled-back one announces nothing', async () => {
    await db.transaction(async (tx) => {
      await insert(50)(tx);
      noteAudited(tx, actor, 'probe', 50);
      await insert(51)(tx);
      expect(announced).toEqual([]);
    });
    expect(announced).toEqual([
      { entity: 'probe', id: '50', userId: 7 },
      { entity: 'probe', id: '51', userId: 7 },
    ]);
    await expect(db.transaction(insert(52, { fail: true }))).rejects.toThrow('refused 52');
    expect(announced.map((r) => r.id)).toEqual(['50', '51']);
  });

  it("a savepoint's records join its transaction's only when the savepoint succeeds", async () => {
    await db.transaction(async (tx) => {
      await insert(60)(tx);
      await tx.transaction(insert(61));
      await expect(tx.transaction(insert(62, { fail: true }))).rejects.toThrow('refused 62');
      await tx.transaction(async (inner) => {
        await inner.transaction(insert(63));
      });
    });
    expect(await ids()).toEqual([60, 61, 63]);
    expect(announced.map((r) => r.id)).toEqual(['60', '61', '63']);
  });

  it('outside a transaction nothing is noted, and sessions are never announced', async () => {
    noteAudited(db, actor, 'probe', 70);
    await db.transaction(async (tx) => noteAudited(tx, actor, 'session', 71));
    expect(announced).toEqual([]);
  });

});
