// Compras › Solicitudes de pago: requests from Almacén, Mantenimiento or by hand.
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from '../../../db/database';
import { likePattern, orderBy, where, withinDates, type DateRange, type ListQuery } from '../../../lib/list';

export type RequestRow = {
  id: number;
  folio: number;
  origin: 'mantenimiento' | 'almacen_pdm' | 'manual';
  originId: string | null;
  originFolio: string;
  supplierId: number | null;
  supplierName: string | null;
  date: string;
  description: string;
  category: string;
  subtotal: string;
  ivaRate: string;
  total: string;
  status: 'pendiente' | 'aprobada' | 'rechazada';
  rejectReason: string | null;
  expenseId: number | null;
  expenseFolio: number | null;
  requestedByName: string | null;
  reviewedByName: string | null;
  reviewedAt: Date | null;
  createdAt: Date;
  version: number;
};

const requestSelect = sql`select r.id, r.folio, r.origin, r.origin_id as "originId", r.origin_folio as "originFolio", r.supplier_id as "supplierId",
    s.name as "supplierName", r.date::text as date, r.description, r.category, r.subtotal::text as subtotal, r.iva_rate::text as "ivaRate",
    r.total::text as total, r.status, r.reject_reason as "rejectReason", r.expense_id as "expenseId", e.folio as "expenseFolio",
    ru.name as "requestedByName", vu.name as "reviewedByName", r.reviewed_at as "reviewedAt", r.created_at as "createdAt", r.version
  from payment_requests r
  left join suppliers s on s.id = r.supplier_id
  left join expenses e on e.id = r.expense_id
  left join users ru on ru.id = r.requested_by
  left join users vu on vu.id = r.reviewed_by`;

export const REQUEST_SORTS = ['folio', 'date', 'origin', 'supplier', 'total', 'status'] as const;
export type RequestSort = (typeof REQUEST_SORTS)[number];

export async function findRequest(ex: Executor, id: number, opts: { lock?: boolean } = {}): Promise<RequestRow | null> {
  if (opts.lock) await ex.execute(sql`select id from payment_requests where id = ${id} for update`);
  const rows = await queryRows<RequestRow>(ex, sql`${requestSelect} where r.id = ${id}`);
  return rows[0] ?? null;
}

export async function listRequests(ex: Executor, q: ListQuery<RequestSort>, f: { status: string | null; origin: string | null; range: DateRange }) {
  const conds: SQL[] = [];
  if (q.search) {
    const p = likePattern(q.search);
    conds.push(sql`(r.description ilike ${p} or r.origin_folio ilike ${p} or s.name ilike ${p} or r.category ilike ${p} or r.folio::text = ${q.search})`);
  }
  if (f.status) conds.push(sql`r.status = ${f.status}`);
  if (f.origin) conds.push(sql`r.origin = ${f.origin}`);
  conds.push(...withinDates(sql`r.date`, f.range));
  const col = { folio: sql`r.folio`, date: sql`r.date`, origin: sql`r.origin`, supplier: sql`s.name`, total: sql`r.total`, status: sql`r.status` }[q.sortBy];
  const [items, totals] = await Promise.all([
    queryRows<RequestRow>(ex, sql`${requestSelect} ${where(conds)} ${orderBy(col, q.desc, sql`r.id`)} limit ${q.limit} offset ${q.offset}`),
    queryRows<{ n: number }>(ex, sql`select count(*)::int as n from payment_requests r left join suppliers s on s.id = r.supplier_id ${where(conds)}`),
  ]);
  return { items, total: totals[0].n };
}

export async function insertRequest(
  ex: Executor,
  v: { folio: number; origin: string; originId: string | null; originFolio: string; supplierId: number | null; date: string; description: string; category: string; subtotal: string; ivaRate: string; total: string; requestedBy: number | null },
): Promise<number> {
  const rows = await queryRows<{ id: number }>(
    ex,
    sql`insert into payment_requests (folio, origin, origin_id, origin_folio, supplier_id, date, description, category, subtotal, iva_rate, total, requested_by)
        values (${v.folio}, ${v.origin}, ${v.originId}, ${v.originFolio}, ${v.supplierId}, ${v.date}, ${v.description}, ${v.category},
                ${v.subtotal}, ${v.ivaRate}, ${v.total}, ${v.requestedBy}) returning id`,
  );
  return rows[0].id;
}

export async function liveRequestForOrigin(ex: Executor, origin: string, originId: string): Promise<number | null> {
  const rows = await queryRows<{ id: number }>(
    ex,
    sql`select id from payment_requests where origin = ${origin} and origin_id = ${originId} and status <> 'rechazada' limit 1`,
  );
  return rows[0]?.id ?? null;
}

export async function requestsByOrigin(ex: Executor, origin: string, originIds: string[]): Promise<RequestRow[]> {
  if (!originIds.length) return [];
  return queryRows<RequestRow>(
    ex,
    sql`${requestSelect} where r.origin = ${origin} and r.origin_id in (${sql.join(originIds.map((id) => sql`${id}`), sql`, `)}) order by r.id`,
  );
}

export async function reviewRequest(
  ex: Executor,
  id: number,
  version: number,
  v: { status: 'aprobada' | 'rechazada'; rejectReason: string | null; expenseId: number | null; supplierId: number | null; reviewedBy: number | null },
): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    ex,
    sql`update payment_requests set status = ${v.status}, reject_reason = ${v.rejectReason}, expense_id = ${v.expenseId},
          supplier_id = coalesce(${v.supplierId}::int, supplier_id), reviewed_by = ${v.reviewedBy}, reviewed_at = now(), version = version + 1
        where id = ${id} and version = ${version} and status = 'pendiente' returning id`,
  );
  return rows.length === 1;
}
