// The sign-in throttle counts in the database (sign_in_failures), so two
// throttles over one database stand for two server processes.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createThrottle } from '../../../server/auth/throttle';
import { openDatabase, type Database } from '../../../server/db/database';
import { signInFailures } from '../../../server/db/tables';

let database: Database;
let dataDir: string;
beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'erp-throttle-'));
  database = await openDatabase({ databaseUrl: null, dataDir });
}, 60_000);
afterAll(async () => {
  await database?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const limits = { perAccount: 3, perIp: 5, windowMs: 15 * 60_000 };

describe('database sign-in throttle', () => {
  it('blocks an account after its failures on any process, whatever the case of the e-mail', async () => {
    const [one, two] = [createThrottle(database.db, limits), createThrottle(database.db, limits)];
    await one.fail('Ana@demo.mx', '10.0.0.1');
    await two.fail('ana@demo.mx', '10.0.0.2');
    expect(await one.isBlocked('ana@demo.mx', '10.0.0.3')).toBe(false);
    await one.fail('ana@DEMO.mx', '10.0.0.3');
    expect(await two.isBlocked('ana@demo.mx', '10.0.0.4')).toBe(true);
    expect(await two.isBlocked('beto@demo.mx', '10.0.0.4')).toBe(false);
  });

  it('a success clears the account on every process, not the address', async () => {
    const [one, two] = [createThrottle(database.db, limits), createThrottle(database.db, limits)];
    for (const account of ['c1@demo.mx', 'c2@demo.mx', 'c3@demo.mx', 'c4@demo.mx']) await one.fail(account, '10.0.1.1');
    await one.fail('c1@demo.mx', '10.0.1.2');
    await one.fail('c1@demo.mx', '10.0.1.2');
    expect(await two.isBlocked('c1@demo.mx', '10.0.1.3')).toBe(true);
    await two.succeed('C1@demo.mx');
    expect(await one.isBlocked('c1@demo.mx', '10.0.1.3')).toBe(false);
    await one.fail('c5@demo.mx', '10.0.1.1');
    // Five failures from one address, across accounts.
    expect(await two.isBlocked('nuevo@demo.mx', '10.0.1.1')).toBe(true);
  });

  it('counts only the window, and prunes rows older than it', async () => {
    const short = createThrottle(database.db, { perAccount: 2, perIp: 100, windowMs: 300 });
    await short.fail('d@demo.mx', '10.0.2.1');
    await short.fail('d@demo.mx', '10.0.2.1');
    expect(await short.isBlocked('d@demo.mx', '10.0.2.1')).toBe(true);
    await new Promise((r) => setTimeout(r, 400));
    expect(await short.isBlocked('d@demo.mx', '10.0.2.1')).toBe(false);
    // A fresh throttle prunes on its first failure: everything older than 300 ms goes.
    await createThrottle(database.db, { perAccount: 2, perIp: 100, windowMs: 300 }).fail('e@demo.mx', '10.0.2.2');
    const keys = (await database.db.select({ key: signInFailures.key }).from(signInFailures)).map((r) => r.key).sort();
    expect(keys).toEqual(['a:e@demo.mx', 'i:10.0.2.2']);
  });
});
