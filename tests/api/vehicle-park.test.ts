// Parque Vehicular over HTTP (smoke; grows with the module).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, createTestDatabase, startServer, testDbKind, type TestServer } from './harness';

let s: TestServer;
let admin: string;
let cleanup: () => Promise<void> = async () => undefined;

beforeAll(async () => {
  if (testDbKind() === 'postgres') {
    const database = await createTestDatabase();
    s = await startServer({}, { databaseUrl: database.url });
    cleanup = async () => {
      await s?.stop();
      await database.drop();
    };
  } else {
    s = await startServer();
    cleanup = async () => s?.stop();
  }
  admin = await s.login(ADMIN_EMAIL);
}, 180_000);
afterAll(async () => cleanup());

describe('vehicle options', () => {
  it('lists the demo vehicles not in baja', async () => {
    const r = await s.gql('{ vehicleOptions(limit: 50) { id economicNumber plate status odometerKm } }', {}, admin);
    expect(r.errors).toBeUndefined();
    const options = r.data!.vehicleOptions as { status: string; odometerKm: number }[];
    expect(options.length).toBe(23);
    expect(options.every((o) => o.status !== 'baja' && o.odometerKm > 0)).toBe(true);
  });
});
