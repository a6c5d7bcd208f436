// Tablero: decides from the user's abilities which indicators to compute; a
// part the user may not see is never queried (null in the answer). A fixed
// number of statements per request (one per indicator, at most 13 for an
// administrator), whatever the data, run side by side.
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

  const none = Promise.resolve(null);
  // The indicators are independent reads: they run side by side (on PostgreSQL over several pool
  // connections; PGlite queues them), so the answer waits for the slowest, not for their sum.
  const expenses = may('expenses');
  const [
    belowMinimumCount,
    pendingRequisitions,
    receivables,
    invoicedByMonth,
    payables,
    spentByMonth,
    paymentRequestsToApprove,
    openPeriods,
    hrDocuments,
    schedule,
    vehicleDocuments,
    security,
  ] = await Promise.all([
    may('belowMinimum') ? data.belowMinimumCount(ex) : none,
    may('requisitions') ? data.pendingRequisitions(ex) : none,
    may('invoices') ? data.receivables(ex, today) : none,
    may('invoices') ? data.invoicedByMonth(ex, today) : none,
    expenses ? data.payables(ex, today) : none,
    expenses ? data.spentByMonth(ex, today) : none,
    may('paymentRequests') ? data.pendingPaymentRequests(ex) : none,
    may('cashPeriods') ? data.openCashPeriods(ex) : none,
    may('employeeDocuments') ? documentAlertSummary(ctx) : none,
    may('maintenanceSchedule') ? scheduleDueSummary(ctx) : none,
    may('vehicleDocuments') ? vehicleDocumentAlertSummary(ctx) : none,
    securityIndicators(ctx, { schedule: may('overdueInspections'), permits: may('expiringPermits') }),
  ]);

  const warehouse = belowMinimumCount === null && pendingRequisitions === null ? null : { belowMinimumCount, pendingRequisitions };
  const sales = receivables && invoicedByMonth ? { receivables: dues(receivables), invoicedByMonth: months(invoicedByMonth) } : null;
  const shopping =
    expenses || paymentRequestsToApprove !== null
      ? { payables: payables ? dues(payables) : null, spentByMonth: spentByMonth ? months(spentByMonth) : null, paymentRequestsToApprove }
      : null;
  const cash = openPeriods ? { openPeriods: openPeriods.map((p) => ({ ...p, id: String(p.id), balance: money(p.balance) })) } : null;
  const hr = hrDocuments ? { documents: hrDocuments } : null;
  const maintenance = schedule ? { schedule } : null;
  const vehiclePark = vehicleDocuments ? { documents: vehicleDocuments } : null;

  return { today, warehouse, sales, shopping, cash, hr, maintenance, vehiclePark, security };
}
