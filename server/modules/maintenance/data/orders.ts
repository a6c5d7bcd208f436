// Mantenimiento data layer: maintenance orders, their services and requisition links.
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from '../../../db/database';
import { likePattern, withinDates, type DateRange, type ListQuery } from '../../../lib/list';
import type { OrderStatus } from '../../../../schema/maintenance/orders';
import { employeeName, ids, num, orderBy, page, vehicleName, where } from './common';

export type MtOrderRow = {
  id: number;
  folio: number;
  vehicleId: number;
  vehicleNumber: string;
  vehicleName: string;
  status: OrderStatus;
  openedOn: string;
  odometerIn: number;
  mechanicEmployeeId: number | null;
  mechanicName: string | null;
  supplierId: number | null;
  supplierName: string | null;
  labourHours: string;
  labourRate: string;
  externalCost: string;
  externalInvoice: string;
  notes: string;
  partsCost: string | null;
  total: string | null;
  closedOn: string | null;
  cancelReason: string;
  version: number;
};

const orderSelect = sql`select o.id, o.folio, o.vehicle_id as "vehicleId", v.economic_number as "vehicleNumber", ${vehicleName} as "vehicleName", o.status,
  o.opened_on::text as "openedOn", o.odometer_in as "odometerIn", o.mechanic_employee_id as "mechanicEmployeeId", ${employeeName('e')} as "mechanicName",
  o.supplier_id as "supplierId", sp.name as "supplierName", o.labour_hours::text as "labourHours", o.labour_rate::text as "labourRate",
  o.external_cost::text as "externalCost", o.external_invoice as "externalInvoice", o.notes, o.parts_cost::text as "partsCost", o.total::text as total,
  o.closed_on::text as "closedOn", o.cancel_reason as "cancelReason", o.version`;
const orderFrom = sql`from mt_orders o join vp_vehicles v on v.id = o.vehicle_id left join rh_employees e on e.id = o.mechanic_employee_id left join suppliers sp on sp.id = o.supplier_id`;

const normOrder = (r: MtOrderRow): MtOrderRow => ({
  ...r,
  id: Number(r.id),
  folio: Number(r.folio),
  vehicleId: Number(r.vehicleId),
  odometerIn: Number(r.odometerIn),
  mechanicEmployeeId: num(r.mechanicEmployeeId),
  supplierId: num(r.supplierId),
});

export const ORDER_SORTS = ['folio', 'openedOn', 'vehicle', 'status'] as const;
export type OrderSort = (typeof ORDER_SORTS)[number];

export type OrderFilter = { status: string | null; vehicleId: number | null; withSupplier?: boolean; supplierId?: number | null; range?: DateRange };

function orderConds(q: { search: string | null }, f: OrderFilter): SQL[] {
  const conds: SQL[] = [];
  if (q.search) {
    const like = likePattern(q.search);
    conds.push(sql`(('OM-' || lpad(o.folio::text, 6, '0')) ilike ${like} or v.economic_number ilike ${like} or v.plate ilike ${like} or coalesce(sp.name, '') ilike ${like})`);
  }
  if (f.status) conds.push(sql`o.status = ${f.status}`);
  if (f.vehicleId) conds.push(sql`o.vehicle_id = ${f.vehicleId}`);
  if (f.withSupplier) conds.push(sql`o.supplier_id is not null`);
  if (f.supplierId) conds.push(sql`o.supplier_id = ${f.supplierId}`);
  if (f.range) conds.push(...withinDates(sql`o.opened_on`, f.range));
  return conds;
}

const orderSortColumn = (sortBy: OrderSort) => ({ folio: sql`o.folio`, openedOn: sql`o.opened_on`, vehicle: sql`upper(v.economic_number)`, status: sql`o.status` })[sortBy];

export async function listOrders(ex: Executor, q: ListQuery<OrderSort>, f: OrderFilter) {
  const col = orderSortColumn(q.sortBy);
  // Only the search reads the vehicle and the supplier.
  const r = await page<MtOrderRow>(ex, orderSelect, orderFrom, orderConds(q, f), orderBy(col, q.desc, sql`o.id`), q, q.search ? orderFrom : sql`from mt_orders o`);
  return { items: r.items.map(normOrder), total: r.total };
}

/** Every id of the list in its order (no page): for a filter that another module answers (the payment request's status in Compras). */
export async function listOrderIds(ex: Executor, q: Pick<ListQuery<OrderSort>, 'search' | 'sortBy' | 'desc'>, f: OrderFilter): Promise<number[]> {
  const col = orderSortColumn(q.sortBy);
  const rows = await queryRows<{ id: number }>(ex, sql`select o.id ${orderFrom} ${where(orderConds(q, f))} ${orderBy(col, q.desc, sql`o.id`)}`);
  return rows.map((r) => Number(r.id));
}

