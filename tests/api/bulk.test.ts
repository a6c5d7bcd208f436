// Bulk actions on list selections: each row goes through the single-record
// service in its own transaction, failures come back per row in Spanish, a
// user without the ability is refused whole and nothing is written.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, startServer, type TestServer } from './harness';
import { auditTotal, expectRefused, makeArticle, makeFixture, okData, today, uniq, type Fixture } from './warehouse-helpers';

let s: TestServer;
let admin: string;
let clerk: string; // Almacenista: every Almacén permission, "autorizar" included
let viewer: string; // Consulta: only "ver"
let f: Fixture;
beforeAll(async () => {
  s = await startServer();
  [admin, clerk, viewer] = await Promise.all([s.login(ADMIN_EMAIL), s.login('almacen@demo.mx'), s.login('consulta@demo.mx')]);
  f = await makeFixture(s, clerk);
});
afterAll(async () => s?.stop());

type Bulk = { applied: string[]; failures: { id: string; reference: string | null; message: string; code: string }[] };
const RESULT = 'applied failures { id reference message code }';
const REQ = 'id folio status version lines { requestedQuantity authorizedQuantity }';
const CREATE_REQ = `mutation($i: WarehouseRequisitionInput!){ warehouseRequisitionCreate(input:$i){ ${REQ} } }`;
const BULK_AUTHORIZE = `mutation($ids:[ID!]!){ warehouseRequisitionBulkAuthorize(ids:$ids){ ${RESULT} } }`;
const REJECT = `mutation($id:ID!,$v:Int!,$r:String!){ warehouseRequisitionReject(id:$id,version:$v,reason:$r){ ${REQ} } }`;
const GET_REQ = `query($id:ID!){ warehouseRequisition(id:$id){ ${REQ} } }`;
const AUDIT = 'query($e:String!,$id:String!){ auditEntries(entity:$e, entityId:$id){ items { action after userName } } }';
const TOO_MANY = 'Se pueden procesar hasta 500 registros por operación; divide la selección.';

const requisition = async (quantities: string[]) => {
  const lines = [];
  for (const quantity of quantities) lines.push({ articleId: (await makeArticle(s, clerk, f)).id, quantity });
  return okData(await s.gql(CREATE_REQ, { i: { area: 'Obra', warehouseId: f.w1, neededDate: today, lines } }, clerk)).warehouseRequisitionCreate as { id: string; folio: string; version: number };
};
const getReq = async (id: string) => okData(await s.gql(GET_REQ, { id }, clerk)).warehouseRequisition;
const auditOf = async (entity: string, id: string) => okData(await s.gql(AUDIT, { e: entity, id }, admin)).auditEntries.items as { action: string; after: any; userName: string }[];
const manyIds = (n: number) => Array.from({ length: n }, (_, i) => String(i + 1));

