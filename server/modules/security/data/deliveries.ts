// Seguridad data layer: deliveries of tools and PPE to workers, and their returns.
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from '../../../db/database';
import { likePattern, withinDates, type DateRange, type ListQuery } from '../../../lib/list';
import { nameOf, orderBy, page } from './common';

export type SecDeliveryRow = {
  id: number;
  folio: number;
  employeeId: number;
  employeeName: string;
  receivedBy: string;
  signature: string | null;
  deliveredOn: string;
  notes: string;
  outstanding: number;
  createdAt: Date;
};
export type DeliveryLineRow = {
  id: number;
  deliveryId: number;
  toolId: number;
  toolCode: string;
  toolName: string;
  category: 'herramienta' | 'epp';
  quantity: number;
  returnedQuantity: number;
  outstanding: number;
  version: number;
};

const deliverySelect = sql`select d.id, d.folio, d.employee_id as "employeeId", ${nameOf('e')} as "employeeName", d.received_by as "receivedBy", d.signature,
  d.delivered_on::text as "deliveredOn", d.notes, d.created_at as "createdAt",
  coalesce((select sum(l.quantity - l.returned_quantity) from sec_delivery_lines l where l.delivery_id = d.id), 0)::int as outstanding`;
const deliveryFrom = sql`from sec_deliveries d join rh_employees e on e.id = d.employee_id`;

export const DELIVERY_SORTS = ['folio', 'deliveredOn', 'employee'] as const;

export function listDeliveries(ex: Executor, q: ListQuery<(typeof DELIVERY_SORTS)[number]>, f: { employeeId: number | null; open: boolean; range: DateRange }) {
  const conds: SQL[] = [];
  if (q.search) {
    const p = likePattern(q.search);
    conds.push(sql`(d.folio::text = ${q.search} or ${nameOf('e')} ilike ${p} or d.received_by ilike ${p}
      or exists (select 1 from sec_delivery_lines l join sec_tools t on t.id = l.tool_id where l.delivery_id = d.id and (t.code ilike ${p} or t.name ilike ${p})))`);
  }
  if (f.employeeId) conds.push(sql`d.employee_id = ${f.employeeId}`);
  conds.push(...withinDates(sql`d.delivered_on`, f.range));
  if (f.open) conds.push(sql`exists (select 1 from sec_delivery_lines l where l.delivery_id = d.id and l.returned_quantity < l.quantity)`);
  const col = { folio: sql`d.folio`, deliveredOn: sql`d.delivered_on`, employee: sql`e.last_name` }[q.sortBy];
  // Only the search reads the employee.
  return page<SecDeliveryRow>(ex, deliverySelect, deliveryFrom, conds, orderBy(col, q.desc, sql`d.id`), q, q.search ? deliveryFrom : sql`from sec_deliveries d`);
}

export async function findDelivery(ex: Executor, id: number) {
  const rows = await queryRows<SecDeliveryRow>(ex, sql`${deliverySelect} ${deliveryFrom} where d.id = ${id}`);
  return rows[0] ?? null;
}

export async function linesOf(ex: Executor, deliveryIds: number[]) {
  const out = new Map<number, DeliveryLineRow[]>();
  if (!deliveryIds.length) return out;
  const rows = await queryRows<DeliveryLineRow>(
    ex,
    sql`select l.id, l.delivery_id as "deliveryId", l.tool_id as "toolId", t.code as "toolCode", t.name as "toolName", t.category, l.quantity,
          l.returned_quantity as "returnedQuantity", (l.quantity - l.returned_quantity) as outstanding, l.version
        from sec_delivery_lines l join sec_tools t on t.id = l.tool_id where l.delivery_id = any(${sql.param(deliveryIds)}::int[]) order by l.id`,
  );
  for (const r of rows) out.set(r.deliveryId, [...(out.get(r.deliveryId) ?? []), r]);
  return out;
}

export async function insertDelivery(
  ex: Executor,
  v: { folio: number; employeeId: number; receivedBy: string; signature: string | null; deliveredOn: string; notes: string; createdBy: number | null; lines: { toolId: number; quantity: number }[] },
) {
  const rows = await queryRows<{ id: number }>(
    ex,
    sql`insert into sec_deliveries (folio, employee_id, received_by, signature, delivered_on, notes, created_by)
        values (${v.folio}, ${v.employeeId}, ${v.receivedBy}, ${v.signature}, ${v.deliveredOn}, ${v.notes}, ${v.createdBy}) returning id`,
  );
  const id = rows[0].id;
  await ex.execute(sql`insert into sec_delivery_lines (delivery_id, tool_id, quantity) values ${sql.join(v.lines.map((l) => sql`(${id}, ${l.toolId}, ${l.quantity})`), sql`, `)}`);
  return id;
}

export async function findLine(ex: Executor, id: number) {
  const rows = await queryRows<DeliveryLineRow & { employeeId: number }>(
    ex,
    sql`select l.id, l.delivery_id as "deliveryId", l.tool_id as "toolId", t.code as "toolCode", t.name as "toolName", t.category, l.quantity,
          l.returned_quantity as "returnedQuantity", (l.quantity - l.returned_quantity) as outstanding, l.version, d.employee_id as "employeeId"
        from sec_delivery_lines l join sec_tools t on t.id = l.tool_id join sec_deliveries d on d.id = l.delivery_id where l.id = ${id}`,
  );
  return rows[0] ?? null;
}

/** Adds to the returned quantity only while it stays within what was delivered (parallel returns cannot over-return). */
export async function addReturned(ex: Executor, lineId: number, quantity: number) {
  const rows = await queryRows<{ id: number }>(
    ex,
    sql`update sec_delivery_lines set returned_quantity = returned_quantity + ${quantity}, version = version + 1
        where id = ${lineId} and returned_quantity + ${quantity} <= quantity returning id`,
  );
  return rows.length > 0;
}
