// Almacén catalogues: warehouses, product lines, articles (with the
// spreadsheet import) and movement concepts. Edits are optimistic (version);
// a delete deactivates instead when other records refer to the row.
import { writeAudit } from '../../db/audit';
import type { Executor } from '../../db/database';
import { actorOf, type RequestContext } from '../../context';
import { runBulk } from '../../lib/bulk';
import { appError, badInput, conflict, found, notFound, type FieldMessages } from '../../lib/errors';
import { readList, type ListInput } from '../../lib/list';
import { dec } from '../../../schema/money';
import { parseInput, rules, z } from '../../lib/validation';
import * as data from './data';
import { ENTITY, MSG } from './messages';
import { findUnit, unitByCode, UNITS } from './units';
import { code, decimalsProblem, idOf, MAX_IMPORT_ROWS, optionalText, quantityOrZero } from './validation';

const db = (ctx: RequestContext) => ctx.app.database.db;

export type Deletion = { id: number; deleted: boolean; deactivated: boolean; message: string };

/** Delete, or deactivate when referenced; one audit entry either way. */
async function deleteOrDeactivate<R extends { version: number; active: boolean }>(
  ctx: RequestContext,
  id: number,
  version: number,
  ops: {
    entity: string;
    what: string;
    find: (ex: Executor, id: number) => Promise<R | null>;
    referenced: (ex: Executor, id: number) => Promise<boolean>;
    remove: (ex: Executor, id: number) => Promise<void>;
    deactivate: (ex: Executor, id: number, version: number) => Promise<boolean>;
    guard?: (row: R) => void;
  },
): Promise<Deletion> {
  return db(ctx).transaction(async (tx) => {
    const before = await ops.find(tx, id);
    if (!before) throw notFound(ops.what);
    if (before.version !== version) throw conflict();
    ops.guard?.(before);
    if (await ops.referenced(tx, id)) {
      if (!(await ops.deactivate(tx, id, version))) throw conflict();
      await writeAudit(tx, actorOf(ctx), { entity: ops.entity, entityId: id, action: 'deactivate', before, after: { active: false } });
      return { id, deleted: false, deactivated: true, message: MSG.deactivated };
    }
    await ops.remove(tx, id);
    await writeAudit(tx, actorOf(ctx), { entity: ops.entity, entityId: id, action: 'delete', before });
    return { id, deleted: true, deactivated: false, message: MSG.deleted };
  });
}

// ---- units ---------------------------------------------------------------------

export const listUnits = () => UNITS;

// ---- warehouses -----------------------------------------------------------------

export function listWarehouses(ctx: RequestContext, list: ListInput | null | undefined, filter: { active?: boolean | null } | null | undefined) {
  return data.listWarehouses(db(ctx), readList(list, data.WAREHOUSE_SORTS, 'code'), { active: filter?.active ?? null });
}

export const getWarehouse = (ctx: RequestContext, id: string) => data.findWarehouse(db(ctx), idOf(id));
export const warehousesByIds = (ctx: RequestContext, ids: number[]) => data.warehousesByIds(db(ctx), ids);

const warehouseInput = z.object({
  code: code(20),
  name: rules.requiredText(120),
  location: optionalText(200),
  responsible: optionalText(120),
  active: z.boolean().nullish().transform((v) => v ?? true),
});

export async function createWarehouse(ctx: RequestContext, input: unknown) {
  const v = parseInput(warehouseInput, input);
  const id = await db(ctx).transaction(async (tx) => {
    if (await data.warehouseCodeTaken(tx, v.code)) throw badInput({ code: MSG.warehouseCodeTaken });
    const newId = await data.insertWarehouse(tx, v);
    await writeAudit(tx, actorOf(ctx), { entity: 'warehouse', entityId: newId, action: 'create', after: v });
    return newId;
  });
  return found(await data.findWarehouse(db(ctx), id), ENTITY.warehouse);
}

