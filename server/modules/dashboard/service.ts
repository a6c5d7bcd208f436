// Tablero: decides from the user's abilities which indicators to compute; a
// part the user may not see is never queried (null in the answer). The
// statements run one after another: a fixed number per request (at most 11),
// whatever the data.
import type { RequestContext } from '../../context';
import { todayMx } from '../../../schema/dates';
import { money } from '../../../schema/money';
import * as data from './data';
import { documentAlertSummary } from '../rh/employees/service';
import { scheduleDueSummary } from '../maintenance/service';
import { documentAlertSummary as vehicleDocumentAlertSummary } from '../vehicle-park/vehicles/service';
import { dashboardIndicators as securityIndicators } from '../security/service';

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
} as const satisfies Record<string, readonly [action: string, subject: string]>;

type Part = keyof typeof DASHBOARD_ABILITIES;

const dues = (d: data.DuesRow) => ({
  dueSoon: { count: d.dueSoon.count, amount: money(d.dueSoon.amount) },
  overdue: { count: d.overdue.count, amount: money(d.overdue.amount) },
});
const months = (rows: data.MonthTotalRow[]) => rows.map((r) => ({ month: r.month, total: money(r.total) }));

export async function dashboard(ctx: RequestContext) {
  const ability = ctx.auth?.ability;
  const may = (part: Part) => {
    const [action, subject] = DASHBOARD_ABILITIES[part];
    return ability ? ability.can(action, subject) : false;
  };
  const ex = db(ctx);
  const today = todayMx();

  const belowMinimumCount = may('belowMinimum') ? await data.belowMinimumCount(ex) : null;
  const pendingRequisitions = may('requisitions') ? await data.pendingRequisitions(ex) : null;
  const warehouse = belowMinimumCount === null && pendingRequisitions === null ? null : { belowMinimumCount, pendingRequisitions };

  const sales = may('invoices')
    ? { receivables: dues(await data.receivables(ex, today)), invoicedByMonth: months(await data.invoicedByMonth(ex, today)) }
    : null;

  const expenses = may('expenses');
  const payables = expenses ? dues(await data.payables(ex, today)) : null;
  const spentByMonth = expenses ? months(await data.spentByMonth(ex, today)) : null;
  const paymentRequestsToApprove = may('paymentRequests') ? await data.pendingPaymentRequests(ex) : null;
  const shopping = expenses || paymentRequestsToApprove !== null ? { payables, spentByMonth, paymentRequestsToApprove } : null;

  const cash = may('cashPeriods')
    ? { openPeriods: (await data.openCashPeriods(ex)).map((p) => ({ ...p, id: String(p.id), balance: money(p.balance) })) }
    : null;

  const hr = may('employeeDocuments') ? { documents: await documentAlertSummary(ctx) } : null;

  const maintenance = may('maintenanceSchedule') ? { schedule: await scheduleDueSummary(ctx) } : null;

  const vehiclePark = may('vehicleDocuments') ? { documents: await vehicleDocumentAlertSummary(ctx) } : null;

  const security = await securityIndicators(ctx, { schedule: may('overdueInspections'), permits: may('expiringPermits') });

  return { today, warehouse, sales, shopping, cash, hr, maintenance, vehiclePark, security };
}
