// Compras › Órdenes de compra: orders, their lines, receipts and the
// authorisation limit of the signed-in user's role.
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from '../../../db/database';
import { likePattern, orderBy, where, type ListQuery } from '../../../lib/list';
import type { PurchaseOrderStatus } from '../../../../schema/shopping/lifecycles';

export type PurchaseOrderRow = {
  id: number;
  folio: number;
  supplierId: number;
  supplierName: string;
  supplierRfc: string;
  date: string;
  deliveryDate: string;
  warehouseId: number | null;
  warehouseName: string | null;
  origin: 'manual' | 'requisicion' | 'pdm';
  originId: number | null;
  originFolio: string;
  notes: string;
  subtotal: string;
  ivaRate: string;
  iva: string;
  isrRetentionRate: string;
  isrRetention: string;
  ivaRetentionRate: string;
  ivaRetention: string;
  total: string;
  tolerancePercent: string;
  status: PurchaseOrderStatus;
  authorizedBy: number | null;
  authorizedByName: string | null;
  authorizedAt: Date | null;
  cancelReason: string | null;
  closeReason: string | null;
  closedByName: string | null;
  closedAt: Date | null;
  createdByName: string | null;
  createdAt: Date;
  version: number;
};

export type PurchaseOrderValues = {
  supplierId: number;
  date: string;
  deliveryDate: string;
  warehouseId: number | null;
  origin: 'manual' | 'requisicion' | 'pdm';
  originId: number | null;
  originFolio: string;
  notes: string;
  subtotal: string;
  ivaRate: string;
  iva: string;
  isrRetentionRate: string;
  isrRetention: string;
  ivaRetentionRate: string;
  ivaRetention: string;
  total: string;
  tolerancePercent: string;
};

export type PurchaseOrderLineValues = { articleId: number | null; description: string; quantity: string; unitPrice: string; amount: string };

export type PurchaseOrderLineRow = PurchaseOrderLineValues & {
  id: number;
  orderId: number;
  position: number;
  receivedQty: string;
  sku: string | null;
  unit: string | null;
};

export type PurchaseReceiptRow = {
  id: number;
  orderId: number;
  date: string;
  movementId: number | null;
  movementFolio: string | null;
  notes: string;
  createdByName: string | null;
  createdAt: Date;
  reversed: boolean;
  reverseReason: string | null;
  reversedByName: string | null;
  reversedAt: Date | null;
  reversalMovementFolio: string | null;
};

export type PurchaseReceiptLineRow = { receiptId: number; lineId: number; quantity: string };

const orderSelect = sql`select o.id, o.folio, o.supplier_id as "supplierId", s.name as "supplierName", s.rfc as "supplierRfc",
    o.date::text as date, o.delivery_date::text as "deliveryDate", o.warehouse_id as "warehouseId", w.name as "warehouseName",
    o.origin, o.origin_id as "originId", o.origin_folio as "originFolio", o.notes,
    o.subtotal::text as subtotal, o.iva_rate::text as "ivaRate", o.iva::text as iva,
    o.isr_retention_rate::text as "isrRetentionRate", o.isr_retention::text as "isrRetention",
    o.iva_retention_rate::text as "ivaRetentionRate", o.iva_retention::text as "ivaRetention",
    o.total::text as total, o.tolerance_percent::text as "tolerancePercent", o.status,
    o.authorized_by as "authorizedBy", ua.name as "authorizedByName", o.authorized_at as "authorizedAt",
    o.cancel_reason as "cancelReason", o.close_reason as "closeReason", ucl.name as "closedByName", o.closed_at as "closedAt",
    uc.name as "createdByName", o.created_at as "createdAt", o.version
  from purchase_orders o
  join suppliers s on s.id = o.supplier_id
  left join wh_warehouses w on w.id = o.warehouse_id
  left join users ua on ua.id = o.authorized_by
  left join users uc on uc.id = o.created_by
  left join users ucl on ucl.id = o.closed_by`;