export async function updateWarehouse(ctx: RequestContext, id: string, version: number, input: unknown) {
  const v = parseInput(warehouseInput, input);
  const whId = idOf(id);
  await db(ctx).transaction(async (tx) => {
    const before = await data.findWarehouse(tx, whId);
    if (!before) throw notFound(ENTITY.warehouse);
    if (await data.warehouseCodeTaken(tx, v.code, whId)) throw badInput({ code: MSG.warehouseCodeTaken });
    if (!(await data.updateWarehouse(tx, whId, version, v))) throw conflict();
    await writeAudit(tx, actorOf(ctx), { entity: 'warehouse', entityId: whId, action: 'update', before, after: v });
  });
  return found(await data.findWarehouse(db(ctx), whId), ENTITY.warehouse);
}

export const deleteWarehouse = (ctx: RequestContext, id: string, version: number) =>
  deleteOrDeactivate(ctx, idOf(id), version, {
    entity: 'warehouse',
    what: ENTITY.warehouse,
    find: data.findWarehouse,
    referenced: data.warehouseReferenced,
    remove: data.deleteWarehouse,
    deactivate: (ex, id, v) => data.updateWarehouse(ex, id, v, { active: false }),
  });

// ---- product lines ------------------------------------------------------------------

export function listProductLines(ctx: RequestContext, list: ListInput | null | undefined, filter: { active?: boolean | null } | null | undefined) {
  return data.listProductLines(db(ctx), readList(list, data.LINE_SORTS, 'code'), { active: filter?.active ?? null });
}

export const getProductLine = (ctx: RequestContext, id: string) => data.findProductLine(db(ctx), idOf(id));
export const productLinesByIds = (ctx: RequestContext, ids: number[]) => data.productLinesByIds(db(ctx), ids);

const lineInput = z.object({
  code: code(20),
  name: rules.requiredText(120),
  description: optionalText(500),
  active: z.boolean().nullish().transform((v) => v ?? true),
});

export async function createProductLine(ctx: RequestContext, input: unknown) {
  const v = parseInput(lineInput, input);
  const id = await db(ctx).transaction(async (tx) => {
    if (await data.lineCodeTaken(tx, v.code)) throw badInput({ code: MSG.lineCodeTaken });
    const newId = await data.insertProductLine(tx, v);
    await writeAudit(tx, actorOf(ctx), { entity: 'product_line', entityId: newId, action: 'create', after: v });
    return newId;
  });
  return found(await data.findProductLine(db(ctx), id), ENTITY.line);
}

export async function updateProductLine(ctx: RequestContext, id: string, version: number, input: unknown) {
  const v = parseInput(lineInput, input);
  const lineId = idOf(id);
  await db(ctx).transaction(async (tx) => {
    const before = await data.findProductLine(tx, lineId);
    if (!before) throw notFound(ENTITY.line);
    if (await data.lineCodeTaken(tx, v.code, lineId)) throw badInput({ code: MSG.lineCodeTaken });
    if (!(await data.updateProductLine(tx, lineId, version, v))) throw conflict();
    await writeAudit(tx, actorOf(ctx), { entity: 'product_line', entityId: lineId, action: 'update', before, after: v });
  });
  return found(await data.findProductLine(db(ctx), lineId), ENTITY.line);
}

export const deleteProductLine = (ctx: RequestContext, id: string, version: number) =>
  deleteOrDeactivate(ctx, idOf(id), version, {
    entity: 'product_line',
    what: ENTITY.line,
    find: data.findProductLine,
    referenced: data.productLineReferenced,
    remove: data.deleteProductLine,
    deactivate: (ex, id, v) => data.updateProductLine(ex, id, v, { active: false }),
  });

// ---- articles -----------------------------------------------------------------------

export function listArticles(ctx: RequestContext, list: ListInput | null | undefined, filter: { lineId?: string | null; active?: boolean | null } | null | undefined) {
  return data.listArticles(db(ctx), readList(list, data.ARTICLE_SORTS, 'sku'), {
    lineId: filter?.lineId ? idOf(filter.lineId) : null,
    active: filter?.active ?? null,
  });
}