describe('bulk authorise of requisitions', () => {
  it('authorises every selected requisition in full, with one audit entry each', async () => {
    const reqs = [await requisition(['8', '2']), await requisition(['3']), await requisition(['1', '4', '6'])];
    const r = okData<{ warehouseRequisitionBulkAuthorize: Bulk }>(await s.gql(BULK_AUTHORIZE, { ids: reqs.map((q) => q.id) }, clerk)).warehouseRequisitionBulkAuthorize;
    expect(r).toEqual({ applied: reqs.map((q) => q.id), failures: [] });
    const after = await Promise.all(reqs.map((q) => getReq(q.id)));
    expect(after.map((q) => q.status)).toEqual(['AUTORIZADA', 'AUTORIZADA', 'AUTORIZADA']);
    expect(after.map((q) => q.version)).toEqual([2, 2, 2]);
    expect(after.map((q) => q.lines.map((l: { authorizedQuantity: string }) => l.authorizedQuantity))).toEqual([['8', '2'], ['3'], ['1', '4', '6']]);
    for (const q of reqs) {
      const entries = await auditOf('requisition', q.id);
      expect(entries.map((e) => e.action)).toEqual(['authorize', 'create']);
      expect(entries[0]).toMatchObject({ userName: 'Demo Almacenista', after: { status: 'AUTORIZADA' } });
    }
  });

  it('a user without "autorizar" is refused whole and nothing changes', async () => {
    const reqs = [await requisition(['2']), await requisition(['5'])];
    const before = await auditTotal(s, admin);
    const e = expectRefused(await s.gql(BULK_AUTHORIZE, { ids: reqs.map((q) => q.id) }, viewer), 'FORBIDDEN');
    expect(e.message).toMatch(/permiso/i);
    for (const q of reqs) expect(await getReq(q.id)).toMatchObject({ status: 'PENDIENTE', version: 1, lines: [{ authorizedQuantity: null }] });
    expect(await auditTotal(s, admin)).toBe(before);
  });

  it('applies the valid ones and reports the others, which stay as they were', async () => {
    const [ok1, authorised, rejectedOne, ok2] = [await requisition(['1']), await requisition(['2']), await requisition(['3']), await requisition(['4'])];
    okData(await s.gql(BULK_AUTHORIZE, { ids: [authorised.id] }, clerk));
    okData(await s.gql(REJECT, { id: rejectedOne.id, v: rejectedOne.version, r: 'Sin presupuesto' }, clerk));
    const [authorisedBefore, rejectedBefore] = [await getReq(authorised.id), await getReq(rejectedOne.id)];
    const auditsBefore = await auditTotal(s, admin);
    const ids = [ok1.id, authorised.id, '99999999', rejectedOne.id, ok2.id];
    const r = okData<{ warehouseRequisitionBulkAuthorize: Bulk }>(await s.gql(BULK_AUTHORIZE, { ids }, clerk)).warehouseRequisitionBulkAuthorize;
    expect(r.applied).toEqual([ok1.id, ok2.id]);
    expect(r.failures).toEqual([
      { id: authorised.id, reference: authorised.folio, code: 'CONFLICT', message: 'No se puede pasar de "Autorizada" a "Autorizada".' },
      { id: '99999999', reference: null, code: 'NOT_FOUND', message: 'La requisición no existe.' },
      { id: rejectedOne.id, reference: rejectedOne.folio, code: 'CONFLICT', message: 'No se puede pasar de "Rechazada" a "Autorizada".' },
    ]);
    // Two authorisations, two audit entries; the failed rows wrote nothing.
    expect(await auditTotal(s, admin)).toBe(auditsBefore + 2);
    expect(await getReq(authorised.id)).toEqual(authorisedBefore);
    expect(await getReq(rejectedOne.id)).toEqual(rejectedBefore);
    expect((await getReq(ok2.id)).lines[0].authorizedQuantity).toBe('4');
  });

  it('refuses an empty selection and more than 500 ids in Spanish, writing nothing', async () => {
    const before = await auditTotal(s, admin);
    expectRefused(await s.gql(BULK_AUTHORIZE, { ids: [] }, clerk), 'BAD_USER_INPUT', { ids: 'Selecciona al menos un registro.' });
    const e = expectRefused(await s.gql(BULK_AUTHORIZE, { ids: manyIds(501) }, clerk), 'BAD_USER_INPUT', { ids: TOO_MANY });
    expect(e.message).toBe(TOO_MANY);
    expect(await auditTotal(s, admin)).toBe(before);
    // An id that cannot exist (the platform's id guard) refuses the whole call before any row runs.
    const pending = await requisition(['1']);
    expectRefused(await s.gql(BULK_AUTHORIZE, { ids: [pending.id, 'x'] }, clerk), 'NOT_FOUND');
    expect(await getReq(pending.id)).toMatchObject({ status: 'PENDIENTE', version: 1 });
  });
});