export const PURCHASE_ORDER_SORTS = ['folio', 'date', 'deliveryDate', 'supplier', 'total', 'status'] as const;
export type PurchaseOrderSort = (typeof PURCHASE_ORDER_SORTS)[number];

export type PurchaseOrderFilterValues = { status: string | null; origin: string | null; originId: number | null; supplierId: number | null; from: string | null; to: string | null; open: boolean };

export async function findPurchaseOrder(ex: Executor, id: number): Promise<PurchaseOrderRow | null> {
  const rows = await queryRows<PurchaseOrderRow>(ex, sql`${orderSelect} where o.id = ${id}`);
  return rows[0] ?? null;
}

/** Locks the order row: edits, authorisation, cancellation and receipts queue on it. */
export async function lockPurchaseOrder(ex: Executor, id: number): Promise<PurchaseOrderRow | null> {
  await ex.execute(sql`select id from purchase_orders where id = ${id} for update`);
  return findPurchaseOrder(ex, id);
}

function orderConds(search: string | null, f: PurchaseOrderFilterValues): SQL[] {
  const conds: SQL[] = [];
  if (search) {
    const p = likePattern(search);
    conds.push(sql`(s.name ilike ${p} or s.rfc ilike ${p} or o.notes ilike ${p} or o.origin_folio ilike ${p}
      or ('OC-' || lpad(o.folio::text, 6, '0')) ilike ${p} or o.folio::text = ${search})`);
  }
  if (f.status) conds.push(sql`o.status = ${f.status}`);
  if (f.origin) conds.push(sql`o.origin = ${f.origin}`);
  if (f.originId !== null) conds.push(sql`o.origin_id = ${f.originId}`);
  if (f.supplierId) conds.push(sql`o.supplier_id = ${f.supplierId}`);
  if (f.from) conds.push(sql`o.date >= ${f.from}`);
  if (f.to) conds.push(sql`o.date <= ${f.to}`);
  if (f.open) conds.push(sql`o.status in ('autorizada', 'recibida_parcial')`);
  return conds;
}

export async function listPurchaseOrders(ex: Executor, q: ListQuery<PurchaseOrderSort>, f: PurchaseOrderFilterValues) {
  const conds = orderConds(q.search, f);
  const col = { folio: sql`o.folio`, date: sql`o.date`, deliveryDate: sql`o.delivery_date`, supplier: sql`s.name`, total: sql`o.total`, status: sql`o.status` }[q.sortBy];
  const [items, totals] = await Promise.all([
    queryRows<PurchaseOrderRow>(ex, sql`${orderSelect} ${where(conds)} ${orderBy(col, q.desc, sql`o.id`)} limit ${q.limit} offset ${q.offset}`),
    queryRows<{ n: number; sumTotal: string }>(
      ex,
      sql`select count(*)::int as n, coalesce(sum(o.total) filter (where o.status <> 'cancelada'), 0)::text as "sumTotal"
          from purchase_orders o join suppliers s on s.id = o.supplier_id ${where(conds)}`,
    ),
  ]);
  return { items, total: totals[0].n, sumTotal: totals[0].sumTotal };
}

export async function insertPurchaseOrder(tx: Executor, folio: number, v: PurchaseOrderValues, createdBy: number | null): Promise<number> {
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`insert into purchase_orders (folio, supplier_id, date, delivery_date, warehouse_id, origin, origin_id, origin_folio, notes, subtotal, iva_rate, iva,
          isr_retention_rate, isr_retention, iva_retention_rate, iva_retention, total, tolerance_percent, created_by)
        values (${folio}, ${v.supplierId}, ${v.date}, ${v.deliveryDate}, ${v.warehouseId}, ${v.origin}, ${v.originId}, ${v.originFolio}, ${v.notes},
          ${v.subtotal}, ${v.ivaRate}, ${v.iva}, ${v.isrRetentionRate}, ${v.isrRetention}, ${v.ivaRetentionRate}, ${v.ivaRetention}, ${v.total},
          ${v.tolerancePercent}, ${createdBy})
        returning id`,
  );
  return Number(rows[0].id);
}

