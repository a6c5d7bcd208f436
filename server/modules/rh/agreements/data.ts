// Convenios data layer: every SQL statement of the convenios.
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from '../../../db/database';
import { likePattern, orderBy, where, withinDates, type DateRange, type ListQuery } from '../../../lib/list';
import { employeeNameSql } from '../data';
import type { DiscountMethod } from '../../../../schema/rh/agreementDiscounts';

export type AgreementKind = 'prestamo' | 'descuento' | 'pension_alimenticia' | 'fonacot' | 'infonavit';
export type AgreementStatus = 'activo' | 'liquidado' | 'cancelado';

export type AgreementPaymentRow = { id: number; payrollId: number; payrollFolio: number; paymentDate: string; amount: string; balanceAfter: string | null };

export type AgreementRow = {
  id: number;
  folio: number;
  employeeId: number;
  employeeNumber: string;
  employeeName: string;
  employeeStatus: string;
  kind: AgreementKind;
  description: string;
  reference: string;
  startDate: string;
  /** Issue 27: without total (factor, porcentaje, cuota_fija) total and balance are null. */
  method: DiscountMethod;
  rate: string | null;
  total: string | null;
  installment: string | null;
  balance: string | null;
  status: AgreementStatus;
  cancelReason: string | null;
  paymentCount: number;
  version: number;
};

const agreementSelect = sql`select a.id, a.folio, a.employee_id as "employeeId", e.number as "employeeNumber", ${employeeNameSql('e')} as "employeeName",
    e.status as "employeeStatus", a.kind, a.description, a.reference, a.start_date::text as "startDate", a.method, a.rate::text as rate, a.total::text as total,
    a.installment::text as installment, a.balance::text as balance, a.status, a.cancel_reason as "cancelReason",
    (select count(*) from rh_agreement_payments p where p.agreement_id = a.id)::int as "paymentCount", a.version
  from rh_agreements a join rh_employees e on e.id = a.employee_id`;

export const AGREEMENT_SORTS = ['folio', 'employee', 'kind', 'startDate', 'total', 'balance', 'status'] as const;
export type AgreementSort = (typeof AGREEMENT_SORTS)[number];

export async function findAgreement(ex: Executor, id: number, opts: { lock?: boolean } = {}): Promise<AgreementRow | null> {
  if (opts.lock) await ex.execute(sql`select id from rh_agreements where id = ${id} for update`);
  const rows = await queryRows<AgreementRow>(ex, sql`${agreementSelect} where a.id = ${id}`);
  return rows[0] ?? null;
}

export async function listAgreements(ex: Executor, q: ListQuery<AgreementSort>, f: { employeeId: number | null; kind: string | null; status: string | null; range: DateRange }) {
  const conds: SQL[] = [];
  if (q.search) {
    const p = likePattern(q.search);
    conds.push(sql`(a.folio::text = ${q.search} or e.number ilike ${p} or ${employeeNameSql('e')} ilike ${p} or a.description ilike ${p} or a.reference ilike ${p})`);
  }
  if (f.employeeId) conds.push(sql`a.employee_id = ${f.employeeId}`);
  if (f.kind) conds.push(sql`a.kind = ${f.kind}`);
  if (f.status) conds.push(sql`a.status = ${f.status}`);
  conds.push(...withinDates(sql`a.start_date`, f.range));
  const col = {
    folio: sql`a.folio`,
    employee: sql`e.last_name || ' ' || e.names`,
    kind: sql`a.kind`,
    startDate: sql`a.start_date`,
    total: sql`a.total`,
    balance: sql`a.balance`,
    status: sql`a.status`,
  }[q.sortBy];
  const [items, totals] = await Promise.all([
    queryRows<AgreementRow>(ex, sql`${agreementSelect} ${where(conds)} ${orderBy(col, q.desc, sql`a.id`)} limit ${q.limit} offset ${q.offset}`),
    queryRows<{ n: number }>(ex, sql`select count(*)::int as n from rh_agreements a left join rh_employees e on e.id = a.employee_id ${where(conds)}`),
  ]);
  return { items, total: totals[0].n };
}

