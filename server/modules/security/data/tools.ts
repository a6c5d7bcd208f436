// Seguridad data layer: tools and PPE (stock, holder, events).
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from '../../../db/database';
import { likePattern, type ListQuery } from '../../../lib/list';
import { nameOf, orderBy, page } from './common';

export type ToolRow = {
  id: number;
  code: string;
  name: string;
  serial: string;
  category: 'herramienta' | 'epp';
  status: 'disponible' | 'asignada' | 'en_reparacion' | 'baja';
  stock: number;
  holderEmployeeId: number | null;
  holderName: string | null;
  outstanding: number;
  notes: string;
  version: number;
};

const toolSelect = sql`select t.id, t.code, t.name, t.serial, t.category, t.status, t.stock, t.holder_employee_id as "holderEmployeeId",
  case when h.id is null then null else ${nameOf('h')} end as "holderName", t.notes, t.version,
  coalesce((select sum(l.quantity - l.returned_quantity) from sec_delivery_lines l where l.tool_id = t.id), 0)::int as outstanding`;
const toolFrom = sql`from sec_tools t left join rh_employees h on h.id = t.holder_employee_id`;

export const TOOL_SORTS = ['code', 'name', 'category', 'status', 'stock'] as const;

export function listTools(ex: Executor, q: ListQuery<(typeof TOOL_SORTS)[number]>, f: { category: string | null; status: string | null; deliverable: boolean }) {
  const conds: SQL[] = [];
  if (q.search) {
    const p = likePattern(q.search);
    conds.push(sql`(t.code ilike ${p} or t.name ilike ${p} or t.serial ilike ${p} or ${nameOf('h')} ilike ${p})`);
  }
  if (f.category) conds.push(sql`t.category = ${f.category}`);
  if (f.status) conds.push(sql`t.status = ${f.status}`);
  if (f.deliverable) conds.push(sql`((t.category = 'herramienta' and t.status = 'disponible') or (t.category = 'epp' and t.status <> 'baja' and t.stock > 0))`);
  const col = { code: sql`lower(t.code)`, name: sql`lower(t.name)`, category: sql`t.category`, status: sql`t.status`, stock: sql`t.stock` }[q.sortBy];
  return page<ToolRow>(ex, toolSelect, toolFrom, conds, orderBy(col, q.desc, sql`t.id`), q);
}

export async function findTool(ex: Executor, id: number, opts: { lock?: boolean } = {}) {
  if (opts.lock) await ex.execute(sql`select id from sec_tools where id = ${id} for update`);
  const rows = await queryRows<ToolRow>(ex, sql`${toolSelect} ${toolFrom} where t.id = ${id}`);
  return rows[0] ?? null;
}

export function toolsByIds(ex: Executor, ids: number[]) {
  if (!ids.length) return Promise.resolve([] as ToolRow[]);
  return queryRows<ToolRow>(ex, sql`${toolSelect} ${toolFrom} where t.id = any(${sql.param(ids)}::int[])`);
}

export async function toolCodeTaken(ex: Executor, code: string, exceptId: number | null) {
  const rows = await queryRows<{ id: number }>(ex, sql`select id from sec_tools where lower(code) = lower(${code}) and id <> ${exceptId ?? 0}`);
  return rows.length > 0;
}

export async function insertTool(ex: Executor, v: { code: string; name: string; serial: string; category: string; stock: number; notes: string }) {
  const rows = await queryRows<{ id: number }>(
    ex,
    sql`insert into sec_tools (code, name, serial, category, stock, notes) values (${v.code}, ${v.name}, ${v.serial}, ${v.category}, ${v.stock}, ${v.notes}) returning id`,
  );
  return rows[0].id;
}

export async function updateTool(ex: Executor, id: number, version: number, v: { code: string; name: string; serial: string; notes: string }) {
  const rows = await queryRows<{ id: number }>(
    ex,
    sql`update sec_tools set code = ${v.code}, name = ${v.name}, serial = ${v.serial}, notes = ${v.notes}, version = version + 1 where id = ${id} and version = ${version} returning id`,
  );
  return rows.length > 0;
}

/** Moves a tool between statuses only from the expected one (and version when given): the loser of a race changes nothing. */
export async function moveTool(ex: Executor, id: number, from: string, to: string, holder: number | null, version: number | null = null) {
  const rows = await queryRows<{ id: number }>(
    ex,
    sql`update sec_tools set status = ${to}, holder_employee_id = ${holder}, version = version + 1
        where id = ${id} and status = ${from} and category = 'herramienta' ${version === null ? sql`` : sql`and version = ${version}`} returning id`,
  );
  return rows.length > 0;
}

/** PPE stock change that never goes below zero: null when there is not enough. */
export async function changeStock(ex: Executor, id: number, delta: number): Promise<number | null> {
  const rows = await queryRows<{ stock: number }>(
    ex,
    sql`update sec_tools set stock = stock + ${delta}, version = version + 1 where id = ${id} and category = 'epp' and status <> 'baja' and stock + ${delta} >= 0 returning stock`,
  );
  return rows[0]?.stock ?? null;
}

export async function retireEpp(ex: Executor, id: number, version: number) {
  const rows = await queryRows<{ id: number }>(ex, sql`update sec_tools set status = 'baja', stock = 0, version = version + 1 where id = ${id} and version = ${version} and category = 'epp' and status <> 'baja' returning id`);
  return rows.length > 0;
}

export type ToolEventValues = {
  toolId: number;
  kind: string;
  quantity: number;
  employeeId: number | null;
  deliveryId: number | null;
  condition: string | null;
  reason: string;
  stockAfter: number | null;
  statusAfter: string;
  createdBy: number | null;
};

export async function insertToolEvents(ex: Executor, events: ToolEventValues[]) {
  if (!events.length) return;
  await ex.execute(
    sql`insert into sec_tool_events (tool_id, kind, quantity, employee_id, delivery_id, condition, reason, stock_after, status_after, created_by) values ${sql.join(
      events.map((e) => sql`(${e.toolId}, ${e.kind}, ${e.quantity}, ${e.employeeId}, ${e.deliveryId}, ${e.condition}, ${e.reason}, ${e.stockAfter}, ${e.statusAfter}, ${e.createdBy})`),
      sql`, `,
    )}`,
  );
}

export function eventsOf(ex: Executor, toolId: number) {
  return queryRows<{
    id: number;
    kind: string;
    quantity: number;
    employeeName: string | null;
    deliveryFolio: number | null;
    condition: 'bueno' | 'danado' | 'perdido' | null;
    reason: string;
    stockAfter: number | null;
    statusAfter: ToolRow['status'];
    userName: string | null;
    createdAt: Date;
  }>(
    ex,
    sql`select v.id, v.kind, v.quantity, case when e.id is null then null else ${nameOf('e')} end as "employeeName", d.folio as "deliveryFolio",
          v.condition, v.reason, v.stock_after as "stockAfter", v.status_after as "statusAfter", u.name as "userName", v.created_at as "createdAt"
        from sec_tool_events v left join rh_employees e on e.id = v.employee_id left join sec_deliveries d on d.id = v.delivery_id
        left join users u on u.id = v.created_by where v.tool_id = ${toolId} order by v.id desc limit 200`,
  );
}
