// Reportes de Parque Vehicular: the kinds and their Spanish names, the
// look-ahead of the expiring-documents report, the month range of the km
// report, the totals of the vehicle counts, and cost per km of the
// maintenance-cost report (exact decimals). Pure.
import { dec, money, sum } from '../money';

export type VpReportKind = 'documentos' | 'vehiculos' | 'km_mes' | 'costo_mtto';
export type VpVehicleGrouping = 'status' | 'group' | 'location';

export const VP_REPORT_TITLES: Readonly<Record<VpReportKind, string>> = {
  documentos: 'Documentos por vencer y vencidos',
  vehiculos: 'Vehículos por estado, grupo o locación',
  km_mes: 'Kilómetros recorridos por mes',
  costo_mtto: 'Costo de mantenimiento y combustible por vehículo',
};

export const VP_GROUPING_LABELS: Readonly<Record<VpVehicleGrouping, string>> = { status: 'Estado', group: 'Grupo', location: 'Locación' };

export const MAX_DOC_DAYS = 365;
export const DEFAULT_DOC_DAYS = 30;
/** The km report shows one column per month: a year fits a landscape page. */
export const MAX_MONTHS = 12;

export const isMonth = (v: string): boolean => /^\d{4}-(0[1-9]|1[0-2])$/.test(v);

/** Months from `from` to `to` inclusive (YYYY-MM); 0 when out of order. */
export function monthSpan(from: string, to: string): number {
  const n = (Number(to.slice(0, 4)) - Number(from.slice(0, 4))) * 12 + Number(to.slice(5, 7)) - Number(from.slice(5, 7)) + 1;
  return Math.max(0, n);
}

/** The month `n` months before `month` (YYYY-MM). */
export function monthsBefore(month: string, n: number): string {
  const total = Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1 - n;
  return `${Math.floor(total / 12)}-${String((total % 12) + 1).padStart(2, '0')}`;
}

export type VehicleCountRow = { label: string; activo: number; enTaller: number; baja: number; total: number };

export function vehicleCountTotals(rows: readonly VehicleCountRow[]): Omit<VehicleCountRow, 'label'> {
  return rows.reduce((t, r) => ({ activo: t.activo + r.activo, enTaller: t.enTaller + r.enTaller, baja: t.baja + r.baja, total: t.total + r.total }), { activo: 0, enTaller: 0, baja: 0, total: 0 });
}

export type KmMonthRow = { vehicleId: string | number; economicNumber: string; month: string; closingKm: number; km: number };
export type KmPivotRow = { vehicleId: string; economicNumber: string; months: Record<string, number>; total: number; closingKm: number };

/** Every month from `from` to `to` (YYYY-MM), in order. */
export function monthsBetween(from: string, to: string): string[] {
  const n = monthSpan(from, to);
  return Array.from({ length: n }, (_, i) => monthsBefore(to, n - 1 - i));
}

/** One row per vehicle with its km per month (months without log are absent), the total and the last closing figure. */
export function kmPivot(rows: readonly KmMonthRow[]): KmPivotRow[] {
  const byVehicle = new Map<string, KmPivotRow>();
  for (const r of rows) {
    const id = String(r.vehicleId);
    const row = byVehicle.get(id) ?? { vehicleId: id, economicNumber: r.economicNumber, months: {}, total: 0, closingKm: 0 };
    row.months[r.month] = r.km;
    row.total += r.km;
    row.closingKm = Math.max(row.closingKm, r.closingKm);
    byVehicle.set(id, row);
  }
  return [...byVehicle.values()];
}

/** Total ÷ km to cents (half-up); null when no km were run (a cost per km would be meaningless). */
export const costPerKm = (total: string, km: number): string | null => (km > 0 ? money(dec(total).div(km)) : null);

export type MaintenanceCostFigures = {
  orders: number;
  partsCost: string;
  labourCost: string;
  externalCost: string;
  total: string;
  km: number;
  costPerKm: string | null;
  /** Fuel loaded in the period (litres, 3 decimals) and its amount. */
  fuelLitres: string;
  fuelCost: string;
  /** Maintenance + fuel, and that ÷ km. */
  totalCost: string;
  totalCostPerKm: string | null;
};

/** The totals row: sums of every column, and the fleet's cost per km from those sums (not an average of the rows'). */
export function maintenanceCostTotals(rows: readonly Omit<MaintenanceCostFigures, 'costPerKm' | 'totalCostPerKm'>[]): MaintenanceCostFigures {
  const total = money(sum(rows.map((r) => r.total)));
  const km = rows.reduce((t, r) => t + r.km, 0);
  const totalCost = money(sum(rows.map((r) => r.totalCost)));
  return {
    fuelLitres: sum(rows.map((r) => r.fuelLitres)).toFixed(3),
    fuelCost: money(sum(rows.map((r) => r.fuelCost))),
    totalCost,
    totalCostPerKm: costPerKm(totalCost, km),
    orders: rows.reduce((t, r) => t + r.orders, 0),
    partsCost: money(sum(rows.map((r) => r.partsCost))),
    labourCost: money(sum(rows.map((r) => r.labourCost))),
    externalCost: money(sum(rows.map((r) => r.externalCost))),
    total,
    km,
    costPerKm: costPerKm(total, km),
  };
}
