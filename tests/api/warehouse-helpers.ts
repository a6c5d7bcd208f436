// Shared set-up for the Almacén API tests: GraphQL documents, small builders
// for catalogues and movements, and dates relative to today (Mexico City),
// since a movement may not be dated in the future.
import { expect } from 'vitest';
import { todayMx } from '../../schema/dates';
import { okData } from './answers';
import type { GqlResult, TestServer } from './harness';

export const today = todayMx();
export const daysAgo = (n: number): string => new Date(Date.parse(`${today}T12:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);

export const WAREHOUSE = 'id code name active version';
export const ARTICLE = 'id sku name active version minStock maxStock reorderPoint totalQuantity averageCost unit { code decimals } line { id code }';
export const MOVEMENT = `id folio date status kind direction totalAmount lineCount reference
  warehouse { id code } targetWarehouse { id code } concept { id code kind }
  reverses { id folio } reversedBy { id folio }
  lines { lineNo quantity unitCost amount article { id sku } }`;

export const Q = {
  warehouseCreate: `mutation($input: WarehouseInput!){ warehouseCreate(input:$input){ ${WAREHOUSE} } }`,
  warehouseUpdate: `mutation($id:ID!,$v:Int!,$input: WarehouseInput!){ warehouseUpdate(id:$id,version:$v,input:$input){ ${WAREHOUSE} } }`,
  warehouseDelete: `mutation($id:ID!,$v:Int!){ warehouseDelete(id:$id,version:$v){ id deleted deactivated message } }`,
  lineCreate: `mutation($input: ProductLineInput!){ productLineCreate(input:$input){ id code name active version articleCount } }`,
  lineUpdate: `mutation($id:ID!,$v:Int!,$input: ProductLineInput!){ productLineUpdate(id:$id,version:$v,input:$input){ id code name active version } }`,
  lineDelete: `mutation($id:ID!,$v:Int!){ productLineDelete(id:$id,version:$v){ id deleted deactivated message } }`,
  articleCreate: `mutation($input: ArticleInput!){ articleCreate(input:$input){ ${ARTICLE} } }`,
  articleUpdate: `mutation($id:ID!,$v:Int!,$input: ArticleInput!){ articleUpdate(id:$id,version:$v,input:$input){ ${ARTICLE} } }`,
  articleDelete: `mutation($id:ID!,$v:Int!){ articleDelete(id:$id,version:$v){ id deleted deactivated message } }`,
  articleImport: `mutation($rows:[ArticleImportRow!]!){ articleImport(rows:$rows){ created } }`,
  conceptCreate: `mutation($input: StockConceptInput!){ stockConceptCreate(input:$input){ id code kind direction affectsCost system active version } }`,
  conceptUpdate: `mutation($id:ID!,$v:Int!,$input: StockConceptInput!){ stockConceptUpdate(id:$id,version:$v,input:$input){ id code kind direction affectsCost active version } }`,
  conceptDelete: `mutation($id:ID!,$v:Int!){ stockConceptDelete(id:$id,version:$v){ id deleted deactivated message } }`,
  post: `mutation($input: StockMovementInput!){ stockMovementPost(input:$input){ ${MOVEMENT} } }`,
  cancel: `mutation($id:ID!,$reason:String){ stockMovementCancel(id:$id,reason:$reason){ ${MOVEMENT} } }`,
  stock: `query($list: ListInput, $filter: StockLevelFilter){ stockLevels(list:$list, filter:$filter){ total items { quantity averageCost value belowMinimum aboveMaximum atReorderPoint warehouse { id code } article { id sku } } } }`,
  kardex: `query($a:ID!,$w:ID!,$from:Date!,$to:Date!){ kardex(articleId:$a, warehouseId:$w, from:$from, to:$to){
    from to truncated totalIn totalOut
    opening { quantity value averageCost } closing { quantity value averageCost }
    entries { folio date conceptName reference inQuantity outQuantity unitCost amount balanceQuantity balanceValue averageCost } } }`,
  audits: `{ auditEntries { total } }`,
} as const;

export type Fields = Record<string, string>;

export { okData };

/** A refused call: the code, and (when given) exactly these per-field messages. */
export function expectRefused(r: GqlResult, code: string, fields?: Fields) {
  expect(r.errors, 'expected an error').toBeDefined();
  const e = r.errors![0];
  expect(e.extensions?.code).toBe(code);
  if (fields) expect(e.extensions?.fields).toEqual(fields);
  // Spanish, and never SQL or a stack.
  expect(e.message).not.toMatch(/select|insert|update|constraint|violat|stack|at \w+ \(/i);
  return e;
}

export type Fixture = {
  w1: string;
  w2: string;
  wInactive: string;
  line: string;
  entrada: string;
  entradaSinCosto: string;
  salida: string;
  traspaso: string;
};

let seq = 0;
/** Unique code suffix so fixtures of several tests never collide. */
export const uniq = (prefix: string) => `${prefix}${++seq}${Math.floor(Math.random() * 1e4)}`;

export async function makeFixture(s: TestServer, token: string): Promise<Fixture> {
  const wh = async (name: string, active = true) =>
    okData(await s.gql(Q.warehouseCreate, { input: { code: uniq('W'), name, location: 'Prueba', active } }, token)).warehouseCreate.id as string;
  const concept = async (kind: string, affectsCost = false, direction?: string) =>
    okData(await s.gql(Q.conceptCreate, { input: { code: uniq('C'), name: `Concepto ${kind}`, kind, affectsCost, direction } }, token)).stockConceptCreate.id as string;
  return {
    w1: await wh('Almacén Prueba Uno'),
    w2: await wh('Almacén Prueba Dos'),
    wInactive: await wh('Almacén Cerrado', false),
    line: okData(await s.gql(Q.lineCreate, { input: { code: uniq('L'), name: 'Línea de prueba' } }, token)).productLineCreate.id,
    entrada: await concept('ENTRADA', true),
    entradaSinCosto: await concept('ENTRADA', false),
    salida: await concept('SALIDA'),
    traspaso: await concept('TRASPASO'),
  };
}

export async function makeArticle(s: TestServer, token: string, f: Fixture, extra: Record<string, unknown> = {}) {
  const sku = uniq('ART-');
  const r = okData(await s.gql(Q.articleCreate, { input: { sku, name: `Artículo ${sku}`, lineId: f.line, unit: 'H87', ...extra } }, token));
  return r.articleCreate as { id: string; sku: string; name: string; version: number };
}

export type LineIn = { articleId: string; quantity: string; unitCost?: string };

export function post(s: TestServer, token: string, input: { date?: string; conceptId: string; warehouseId: string; targetWarehouseId?: string; reference?: string; lines: LineIn[] }) {
  return s.gql(Q.post, { input: { date: today, ...input } }, token);
}

export async function stockOf(s: TestServer, token: string, warehouseId: string, articleId: string) {
  const r = okData(await s.gql(Q.stock, { list: { pageSize: 200 }, filter: { warehouseId, includeZero: true } }, token));
  const row = r.stockLevels.items.find((i: { article: { id: string } }) => i.article.id === articleId);
  return row ? { quantity: row.quantity as string, value: row.value as string, averageCost: row.averageCost as string } : null;
}

export const auditTotal = async (s: TestServer, admin: string): Promise<number> => okData(await s.gql(Q.audits, {}, admin)).auditEntries.total;