export const getArticle = (ctx: RequestContext, id: string) => data.findArticle(db(ctx), idOf(id));
export const articlesByIds = (ctx: RequestContext, ids: number[]) => data.articlesByIds(db(ctx), ids);

export function articleOptions(ctx: RequestContext, args: { search?: string | null; warehouseId?: string | null; ids?: readonly string[] | null; limit?: number | null }) {
  const search = args.search?.trim() ?? '';
  const fields: FieldMessages = {};
  if (search.length > 200) fields.search = 'La búsqueda admite máximo 200 caracteres.';
  const limit = args.limit ?? 20;
  if (!Number.isInteger(limit) || limit < 1 || limit > 200) fields.limit = 'El límite debe estar entre 1 y 200.';
  if (args.ids && args.ids.length > 1000) fields.ids = 'Máximo 1000 artículos por consulta.';
  if (Object.keys(fields).length) throw badInput(fields);
  return data.articleOptions(db(ctx), {
    search: search || null,
    warehouseId: args.warehouseId ? idOf(args.warehouseId) : null,
    ids: args.ids ? args.ids.map(idOf) : null,
    limit: args.ids ? Math.max(limit, args.ids.length) : limit,
  });
}

const articleShape = z.object({
  sku: code(40),
  name: rules.requiredText(200),
  lineId: rules.id(),
  unit: z.string({ error: MSG.unitUnknown }).refine((u) => Boolean(unitByCode(u)), MSG.unitUnknown),
  minStock: quantityOrZero().nullish(),
  maxStock: quantityOrZero().nullish(),
  reorderPoint: quantityOrZero().nullish(),
  barcode: optionalText(60),
  active: z.boolean().nullish().transform((v) => v ?? true),
});

type ArticleValues = z.infer<typeof articleShape>;

/** Rules across fields: decimals of the unit, min ≤ reorder point ≤ max. Returns per-field messages. */
function articleProblems(v: { unit: string; minStock?: string | null; maxStock?: string | null; reorderPoint?: string | null }): FieldMessages {
  const fields: FieldMessages = {};
  const unit = unitByCode(v.unit);
  if (!unit) return fields;
  for (const key of ['minStock', 'maxStock', 'reorderPoint'] as const) {
    const value = v[key];
    const problem = value ? decimalsProblem(value, unit) : null;
    if (problem) fields[key] = problem;
  }
  if (Object.keys(fields).length) return fields;
  const min = dec(v.minStock ?? 0);
  const max = dec(v.maxStock ?? 0);
  const reorder = dec(v.reorderPoint ?? 0);
  if (max.greaterThan(0) && min.greaterThan(max)) fields.minStock = MSG.minAboveMax;
  else if (reorder.greaterThan(0) && (reorder.lessThan(min) || (max.greaterThan(0) && reorder.greaterThan(max)))) fields.reorderPoint = MSG.reorderOutOfRange;
  return fields;
}

const articleValues = (v: ArticleValues) => ({
  sku: v.sku,
  name: v.name,
  lineId: v.lineId,
  unit: v.unit,
  minStock: v.minStock ?? '0',
  maxStock: v.maxStock ?? '0',
  reorderPoint: v.reorderPoint ?? '0',
  barcode: v.barcode,
  active: v.active,
});

async function checkArticleRefs(tx: Executor, v: ArticleValues, exceptId?: number, currentLineId?: number) {
  const fields: FieldMessages = articleProblems(v);
  const line = await data.findProductLine(tx, v.lineId);
  if (!line) fields.lineId = MSG.lineMissing;
  else if (!line.active && line.id !== currentLineId) fields.lineId = MSG.lineInactive;
  if (await data.skuTaken(tx, v.sku, exceptId)) fields.sku = MSG.skuTaken;
  if (v.barcode && (await data.barcodeTaken(tx, v.barcode, exceptId))) fields.barcode = MSG.barcodeTaken;
  if (Object.keys(fields).length) throw badInput(fields);
}