export async function updatePurchaseOrder(tx: Executor, id: number, version: number, v: Omit<PurchaseOrderValues, 'origin' | 'originId' | 'originFolio'>): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`update purchase_orders set supplier_id = ${v.supplierId}, date = ${v.date}, delivery_date = ${v.deliveryDate}, warehouse_id = ${v.warehouseId},
          notes = ${v.notes}, subtotal = ${v.subtotal}, iva_rate = ${v.ivaRate}, iva = ${v.iva}, isr_retention_rate = ${v.isrRetentionRate},
          isr_retention = ${v.isrRetention}, iva_retention_rate = ${v.ivaRetentionRate}, iva_retention = ${v.ivaRetention}, total = ${v.total},
          tolerance_percent = ${v.tolerancePercent}, version = version + 1
        where id = ${id} and version = ${version} returning id`,
  );
  return rows.length === 1;
}

/** Moves the status (and what goes with it); the version always advances. */
export async function setPurchaseOrderStatus(
  tx: Executor,
  id: number,
  status: PurchaseOrderStatus,
  extra: { authorizedBy?: number | null; cancelReason?: string; close?: { reason: string; by: number | null } } = {},
): Promise<void> {
  const sets: SQL[] = [sql`status = ${status}`, sql`version = version + 1`];
  if (extra.authorizedBy !== undefined) sets.push(sql`authorized_by = ${extra.authorizedBy}`, sql`authorized_at = now()`);
  if (extra.cancelReason !== undefined) sets.push(sql`cancel_reason = ${extra.cancelReason}`);
  if (extra.close) sets.push(sql`close_reason = ${extra.close.reason}`, sql`closed_by = ${extra.close.by}`, sql`closed_at = now()`);
  await tx.execute(sql`update purchase_orders set ${sql.join(sets, sql`, `)} where id = ${id}`);
}

export async function replacePurchaseOrderLines(tx: Executor, orderId: number, lines: PurchaseOrderLineValues[]): Promise<void> {
  await tx.execute(sql`delete from purchase_order_lines where order_id = ${orderId}`);
  if (!lines.length) return;
  await tx.execute(sql`insert into purchase_order_lines (order_id, position, article_id, description, quantity, unit_price, amount) values ${sql.join(
    lines.map((l, i) => sql`(${orderId}, ${i + 1}, ${l.articleId}, ${l.description}, ${l.quantity}, ${l.unitPrice}, ${l.amount})`),
    sql`, `,
  )}`);
}

export async function purchaseOrderLines(ex: Executor, orderIds: number[]): Promise<PurchaseOrderLineRow[]> {
  if (!orderIds.length) return [];
  const rows = await queryRows<PurchaseOrderLineRow>(
    ex,
    sql`select l.id, l.order_id as "orderId", l.position, l.article_id as "articleId", l.description, l.quantity::text as quantity,
               l.unit_price::text as "unitPrice", l.amount::text as amount, l.received_qty::text as "receivedQty", a.sku, a.unit
        from purchase_order_lines l left join wh_articles a on a.id = l.article_id
        where l.order_id in (${sql.join(orderIds.map((i) => sql`${i}`), sql`, `)})
        order by l.order_id, l.position`,
  );
  return rows.map((r) => ({ ...r, id: Number(r.id), orderId: Number(r.orderId), articleId: r.articleId === null ? null : Number(r.articleId) }));
}

export async function addReceivedQuantities(tx: Executor, updates: { lineId: number; quantity: string }[]): Promise<void> {
  for (const u of updates) await tx.execute(sql`update purchase_order_lines set received_qty = received_qty + ${u.quantity}::numeric where id = ${u.lineId}`);
}