describe('bulk deactivate', () => {
  const ARTICLE_DEACTIVATE = `mutation($ids:[ID!]!){ articleBulkDeactivate(ids:$ids){ ${RESULT} } }`;
  const GET_ARTICLE = 'query($id:ID!){ article(id:$id){ id sku active version minStock } }';
  const USER_DEACTIVATE = `mutation($ids:[ID!]!){ userBulkDeactivate(ids:$ids){ ${RESULT} } }`;
  const CREATE_USER = 'mutation($input: UserCreateInput!){ userCreate(input:$input){ user { id email name active version } } }';
  const GET_USER = 'query($id:ID!){ user(id:$id){ id active version } }';
  const ROLES = '{ roleOptions { id name } }';

  it('articles: the allowed user deactivates them; already inactive and missing ones are reported', async () => {
    const a = await makeArticle(s, clerk, f, { minStock: '2' });
    const b = await makeArticle(s, clerk, f);
    const inactive = await makeArticle(s, clerk, f, { active: false });
    const before = await auditTotal(s, admin);
    const r = okData<{ articleBulkDeactivate: Bulk }>(await s.gql(ARTICLE_DEACTIVATE, { ids: [a.id, inactive.id, b.id, '88888888'] }, clerk)).articleBulkDeactivate;
    expect(r).toEqual({
      applied: [a.id, b.id],
      failures: [
        { id: inactive.id, reference: `${inactive.sku} · ${inactive.name}`, code: 'CONFLICT', message: 'El artículo ya está inactivo.' },
        { id: '88888888', reference: null, code: 'NOT_FOUND', message: 'El artículo no existe.' },
      ],
    });
    expect(okData(await s.gql(GET_ARTICLE, { id: a.id }, clerk)).article).toMatchObject({ active: false, version: 2, minStock: '2' });
    expect(okData(await s.gql(GET_ARTICLE, { id: inactive.id }, clerk)).article).toMatchObject({ active: false, version: 1 });
    expect(await auditTotal(s, admin)).toBe(before + 2);
    expect((await auditOf('article', a.id))[0]).toMatchObject({ action: 'update', after: { active: false } });
  });

  it('articles: a user without "editar" is refused whole, nothing changes', async () => {
    const a = await makeArticle(s, clerk, f);
    const before = await auditTotal(s, admin);
    expectRefused(await s.gql(ARTICLE_DEACTIVATE, { ids: [a.id] }, viewer), 'FORBIDDEN');
    expect(okData(await s.gql(GET_ARTICLE, { id: a.id }, clerk)).article).toMatchObject({ active: true, version: 1 });
    expect(await auditTotal(s, admin)).toBe(before);
    expectRefused(await s.gql(ARTICLE_DEACTIVATE, { ids: manyIds(501) }, clerk), 'BAD_USER_INPUT', { ids: TOO_MANY });
  });

  it('users: deactivates the selection, never the signed-in admin, and reports why', async () => {
    const roles = okData(await s.gql(ROLES, {}, admin)).roleOptions as { id: string; name: string }[];
    const roleId = roles.find((r) => r.name === 'Consulta')!.id;
    const make = async () => {
      const email = `${uniq('masivo')}@demo.mx`;
      return okData(await s.gql(CREATE_USER, { input: { email, name: `Usuario ${email}`, roleId, password: 'Inicial-123' } }, admin)).userCreate.user as { id: string; email: string; name: string };
    };
    const [u1, u2] = [await make(), await make()];
    const token = await s.login(u1.email, 'Inicial-123');
    const me = okData(await s.gql('{ me { id } }', {}, admin)).me.id as string;
    const before = await auditTotal(s, admin);
    // Without "eliminar" on Usuarios: refused whole.
    expectRefused(await s.gql(USER_DEACTIVATE, { ids: [u1.id, u2.id] }, clerk), 'FORBIDDEN');
    expect(await auditTotal(s, admin)).toBe(before);
    const r = okData<{ userBulkDeactivate: Bulk }>(await s.gql(USER_DEACTIVATE, { ids: [u1.id, me, u2.id] }, admin)).userBulkDeactivate;
    expect(r).toEqual({
      applied: [u1.id, u2.id],
      failures: [{ id: me, reference: 'Administrador del sistema (admin@demo.mx)', code: 'BAD_USER_INPUT', message: 'No puedes desactivar tu propio usuario.' }],
    });
    expect(okData(await s.gql(GET_USER, { id: u1.id }, admin)).user).toMatchObject({ active: false, version: 2 });
    expect(okData(await s.gql(GET_USER, { id: me }, admin)).user).toMatchObject({ active: true });
    expect(await auditTotal(s, admin)).toBe(before + 2);
    // The deactivated user's session is closed, as with the single action.
    expect((await s.gql('{ me { id } }', {}, token)).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    // Again: already inactive, reported, no new audit entry.
    const again = okData<{ userBulkDeactivate: Bulk }>(await s.gql(USER_DEACTIVATE, { ids: [u1.id] }, admin)).userBulkDeactivate;
    expect(again.failures).toEqual([{ id: u1.id, reference: `${u1.name} (${u1.email})`, code: 'CONFLICT', message: 'El usuario ya está inactivo.' }]);
    expect(await auditTotal(s, admin)).toBe(before + 2);
  });
});

describe('printing a selection of invoices as one PDF', () => {
  const PDFS = 'query($ids:[ID!]!){ facturasPdf(ids:$ids) }';
  const pageCount = (pdf: Buffer) => (pdf.toString('latin1').match(/\/Type \/Page\b(?!s)/g) ?? []).length;

  it('one file with every invoice, each from its own page', async () => {
    const invoices = okData(await s.gql('{ invoices(list:{pageSize:3}){ items { id folio } } }', {}, admin)).invoices.items as { id: string }[];
    expect(invoices.length).toBe(3);
    const one = Buffer.from(okData(await s.gql('query($id:ID!){ facturaPdf(id:$id) }', { id: invoices[0].id }, admin)).facturaPdf, 'base64');
    const all = Buffer.from(okData(await s.gql(PDFS, { ids: invoices.map((i) => i.id) }, admin)).facturasPdf, 'base64');
    expect(all.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pageCount(all)).toBeGreaterThanOrEqual(3);
    expect(pageCount(all)).toBeGreaterThan(pageCount(one));
  });

  it('refused without "ver" on Facturas, for a missing invoice and past 100 ids', async () => {
    const invoices = okData(await s.gql('{ invoices(list:{pageSize:2}){ items { id } } }', {}, admin)).invoices.items as { id: string }[];
    expectRefused(await s.gql(PDFS, { ids: invoices.map((i) => i.id) }, clerk), 'FORBIDDEN');
    expect(expectRefused(await s.gql(PDFS, { ids: [invoices[0].id, '77777777'] }, admin), 'NOT_FOUND').message).toBe('La factura no existe.');
    expectRefused(await s.gql(PDFS, { ids: manyIds(101) }, admin), 'BAD_USER_INPUT', { ids: 'Se pueden procesar hasta 100 registros por operación; divide la selección.' });
  });
});