export async function createArticle(ctx: RequestContext, input: unknown) {
  const v = parseInput(articleShape, input);
  const id = await db(ctx).transaction(async (tx) => {
    await checkArticleRefs(tx, v);
    const values = articleValues(v);
    const newId = await data.insertArticle(tx, values);
    await writeAudit(tx, actorOf(ctx), { entity: 'article', entityId: newId, action: 'create', after: values });
    return newId;
  });
  return found(await data.findArticle(db(ctx), id), ENTITY.article);
}

export async function updateArticle(ctx: RequestContext, id: string, version: number, input: unknown) {
  const v = parseInput(articleShape, input);
  const articleId = idOf(id);
  await db(ctx).transaction(async (tx) => {
    const before = await data.findArticle(tx, articleId);
    if (!before) throw notFound(ENTITY.article);
    await checkArticleRefs(tx, v, articleId, before.lineId);
    const oldUnit = unitByCode(before.unit);
    const newUnit = unitByCode(v.unit);
    // Quantities already posted may carry decimals the new unit would not allow.
    if (oldUnit && newUnit && newUnit.decimals < oldUnit.decimals && (await data.articleHasMovements(tx, articleId))) {
      throw badInput({ unit: MSG.unitLocked });
    }
    const values = articleValues(v);
    if (!(await data.updateArticle(tx, articleId, version, values))) throw conflict();
    await writeAudit(tx, actorOf(ctx), { entity: 'article', entityId: articleId, action: 'update', before, after: values });
  });
  return found(await data.findArticle(db(ctx), articleId), ENTITY.article);
}

/**
 * Bulk "Desactivar" of the Artículos list: each article saved through
 * updateArticle with its current values, version and Activo = No (same checks
 * and audit entry as editing it by hand). One already inactive is reported.
 */
export function deactivateArticles(ctx: RequestContext, ids: readonly string[]) {
  return runBulk(
    ctx,
    ids,
    async (id) => {
      const a = found(await data.findArticle(db(ctx), idOf(id)), ENTITY.article);
      if (!a.active) throw appError('CONFLICT', MSG.articleAlreadyInactive);
      const input: z.input<typeof articleShape> = {
        sku: a.sku,
        name: a.name,
        lineId: a.lineId,
        unit: a.unit,
        minStock: a.minStock,
        maxStock: a.maxStock,
        reorderPoint: a.reorderPoint,
        barcode: a.barcode,
        active: false,
      };
      await updateArticle(ctx, id, a.version, input);
    },
    {
      references: async (failed) => {
        const out = new Map<string, string>();
        for (const id of failed) {
          const a = await data.findArticle(db(ctx), idOf(id));
          if (a) out.set(id, `${a.sku} · ${a.name}`);
        }
        return out;
      },
    },
  );
}

export const deleteArticle = (ctx: RequestContext, id: string, version: number) =>
  deleteOrDeactivate(ctx, idOf(id), version, {
    entity: 'article',
    what: ENTITY.article,
    find: data.findArticle,
    referenced: data.articleReferenced,
    remove: data.deleteArticle,
    deactivate: (ex, id, v) => data.updateArticle(ex, id, v, { active: false }),
  });

// Every cell is text: the server, not the GraphQL layer, judges each one so every row gets its own messages.
const importCell = (max: number) => z.string().max(max, `Máximo ${max} caracteres.`).nullish().transform((v) => v?.trim() ?? '');
const importRow = z.object({
  sku: importCell(40),
  name: importCell(200),
  line: importCell(120),
  unit: importCell(40),
  minStock: importCell(30),
  maxStock: importCell(30),
  reorderPoint: importCell(30),
  barcode: importCell(60),
});
const importRows = z.array(z.unknown()).min(1, MSG.importEmpty).max(MAX_IMPORT_ROWS, MSG.importTooMany(MAX_IMPORT_ROWS));

/**
 * Creates every row or none. Each row is validated like the article form
 * (line by code or name, unit by SAT code or name); errors come back as
 * `rows.<n>.<field>` with n counted from 1 like the spreadsheet's data rows.
 */