/** A reversed receipt's quantities stop counting as received (the CHECK keeps a line from going below zero). */
export async function subtractReceivedQuantities(tx: Executor, updates: { lineId: number; quantity: string }[]): Promise<void> {
  for (const u of updates) await tx.execute(sql`update purchase_order_lines set received_qty = received_qty - ${u.quantity}::numeric where id = ${u.lineId}`);
}

/** Marks a receipt reversed; false when it already was (the caller holds the order's lock, so this only guards). */
export async function markReceiptReversed(tx: Executor, id: number, v: { reason: string; by: number | null; movementId: number | null }): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`update purchase_receipts set reversed_at = now(), reversed_by = ${v.by}, reverse_reason = ${v.reason}, reversal_movement_id = ${v.movementId}
        where id = ${id} and reversed_at is null returning id`,
  );
  return rows.length === 1;
}

export async function insertReceipt(tx: Executor, v: { orderId: number; date: string; movementId: number | null; notes: string; createdBy: number | null }, lines: { lineId: number; quantity: string }[]): Promise<number> {
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`insert into purchase_receipts (order_id, date, movement_id, notes, created_by) values (${v.orderId}, ${v.date}, ${v.movementId}, ${v.notes}, ${v.createdBy}) returning id`,
  );
  const id = Number(rows[0].id);
  await tx.execute(sql`insert into purchase_receipt_lines (receipt_id, line_id, quantity) values ${sql.join(
    lines.map((l) => sql`(${id}, ${l.lineId}, ${l.quantity})`),
    sql`, `,
  )}`);
  return id;
}

export async function purchaseReceipts(ex: Executor, orderId: number): Promise<PurchaseReceiptRow[]> {
  const rows = await queryRows<PurchaseReceiptRow>(
    ex,
    sql`select r.id, r.order_id as "orderId", r.date::text as date, r.movement_id as "movementId",
               case when m.id is null then null else m.series || '-' || lpad(m.folio::text, 6, '0') end as "movementFolio",
               r.notes, u.name as "createdByName", r.created_at as "createdAt",
               r.reversed_at is not null as reversed, r.reverse_reason as "reverseReason", ur.name as "reversedByName", r.reversed_at as "reversedAt",
               case when rm.id is null then null else rm.series || '-' || lpad(rm.folio::text, 6, '0') end as "reversalMovementFolio"
        from purchase_receipts r left join wh_movements m on m.id = r.movement_id left join users u on u.id = r.created_by
        left join wh_movements rm on rm.id = r.reversal_movement_id left join users ur on ur.id = r.reversed_by
        where r.order_id = ${orderId} order by r.id`,
  );
  return rows.map((r) => ({ ...r, id: Number(r.id), orderId: Number(r.orderId), movementId: r.movementId === null ? null : Number(r.movementId) }));
}

export async function purchaseReceiptLines(ex: Executor, receiptIds: number[]): Promise<PurchaseReceiptLineRow[]> {
  if (!receiptIds.length) return [];
  const rows = await queryRows<PurchaseReceiptLineRow>(
    ex,
    sql`select receipt_id as "receiptId", line_id as "lineId", quantity::text as quantity from purchase_receipt_lines
        where receipt_id in (${sql.join(receiptIds.map((i) => sql`${i}`), sql`, `)}) order by receipt_id, id`,
  );
  return rows.map((r) => ({ ...r, receiptId: Number(r.receiptId), lineId: Number(r.lineId) }));
}

/**
 * The signed-in user's purchase-order limit: null when the role has none.
 * A service account acts with its role (`roleId`).
 */
export async function purchaseOrderLimitOfRole(ex: Executor, roleId: number): Promise<{ roleName: string; limit: string | null } | null> {
  const rows = await queryRows<{ roleName: string; limit: string | null }>(ex, sql`select name as "roleName", purchase_order_limit::text as "limit" from roles where id = ${roleId}`);
  return rows[0] ?? null;
}