/** The orders of these ids, in the order of the ids. */
export async function ordersByIds(ex: Executor, orderIds: number[]): Promise<MtOrderRow[]> {
  if (!orderIds.length) return [];
  const rows = (await queryRows<MtOrderRow>(ex, sql`${orderSelect} ${orderFrom} where o.id in ${ids(orderIds)}`)).map(normOrder);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return orderIds.map((id) => byId.get(id)).filter((r): r is MtOrderRow => !!r);
}

/** The workshops (suppliers) that have an order, for the Solicitudes de pago filter. */
export async function orderSupplierOptions(ex: Executor) {
  const rows = await queryRows<{ id: number; name: string }>(ex, sql`select sp.id, sp.name from suppliers sp where exists (select 1 from mt_orders o where o.supplier_id = sp.id) order by lower(sp.name), sp.id`);
  return rows.map((r) => ({ id: Number(r.id), name: r.name }));
}

export async function findOrder(ex: Executor, id: number): Promise<MtOrderRow | null> {
  const rows = await queryRows<MtOrderRow>(ex, sql`${orderSelect} ${orderFrom} where o.id = ${id}`);
  return rows[0] ? normOrder(rows[0]) : null;
}

export async function lockOrder(ex: Executor, id: number) {
  const rows = await queryRows<{ id: number; folio: number; vehicleId: number; status: OrderStatus; openedOn: string; odometerIn: number; version: number } & Pick<MtOrderRow, 'labourHours' | 'labourRate' | 'externalCost' | 'supplierId' | 'externalInvoice'>>(
    ex,
    sql`select id, folio, vehicle_id as "vehicleId", status, opened_on::text as "openedOn", odometer_in as "odometerIn", labour_hours::text as "labourHours",
          labour_rate::text as "labourRate", external_cost::text as "externalCost", supplier_id as "supplierId", external_invoice as "externalInvoice", version
        from mt_orders where id = ${id} for update`,
  );
  const r = rows[0];
  return r ? { ...r, id: Number(r.id), folio: Number(r.folio), vehicleId: Number(r.vehicleId), odometerIn: Number(r.odometerIn), supplierId: num(r.supplierId) } : null;
}

export type OrderInsert = {
  folio: number;
  vehicleId: number;
  openedOn: string;
  odometerIn: number;
  mechanicEmployeeId: number | null;
  supplierId: number | null;
  notes: string;
  createdBy: number | null;
};

export async function insertOrder(ex: Executor, o: OrderInsert, services: { serviceId: number; scheduleId: number | null }[]): Promise<number> {
  const rows = await queryRows<{ id: number }>(
    ex,
    sql`insert into mt_orders (folio, vehicle_id, opened_on, odometer_in, mechanic_employee_id, supplier_id, notes, created_by)
        values (${o.folio}, ${o.vehicleId}, ${o.openedOn}, ${o.odometerIn}, ${o.mechanicEmployeeId}, ${o.supplierId}, ${o.notes}, ${o.createdBy}) returning id`,
  );
  const id = Number(rows[0].id);
  const values = services.map((s) => sql`(${id}, ${s.serviceId}, ${s.scheduleId})`);
  await queryRows(ex, sql`insert into mt_order_services (order_id, service_id, schedule_id) values ${sql.join(values, sql`, `)}`);
  return id;
}

/** Schedules of this vehicle for these services (to link the order's services to them). */
export async function schedulesOf(ex: Executor, vehicleId: number, serviceIds: number[]) {
  if (!serviceIds.length) return [];
  const rows = await queryRows<{ id: number; serviceId: number }>(
    ex,
    sql`select id, service_id as "serviceId" from mt_schedules where vehicle_id = ${vehicleId} and service_id in ${ids(serviceIds)}`,
  );
  return rows.map((r) => ({ id: Number(r.id), serviceId: Number(r.serviceId) }));
}

export type OrderChanges = Partial<{
  status: OrderStatus;
  mechanicEmployeeId: number | null;
  supplierId: number | null;
  labourHours: string;
  labourRate: string;
  externalCost: string;
  externalInvoice: string;
  notes: string;
  partsCost: string;
  total: string;
  closedOn: string;
  cancelReason: string;
}>;

const ORDER_COLUMNS: Record<keyof OrderChanges, string> = {
  status: 'status',
  mechanicEmployeeId: 'mechanic_employee_id',
  supplierId: 'supplier_id',
  labourHours: 'labour_hours',
  labourRate: 'labour_rate',
  externalCost: 'external_cost',
  externalInvoice: 'external_invoice',
  notes: 'notes',
  partsCost: 'parts_cost',
  total: 'total',
  closedOn: 'closed_on',
  cancelReason: 'cancel_reason',
};

