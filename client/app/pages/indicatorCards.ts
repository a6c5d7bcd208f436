// The Tablero's "what needs attention now" cards, from the indicators the server sent: a card
// only for a part the user may see (the rest arrives null) and that is not zero, each a link to
// the list already filtered. Pure, so the cards are unit-tested (tests/unit/app/cards.test.ts).
import type { DashboardIndicatorsQuery } from '../../../generated/app/graphql';
import { csdExpiry } from '../../../schema/sales/csd';
import { formatDate, formatMoney } from '../../components/format';
import type { StatCard } from '../../components/StatCards';
import { withQuery, SALES_PATHS } from '../../modules/sales/paths';
import { COMPANY_DIALOGS, SETTINGS_PATHS } from '../../modules/settings/paths';
import { WAREHOUSE_PATHS } from '../../modules/warehouse/paths';
import { CASH_PATHS } from '../../modules/cash/texts';
import { SHOPPING_PATHS } from '../../modules/shopping/texts';
import { EMPLOYEE_PATHS } from '../../modules/human-resources/employees/texts';
import { MT_PATHS } from '../../modules/maintenance/texts';
import { VEHICLE_PATHS } from '../../modules/vehicle-park/texts';
import { SECURITY_PATHS } from '../../modules/security/texts';
import { texts } from '../texts';

export type IndicatorData = DashboardIndicatorsQuery['dashboard'];
type Dues = NonNullable<NonNullable<IndicatorData['sales']>['receivables']>;

/**
 * The cards of what needs attention now; a card only for a part the server sent and that is not zero.
 * `canOpenCompany`: the user may open Configuración › Empresa, where the CSD is loaded; otherwise the
 * CSD card still warns (their invoices cannot be sealed) but links nowhere and says who can act.
 */
