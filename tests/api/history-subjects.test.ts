// Historial is guarded by the screens that show a record: a payroll is shown
// by Nóminas and by Nóminas Fiscales, so `ver` on either reads its Historial
// (and leaves notes); a role with neither is FORBIDDEN. One server on the demo
// company, two roles made for the test.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, createTestDatabase, startServer, testDbKind, type GqlResult, type TestServer } from './harness';
import { okData } from './answers';

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
    s = await startServer({});
    cleanup = async () => {
      await s?.stop();
    };
  }
  admin = await s.login(ADMIN_EMAIL);
}, 180_000);
afterAll(async () => cleanup());

const ok = async (query: string, variables: Record<string, unknown> = {}, token = admin) => okData(await s.gql(query, variables, token));
const code = (r: GqlResult) => r.errors?.[0].extensions?.code;

/** A user whose role has only `ver` on one Recursos Humanos screen. */
async function onlySees(submoduleKey: string): Promise<string> {
  const role = (await ok('mutation($n:String!){ roleCreate(input:{name:$n, description:"Prueba"}){ id version } }', { n: `Solo ${submoduleKey}` })).roleCreate;
  const catalog = (await ok('{ permissionCatalog { key submodules { id key } } }')).permissionCatalog;
  const sub = catalog.find((m: { key: string }) => m.key === 'human-resources').submodules.find((x: { key: string }) => x.key === submoduleKey);
  await ok('mutation($id:ID!,$v:Int!,$g:[RoleGrantInput!]!){ roleSetPermissions(id:$id,version:$v,grants:$g){ id } }', { id: role.id, v: role.version, g: [{ submoduleId: sub.id, permission: 'ver' }] });
  const email = `solo.${submoduleKey}@demo.mx`;
  await ok('mutation($i:UserCreateInput!){ userCreate(input:$i){ user { id } } }', { i: { email, name: `Solo ${submoduleKey}`, roleId: role.id, password: 'Inicial-123' } });
  const first = await s.login(email, 'Inicial-123');
  return (await ok('mutation{ changePassword(currentPassword:"Inicial-123", newPassword:"Historial-2026!"){ token } }', {}, first)).changePassword.token as string;
}

const HISTORY = 'query($id:ID!){ recordHistory(entity:"rh_payroll", entityId:$id){ entityId entries { action } } }';
const NOTE = 'mutation($id:ID!){ recordNoteAdd(entity:"rh_payroll", entityId:$id, body:"Revisada desde Nóminas Fiscales"){ body } }';

describe('Historial of a payroll', () => {
  it('is read with ver on Nóminas or on Nóminas Fiscales, FORBIDDEN with neither', async () => {
    const payroll = (await ok('{ rhFiscalPayrolls(list:{pageSize: 1}){ items { id } } }')).rhFiscalPayrolls.items[0] as { id: string };
    const fiscal = await onlySees('fiscal-payroll');
    const payrolls = await onlySees('payroll');
    const employees = await onlySees('employees');
    for (const token of [fiscal, payrolls]) {
      const history = (await ok(HISTORY, { id: payroll.id }, token)).recordHistory;
      expect(history.entityId).toBe(payroll.id);
      expect(history.entries.map((e: { action: string }) => e.action)).toContain('close');
    }
    expect((await ok(NOTE, { id: payroll.id }, fiscal)).recordNoteAdd.body).toBe('Revisada desde Nóminas Fiscales');
    expect(code(await s.gql(HISTORY, { id: payroll.id }, employees))).toBe('FORBIDDEN');
    expect(code(await s.gql(NOTE, { id: payroll.id }, employees))).toBe('FORBIDDEN');
  });
});
