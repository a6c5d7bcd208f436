// Ventas data layer: service orders and their deliveries (with evidence files).
import { and, eq, sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../../db/database';
import { likePattern, withinDates, type DateRange, type ListQuery } from '../../../lib/list';
import type { AttachmentRow } from '../../../lib/attachments';
import { orderDeliveries, orderDeliveryFiles, serviceOrders } from '../tables';
import type { OrderStatus } from '../../../../schema/sales/labels';
import type { Page, Ref } from './types';
import { count, inList, order, page, ref, whereAll } from './common';

export type ContractRef = { id: number; folio: number; name: string };
export type OrderRow = {
  id: number;
  folio: number;
  contract: ContractRef | null;
  client: Ref;
  description: string;
  site: string;
  scheduledStart: string;
  scheduledEnd: string;
  responsibles: string[];
  status: OrderStatus;
  notes: string;
  createdAt: Date | string;
  version: number;
};

export const ORDER_SORTS = ['folio', 'description', 'client', 'scheduledStart', 'scheduledEnd', 'status'] as const;

const orderSelect = sql`select o.id, o.folio, o.contract_id, ct.folio as contract_folio, ct.name as contract_name, o.client_id,
  cl.name as client_name, cl.rfc as client_rfc, o.description, o.site, o.scheduled_start::text as "scheduledStart",
  o.scheduled_end::text as "scheduledEnd", o.responsibles, o.status, o.notes, o.created_at as "createdAt", o.version
  from service_orders o join clients cl on cl.id = o.client_id left join contracts ct on ct.id = o.contract_id`;

type OrderDbRow = Omit<OrderRow, 'client' | 'contract'> & {
  contract_id: number | null;
  contract_folio: number | null;
  contract_name: string | null;
  client_id: number;
  client_name: string;
  client_rfc: string;
};
const toOrder = ({ contract_id, contract_folio, contract_name, client_id, client_name, client_rfc, ...r }: OrderDbRow): OrderRow => ({
  ...r,
  contract: contract_id ? { id: contract_id, folio: Number(contract_folio), name: contract_name ?? '' } : null,
  client: ref(client_id, client_name, client_rfc),
});

export type OrderFilter = { status?: OrderStatus | null; contractId?: number | null; clientId?: number | null; range?: DateRange };

export async function listOrders(ex: Executor, q: ListQuery<(typeof ORDER_SORTS)[number]>, filter: OrderFilter): Promise<Page<OrderRow>> {
  const p = q.search ? likePattern(q.search) : null;
  const where = whereAll([
    p && sql`(o.description ilike ${p} or o.site ilike ${p} or cl.name ilike ${p} or o.folio::text = ${q.search})`,
    filter.status && sql`o.status = ${filter.status}`,
    filter.contractId && sql`o.contract_id = ${filter.contractId}`,
    filter.clientId && sql`o.client_id = ${filter.clientId}`,
    ...(filter.range ? withinDates(sql`o.scheduled_start`, filter.range) : []),
  ]);
  const cols = { folio: 'o.folio', description: 'o.description', client: 'cl.name', scheduledStart: 'o.scheduled_start', scheduledEnd: 'o.scheduled_end', status: 'o.status' };
  const [items, total] = await Promise.all([
    queryRows<OrderDbRow>(ex, sql`${orderSelect} ${where} ${order(cols, q, 'o.id')} ${page(q)}`),
    count(ex, sql`select count(*)::int as n from service_orders o ${p ? sql`join clients cl on cl.id = o.client_id` : sql``} ${where}`),
  ]);
  return { items: items.map(toOrder), total };
}

export async function findOrder(ex: Executor, id: number, lock = false): Promise<OrderRow | null> {
  if (lock) await ex.execute(sql`select id from service_orders where id = ${id} for update`);
  const rows = await queryRows<OrderDbRow>(ex, sql`${orderSelect} where o.id = ${id}`);
  return rows[0] ? toOrder(rows[0]) : null;
}

export type OrderValues = Omit<typeof serviceOrders.$inferInsert, 'id' | 'createdAt' | 'version' | 'folio' | 'status'>;

export async function insertOrder(ex: Executor, folio: number, values: OrderValues): Promise<number> {
  const [row] = await ex.insert(serviceOrders).values({ ...values, folio }).returning({ id: serviceOrders.id });
  return row.id;
}

export async function updateOrder(ex: Executor, id: number, version: number | null, values: Partial<OrderValues> & { status?: OrderStatus }): Promise<boolean> {
  const rows = await ex
    .update(serviceOrders)
    .set({ ...values, version: sql`${serviceOrders.version} + 1` })
    .where(version === null ? eq(serviceOrders.id, id) : and(eq(serviceOrders.id, id), eq(serviceOrders.version, version)))
    .returning({ id: serviceOrders.id });
  return rows.length === 1;
}

export async function orderOptions(ex: Executor, contractId: number | null, statuses: OrderStatus[] | null) {
  return queryRows<{ id: number; folio: number; description: string; status: OrderStatus; contractId: number | null; clientName: string }>(
    ex,
    sql`select o.id, o.folio, o.description, o.status, o.contract_id as "contractId", cl.name as "clientName"
        from service_orders o join clients cl on cl.id = o.client_id
        ${whereAll([
          contractId && sql`o.contract_id = ${contractId}`,
          statuses && statuses.length > 0 && sql`o.status in (${sql.join(statuses.map((s) => sql`${s}`), sql`, `)})`,
        ])}
        order by o.folio desc limit 200`,
  );
}

export type DeliveryRow = {
  id: number;
  orderId: number;
  orderFolio: number;
  orderDescription: string;
  client: Ref;
  date: string;
  receivedBy: string;
  notes: string;
  createdAt: Date | string;
};
/** A delivery's evidence: the upload's fields (its id is the upload id). */
export type DeliveryFileRow = AttachmentRow & { deliveryId: number };

export const DELIVERY_SORTS = ['date', 'orderFolio', 'client', 'receivedBy'] as const;

const deliverySelect = sql`select d.id, d.order_id as "orderId", o.folio as "orderFolio", o.description as "orderDescription",
  o.client_id, cl.name as client_name, cl.rfc as client_rfc, d.date::text as date, d.received_by as "receivedBy", d.notes,
  d.created_at as "createdAt"
  from order_deliveries d join service_orders o on o.id = d.order_id join clients cl on cl.id = o.client_id`;

type DeliveryDbRow = Omit<DeliveryRow, 'client'> & { client_id: number; client_name: string; client_rfc: string };
const toDelivery = ({ client_id, client_name, client_rfc, ...r }: DeliveryDbRow): DeliveryRow => ({ ...r, client: ref(client_id, client_name, client_rfc) });

export async function listDeliveries(
  ex: Executor,
  q: ListQuery<(typeof DELIVERY_SORTS)[number]>,
  filter: { clientId?: number | null; dateFrom?: string | null; dateTo?: string | null },
): Promise<Page<DeliveryRow>> {
  const p = q.search ? likePattern(q.search) : null;
  const where = whereAll([
    p && sql`(o.description ilike ${p} or cl.name ilike ${p} or d.received_by ilike ${p} or o.folio::text = ${q.search})`,
    filter.clientId && sql`o.client_id = ${filter.clientId}`,
    filter.dateFrom && sql`d.date >= ${filter.dateFrom}`,
    filter.dateTo && sql`d.date <= ${filter.dateTo}`,
  ]);
  const cols = { date: 'd.date', orderFolio: 'o.folio', client: 'cl.name', receivedBy: 'd.received_by' };
  const [items, total] = await Promise.all([
    queryRows<DeliveryDbRow>(ex, sql`${deliverySelect} ${where} ${order(cols, q, 'd.id')} ${page(q)}`),
    count(ex, sql`select count(*)::int as n from order_deliveries d left join service_orders o on o.id = d.order_id left join clients cl on cl.id = o.client_id ${where}`),
  ]);
  return { items: items.map(toDelivery), total };
}

export async function deliveriesOfOrders(ex: Executor, orderIds: number[]): Promise<DeliveryRow[]> {
  if (!orderIds.length) return [];
  return (await queryRows<DeliveryDbRow>(ex, sql`${deliverySelect} where d.order_id in ${inList(orderIds)}`)).map(toDelivery);
}

export async function findDelivery(ex: Executor, id: number): Promise<DeliveryRow | null> {
  const rows = await queryRows<DeliveryDbRow>(ex, sql`${deliverySelect} where d.id = ${id}`);
  return rows[0] ? toDelivery(rows[0]) : null;
}

export async function filesOfDeliveries(ex: Executor, ids: number[]): Promise<DeliveryFileRow[]> {
  if (!ids.length) return [];
  return queryRows<DeliveryFileRow>(
    ex,
    sql`select u.id, f.delivery_id as "deliveryId", u.file_name as "fileName", u.file_type as "fileType", u.content_type as "contentType",
          u.size, u.uploaded_at as "uploadedAt"
        from order_delivery_files f join uploads u on u.id = f.upload_id where f.delivery_id in ${inList(ids)} order by f.id`,
  );
}

export async function insertDelivery(ex: Executor, values: typeof orderDeliveries.$inferInsert): Promise<number> {
  const [row] = await ex.insert(orderDeliveries).values(values).returning({ id: orderDeliveries.id });
  return row.id;
}

export async function insertDeliveryFiles(ex: Executor, deliveryId: number, uploadIds: string[]): Promise<void> {
  if (uploadIds.length) await ex.insert(orderDeliveryFiles).values(uploadIds.map((uploadId) => ({ uploadId, deliveryId })));
}