export async function paymentsOf(ex: Executor, agreementIds: number[]): Promise<Map<number, AgreementPaymentRow[]>> {
  const byAgreement = new Map<number, AgreementPaymentRow[]>();
  if (!agreementIds.length) return byAgreement;
  const rows = await queryRows<AgreementPaymentRow & { agreementId: number }>(
    ex,
    sql`select p.id, p.agreement_id as "agreementId", p.payroll_id as "payrollId", r.folio as "payrollFolio", r.payment_date::text as "paymentDate",
          p.amount::text as amount, p.balance_after::text as "balanceAfter"
        from rh_agreement_payments p join rh_payrolls r on r.id = p.payroll_id
        where p.agreement_id in ${sql`(${sql.join(agreementIds.map((id) => sql`${id}`), sql`, `)})`}
        order by r.payment_date, p.id`,
  );
  for (const { agreementId, ...row } of rows) {
    const list = byAgreement.get(agreementId) ?? [];
    list.push(row);
    byAgreement.set(agreementId, list);
  }
  return byAgreement;
}

export async function findEmployee(ex: Executor, id: number) {
  const rows = await queryRows<{ id: number; status: string; number: string }>(ex, sql`select id, status, number from rh_employees where id = ${id}`);
  return rows[0] ?? null;
}

export type AgreementValues = {
  employeeId: number;
  kind: AgreementKind;
  method: DiscountMethod;
  description: string;
  reference: string;
  startDate: string;
  rate: string | null;
  total: string | null;
  installment: string | null;
};

export async function insertAgreement(ex: Executor, v: AgreementValues & { folio: number; createdBy: number | null }): Promise<number> {
  const rows = await queryRows<{ id: number }>(
    ex,
    sql`insert into rh_agreements (folio, employee_id, kind, method, description, reference, start_date, rate, total, installment, balance, status, created_by)
        values (${v.folio}, ${v.employeeId}, ${v.kind}, ${v.method}, ${v.description}, ${v.reference}, ${v.startDate}, ${v.rate}, ${v.total}, ${v.installment}, ${v.total}, 'activo', ${v.createdBy})
        returning id`,
  );
  return rows[0].id;
}

/** Before any payment: every field, the balance follows the total. */
export async function updateAgreement(ex: Executor, id: number, version: number, v: AgreementValues): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    ex,
    sql`update rh_agreements set employee_id = ${v.employeeId}, kind = ${v.kind}, method = ${v.method}, description = ${v.description}, reference = ${v.reference},
          start_date = ${v.startDate}, rate = ${v.rate}, total = ${v.total}, installment = ${v.installment}, balance = ${v.total}, version = version + 1
        where id = ${id} and version = ${version} and status = 'activo' returning id`,
  );
  return rows.length === 1;
}

export async function updateAgreementTexts(ex: Executor, id: number, version: number, v: { description: string; reference: string }): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    ex,
    sql`update rh_agreements set description = ${v.description}, reference = ${v.reference}, version = version + 1
        where id = ${id} and version = ${version} returning id`,
  );
  return rows.length === 1;
}

export async function cancelAgreement(ex: Executor, id: number, version: number, reason: string): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    ex,
    sql`update rh_agreements set status = 'cancelado', cancel_reason = ${reason}, version = version + 1
        where id = ${id} and version = ${version} and status = 'activo' returning id`,
  );
  return rows.length === 1;
}

/** Convenios a payroll deducts: active, with balance (or without total: never settled), started by the period end. */
export async function dueAgreements(ex: Executor, employeeIds: number[], periodEnd: string) {
  if (!employeeIds.length) return [];
  return queryRows<{ id: number; folio: number; employeeId: number; kind: AgreementKind; method: DiscountMethod; rate: string | null; installment: string | null; balance: string | null }>(
    ex,
    sql`select id, folio, employee_id as "employeeId", kind, method, rate::text as rate, installment::text as installment, balance::text as balance
        from rh_agreements
        where status = 'activo' and (balance is null or balance > 0) and start_date <= ${periodEnd}
          and employee_id in ${sql`(${sql.join(employeeIds.map((id) => sql`${id}`), sql`, `)})`}
        order by folio`,
  );
}

/** One installment taken by a closing payroll; false when this payroll already took it (posts once). */
export async function applyPayment(ex: Executor, v: { agreementId: number; payrollId: number; amount: string; balanceAfter: string | null }): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    ex,
    sql`insert into rh_agreement_payments (agreement_id, payroll_id, amount, balance_after)
        values (${v.agreementId}, ${v.payrollId}, ${v.amount}, ${v.balanceAfter})
        on conflict (agreement_id, payroll_id) do nothing returning id`,
  );
  if (rows.length === 0) return false;
  await ex.execute(
    sql`update rh_agreements set balance = ${v.balanceAfter}, status = case when coalesce(${v.balanceAfter}::numeric = 0, false) then 'liquidado' else status end, version = version + 1
        where id = ${v.agreementId}`,
  );
  return true;
}
