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

const payrollColumns = sql`select p.id, p.folio, p.kind, p.frequency, p.period_start::text as "periodStart", p.period_end::text as "periodEnd",
    p.payment_date::text as "paymentDate", p.description, p.status, p.table_year as "tableYear", coalesce(t.n, 0)::int as "employeeCount",
    p.perceptions::text as perceptions, p.deductions::text as deductions, p.other_payments::text as "otherPayments", p.net::text as net,
    p.calculated_at as "calculatedAt", p.closed_at as "closedAt", u.name as "closedByName", p.version,
    coalesce(t.taxable, 0)::text as taxable, coalesce(t.exempt, 0)::text as exempt, coalesce(t.isr, 0)::text as isr,
    coalesce(t.subsidy, 0)::text as subsidy, coalesce(t.isr_withheld, 0)::text as "isrWithheld",
    coalesce(t.imss_employee, 0)::text as "imssEmployee", coalesce(t.net, 0)::text as "employeesNet"`;

/** The closer's name and the sums of the payroll's employees, for the payrolls `p` already chosen. */
const payrollJoins = sql`left join users u on u.id = p.closed_by
  left join lateral (
    select count(*) as n, sum(taxable) as taxable, sum(exempt) as exempt, sum(isr) as isr, sum(subsidy) as subsidy,
      sum(isr_withheld) as isr_withheld, sum(imss_employee) as imss_employee, sum(net) as net
    from rh_payroll_employees e where e.payroll_id = p.id
  ) t on true`;

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
  const order = orderBy(col, q.desc, sql`p.id`);
  const [items, totals] = await Promise.all([
    // The page of payrolls first, then the sums of only those: summing every payroll's employees before
    // the limit took 93 ms with 2,000 payrolls of 43 employees; the page alone, 50 sums.
    queryRows<FiscalPayrollRow>(
      ex,
      sql`${payrollColumns} from (select * from rh_payrolls p ${where(conds)} ${order} limit ${q.limit} offset ${q.offset}) p ${payrollJoins} ${order}`,
    ),
    queryRows<{ n: number }>(ex, sql`select count(*)::int as n from rh_payrolls p ${where(conds)}`),
  ]);
  return { items, total: totals[0].n };
}

export async function findFiscalPayroll(ex: Executor, id: number): Promise<FiscalPayrollRow | null> {
  const rows = await queryRows<FiscalPayrollRow>(ex, sql`${payrollColumns} from rh_payrolls p ${payrollJoins} where p.id = ${id} and ${calculated}`);
  return rows[0] ?? null;
}
