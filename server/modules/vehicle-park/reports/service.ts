// Reportes de Parque Vehicular: documents expired or due within N days (the
// document state is the vehicle record's own rule, only the look-ahead
// widens; a policy expiry captured on the vehicle counts while no policy
// document is uploaded), vehicles by estado / grupo / locación, and the kilometres each
// vehicle ran per month from its odometer log, and the maintenance cost per
// vehicle and per km over a date range (the orders' figures come from
// Mantenimiento's service, the km from our odometer log), with the fuel loaded
// in the range joining it in the total cost per km (issue 28). Parameters are
// checked here with Spanish messages per field.
import type { RequestContext } from '../../../context';
import { badInput } from '../../../lib/errors';
import { isIsoDate, todayMx } from '../../../../schema/dates';
import { INSURANCE_WITHOUT_DOCUMENT_LABEL, VEHICLE_STATUS_LABELS } from '../../../../schema/vehicle-park/vehicles';
import { dec, money } from '../../../../schema/money';
import { totalCostPerKm } from '../../../../schema/vehicle-park/fuel';
import * as fuelService from '../fuel/service';
import { costPerKm, DEFAULT_DOC_DAYS, isMonth, MAX_DOC_DAYS, MAX_MONTHS, maintenanceCostTotals, monthSpan, type VehicleCountRow, type VpVehicleGrouping } from '../../../../schema/vehicle-park/reports';
import * as maintenance from '../../maintenance/service';
import { MSG } from '../messages';
import * as data from './data';

const db = (ctx: RequestContext) => ctx.app.database.db;

export function checkDays(value: number | null | undefined): number {
  const n = value ?? DEFAULT_DOC_DAYS;
  if (!Number.isInteger(n) || n < 0 || n > MAX_DOC_DAYS) throw badInput({ days: MSG.days }, MSG.days);
  return n;
}

export function checkMonths(from: string | null | undefined, to: string | null | undefined): { from: string; to: string } {
  const fields: Record<string, string> = {};
  if (!from || !isMonth(from)) fields.fromMonth = MSG.month;
  if (!to || !isMonth(to)) fields.toMonth = MSG.month;
  if (!Object.keys(fields).length) {
    const span = monthSpan(from!, to!);
    if (span === 0) fields.toMonth = MSG.monthOrder;
    else if (span > MAX_MONTHS) fields.toMonth = MSG.monthSpan;
  }
  if (Object.keys(fields).length) throw badInput(fields);
  return { from: from!, to: to! };
}

/** A date range (YYYY-MM-DD, inclusive); by default from 1 January of this year to today. */
export function checkDateRange(from: string | null | undefined, to: string | null | undefined): { from: string; to: string } {
  const today = todayMx();
  const range = { from: from ?? `${today.slice(0, 4)}-01-01`, to: to ?? today };
  const fields: Record<string, string> = {};
  if (!isIsoDate(range.from)) fields.fromDate = MSG.date;
  if (!isIsoDate(range.to)) fields.toDate = MSG.date;
  if (!Object.keys(fields).length && range.to < range.from) fields.toDate = MSG.dateOrder;
  if (Object.keys(fields).length) throw badInput(fields);
  return range;
}

/** Km each vehicle (or one) ran in the range, from the odometer log. */
export const kmInRange = (ctx: RequestContext, from: string, to: string, vehicleId: number | null = null) => data.kmInRange(db(ctx), from, to, vehicleId);

export async function expiringDocuments(ctx: RequestContext, days: number | null | undefined) {
  const rows = await data.expiringDocuments(db(ctx), todayMx(), checkDays(days), INSURANCE_WITHOUT_DOCUMENT_LABEL);
  return rows.map((r) => ({ ...r, state: r.daysLeft < 0 ? ('vencido' as const) : ('por_vencer' as const) }));
}

const NO_LABEL: Record<VpVehicleGrouping, string> = { status: '', group: 'Sin grupo', location: 'Sin locación' };

export async function vehicleCounts(ctx: RequestContext, by: VpVehicleGrouping): Promise<VehicleCountRow[]> {
  const rows = await data.vehicleCounts(db(ctx), by);
  if (by === 'status') {
    return (['activo', 'en_taller', 'baja'] as const).map((status) => {
      const n = rows.filter((r) => r.status === status).reduce((t, r) => t + Number(r.n), 0);
      return { label: VEHICLE_STATUS_LABELS[status], activo: status === 'activo' ? n : 0, enTaller: status === 'en_taller' ? n : 0, baja: status === 'baja' ? n : 0, total: n };
    });
  }
  const byLabel = new Map<string, VehicleCountRow>();
  for (const r of rows) {
    const label = r.label ?? NO_LABEL[by];
    const row = byLabel.get(label) ?? { label, activo: 0, enTaller: 0, baja: 0, total: 0 };
    const n = Number(r.n);
    if (r.status === 'activo') row.activo += n;
    else if (r.status === 'en_taller') row.enTaller += n;
    else row.baja += n;
    row.total += n;
    byLabel.set(label, row);
  }
  return [...byLabel.values()];
}

export async function kmPerMonth(ctx: RequestContext, fromMonth: string | null | undefined, toMonth: string | null | undefined) {
  const m = checkMonths(fromMonth, toMonth);
  const rows = await data.kmPerMonth(db(ctx), `${m.from}-01`, `${m.to}-01`);
  return rows.map((r) => ({ vehicleId: r.vehicleId, economicNumber: r.economicNumber, month: r.month, closingKm: Number(r.closingKm), km: Number(r.closingKm) - Number(r.openingKm) }));
}

/**
 * One row per vehicle that had a maintenance order closed in the range or
 * ran km in it: the orders' figures, the km and total ÷ km; plus the totals.
 */
export async function maintenanceCost(ctx: RequestContext, fromDate: string | null | undefined, toDate: string | null | undefined) {
  const { from, to } = checkDateRange(fromDate, toDate);
  const [costs, kms, fuel] = await Promise.all([maintenance.maintenanceCostByVehicle(db(ctx), from, to), data.kmInRange(db(ctx), from, to), fuelService.fuelByVehicle(ctx, from, to)]);
  const costOf = new Map(costs.map((c) => [c.vehicleId, c]));
  const fuelOf = new Map(fuel.map((f) => [f.vehicleId, f]));
  const rows = kms
    .map((v) => {
      const c = costOf.get(v.vehicleId);
      const total = money(c?.total ?? 0);
      const f = fuelOf.get(v.vehicleId);
      const fuelCost = money(f?.amount ?? 0);
      const combined = totalCostPerKm(fuelCost, total, v.km);
      return {
        vehicleId: v.vehicleId,
        economicNumber: v.economicNumber,
        brand: v.brand,
        model: v.model,
        orders: c?.orders ?? 0,
        partsCost: money(c?.partsCost ?? 0),
        labourCost: money(c?.labourCost ?? 0),
        externalCost: money(c?.externalCost ?? 0),
        total,
        km: v.km,
        costPerKm: costPerKm(total, v.km),
        fuelLitres: dec(f?.litres ?? 0).toFixed(3),
        fuelCost,
        totalCost: combined.totalCost,
        totalCostPerKm: combined.costPerKm,
      };
    })
    .filter((r) => r.orders > 0 || r.km > 0 || dec(r.fuelCost).gt(0));
  return { fromDate: from, toDate: to, rows, totals: maintenanceCostTotals(rows) };
}