/** Applies the changes and bumps the version when `version` is current. */
export async function updateOrder(ex: Executor, id: number, version: number, changes: OrderChanges): Promise<boolean> {
  const sets = Object.entries(changes).map(([k, v]) => sql`${sql.raw(ORDER_COLUMNS[k as keyof OrderChanges])} = ${v}`);
  sets.push(sql`version = version + 1`);
  const rows = await queryRows<{ id: number }>(ex, sql`update mt_orders set ${sql.join(sets, sql`, `)} where id = ${id} and version = ${version} returning id`);
  return rows.length === 1;
}

export type OrderServiceRow = { orderId: number; serviceId: number; name: string; kind: 'preventivo' | 'correctivo'; scheduleId: number | null };

export async function orderServices(ex: Executor, orderIds: number[]): Promise<OrderServiceRow[]> {
  if (!orderIds.length) return [];
  const rows = await queryRows<OrderServiceRow>(
    ex,
    sql`select os.order_id as "orderId", os.service_id as "serviceId", s.name, s.kind, os.schedule_id as "scheduleId"
        from mt_order_services os join mt_services s on s.id = os.service_id where os.order_id in ${ids(orderIds)} order by os.order_id, lower(s.name)`,
  );
  return rows.map((r) => ({ ...r, orderId: Number(r.orderId), serviceId: Number(r.serviceId), scheduleId: num(r.scheduleId) }));
}

export async function linkRequisition(ex: Executor, orderId: number, requisitionId: number) {
  await queryRows(ex, sql`insert into mt_order_requisitions (order_id, requisition_id) values (${orderId}, ${requisitionId})`);
}

export async function orderRequisitionIds(ex: Executor, orderIds: number[]): Promise<{ orderId: number; requisitionId: number }[]> {
  if (!orderIds.length) return [];
  const rows = await queryRows<{ orderId: number; requisitionId: number }>(
    ex,
    sql`select order_id as "orderId", requisition_id as "requisitionId" from mt_order_requisitions where order_id in ${ids(orderIds)} order by requisition_id`,
  );
  return rows.map((r) => ({ orderId: Number(r.orderId), requisitionId: Number(r.requisitionId) }));
}

export type OrderRequisitionLink = { orderId: number; orderFolio: number; vehicleNumber: string; requisitionId: number };

/** Every requisition of an order (newest first), with the order folio and vehicle, filtered by search on those. */
export async function requisitionLinks(ex: Executor, search: string | null): Promise<OrderRequisitionLink[]> {
  const like = search ? likePattern(search) : null;
  const rows = await queryRows<OrderRequisitionLink>(
    ex,
    sql`select r.order_id as "orderId", o.folio as "orderFolio", v.economic_number as "vehicleNumber", r.requisition_id as "requisitionId"
        from mt_order_requisitions r join mt_orders o on o.id = r.order_id join vp_vehicles v on v.id = o.vehicle_id
        ${like ? sql`where (('OM-' || lpad(o.folio::text, 6, '0')) ilike ${like} or v.economic_number ilike ${like})` : sql``}
        order by r.requisition_id desc`,
  );
  return rows.map((r) => ({ ...r, orderId: Number(r.orderId), orderFolio: Number(r.orderFolio), requisitionId: Number(r.requisitionId) }));
}

/** Other open orders of the vehicle (it stays en taller while one is open). */
export async function otherOpenOrders(ex: Executor, vehicleId: number, exceptOrderId: number): Promise<number> {
  const rows = await queryRows<{ n: number }>(
    ex,
    sql`select count(*)::int as n from mt_orders where vehicle_id = ${vehicleId} and id <> ${exceptOrderId} and status in ('abierta', 'en_proceso')`,
  );
  return Number(rows[0].n);
}

/** Folios of the open (abierta / en proceso) orders of these vehicles, oldest first. */
export async function openOrdersOfVehicles(ex: Executor, vehicleIds: number[]): Promise<{ vehicleId: number; folio: number }[]> {
  if (!vehicleIds.length) return [];
  const rows = await queryRows<{ vehicleId: number; folio: number }>(
    ex,
    sql`select vehicle_id as "vehicleId", folio from mt_orders where vehicle_id in ${ids(vehicleIds)} and status in ('abierta', 'en_proceso') order by folio`,
  );
  return rows.map((r) => ({ vehicleId: Number(r.vehicleId), folio: Number(r.folio) }));
}

export async function employeeExists(ex: Executor, id: number): Promise<boolean> {
  return (await queryRows(ex, sql`select 1 from rh_employees where id = ${id} and status = 'activo'`)).length > 0;
}

export async function supplierExists(ex: Executor, id: number): Promise<boolean> {
  return (await queryRows(ex, sql`select 1 from suppliers where id = ${id} and active`)).length > 0;
}

export async function supplierOptions(ex: Executor) {
  return queryRows<{ id: number; name: string }>(ex, sql`select id, name from suppliers where active order by lower(name), id`);
}