export async function importArticles(ctx: RequestContext, rowsRaw: unknown) {
  const { rows: rawRows } = parseInput(z.object({ rows: importRows }), { rows: rowsRaw });
  const fields: FieldMessages = {};
  const rows: { index: number; cells: z.infer<typeof importRow> }[] = [];
  rawRows.forEach((raw, i) => {
    const r = importRow.safeParse(raw);
    if (!r.success) {
      for (const issue of r.error.issues) fields[`rows.${i + 1}.${issue.path.map(String).join('.')}`] ??= issue.message;
      return;
    }
    rows.push({ index: i + 1, cells: r.data });
  });
  const created = await db(ctx).transaction(async (tx) => {
    const lines = await data.allProductLines(tx);
    const lineByKey = new Map<string, (typeof lines)[number]>();
    for (const l of lines) {
      lineByKey.set(l.code.toLowerCase(), l);
      lineByKey.set(l.name.toLowerCase(), l);
    }
    const seen = new Map<string, number>();
    const values: ReturnType<typeof articleValues>[] = [];
    for (const { index, cells } of rows) {
      const unit = findUnit(cells.unit);
      const candidate = {
        sku: cells.sku,
        name: cells.name,
        lineId: lineByKey.get(cells.line.toLowerCase())?.id ?? 0,
        unit: unit?.code ?? '',
        minStock: cells.minStock || null,
        maxStock: cells.maxStock || null,
        reorderPoint: cells.reorderPoint || null,
        barcode: cells.barcode,
        active: true,
      };
      const parsed = articleShape.safeParse(candidate);
      const rowFields: FieldMessages = {};
      if (!parsed.success) for (const issue of parsed.error.issues) rowFields[issue.path.map(String).join('.')] ??= issue.message;
      if (!cells.line) rowFields.line = MSG.required;
      else {
        const line = lineByKey.get(cells.line.toLowerCase());
        if (!line) rowFields.line = MSG.lineMissing;
        else if (!line.active) rowFields.line = MSG.lineInactive;
      }
      delete rowFields.lineId;
      if (!cells.unit) rowFields.unit = MSG.required;
      const key = cells.sku.toLowerCase();
      if (key && seen.has(key)) rowFields.sku ??= MSG.skuRepeated;
      else if (key) seen.set(key, index);
      if (parsed.success) {
        Object.assign(rowFields, articleProblems(parsed.data));
        if (!Object.keys(rowFields).length) values.push(articleValues(parsed.data));
      }
      for (const [k, m] of Object.entries(rowFields)) fields[`rows.${index}.${k}`] ??= m;
    }
    // Existing SKUs and barcodes, in two queries for the whole file.
    const existing = await data.articlesBySkus(tx, [...seen.keys()]);
    const taken = new Set(existing.map((e) => e.sku.toLowerCase()));
    for (const [key, index] of seen) if (taken.has(key)) fields[`rows.${index}.sku`] ??= MSG.skuTaken;
    const errorRows = new Set(Object.keys(fields).map((k) => k.split('.')[1]));
    if (errorRows.size) throw badInput(fields, MSG.importFailed(errorRows.size));
    const ids = await data.insertArticles(tx, values);
    await writeAudit(tx, actorOf(ctx), { entity: 'article', entityId: 'import', action: 'import', after: { count: ids.length, skus: values.map((v) => v.sku) } });
    return ids.length;
  });
  return { created };
}

// ---- concepts -------------------------------------------------------------------------

export function listConcepts(ctx: RequestContext, list: ListInput | null | undefined, filter: { kind?: string | null; active?: boolean | null } | null | undefined) {
  return data.listConcepts(db(ctx), readList(list, data.CONCEPT_SORTS, 'code'), { kind: filter?.kind ?? null, active: filter?.active ?? null });
}

export const getConcept = (ctx: RequestContext, id: string) => data.findConcept(db(ctx), idOf(id));
export const conceptsByIds = (ctx: RequestContext, ids: number[]) => data.conceptsByIds(db(ctx), ids);

