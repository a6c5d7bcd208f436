// Tablero: decides from the user's abilities which indicators to compute; a
// part the user may not see is never queried (null in the answer). Every
// allowed indicator — this module's and the ones other modules offer through
// their services — is one expression of a single prepared statement: one
// round trip per request whatever the number of cards.
import type { RequestContext } from '../../context';
import type { Indicator } from '../../lib/indicators';
import { todayMx } from '../../../schema/dates';
import { money } from '../../../schema/money';
import * as data from './data';
import { documentAlertIndicator } from '../rh/employees/service';
import { scheduleDueIndicator } from '../maintenance/service';
import { documentAlertIndicator as vehicleDocumentAlertIndicator } from '../vehicle-park/vehicles/service';
import { expiringPermitsIndicator, overdueInspectionsIndicator, permitsToAuthorizeIndicator } from '../security/service';
import { generatorsToAuthorizeIndicator } from '../sales/service';
import { pdmToSendIndicator } from '../warehouse/service';

const db = (ctx: RequestContext) => ctx.app.database.db;

/** Each indicator and the ability it needs (the same ones the linked lists require). */
export const DASHBOARD_ABILITIES = {
  belowMinimum: ['ver', 'Almacén-Existencias'],
  requisitions: ['ver', 'Almacén-Requisiciones'],
  invoices: ['ver', 'Ventas-Facturas'],
  expenses: ['ver', 'Compras-Gastos'],
  paymentRequests: ['autorizar', 'Compras-Solicitudes de pago'],
  cashPeriods: ['ver', 'Caja-Períodos'],
  employeeDocuments: ['ver', 'Recursos Humanos-Empleados'],
  maintenanceSchedule: ['ver', 'Mantenimiento-Programación de servicios'],
  vehicleDocuments: ['ver', 'Parque Vehicular-Vehículos'],
  overdueInspections: ['ver', 'Seguridad-Programación'],
  expiringPermits: ['ver', 'Seguridad-Permisos'],
  generatorsToAuthorize: ['autorizar', 'Ventas-Generadores'],
  permitsToAuthorize: ['autorizar', 'Seguridad-Permisos'],
  pdmToSend: ['autorizar', 'Almacén-Solicitud PDM'],
} as const satisfies Record<string, readonly [action: string, subject: string]>;

type Part = keyof typeof DASHBOARD_ABILITIES;

const dues = (d: data.DuesRow) => ({
  dueSoon: { count: d.dueSoon.count, amount: money(d.dueSoon.amount) },
  overdue: { count: d.overdue.count, amount: money(d.overdue.amount) },
});
const months = (rows: data.MonthTotalRow[]) => rows.map((r) => ({ month: r.month, total: money(r.total) }));

const own = <T>(expr: Indicator<unknown>['sql'], read: (value: unknown) => T): Indicator<T> => ({ sql: expr, read });

/** Every indicator, in a fixed order (its position names the prepared statement of each combination). */
function indicators(today: string) {
  return {
    belowMinimumCount: { part: 'belowMinimum', ...own(data.belowMinimumCount(), Number) },
    pendingRequisitions: { part: 'requisitions', ...own(data.pendingRequisitions(), Number) },
    receivables: { part: 'invoices', ...own(data.receivables(today), data.readDues) },
    invoicedByMonth: { part: 'invoices', ...own(data.invoicedByMonth(today), data.readMonths) },
    payables: { part: 'expenses', ...own(data.payables(today), data.readDues) },
    spentByMonth: { part: 'expenses', ...own(data.spentByMonth(today), data.readMonths) },
    paymentRequestsToApprove: { part: 'paymentRequests', ...own(data.pendingPaymentRequests(), Number) },
    openPeriods: { part: 'cashPeriods', ...own(data.openCashPeriods(), data.readCashPeriods) },
    hrDocuments: { part: 'employeeDocuments', ...documentAlertIndicator(today) },
    schedule: { part: 'maintenanceSchedule', ...scheduleDueIndicator(today) },
    vehicleDocuments: { part: 'vehicleDocuments', ...vehicleDocumentAlertIndicator(today) },
    overdueInspections: { part: 'overdueInspections', ...overdueInspectionsIndicator(today) },
    expiringPermits: { part: 'expiringPermits', ...expiringPermitsIndicator() },
    generatorsToAuthorize: { part: 'generatorsToAuthorize', ...generatorsToAuthorizeIndicator() },
    permitsToAuthorize: { part: 'permitsToAuthorize', ...permitsToAuthorizeIndicator() },
    pdmToSend: { part: 'pdmToSend', ...pdmToSendIndicator() },
  } satisfies Record<string, Indicator<unknown> & { part: Part }>;
}

type Values = { [K in keyof ReturnType<typeof indicators>]: ReturnType<ReturnType<typeof indicators>[K]['read']> | null };

export async function dashboard(ctx: RequestContext) {
  const ability = ctx.auth?.ability;
  const may = (part: Part) => {
    const [action, subject] = DASHBOARD_ABILITIES[part];
    return ability ? ability.can(action, subject) : false;
  };
  const today = todayMx();
  const all = Object.entries(indicators(today));
  const allowed = all.filter(([, i]) => may(i.part));
  // The combination's key: one bit per indicator in the fixed order (at most 16 bits).
  const key = all.reduce((bits, [, i], n) => (may(i.part) ? bits | (1 << n) : bits), 0).toString(36);
  const row = await data.readIndicators(db(ctx), key, allowed.map(([name, i]) => [name, i.sql]));
  const v = Object.fromEntries(all.map(([name, i]) => [name, name in row ? i.read(row[name]) : null])) as Values;

  const warehouse =
    v.belowMinimumCount === null && v.pendingRequisitions === null && v.pdmToSend === null
      ? null
      : { belowMinimumCount: v.belowMinimumCount, pendingRequisitions: v.pendingRequisitions, pdmToSend: v.pdmToSend };
  const sales =
    v.receivables || v.generatorsToAuthorize !== null
      ? { receivables: v.receivables ? dues(v.receivables) : null, invoicedByMonth: v.invoicedByMonth ? months(v.invoicedByMonth) : null, generatorsToAuthorize: v.generatorsToAuthorize }
      : null;
  const shopping =
    v.payables || v.paymentRequestsToApprove !== null
      ? { payables: v.payables ? dues(v.payables) : null, spentByMonth: v.spentByMonth ? months(v.spentByMonth) : null, paymentRequestsToApprove: v.paymentRequestsToApprove }
      : null;
  const cash = v.openPeriods ? { openPeriods: v.openPeriods.map((p) => ({ ...p, id: String(p.id), balance: money(p.balance) })) } : null;
  const hr = v.hrDocuments ? { documents: v.hrDocuments } : null;
  const maintenance = v.schedule ? { schedule: v.schedule } : null;
  const vehiclePark = v.vehicleDocuments ? { documents: v.vehicleDocuments } : null;
  const security =
    v.overdueInspections === null && v.expiringPermits === null && v.permitsToAuthorize === null
      ? null
      : { overdueInspections: v.overdueInspections, expiringPermits: v.expiringPermits, permitsToAuthorize: v.permitsToAuthorize };

  return { today, warehouse, sales, shopping, cash, hr, maintenance, vehiclePark, security };
}
