// Group commit for short write transactions that all queue on the same hot
// lock (a gapless folio counter, the stock rows of popular articles).
//
// A transaction holds its row locks until its commit has reached the disk, so
// N postings of the same series can commit at most once per disk flush each,
// one after the other. Run through a commit group, the postings that arrive
// while one transaction is committing wait together and then share the next
// transaction: each runs in its own savepoint (an error, a refused input or a
// stock shortage rolls back that posting alone and answers its caller), and
// one commit, one flush, makes them all durable. Callers are answered only
// after that commit; if it fails, every posting of the group fails with it.
//
// A posting that arrives alone starts at once: at one client nothing waits.
// The work runs one posting after the other on one connection, so postings
// inside a group never wait for each other's locks. The next group of a key
// starts as soon as the previous one has run its postings, while that one's
// COMMIT is still on its way to the disk: its BEGIN and first reads overlap
// the flush, and its locks wait, at most, for that commit (which takes no lock
// and waits for nothing else, so two groups never deadlock).
import { AsyncResource } from 'node:async_hooks';
import { sql } from 'drizzle-orm';
import { auditedIfKept } from './audit';
import type { Db, Tx } from './database';

/** Postings admitted to one transaction at most; the rest wait for the next. */
export const MAX_GROUP = 32;

type Job = { work: (tx: Tx) => Promise<unknown>; caller: AsyncResource; resolve: (value: unknown) => void; reject: (err: unknown) => void };
type Queue = { jobs: Job[]; running: boolean };

const queuesOf = new WeakMap<Db, Map<string, Queue>>();

/**
 * Runs `work` inside a transaction shared with the other calls for `key` that
 * are waiting at the time, in a savepoint of its own; resolves with its result
 * once that transaction has committed.
 */
export function inCommitGroup<T>(db: Db, key: string, work: (tx: Tx) => Promise<T>): Promise<T> {
  let queues = queuesOf.get(db);
  if (!queues) queuesOf.set(db, (queues = new Map()));
  let queue = queues.get(key);
  if (!queue) queues.set(key, (queue = { jobs: [], running: false }));
  const q = queue;
  return new Promise<T>((resolve, reject) => {
    // The work runs in its caller's async context (its request's statement count, its logger),
    // whichever caller's call happens to be running the group.
    q.jobs.push({ work, caller: new AsyncResource('commit-group'), resolve: resolve as (value: unknown) => void, reject });
    if (!q.running) void drain(db, q);
  });
}

/** The job's work in its caller's async context. */
const run = (job: Job, tx: Tx) => job.caller.runInAsyncScope(() => job.work(tx));

async function drain(db: Db, q: Queue): Promise<void> {
  q.running = true;
  try {
    while (q.jobs.length) {
      const group = q.jobs.splice(0, MAX_GROUP);
      await new Promise<void>((workDone) => void runGroup(db, group, workDone));
    }
  } finally {
    q.running = false;
  }
}

/**
 * One group's transaction. `workDone` is called once its postings have run
 * (or the transaction could not start): the next group may begin while this
 * one commits. Each caller is answered after the commit.
 */
async function runGroup(db: Db, group: Job[], workDone: () => void): Promise<void> {
  const done: { job: Job; value: unknown }[] = [];
  const refused = new Set<Job>();
  try {
    await db.transaction(async (tx) => {
      try {
        if (group.length === 1) {
          // Alone: no savepoint; its error rolls the transaction back.
          const [job] = group;
          try {
            done.push({ job, value: await run(job, tx) });
          } catch (err) {
            refused.add(job);
            job.reject(err);
            throw err;
          }
          return;
        }
        for (const [i, job] of group.entries()) {
          // A savepoint of its own, left in place when the job succeeds (the commit releases them
          // all: one statement less per posting than releasing each).
          const savepoint = sql.raw(`group_${i}`);
          await tx.execute(sql`savepoint ${savepoint}`);
          try {
            // What it audits is announced after the commit only if its savepoint is kept (server/db/audit.ts).
            done.push({ job, value: await auditedIfKept(tx, () => run(job, tx)) });
          } catch (err) {
            refused.add(job);
            job.reject(err);
            await tx.execute(sql`rollback to savepoint ${savepoint}`);
          }
        }
      } finally {
        workDone();
      }
    });
  } catch (err) {
    // The commit failed (or the connection did, or the lone posting was refused): nothing of the group was written.
    workDone();
    for (const job of group) if (!refused.has(job)) job.reject(err);
    return;
  }
  for (const d of done) d.job.resolve(d.value);
}
