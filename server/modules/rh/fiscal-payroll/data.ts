// SQL of Nóminas Fiscales: payrolls already calculated (calculada or cerrada)
// with the sums of their employees' fiscal figures, and, for a set of payrolls
// at once, their employees, lines and totals per concept. Every read is one
// statement for all the payrolls asked for, so a page costs a fixed number of
// queries whatever its size.
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from '../../../db/database';
import { likePattern, type ListQuery } from '../../../lib/list';

const where = (conds: SQL[]): SQL => (conds.length ? sql`where ${sql.join(conds, sql` and `)}` : sql``);
const orderBy = (column: SQL, desc: boolean, tie: SQL): SQL => (desc ? sql`order by ${column} desc nulls last, ${tie} desc` : sql`order by ${column} asc nulls first, ${tie} asc`);

export type ConceptKind = 'percepcion' | 'deduccion' | 'otro_pago';

export type FiscalPayrollRow = {
  id: number;
  folio: number;
  kind: 'semanal' | 'quincenal' | 'extraordinaria';
  frequency: 'semanal' | 'quincenal';
  periodStart: string;
  periodEnd: string;
  paymentDate: string;
  description: string;
  status: 'calculada' | 'cerrada';
  tableYear: number | null;
  employeeCount: number;
  perceptions: string;
  deductions: string;
  otherPayments: string;
  net: string;
  calculatedAt: Date | null;
  closedAt: Date | null;
  closedByName: string | null;
  version: number;
  taxable: string;
  exempt: string;
  isr: string;
  subsidy: string;
  isrWithheld: string;
  imssEmployee: string;
  employeesNet: string;
};

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

export type FiscalPayrollFilter = { kind: string | null; status: string | null; year: number | null };

export async function listFiscalPayrolls(ex: Executor, q: ListQuery<FiscalPayrollSort>, f: FiscalPayrollFilter) {
  const conds: SQL[] = [calculated];
  if (q.search) conds.push(sql`(p.folio::text = ${q.search} or p.description ilike ${likePattern(q.search)})`);
  if (f.kind) conds.push(sql`p.kind = ${f.kind}`);
  if (f.status) conds.push(sql`p.status = ${f.status}`);
  if (f.year) conds.push(sql`extract(year from p.payment_date) = ${f.year}`);
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

export type PayrollEmployeeRow = {
  id: number;
  payrollId: number;
  employeeId: number;
  employeeNumber: string;
  employeeName: string;
  dailySalary: string;
  sbcDaily: string;
  minimumWageOnly: boolean;
  daysWorked: string;
  absences: string;
  overtimeDoubleHours: string;
  overtimeTripleHours: string;
  perceptions: string;
  taxable: string;
  exempt: string;
  isr: string;
  subsidy: string;
  isrWithheld: string;
  imssEmployee: string;
  deductions: string;
  otherPayments: string;
  net: string;
  fiscalTrace: { label: string; amount: string }[] | null;
};

const idList = (ids: readonly number[]): SQL => sql.join(ids.map((id) => sql`${id}`), sql`, `);

/** Employees of these payrolls, by employee number. */
export async function employeesOf(ex: Executor, payrollIds: readonly number[]): Promise<PayrollEmployeeRow[]> {
  if (!payrollIds.length) return [];
  return queryRows<PayrollEmployeeRow>(
    ex,
    sql`select pe.id, pe.payroll_id as "payrollId", pe.employee_id as "employeeId", pe.employee_number as "employeeNumber",
          pe.employee_name as "employeeName", pe.daily_salary::text as "dailySalary", pe.sbc_daily::text as "sbcDaily", pe.minimum_wage_only as "minimumWageOnly",
          pe.days_worked::text as "daysWorked", pe.absences::text as absences, pe.overtime_double_hours::text as "overtimeDoubleHours",
          pe.overtime_triple_hours::text as "overtimeTripleHours", pe.perceptions::text as perceptions, pe.taxable::text as taxable, pe.exempt::text as exempt,
          pe.isr::text as isr, pe.subsidy::text as subsidy, pe.isr_withheld::text as "isrWithheld", pe.imss_employee::text as "imssEmployee",
          pe.deductions::text as deductions, pe.other_payments::text as "otherPayments", pe.net::text as net, pe.fiscal_trace as "fiscalTrace"
        from rh_payroll_employees pe where pe.payroll_id in (${idList(payrollIds)})
        order by pe.payroll_id, pe.employee_number, pe.id`,
  );
}

export type PayrollLineRow = {
  id: number;
  payrollEmployeeId: number;
  conceptId: number;
  conceptCode: string;
  conceptName: string;
  kind: ConceptKind;
  source: string;
  description: string;
  amount: string;
  taxable: string;
  exempt: string;
};

/** Lines of every employee of these payrolls, in posting order. */
export async function linesOf(ex: Executor, payrollIds: readonly number[]): Promise<PayrollLineRow[]> {
  if (!payrollIds.length) return [];
  return queryRows<PayrollLineRow>(
    ex,
    sql`select l.id, l.payroll_employee_id as "payrollEmployeeId", l.concept_id as "conceptId", c.code as "conceptCode", c.name as "conceptName",
          c.kind, l.source, l.description, l.amount::text as amount, l.taxable::text as taxable, l.exempt::text as exempt
        from rh_payroll_lines l join rh_concepts c on c.id = l.concept_id join rh_payroll_employees pe on pe.id = l.payroll_employee_id
        where pe.payroll_id in (${idList(payrollIds)})
        order by l.payroll_employee_id, l.id`,
  );
}

export type ConceptTotalRow = { payrollId: number; conceptId: number; code: string; name: string; kind: ConceptKind; amount: string };

/** Totals per concept of these payrolls: perceptions, then deductions, then other payments. */
export async function conceptTotalsOf(ex: Executor, payrollIds: readonly number[]): Promise<ConceptTotalRow[]> {
  if (!payrollIds.length) return [];
  return queryRows<ConceptTotalRow>(
    ex,
    sql`select pe.payroll_id as "payrollId", c.id as "conceptId", c.code, c.name, c.kind, sum(l.amount)::text as amount
        from rh_payroll_lines l join rh_concepts c on c.id = l.concept_id join rh_payroll_employees pe on pe.id = l.payroll_employee_id
        where pe.payroll_id in (${idList(payrollIds)})
        group by pe.payroll_id, c.id, c.code, c.name, c.kind
        order by pe.payroll_id, case c.kind when 'percepcion' then 0 when 'deduccion' then 1 else 2 end, min(l.id)`,
  );
}
