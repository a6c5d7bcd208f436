// SQL of Nóminas Fiscales: payrolls already calculated (calculada or cerrada)
// with the sums of their employees' fiscal figures. Their employees, lines and
// totals per concept are Nóminas' reads (../payroll/service), one statement for
// all the payrolls of a page.
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from '../../../db/database';
import { likePattern, orderBy, where, withinDates, type DateRange, type ListQuery } from '../../../lib/list';
import type { PayrollEmployeeRow, PayrollRow } from '../payroll/service';


/** A payroll with a fiscal calculation, and the sums of its employees' fiscal figures (their net as employeesNet). */
export type FiscalPayrollRow = Omit<PayrollRow, 'status'> &
  Pick<PayrollEmployeeRow, 'taxable' | 'exempt' | 'isr' | 'subsidy' | 'isrWithheld' | 'imssEmployee'> & { status: 'calculada' | 'cerrada'; employeesNet: string };

const payrollSelect = sql`select p.id, p.folio, p.kind, p.frequency, p.period_start::text as "periodStart", p.period_end::text as "periodEnd",
    p.payment_date::text as "paymentDate", p.description, p.status, p.table_year as "tableYear", coalesce(t.n, 0)::int as "employeeCount",
    p.perceptions::text as perceptions, p.deductions::text as deductions, p.other_payments::text as "otherPayments", p.net::text as net,
    p.calculated_at as "calculatedAt", p.closed_at as "closedAt", u.name as "closedByName", p.version,
    coalesce(t.taxable, 0)::text as taxable, coalesce(t.exempt, 0)::text as exempt, coalesce(t.isr, 0)::text as isr,
    coalesce(t.subsidy, 0)::text as subsidy, coalesce(t.isr_withheld, 0)::text as "isrWithheld",
    coalesce(t.imss_employee, 0)::text as "imssEmployee", coalesce(t.net, 0)::text as "employeesNet"
  from rh_payrolls p
  left join users u on u.id = p.closed_by
  left join (
    select payroll_id, count(*) as n, sum(taxable) as taxable, sum(exempt) as exempt, sum(isr) as isr, sum(subsidy) as subsidy,
      sum(isr_withheld) as isr_withheld, sum(imss_employee) as imss_employee, sum(net) as net
    from rh_payroll_employees group by payroll_id
  ) t on t.payroll_id = p.id`;

/** Only payrolls with a fiscal calculation: a borrador has none yet. */
const calculated = sql`p.status in ('calculada', 'cerrada')`;

export const FISCAL_PAYROLL_SORTS = ['folio', 'kind', 'periodStart', 'paymentDate', 'tableYear', 'status'] as const;
export type FiscalPayrollSort = (typeof FISCAL_PAYROLL_SORTS)[number];

export type FiscalPayrollFilter = { kind: string | null; status: string | null; year: number | null; range?: DateRange };

export async function listFiscalPayrolls(ex: Executor, q: ListQuery<FiscalPayrollSort>, f: FiscalPayrollFilter) {
  const conds: SQL[] = [calculated];
  if (q.search) conds.push(sql`(p.folio::text = ${q.search} or p.description ilike ${likePattern(q.search)})`);
  if (f.kind) conds.push(sql`p.kind = ${f.kind}`);
  if (f.status) conds.push(sql`p.status = ${f.status}`);
  if (f.year) conds.push(sql`extract(year from p.payment_date) = ${f.year}`);
  if (f.range) conds.push(...withinDates(sql`p.payment_date`, f.range));
  const col = {
    folio: sql`p.folio`,
    kind: sql`p.kind`,
    periodStart: sql`p.period_start`,
    paymentDate: sql`p.payment_date`,
    tableYear: sql`p.table_year`,
    status: sql`p.status`,
  }[q.sortBy];
  const [items, totals] = await Promise.all([
    queryRows<FiscalPayrollRow>(ex, sql`${payrollSelect} ${where(conds)} ${orderBy(col, q.desc, sql`p.id`)} limit ${q.limit} offset ${q.offset}`),
    queryRows<{ n: number }>(ex, sql`select count(*)::int as n from rh_payrolls p ${where(conds)}`),
  ]);
  return { items, total: totals[0].n };
}

export async function findFiscalPayroll(ex: Executor, id: number): Promise<FiscalPayrollRow | null> {
  const rows = await queryRows<FiscalPayrollRow>(ex, sql`${payrollSelect} where p.id = ${id} and ${calculated}`);
  return rows[0] ?? null;
}