const KINDS = ['ENTRADA', 'SALIDA', 'TRASPASO', 'AJUSTE'] as const;

const conceptInput = z
  .object({
    code: code(20),
    name: rules.requiredText(120),
    kind: z.enum(KINDS, { error: 'Tipo de concepto no válido.' }),
    direction: z.enum(['IN', 'OUT', 'TRANSFER'], { error: 'Dirección no válida.' }).nullish(),
    affectsCost: z.boolean().nullish().transform((v) => v ?? false),
    active: z.boolean().nullish().transform((v) => v ?? true),
  })
  .superRefine((v, ctx) => {
    if (v.kind === 'AJUSTE' && v.direction !== 'IN' && v.direction !== 'OUT') ctx.addIssue({ code: 'custom', path: ['direction'], message: MSG.directionRequired });
  });

/** The direction a concept applies: fixed by its kind, chosen only for AJUSTE. */
export function directionOf(kind: (typeof KINDS)[number], chosen: string | null | undefined): 'IN' | 'OUT' | 'TRANSFER' {
  if (kind === 'ENTRADA') return 'IN';
  if (kind === 'SALIDA') return 'OUT';
  if (kind === 'TRASPASO') return 'TRANSFER';
  return chosen === 'OUT' ? 'OUT' : 'IN';
}

const conceptValues = (v: z.infer<typeof conceptInput>) => {
  const direction = directionOf(v.kind, v.direction);
  // Only what enters can carry its own price.
  return { code: v.code, name: v.name, kind: v.kind, direction, affectsCost: direction === 'IN' ? v.affectsCost : false, active: v.active };
};

export async function createConcept(ctx: RequestContext, input: unknown) {
  const v = conceptValues(parseInput(conceptInput, input));
  const id = await db(ctx).transaction(async (tx) => {
    if (await data.conceptCodeTaken(tx, v.code)) throw badInput({ code: MSG.conceptCodeTaken });
    const newId = await data.insertConcept(tx, v);
    await writeAudit(tx, actorOf(ctx), { entity: 'stock_concept', entityId: newId, action: 'create', after: v });
    return newId;
  });
  return found(await data.findConcept(db(ctx), id), ENTITY.concept);
}

export async function updateConcept(ctx: RequestContext, id: string, version: number, input: unknown) {
  const v = conceptValues(parseInput(conceptInput, input));
  const conceptId = idOf(id);
  await db(ctx).transaction(async (tx) => {
    const before = await data.findConcept(tx, conceptId);
    if (!before) throw notFound(ENTITY.concept);
    if (before.systemKey && (before.kind !== v.kind || before.direction !== v.direction || !v.active)) throw badInput({ kind: MSG.systemConceptLocked });
    if ((before.kind !== v.kind || before.direction !== v.direction) && (await data.conceptReferenced(tx, conceptId))) {
      throw badInput({ kind: 'El concepto ya tiene movimientos: no se puede cambiar su tipo.' });
    }
    if (await data.conceptCodeTaken(tx, v.code, conceptId)) throw badInput({ code: MSG.conceptCodeTaken });
    if (!(await data.updateConcept(tx, conceptId, version, v))) throw conflict();
    await writeAudit(tx, actorOf(ctx), { entity: 'stock_concept', entityId: conceptId, action: 'update', before, after: v });
  });
  return found(await data.findConcept(db(ctx), conceptId), ENTITY.concept);
}

export const deleteConcept = (ctx: RequestContext, id: string, version: number) =>
  deleteOrDeactivate(ctx, idOf(id), version, {
    entity: 'stock_concept',
    what: ENTITY.concept,
    find: data.findConcept,
    referenced: data.conceptReferenced,
    remove: data.deleteConcept,
    deactivate: (ex, id, v) => data.updateConcept(ex, id, v, { active: false }),
    guard: (row) => {
      if (row.systemKey) throw badInput({ id: MSG.systemConceptLocked }, MSG.systemConceptLocked);
    },
  });