export function indicatorCards(d: IndicatorData, canOpenCompany = true): StatCard[] {
  const t = texts.dashboard.cards;
  const cards: StatCard[] = [];
  const dues = (prefix: string, v: Dues, titles: [string, string], paths: [string, string], counted: (n: number) => string) => {
    if (v.overdue.count > 0) cards.push({ key: `${prefix}-overdue`, title: titles[1], value: formatMoney(v.overdue.amount), detail: counted(v.overdue.count), path: paths[1], tone: 'danger' });
    if (v.dueSoon.count > 0) cards.push({ key: `${prefix}-soon`, title: titles[0], value: formatMoney(v.dueSoon.amount), detail: counted(v.dueSoon.count), path: paths[0], tone: 'warning' });
  };
  // Without a valid CSD no invoice can be sealed: the card opens the CSD upload of Configuración › Empresa.
  const csd = d.sales?.csd;
  if (csd) {
    const path = canOpenCompany ? withQuery(SETTINGS_PATHS.company, { dialog: COMPANY_DIALOGS.csd }) : undefined;
    const who = canOpenCompany ? '' : ` ${t.csdAskAdmin}`;
    if (!csd.loaded) cards.push({ key: 'csd', title: t.csd, value: t.csdMissing, detail: `${t.csdMissingDetail}${who}`, path, tone: 'warning' });
    else if (csd.daysToExpiry !== null && csd.daysToExpiry !== undefined && csdExpiry(csd.daysToExpiry) !== 'vigente') {
      const expired = csdExpiry(csd.daysToExpiry) === 'vencido';
      const detail = expired ? t.csdExpiredDetail : t.csdExpiringDetail(csd.daysToExpiry);
      cards.push({ key: 'csd', title: t.csd, value: expired ? t.csdExpired : t.csdDays(csd.daysToExpiry), detail: `${detail}${who}`, path, tone: expired ? 'danger' : 'warning' });
    }
  }
  if (d.sales?.receivables) {
    dues('receivables', d.sales.receivables, [t.receivablesDueSoon, t.receivablesOverdue], [
      withQuery(SALES_PATHS.bills, { dueSoon: 'true', sortBy: 'dueDate', sortDirection: 'ASC' }),
      withQuery(SALES_PATHS.bills, { overdue: 'true', sortBy: 'dueDate', sortDirection: 'ASC' }),
    ], texts.dashboard.invoices);
  }
  if (d.shopping?.payables) {
    dues('payables', d.shopping.payables, [t.payablesDueSoon, t.payablesOverdue], [
      withQuery(SHOPPING_PATHS.expenses, { dueSoon: 'true', sortBy: 'dueDate', sortDirection: 'ASC' }),
      withQuery(SHOPPING_PATHS.expenses, { overdue: 'true', sortBy: 'dueDate', sortDirection: 'ASC' }),
    ], texts.dashboard.expenses);
  }
  const requests = d.shopping?.paymentRequestsToApprove ?? 0;
  if (requests > 0) {
    cards.push({ key: 'payment-requests', title: t.paymentRequests, value: String(requests), detail: t.paymentRequestsDetail, path: withQuery(SHOPPING_PATHS.applications, { status: 'pendiente' }), tone: 'warning' });
  }
  const viaticos = d.shopping?.viaticosOverdue;
  if (viaticos && viaticos.count > 0) {
    cards.push({ key: 'viaticos-overdue', title: t.viaticosOverdue, value: formatMoney(viaticos.amount), detail: t.viaticosOverdueDetail(viaticos.count, viaticos.days), path: withQuery(SHOPPING_PATHS.viaticos, { overdue: 'true' }), tone: 'warning' });
  }
  const generators = d.sales?.generatorsToAuthorize ?? 0;
  if (generators > 0) {
    cards.push({ key: 'generators-to-authorize', title: t.generatorsToAuthorize, value: String(generators), detail: t.generatorsToAuthorizeDetail, path: withQuery(SALES_PATHS.generators, { status: 'borrador' }), tone: 'warning' });
  }
  const underMargin = d.sales?.contractsUnderMargin ?? 0;
  if (underMargin > 0) {
    cards.push({ key: 'contracts-under-margin', title: t.contractsUnderMargin, value: String(underMargin), detail: t.contractsUnderMarginDetail, path: SALES_PATHS.jobCost, tone: 'warning' });
  }
  const permits = d.security?.permitsToAuthorize ?? 0;
  if (permits > 0) {
    cards.push({ key: 'permits-to-authorize', title: t.permitsToAuthorize, value: String(permits), detail: t.permitsToAuthorizeDetail, path: withQuery(SECURITY_PATHS.permits, { status: 'solicitado' }), tone: 'warning' });
  }
  const below = d.warehouse?.belowMinimumCount ?? 0;
  if (below > 0) {
    cards.push({ key: 'below-minimum', title: t.belowMinimum, value: String(below), detail: t.belowMinimumDetail, path: withQuery(WAREHOUSE_PATHS.stock, { flag: 'BAJO_MINIMO', zero: '1' }), tone: 'warning' });
  }
  const requisitions = d.warehouse?.pendingRequisitions ?? 0;
  if (requisitions > 0) cards.push({ key: 'requisitions', title: t.pendingRequisitions, value: String(requisitions), detail: t.pendingRequisitionsDetail, path: withQuery(WAREHOUSE_PATHS.requisitions, { status: 'PENDIENTE' }), tone: 'warning' });
  const pdm = d.warehouse?.pdmToSend ?? 0;
  if (pdm > 0) cards.push({ key: 'pdm-to-send', title: t.pdmToSend, value: String(pdm), detail: t.pdmToSendDetail, path: withQuery(WAREHOUSE_PATHS.pdm, { status: 'PENDIENTE' }), tone: 'warning' });
  const docs = d.hr?.documents;
  if (docs && docs.withAlerts > 0) {
    cards.push({
      key: 'employee-documents',
      title: t.employeeDocuments,
      value: String(docs.withAlerts),
      detail: t.employeeDocumentsDetail(docs.missingOrExpired),
      path: withQuery(EMPLOYEE_PATHS.list, { alerts: 'true' }),
      tone: docs.missingOrExpired > 0 ? 'danger' : 'warning',
    });
  }
  const schedule = d.maintenance?.schedule;
  if (schedule && schedule.overdue > 0) {
    cards.push({ key: 'maintenance-overdue', title: t.maintenanceOverdue, value: String(schedule.overdue), detail: t.maintenanceDetail, path: withQuery(MT_PATHS.schedule, { status: 'vencido' }), tone: 'danger' });
  }
  if (schedule && schedule.dueSoon > 0) {
    cards.push({ key: 'maintenance-due-soon', title: t.maintenanceDueSoon, value: String(schedule.dueSoon), detail: t.maintenanceDetail, path: withQuery(MT_PATHS.schedule, { status: 'proximo' }), tone: 'warning' });
  }
  const vehicleDocs = d.vehiclePark?.documents;
  if (vehicleDocs && vehicleDocs.withAlerts > 0) {
    cards.push({
      key: 'vehicle-documents',
      title: t.vehicleDocuments,
      value: String(vehicleDocs.withAlerts),
      detail: t.vehicleDocumentsDetail(vehicleDocs.expiredOrMissing),
      path: withQuery(VEHICLE_PATHS.list, { alerts: 'true' }),
      tone: vehicleDocs.expiredOrMissing > 0 ? 'danger' : 'warning',
    });
  }
  const overdueInspections = d.security?.overdueInspections ?? 0;
  if (overdueInspections > 0) {
    cards.push({ key: 'overdue-inspections', title: t.overdueInspections, value: String(overdueInspections), detail: t.overdueInspectionsDetail, path: withQuery(SECURITY_PATHS.schedule, { overdue: 'true', status: '' }), tone: 'danger' });
  }
  const expiringPermits = d.security?.expiringPermits ?? 0;
  if (expiringPermits > 0) {
    cards.push({ key: 'expiring-permits', title: t.expiringPermits, value: String(expiringPermits), detail: t.expiringPermitsDetail, path: withQuery(SECURITY_PATHS.permits, { expiring: 'true' }), tone: 'warning' });
  }
  for (const p of d.cash?.openPeriods ?? []) {
    cards.push({ key: `cash-${p.id}`, title: t.cashPeriod(p.cashBoxName), value: formatMoney(p.balance), detail: t.cashPeriodDetail(p.folio, formatDate(p.openedOn)), path: withQuery(CASH_PATHS.movements, { caja: p.cashBoxId, periodId: p.id }) });
  }
  return cards;
}
