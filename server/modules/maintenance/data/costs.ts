// Mantenimiento data layer: the cost-by-vehicle report.
import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../../db/database';

export type VehicleCostRow = { vehicleId: number; orders: number; partsCost: string; labourCost: string; externalCost: string; total: string };

/**
 * Per vehicle, the orders closed from `from` to `to` (inclusive) and their
 * figures. Labour is rounded to cents per order before summing, as
 * orderCost does when the order closes.
 */
export async function maintenanceCostByVehicle(ex: Executor, from: string, to: string): Promise<VehicleCostRow[]> {
  const rows = await queryRows<VehicleCostRow>(
    ex,
    sql`select vehicle_id as "vehicleId", count(*)::int as orders, coalesce(sum(parts_cost), 0)::text as "partsCost",
          sum(round(labour_hours * labour_rate, 2))::text as "labourCost", sum(external_cost)::text as "externalCost", coalesce(sum(total), 0)::text as total
        from mt_orders
        where status = 'cerrada' and closed_on >= ${from}::date and closed_on <= ${to}::date
        group by vehicle_id order by vehicle_id`,
  );
  return rows.map((r) => ({ ...r, vehicleId: Number(r.vehicleId), orders: Number(r.orders) }));
}
