// Nóminas data layer: every SQL statement of the payrolls. Bulk statements
// (employees, lines, results) go in chunks so a 2,000-employee payroll is a
// handful of round trips.
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from '../../../db/database';
import { likePattern, orderBy, where, withinDates, type DateRange, type ListQuery } from '../../../lib/list';
import { moneyGroups, type MoneyGroupPage } from '../../../lib/moneyGroups';
import { employeeNameSql } from '../data';
import type { AguinaldoIsrMethod, ConceptKind, LineSource, PayFrequency, PayrollKind, TaxableRule } from '../../../../schema/rh/payroll';

const idList = (ids: readonly number[]): SQL => sql`(${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`;
const CHUNK = 500;
const chunks = <T>(rows: T[]): T[][] => Array.from({ length: Math.ceil(rows.length / CHUNK) }, (_, i) => rows.slice(i * CHUNK, (i + 1) * CHUNK));

export type PayrollStatus = 'borrador' | 'calculada' | 'cerrada';

export type PayrollRow = {
  id: number;
  folio: number;
  kind: PayrollKind;
  /** Null in a PTU payroll: it pays every worker of its ejercicio, whatever their frequency. */
  frequency: PayFrequency | null;
  periodStart: string;
  periodEnd: string;
  paymentDate: string;
  description: string;
  status: PayrollStatus;
  tableYear: number | null;
  employeeCount: number;
  perceptions: string;
  deductions: string;
  otherPayments: string;
  net: string;
  calculatedAt: Date | null;
  closedAt: Date | null;
  closedByName: string | null;
  /** When every receipt got stamped or excluded; null while some is not. */
  stampingCompletedAt: Date | null;
  stampingComplete: boolean;
  /** Receipts of a closed payroll not yet timbrada nor excluida (0 while open). */
  receiptsToStamp: number;
  aguinaldoDays: string | null;
  isrMethod: AguinaldoIsrMethod | null;
  /** PTU payroll: the ejercicio whose profit it shares and the amount to distribute (null in the other kinds). */
  ptuYear: number | null;
  ptuAmount: string | null;
  /** The baja a finiquito payroll pays (null in the other kinds). */
  separation: PayrollSeparation | null;
  version: number;
};

export type PayrollSeparation = {
  kind: 'RENUNCIA' | 'DESPIDO_INJUSTIFICADO';
  employeeId: number;
  separationDate: string;
  hireDate: string;
  salaryOwedDays: string;
  pendingVacationDaysFromPastYears: string;
  twentyDaysPerYear: boolean;
};

const payrollSelect = sql`select p.id, p.folio, p.kind, p.frequency, p.period_start::text as "periodStart", p.period_end::text as "periodEnd",
    p.payment_date::text as "paymentDate", p.description, p.status, p.table_year as "tableYear",
    (select count(*) from rh_payroll_employees pe where pe.payroll_id = p.id)::int as "employeeCount",
    p.perceptions::text as perceptions, p.deductions::text as deductions, p.other_payments::text as "otherPayments", p.net::text as net,
    p.calculated_at as "calculatedAt", p.closed_at as "closedAt", u.name as "closedByName", p.stamping_completed_at as "stampingCompletedAt", (p.stamping_completed_at is not null) as "stampingComplete",
    (case when p.status = 'cerrada' then (select count(*) from rh_payroll_employees pe where pe.payroll_id = p.id
       and (pe.stamp_status is null or pe.stamp_status not in ('timbrada', 'excluida', 'cancelada'))) else 0 end)::int as "receiptsToStamp",
    p.aguinaldo_days::text as "aguinaldoDays", p.isr_method as "isrMethod", p.ptu_year as "ptuYear", p.ptu_amount::text as "ptuAmount",
    (case when p.kind = 'finiquito' then json_build_object('kind', p.separation_kind, 'employeeId', p.separation_employee_id, 'separationDate', p.separation_date::text,
       'hireDate', p.separation_hire_date::text, 'salaryOwedDays', p.salary_owed_days::text, 'pendingVacationDaysFromPastYears', p.pending_vacation_days::text,
       'twentyDaysPerYear', p.twenty_days_per_year) end) as separation, p.version
  from rh_payrolls p left join users u on u.id = p.closed_by`;

export const PAYROLL_SORTS = ['folio', 'kind', 'periodStart', 'paymentDate', 'status', 'net'] as const;
export type PayrollSort = (typeof PAYROLL_SORTS)[number];

export async function findPayroll(ex: Executor, id: number, opts: { lock?: boolean } = {}): Promise<PayrollRow | null> {
  // The row lock every change of the payroll (incidents, calculation, close) queues on.
  if (opts.lock) await ex.execute(sql`select id from rh_payrolls where id = ${id} for update`);
  const rows = await queryRows<PayrollRow>(ex, sql`${payrollSelect} where p.id = ${id}`);
  return rows[0] ?? null;
}

export type PayrollFilter = { kind: string | null; status: string | null; year: number | null; range: DateRange };

/** The list's search and filter over `rh_payrolls p`: the list and its groups read the same rows. */
function payrollConds(search: string | null, f: PayrollFilter): SQL[] {
  const conds: SQL[] = [];
  if (search) conds.push(sql`(p.folio::text = ${search} or p.description ilike ${likePattern(search)})`);
  if (f.kind) conds.push(sql`p.kind = ${f.kind}`);
  if (f.status) conds.push(sql`p.status = ${f.status}`);
  if (f.year) conds.push(sql`extract(year from p.payment_date) = ${f.year}`);
  conds.push(...withinDates(sql`p.payment_date`, f.range));
  return conds;
}

export type PayrollGroupBy = 'STATUS' | 'KIND' | 'MONTH';

/** Payrolls of the list grouped by status, kind or payment month with their perceptions, other payments, deductions and net; labels are the service's. */
export function payrollGroups(ex: Executor, groupBy: PayrollGroupBy, q: ListQuery<string>, f: PayrollFilter): Promise<MoneyGroupPage> {
  const key = { STATUS: sql`p.status`, KIND: sql`p.kind`, MONTH: sql`to_char(p.payment_date, 'YYYY-MM')` }[groupBy];
  return moneyGroups(
    ex,
    { from: sql`from rh_payrolls p`, where: where(payrollConds(q.search, f)), key, label: sql`(${key})::text`, subtotal: sql`p.perceptions`, balance: sql`p.other_payments`, tax: sql`p.deductions`, total: sql`p.net`, order: 'keyAsc' },
    q,
  );
}

export async function listPayrolls(ex: Executor, q: ListQuery<PayrollSort>, f: PayrollFilter) {
  const conds = payrollConds(q.search, f);
  const col = { folio: sql`p.folio`, kind: sql`p.kind`, periodStart: sql`p.period_start`, paymentDate: sql`p.payment_date`, status: sql`p.status`, net: sql`p.net` }[q.sortBy];
  const [items, totals] = await Promise.all([
    queryRows<PayrollRow>(ex, sql`${payrollSelect} ${where(conds)} ${orderBy(col, q.desc, sql`p.id`)} limit ${q.limit} offset ${q.offset}`),
    queryRows<{ n: number }>(ex, sql`select count(*)::int as n from rh_payrolls p ${where(conds)}`),
  ]);
  return { items, total: totals[0].n };
}

export async function insertPayroll(
  ex: Executor,
  v: {
    folio: number;
    kind: string;
    frequency: string | null;
    periodStart: string;
    periodEnd: string;
    paymentDate: string;
    description: string;
    createdBy: number | null;
    aguinaldoDays?: string | null;
    isrMethod?: AguinaldoIsrMethod | null;
    ptuYear?: number | null;
    ptuAmount?: string | null;
    separation?: PayrollSeparation | null;
  },
): Promise<number> {
  const sep = v.separation ?? null;
  const rows = await queryRows<{ id: number }>(
    ex,
    sql`insert into rh_payrolls (folio, kind, frequency, period_start, period_end, payment_date, description, status, created_by, aguinaldo_days, isr_method, ptu_year, ptu_amount,
          separation_kind, separation_employee_id, separation_date, separation_hire_date, salary_owed_days, pending_vacation_days, twenty_days_per_year)
        values (${v.folio}, ${v.kind}, ${v.frequency}, ${v.periodStart}, ${v.periodEnd}, ${v.paymentDate}, ${v.description}, 'borrador', ${v.createdBy},
          ${v.aguinaldoDays ?? null}, ${v.isrMethod ?? null}, ${v.ptuYear ?? null}, ${v.ptuAmount ?? null},
          ${sep?.kind ?? null}, ${sep?.employeeId ?? null}, ${sep?.separationDate ?? null}, ${sep?.hireDate ?? null}, ${sep?.salaryOwedDays ?? null},
          ${sep?.pendingVacationDaysFromPastYears ?? null}, ${sep?.twentyDaysPerYear ?? null})
        returning id`,
  );
  return rows[0].id;
}

export type EligibleEmployee = { id: number; number: string; name: string; dailySalary: string; wageZone: 'general' | 'frontera'; hireDate: string; firstHireDate: string };

/**
 * Issue 27: the daily salary in force on `date`: the latest alta, reingreso or
 * salary change that took effect on or before it (a raise dated after the
 * period does not reach it); the record's salary when no history is kept.
 */
const salaryInForce = (date: string) => sql`coalesce((select ev.daily_salary from rh_employment_events ev
    where ev.employee_id = e.id and ev.event in ('alta', 'reingreso', 'salario') and ev.daily_salary is not null and ev.date <= ${date}::date
    order by ev.date desc, ev.id desc limit 1), e.daily_salary)`;

/** Active employees of the frequency hired on or before the period end, with the salary in force at the period end. */
export async function eligibleEmployees(ex: Executor, frequency: string, periodEnd: string): Promise<EligibleEmployee[]> {
  return queryRows<EligibleEmployee>(
    ex,
    sql`select e.id, e.number, ${employeeNameSql('e')} as name, ${salaryInForce(periodEnd)}::text as "dailySalary", e.wage_zone as "wageZone",
          e.hire_date::text as "hireDate", e.first_hire_date::text as "firstHireDate"
        from rh_employees e
        where e.status = 'activo' and e.pay_frequency = ${frequency} and e.hire_date <= ${periodEnd}
        order by e.number`,
  );
}

export async function insertPayrollEmployees(
  ex: Executor,
  payrollId: number,
  rows: { employeeId: number; number: string; name: string; dailySalary: string; sbcDaily: string; minimumWageOnly: boolean; daysWorked: string }[],
): Promise<void> {
  for (const part of chunks(rows)) {
    await ex.execute(
      sql`insert into rh_payroll_employees (payroll_id, employee_id, employee_number, employee_name, daily_salary, sbc_daily, minimum_wage_only, days_worked)
          values ${sql.join(
            part.map((r) => sql`(${payrollId}, ${r.employeeId}, ${r.number}, ${r.name}, ${r.dailySalary}, ${r.sbcDaily}, ${r.minimumWageOnly}, ${r.daysWorked})`),
            sql`, `,
          )}`,
    );
  }
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
  ptuExcluded: boolean;
  daysWorked: string;
  absences: string;
  overtimeDoubleHours: string;
  overtimeTripleHours: string;
  /** Days on which the double / triple hours were worked (the CFDI's HorasExtra Dias). */
  overtimeDoubleDays: number;
  overtimeTripleDays: number;
  /** Sundays worked (ISO dates, ascending): prima dominical. */
  sundaysWorked: string[];
  /** Rest days worked (ISO dates, ascending): double salary. */
  restDaysWorked: string[];
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
  fiscalTrace: { label: string; amount: string }[];
  stampStatus: ReceiptStampStatus | null;
  uuid: string | null;
  stampedAt: Date | null;
  stampSandbox: boolean | null;
  stampError: string | null;
  exclusionReason: string | null;
  excludedAt: Date | null;
  excludedByName: string | null;
};

export type ReceiptStampStatus = 'pendiente' | 'timbrada' | 'rechazada' | 'excluida' | 'cancelada';

/** The dates of one kind a receipt's incidencias hold, as a JSON array of ISO dates (empty when none). */
const restDaysSelect = (kind: RestDayWorkedKind) =>
  sql`coalesce((select jsonb_agg(d.date::text order by d.date) from rh_payroll_rest_days_worked d where d.payroll_employee_id = pe.id and d.kind = ${kind}), '[]'::jsonb)`;

const employeeSelect = sql`select pe.id, pe.payroll_id as "payrollId", pe.employee_id as "employeeId", pe.employee_number as "employeeNumber",
    pe.employee_name as "employeeName", pe.daily_salary::text as "dailySalary", pe.sbc_daily::text as "sbcDaily", pe.minimum_wage_only as "minimumWageOnly",
    pe.ptu_excluded as "ptuExcluded", pe.days_worked::text as "daysWorked", pe.absences::text as absences, pe.overtime_double_hours::text as "overtimeDoubleHours",
    pe.overtime_triple_hours::text as "overtimeTripleHours", pe.overtime_double_days as "overtimeDoubleDays", pe.overtime_triple_days as "overtimeTripleDays",
    ${restDaysSelect('domingo')} as "sundaysWorked", ${restDaysSelect('descanso')} as "restDaysWorked",
    pe.perceptions::text as perceptions, pe.taxable::text as taxable, pe.exempt::text as exempt,
    pe.isr::text as isr, pe.subsidy::text as subsidy, pe.isr_withheld::text as "isrWithheld", pe.imss_employee::text as "imssEmployee",
    pe.deductions::text as deductions, pe.other_payments::text as "otherPayments", pe.net::text as net, pe.fiscal_trace as "fiscalTrace",
    pe.stamp_status as "stampStatus", pe.cfdi_uuid as uuid, pe.stamped_at as "stampedAt", pe.stamp_sandbox as "stampSandbox", pe.stamp_error as "stampError",
    pe.exclusion_reason as "exclusionReason", pe.excluded_at as "excludedAt", (select x.name from users x where x.id = pe.excluded_by) as "excludedByName"
  from rh_payroll_employees pe`;

/** Employees of these payrolls (one statement for all), by payroll and employee number; optionally only one employee. */
export async function employeesOfPayrolls(ex: Executor, payrollIds: readonly number[], employeeId: number | null = null): Promise<PayrollEmployeeRow[]> {
  if (!payrollIds.length) return [];
  return queryRows<PayrollEmployeeRow>(
    ex,
    sql`${employeeSelect} where pe.payroll_id in ${idList(payrollIds)} ${employeeId ? sql`and pe.employee_id = ${employeeId}` : sql``}
        order by pe.payroll_id, pe.employee_number, pe.id`,
  );
}

export const payrollEmployees = (ex: Executor, payrollId: number, employeeId: number | null = null) => employeesOfPayrolls(ex, [payrollId], employeeId);

export async function findPayrollEmployee(ex: Executor, id: number): Promise<PayrollEmployeeRow | null> {
  const rows = await queryRows<PayrollEmployeeRow>(ex, sql`${employeeSelect} where pe.id = ${id}`);
  return rows[0] ?? null;
}

export type LineRow = {
  id: number;
  payrollEmployeeId: number;
  conceptId: number;
  conceptCode: string;
  conceptName: string;
  satCode: string;
  systemKey: string | null;
  kind: ConceptKind;
  source: LineSource;
  agreementId: number | null;
  description: string;
  amount: string;
  taxable: string;
  exempt: string;
  quantity: string | null;
};

const lineSelect = sql`select l.id, l.payroll_employee_id as "payrollEmployeeId", l.concept_id as "conceptId", c.code as "conceptCode", c.name as "conceptName",
    c.sat_code as "satCode", c.system_key as "systemKey", c.kind, l.source, l.agreement_id as "agreementId", l.description,
    l.amount::text as amount, l.taxable::text as taxable, l.exempt::text as exempt, l.quantity::text as quantity
  from rh_payroll_lines l join rh_concepts c on c.id = l.concept_id`;

export async function linesOfEmployee(ex: Executor, payrollEmployeeId: number): Promise<LineRow[]> {
  return queryRows<LineRow>(ex, sql`${lineSelect} where l.payroll_employee_id = ${payrollEmployeeId} order by l.id`);
}

/** Lines of the employees of these payrolls (one statement for all), grouped by payroll employee, in posting order. */
export async function linesOfPayrolls(ex: Executor, payrollIds: readonly number[]): Promise<Map<number, LineRow[]>> {
  const byEmployee = new Map<number, LineRow[]>();
  if (!payrollIds.length) return byEmployee;
  const rows = await queryRows<LineRow>(
    ex,
    sql`${lineSelect} join rh_payroll_employees pe on pe.id = l.payroll_employee_id where pe.payroll_id in ${idList(payrollIds)} order by l.payroll_employee_id, l.id`,
  );
  for (const row of rows) {
    const list = byEmployee.get(row.payrollEmployeeId) ?? [];
    list.push(row);
    byEmployee.set(row.payrollEmployeeId, list);
  }
  return byEmployee;
}

export const linesOfPayroll = (ex: Executor, payrollId: number) => linesOfPayrolls(ex, [payrollId]);

export type CapturedLineRow = { payrollEmployeeId: number; conceptId: number; kind: ConceptKind; taxableRule: TaxableRule; exemptUma: string | null; amount: string; description: string };

export async function capturedLinesOfPayroll(ex: Executor, payrollId: number): Promise<CapturedLineRow[]> {
  return queryRows<CapturedLineRow>(
    ex,
    sql`select l.payroll_employee_id as "payrollEmployeeId", l.concept_id as "conceptId", c.kind, c.taxable_rule as "taxableRule",
          c.exempt_uma::text as "exemptUma", l.amount::text as amount, l.description
        from rh_payroll_lines l join rh_concepts c on c.id = l.concept_id join rh_payroll_employees pe on pe.id = l.payroll_employee_id
        where pe.payroll_id = ${payrollId} and l.source = 'captura' order by l.id`,
  );
}

export async function updateIncident(
  ex: Executor,
  id: number,
  v: { daysWorked: string; absences: string; overtimeDoubleHours: string; overtimeTripleHours: string; overtimeDoubleDays: number; overtimeTripleDays: number },
): Promise<void> {
  await ex.execute(
    sql`update rh_payroll_employees set days_worked = ${v.daysWorked}, absences = ${v.absences}, overtime_double_hours = ${v.overtimeDoubleHours},
          overtime_triple_hours = ${v.overtimeTripleHours}, overtime_double_days = ${v.overtimeDoubleDays}, overtime_triple_days = ${v.overtimeTripleDays} where id = ${id}`,
  );
}

export type RestDayWorkedKind = 'domingo' | 'descanso';

/** Replaces the Sundays and rest days worked of a receipt's incidencias. */
export async function replaceRestDaysWorked(ex: Executor, pe: { id: number; employeeId: number }, v: { sundaysWorked: readonly string[]; restDaysWorked: readonly string[] }): Promise<void> {
  await ex.execute(sql`delete from rh_payroll_rest_days_worked where payroll_employee_id = ${pe.id}`);
  const rows = [...v.sundaysWorked.map((date) => ({ kind: 'domingo', date })), ...v.restDaysWorked.map((date) => ({ kind: 'descanso', date }))];
  if (!rows.length) return;
  await ex.execute(
    sql`insert into rh_payroll_rest_days_worked (payroll_employee_id, employee_id, kind, date)
        values ${sql.join(rows.map((r) => sql`(${pe.id}, ${pe.employeeId}, ${r.kind}, ${r.date})`), sql`, `)}`,
  );
}

export type RestDayTakenRow = { kind: RestDayWorkedKind; date: string; folio: number; periodStart: string; periodEnd: string };

/** Which of these Sundays / rest days of the employee another payroll's incidencias already hold. */
export async function restDaysWorkedElsewhere(ex: Executor, employeeId: number, payrollEmployeeId: number, days: readonly { kind: RestDayWorkedKind; date: string }[]): Promise<RestDayTakenRow[]> {
  if (!days.length) return [];
  return queryRows<RestDayTakenRow>(
    ex,
    sql`select d.kind, d.date::text as date, p.folio, p.period_start::text as "periodStart", p.period_end::text as "periodEnd"
          from rh_payroll_rest_days_worked d
          join rh_payroll_employees pe on pe.id = d.payroll_employee_id
          join rh_payrolls p on p.id = pe.payroll_id
         where d.employee_id = ${employeeId} and d.payroll_employee_id <> ${payrollEmployeeId}
           and (d.kind, d.date) in (${sql.join(days.map((x) => sql`(${x.kind}, ${x.date}::date)`), sql`, `)})`,
  );
}

export async function replaceCapturedLines(ex: Executor, payrollEmployeeId: number, extras: { conceptId: number; amount: string; description: string }[]): Promise<void> {
  await ex.execute(sql`delete from rh_payroll_lines where payroll_employee_id = ${payrollEmployeeId} and source = 'captura'`);
  if (!extras.length) return;
  await ex.execute(
    sql`insert into rh_payroll_lines (payroll_employee_id, concept_id, source, description, amount)
        values ${sql.join(extras.map((x) => sql`(${payrollEmployeeId}, ${x.conceptId}, 'captura', ${x.description}, ${x.amount})`), sql`, `)}`,
  );
}

/** The calculation posts every line again (captured ones too, with their taxable/exempt split). */
export async function deleteAllLines(ex: Executor, payrollId: number): Promise<void> {
  await ex.execute(sql`delete from rh_payroll_lines where payroll_employee_id in (select id from rh_payroll_employees where payroll_id = ${payrollId})`);
}

export type NewLine = { payrollEmployeeId: number; conceptId: number; source: LineSource; agreementId: number | null; description: string; amount: string; taxable: string; exempt: string; quantity: string | null };

export async function insertLines(ex: Executor, lines: NewLine[]): Promise<void> {
  for (const part of chunks(lines)) {
    await ex.execute(
      sql`insert into rh_payroll_lines (payroll_employee_id, concept_id, source, agreement_id, description, amount, taxable, exempt, quantity)
          values ${sql.join(
            part.map((l) => sql`(${l.payrollEmployeeId}, ${l.conceptId}, ${l.source}, ${l.agreementId}, ${l.description}, ${l.amount}, ${l.taxable}, ${l.exempt}, ${l.quantity})`),
            sql`, `,
          )}`,
    );
  }
}

export type EmployeeResult = {
  id: number;
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
  fiscalTrace: { label: string; amount: string }[];
  /** Days paid (NumDiasPagados); absent where the calculation has none of its own (the days captured stand). */
  paidDays?: string | null;
};

export async function updateEmployeeResults(ex: Executor, results: EmployeeResult[]): Promise<void> {
  for (const part of chunks(results)) {
    await ex.execute(
      sql`update rh_payroll_employees pe set perceptions = v.perceptions::numeric, taxable = v.taxable::numeric, exempt = v.exempt::numeric,
            isr = v.isr::numeric, subsidy = v.subsidy::numeric, isr_withheld = v.withheld::numeric, imss_employee = v.imss::numeric, paid_days = v.paid::numeric,
            deductions = v.deductions::numeric, other_payments = v.other::numeric, net = v.net::numeric, fiscal_trace = v.trace::jsonb
          from (values ${sql.join(
            part.map(
              (r) =>
                sql`(${r.id}::int, ${r.perceptions}, ${r.taxable}, ${r.exempt}, ${r.isr}, ${r.subsidy}, ${r.isrWithheld}, ${r.imssEmployee}, ${r.deductions}, ${r.otherPayments}, ${r.net}, ${JSON.stringify(r.fiscalTrace)}, ${r.paidDays ?? null})`,
            ),
            sql`, `,
          )}) as v(id, perceptions, taxable, exempt, isr, subsidy, withheld, imss, deductions, other, net, trace, paid)
          where pe.id = v.id`,
    );
  }
}

export async function setCalculated(ex: Executor, id: number, v: { tableYear: number; perceptions: string; deductions: string; otherPayments: string; net: string }): Promise<void> {
  await ex.execute(
    sql`update rh_payrolls set status = 'calculada', table_year = ${v.tableYear}, perceptions = ${v.perceptions}, deductions = ${v.deductions},
          other_payments = ${v.otherPayments}, net = ${v.net}, calculated_at = now(), version = version + 1 where id = ${id}`,
  );
}

/** An incident changed: the calculation is stale until the next "Calcular". */
export async function backToDraft(ex: Executor, id: number): Promise<void> {
  await ex.execute(sql`update rh_payrolls set status = 'borrador', version = version + 1 where id = ${id} and status = 'calculada'`);
}

export async function closePayroll(ex: Executor, id: number, version: number, closedBy: number | null): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    ex,
    sql`update rh_payrolls set status = 'cerrada', closed_at = now(), closed_by = ${closedBy}, version = version + 1
        where id = ${id} and version = ${version} and status = 'calculada' returning id`,
  );
  return rows.length === 1;
}

export async function deletePayroll(ex: Executor, id: number): Promise<void> {
  await ex.execute(sql`delete from rh_payroll_lines where payroll_employee_id in (select id from rh_payroll_employees where payroll_id = ${id})`);
  await ex.execute(sql`delete from rh_payroll_employees where payroll_id = ${id}`);
  await ex.execute(sql`delete from rh_payrolls where id = ${id}`);
}

export type ConceptTotalRow = { payrollId: number; conceptId: number; code: string; name: string; kind: ConceptKind; amount: string };

/** Totals per concept of these payrolls (one statement for all), by payroll: perceptions, then deductions, then other payments. */
export async function conceptTotalsOfPayrolls(ex: Executor, payrollIds: readonly number[]): Promise<ConceptTotalRow[]> {
  if (!payrollIds.length) return [];
  return queryRows<ConceptTotalRow>(
    ex,
    sql`select pe.payroll_id as "payrollId", c.id as "conceptId", c.code, c.name, c.kind, sum(l.amount)::text as amount
        from rh_payroll_lines l join rh_concepts c on c.id = l.concept_id join rh_payroll_employees pe on pe.id = l.payroll_employee_id
        where pe.payroll_id in ${idList(payrollIds)}
        group by pe.payroll_id, c.id, c.code, c.name, c.kind
        order by pe.payroll_id, case c.kind when 'percepcion' then 0 when 'deduccion' then 1 else 2 end, min(l.id)`,
  );
}

export const conceptTotals = (ex: Executor, payrollId: number) => conceptTotalsOfPayrolls(ex, [payrollId]);

export type ConceptRow = {
  id: number;
  code: string;
  name: string;
  kind: ConceptKind;
  satCode: string;
  taxableRule: TaxableRule;
  exemptUma: string | null;
  systemKey: string | null;
  active: boolean;
  version: number;
};

const conceptSelect = sql`select id, code, name, kind, sat_code as "satCode", taxable_rule as "taxableRule", exempt_uma::text as "exemptUma",
    system_key as "systemKey", active, version from rh_concepts`;

export async function conceptsByIds(ex: Executor, ids: number[]): Promise<Map<number, ConceptRow>> {
  if (!ids.length) return new Map();
  const rows = await queryRows<ConceptRow>(ex, sql`${conceptSelect} where id in ${idList(ids)}`);
  return new Map(rows.map((r) => [r.id, r]));
}

export async function systemConceptIds(ex: Executor): Promise<Map<string, number>> {
  const rows = await queryRows<{ id: number; systemKey: string }>(ex, sql`select id, system_key as "systemKey" from rh_concepts where system_key is not null`);
  return new Map(rows.map((r) => [r.systemKey, r.id]));
}

/** Seeds a system concept once; an existing one (by key) is left as the company edited it. */
export async function ensureSystemConcept(ex: Executor, c: { key: string; code: string; name: string; kind: string; satCode: string; taxableRule: string; exemptUma: string | null }): Promise<void> {
  const exists = await queryRows<{ id: number }>(ex, sql`select id from rh_concepts where system_key = ${c.key}`);
  if (exists.length) return;
  // A hand-made concept may already use the code: the system one takes a suffixed code.
  const taken = await queryRows<{ id: number }>(ex, sql`select id from rh_concepts where upper(code) = upper(${c.code})`);
  const code = taken.length ? `${c.code}-SIS` : c.code;
  await ex.execute(
    sql`insert into rh_concepts (code, name, kind, sat_code, taxable_rule, exempt_uma, system_key, active)
        values (${code}, ${c.name}, ${c.kind}, ${c.satCode}, ${c.taxableRule}, ${c.exemptUma}, ${c.key}, true)
        on conflict do nothing`,
  );
}

/** Convenio lines of a payroll with the convenio's current state, locked, for the close. */
export async function convenioLinesForClose(ex: Executor, payrollId: number) {
  const rows = await queryRows<{ agreementId: number }>(
    ex,
    sql`select distinct l.agreement_id as "agreementId" from rh_payroll_lines l join rh_payroll_employees pe on pe.id = l.payroll_employee_id
        where pe.payroll_id = ${payrollId} and l.source = 'convenio' and l.agreement_id is not null order by 1`,
  );
  // Lock in id order so two closes sharing convenios never deadlock.
  if (rows.length) await ex.execute(sql`select id from rh_agreements where id in ${idList(rows.map((r) => r.agreementId))} order by id for update`);
  return queryRows<{ agreementId: number; folio: number; status: string; balance: string | null; amount: string; employeeNumber: string }>(
    ex,
    sql`select a.id as "agreementId", a.folio, a.status, a.balance::text as balance, sum(l.amount)::text as amount, min(pe.employee_number) as "employeeNumber"
        from rh_payroll_lines l join rh_payroll_employees pe on pe.id = l.payroll_employee_id join rh_agreements a on a.id = l.agreement_id
        where pe.payroll_id = ${payrollId} and l.source = 'convenio'
        group by a.id, a.folio, a.status, a.balance order by a.id`,
  );
}

// ---- one payroll per employee and period ------------------------------------------------

/**
 * Serialises the steps that compare a payroll's period with the others' (creating an ordinary payroll, closing
 * any): the second of two parallel creations of the same quincena waits here and then sees the first one.
 * An advisory lock: the rows it protects do not exist yet. Taken after the payroll's own row lock.
 */
export async function lockPayrollPeriods(ex: Executor): Promise<void> {
  await ex.execute(sql`select pg_advisory_xact_lock(7302401)`);
}

export type OverlapRow = { folio: number; periodStart: string; periodEnd: string; employeeNumber: string; employeeName: string };

/**
 * The first other payroll of this kind (semanal or quincenal) whose period shares a day with this one and
 * that has any of these employees (a list, or the employees of the payroll being closed). Payrolls are never
 * cancelled, only deleted while open, so every stored one counts.
 */
export async function overlappingOrdinaryPayroll(
  ex: Executor,
  v: { kind: PayFrequency; periodStart: string; periodEnd: string; employeeIds?: readonly number[]; payrollId?: number },
): Promise<OverlapRow | null> {
  const employees = v.payrollId !== undefined ? sql`(select employee_id from rh_payroll_employees where payroll_id = ${v.payrollId})` : idList(v.employeeIds ?? []);
  if (v.payrollId === undefined && !v.employeeIds?.length) return null;
  const rows = await queryRows<OverlapRow>(
    ex,
    sql`select p.folio, p.period_start::text as "periodStart", p.period_end::text as "periodEnd", pe.employee_number as "employeeNumber", pe.employee_name as "employeeName"
        from rh_payrolls p join rh_payroll_employees pe on pe.payroll_id = p.id
        where p.kind = ${v.kind} and p.period_start <= ${v.periodEnd} and p.period_end >= ${v.periodStart}
          ${v.payrollId !== undefined ? sql`and p.id <> ${v.payrollId}` : sql``}
          and pe.employee_id in ${employees}
        order by p.folio, pe.employee_number limit 1`,
  );
  return rows[0] ?? null;
}

export type PaidPeriodRow = { employeeId: number; folio: number; periodStart: string; periodEnd: string; closedAt: Date };

/** Closed ordinary payrolls of these employees that share a day with the period: the days they already paid. */
export async function closedOrdinaryPeriods(ex: Executor, employeeIds: readonly number[], periodStart: string, periodEnd: string): Promise<PaidPeriodRow[]> {
  if (!employeeIds.length) return [];
  return queryRows<PaidPeriodRow>(
    ex,
    sql`select pe.employee_id as "employeeId", p.folio, p.period_start::text as "periodStart", p.period_end::text as "periodEnd", p.closed_at as "closedAt"
        from rh_payrolls p join rh_payroll_employees pe on pe.payroll_id = p.id
        where p.kind in ('semanal', 'quincenal') and p.status = 'cerrada' and p.period_start <= ${periodEnd} and p.period_end >= ${periodStart}
          and pe.employee_id in ${idList(employeeIds)}
        order by p.period_start, p.folio`,
  );
}

export type TakenInstallment = { folio: number; periodStart: string; periodEnd: string };

/** Installments of these convenios that a closed ordinary payroll sharing a day with the period already took, by convenio. */
export async function installmentsTakenInPeriod(ex: Executor, agreementIds: readonly number[], periodStart: string, periodEnd: string): Promise<Map<number, TakenInstallment>> {
  if (!agreementIds.length) return new Map();
  const rows = await queryRows<{ agreementId: number; folio: number; periodStart: string; periodEnd: string }>(
    ex,
    sql`select ap.agreement_id as "agreementId", p.folio, p.period_start::text as "periodStart", p.period_end::text as "periodEnd"
        from rh_agreement_payments ap join rh_payrolls p on p.id = ap.payroll_id
        where p.kind in ('semanal', 'quincenal') and p.status = 'cerrada' and p.period_start <= ${periodEnd} and p.period_end >= ${periodStart}
          and ap.agreement_id in ${idList(agreementIds)}
        order by p.folio desc`,
  );
  return new Map(rows.map((r) => [r.agreementId, { folio: r.folio, periodStart: r.periodStart, periodEnd: r.periodEnd }]));
}

// ---- aguinaldo payrolls ------------------------------------------------------------------

export type AguinaldoPayrollRow = { folio: number; paymentDate: string; employeeNumber: string; employeeName: string };

/**
 * The first aguinaldo payroll (any status: payrolls are only deleted while open) paid in `year` that has any
 * of these employees, other than `payrollId`: there is one per employee and year. Under lockPayrollPeriods.
 */
export async function aguinaldoPayrollOf(ex: Executor, employeeIds: readonly number[], year: number, payrollId: number | null = null): Promise<AguinaldoPayrollRow | null> {
  if (!employeeIds.length) return null;
  const rows = await queryRows<AguinaldoPayrollRow>(
    ex,
    sql`select p.folio, p.payment_date::text as "paymentDate", pe.employee_number as "employeeNumber", pe.employee_name as "employeeName"
        from rh_payrolls p join rh_payroll_employees pe on pe.payroll_id = p.id
        where p.kind = 'aguinaldo' and extract(year from p.payment_date) = ${year} and pe.employee_id in ${idList(employeeIds)}
          ${payrollId !== null ? sql`and p.id <> ${payrollId}` : sql``}
        order by p.folio, pe.employee_number limit 1`,
  );
  return rows[0] ?? null;
}

/**
 * Exempt aguinaldo (percepción SAT 002) each employee already received in `year` in other closed payrolls:
 * the 30 UMA cap is annual (MX_FISCAL «Aguinaldo»). By employee id; absent = 0.
 */
export async function aguinaldoExemptUsed(ex: Executor, employeeIds: readonly number[], year: number, payrollId: number, satCode: '002' | '021' | '003' = '002'): Promise<Map<number, string>> {
  if (!employeeIds.length) return new Map();
  const rows = await queryRows<{ employeeId: number; exempt: string }>(
    ex,
    sql`select pe.employee_id as "employeeId", sum(l.exempt)::text as exempt
        from rh_payroll_lines l join rh_concepts c on c.id = l.concept_id join rh_payroll_employees pe on pe.id = l.payroll_employee_id
          join rh_payrolls p on p.id = pe.payroll_id
        where c.kind = 'percepcion' and c.sat_code = ${satCode} and p.status = 'cerrada' and p.id <> ${payrollId}
          and extract(year from p.payment_date) = ${year} and pe.employee_id in ${idList(employeeIds)}
        group by pe.employee_id`,
  );
  return new Map(rows.map((r) => [r.employeeId, r.exempt]));
}

export type EmployeeFile = { hireDate: string; wageZone: 'general' | 'frontera'; terminationDate: string | null };

/** What a calculation needs from each employee's file: the current hire date, the minimum-wage zone and a baja's date. */
export async function employeeFiles(ex: Executor, employeeIds: readonly number[]): Promise<Map<number, EmployeeFile>> {
  if (!employeeIds.length) return new Map();
  const rows = await queryRows<EmployeeFile & { id: number }>(
    ex,
    sql`select id, hire_date::text as "hireDate", wage_zone as "wageZone", termination_date::text as "terminationDate" from rh_employees where id in ${idList(employeeIds)}`,
  );
  return new Map(rows.map(({ id, ...file }) => [id, file]));
}

// ---- PTU payrolls --------------------------------------------------------------------------

/** The PTU payroll of this ejercicio other than `payrollId` (one per ejercicio; payrolls are only deleted while open). Under lockPayrollPeriods. */
export async function ptuPayrollOf(ex: Executor, year: number, payrollId: number | null = null): Promise<{ folio: number; paymentDate: string } | null> {
  const rows = await queryRows<{ folio: number; paymentDate: string }>(
    ex,
    sql`select p.folio, p.payment_date::text as "paymentDate" from rh_payrolls p
        where p.kind = 'ptu' and p.ptu_year = ${year} ${payrollId !== null ? sql`and p.id <> ${payrollId}` : sql``} order by p.folio limit 1`,
  );
  return rows[0] ?? null;
}

export type PtuCandidate = EligibleEmployee & {
  status: 'activo' | 'baja';
  terminationDate: string | null;
  contractType: string | null;
  /** Trabajador de confianza (art. 127 fr. II LFT: their salary for the PTU is capped). */
  trustWorker: boolean;
  /** The employment's alta, reingreso and baja, in order (empty on records kept before the history). */
  events: { event: 'alta' | 'reingreso' | 'baja'; date: string }[];
  /** Faltas the ejercicio's closed payrolls (period ending in it) discounted. */
  absences: string;
  /** Days of active enfermedad general certificates (type 02) inside the ejercicio: not worked (art. 127 fr. IV LFT counts only riesgo de trabajo and maternidad as service). */
  illnessDays: number;
};

/**
 * Every employee (any frequency, active or given baja) first hired on or before the ejercicio's end, with the
 * salary in force on the payment date (a baja's last one) and the employment history the days are counted from.
 */
export async function ptuCandidates(ex: Executor, year: number, paymentDate: string): Promise<PtuCandidate[]> {
  return queryRows<PtuCandidate>(
    ex,
    sql`select e.id, e.number, ${employeeNameSql('e')} as name, ${salaryInForce(paymentDate)}::text as "dailySalary", e.wage_zone as "wageZone",
          e.hire_date::text as "hireDate", e.first_hire_date::text as "firstHireDate", e.status, e.termination_date::text as "terminationDate",
          e.contract_type as "contractType", e.trust_worker as "trustWorker",
          coalesce((select json_agg(json_build_object('event', ev.event, 'date', ev.date::text) order by ev.date, ev.id) from rh_employment_events ev
            where ev.employee_id = e.id and ev.event in ('alta', 'reingreso', 'baja')), '[]'::json) as events,
          coalesce((select sum(pe.absences) from rh_payroll_employees pe join rh_payrolls p on p.id = pe.payroll_id
            where pe.employee_id = e.id and p.status = 'cerrada' and extract(year from p.period_end) = ${year}), 0)::text as absences,
          coalesce((select sum(greatest(0, least(i.start_date + i.days - 1, ${`${year}-12-31`}::date) - greatest(i.start_date, ${`${year}-01-01`}::date) + 1))
            from rh_incapacities i where i.employee_id = e.id and i.status = 'activa' and i.type = '02'), 0)::int as "illnessDays"
        from rh_employees e
        where e.first_hire_date <= ${`${year}-12-31`}::date
        order by e.number`,
  );
}

/**
 * What the ejercicio's closed payrolls (period ending in the year) paid each employee as sueldo (system concept
 * SUELDO: paid days × daily salary, art. 124 LFT cuota diaria) and the days those receipts covered (their days
 * worked, absences included). Absent = none.
 */
export async function sueldoOfYear(ex: Executor, employeeIds: readonly number[], year: number): Promise<Map<number, { amount: string; days: string }>> {
  if (!employeeIds.length) return new Map();
  const rows = await queryRows<{ employeeId: number; amount: string; days: string }>(
    ex,
    sql`select pe.employee_id as "employeeId", sum(l.amount)::text as amount, sum(pe.days_worked)::text as days
        from rh_payroll_lines l join rh_concepts c on c.id = l.concept_id join rh_payroll_employees pe on pe.id = l.payroll_employee_id
          join rh_payrolls p on p.id = pe.payroll_id
        where c.system_key = 'SUELDO' and p.status = 'cerrada' and extract(year from p.period_end) = ${year} and pe.employee_id in ${idList(employeeIds)}
        group by pe.employee_id`,
  );
  return new Map(rows.map((r) => [r.employeeId, { amount: r.amount, days: r.days }]));
}

/**
 * PTU each employee received in the closed PTU payrolls of the three ejercicios before `year`, and how many of
 * those ejercicios have a closed PTU payroll (the average's divisor).
 */
export async function ptuOfPreviousYears(ex: Executor, employeeIds: readonly number[], year: number): Promise<{ years: number; received: Map<number, string> }> {
  const counted = await queryRows<{ n: number }>(
    ex,
    sql`select count(distinct ptu_year)::int as n from rh_payrolls where kind = 'ptu' and status = 'cerrada' and ptu_year between ${year - 3} and ${year - 1}`,
  );
  if (!employeeIds.length || !counted[0].n) return { years: counted[0].n, received: new Map() };
  const rows = await queryRows<{ employeeId: number; amount: string }>(
    ex,
    sql`select pe.employee_id as "employeeId", sum(l.amount)::text as amount
        from rh_payroll_lines l join rh_concepts c on c.id = l.concept_id join rh_payroll_employees pe on pe.id = l.payroll_employee_id
          join rh_payrolls p on p.id = pe.payroll_id
        where c.system_key = 'PTU' and p.kind = 'ptu' and p.status = 'cerrada' and p.ptu_year between ${year - 3} and ${year - 1}
          and pe.employee_id in ${idList(employeeIds)}
        group by pe.employee_id`,
  );
  return { years: counted[0].n, received: new Map(rows.map((r) => [r.employeeId, r.amount])) };
}

/** Marks a PTU payroll's worker as not entitled (or entitled again). */
export async function setPtuExcluded(ex: Executor, id: number, excluded: boolean): Promise<void> {
  await ex.execute(sql`update rh_payroll_employees set ptu_excluded = ${excluded} where id = ${id}`);
}

// ---- finiquito payrolls ------------------------------------------------------------------

/** The finiquito payroll of this baja (employee and separation date), other than `payrollId`: one per baja. Under lockPayrollPeriods. */
export async function finiquitoPayrollOf(ex: Executor, employeeId: number, separationDate: string): Promise<{ folio: number; paymentDate: string } | null> {
  const rows = await queryRows<{ folio: number; paymentDate: string }>(
    ex,
    sql`select p.folio, p.payment_date::text as "paymentDate" from rh_payrolls p
        where p.kind = 'finiquito' and p.separation_employee_id = ${employeeId} and p.separation_date = ${separationDate} order by p.folio limit 1`,
  );
  return rows[0] ?? null;
}

export type SeparationEmployee = {
  id: number;
  number: string;
  name: string;
  status: string;
  dailySalary: string;
  wageZone: 'general' | 'frontera';
  hireDate: string;
  firstHireDate: string;
  terminationDate: string | null;
  payFrequency: PayFrequency;
};

/** The employee a finiquito is calculated for, locked when asked (the create queues on the row as a baja or rehire does). */
export async function separationEmployee(ex: Executor, id: number, opts: { lock?: boolean } = {}): Promise<SeparationEmployee | null> {
  if (opts.lock) await ex.execute(sql`select id from rh_employees where id = ${id} for update`);
  const rows = await queryRows<SeparationEmployee>(
    ex,
    sql`select e.id, e.number, ${employeeNameSql('e')} as name, e.status, e.daily_salary::text as "dailySalary", e.wage_zone as "wageZone",
          e.hire_date::text as "hireDate", e.first_hire_date::text as "firstHireDate", e.termination_date::text as "terminationDate", e.pay_frequency as "payFrequency"
        from rh_employees e where e.id = ${id}`,
  );
  return rows[0] ?? null;
}

/** Takes an employee out of an open payroll (an aguinaldo's employee given baja before the payment). */
export async function removePayrollEmployee(ex: Executor, id: number): Promise<void> {
  await ex.execute(sql`delete from rh_payroll_lines where payroll_employee_id = ${id}`);
  await ex.execute(sql`delete from rh_payroll_employees where id = ${id}`);
}

/** The days each receipt of a lump-sum payroll (aguinaldo, PTU) covers, no absences: one statement per chunk. */
export async function setDaysWorked(ex: Executor, rows: { id: number; days: string }[]): Promise<void> {
  for (const part of chunks(rows)) {
    await ex.execute(
      sql`update rh_payroll_employees pe set days_worked = v.days::numeric, absences = 0
          from (values ${sql.join(part.map((r) => sql`(${r.id}::int, ${r.days})`), sql`, `)}) as v(id, days) where pe.id = v.id`,
    );
  }
}

// ---- the receipts' CFDI de nómina (stamping.ts) -----------------------------------------

export type ReceiptCfdiSource = {
  id: number;
  employeeId: number;
  employeeNumber: string;
  employeeName: string;
  sbcDaily: string;
  dailySalary: string;
  paidDays: string;
  /** Days on which the double / triple overtime hours were worked (HorasExtra Dias). */
  overtimeDoubleDays: number;
  overtimeTripleDays: number;
  rfc: string;
  curp: string;
  nss: string;
  /** Names first, as SAT's register writes the person (JUAN PÉREZ LÓPEZ). */
  fiscalName: string;
  postalCode: string | null;
  workState: string | null;
  contractType: string | null;
  firstHireDate: string;
  department: string;
  position: string;
  /**
   * The registro patronal of the receipt (issue 27): the one its employer quotas were computed with,
   * else the employee's, else the company's first active one; null when there is none (the company profile's).
   */
  registroPatronal: string | null;
};

/** What the CFDI of each receipt of a payroll (or one receipt) needs from the payroll and the employee's file. */
export async function receiptCfdiSources(ex: Executor, payrollId: number, payrollEmployeeId: number | null = null): Promise<ReceiptCfdiSource[]> {
  return queryRows<ReceiptCfdiSource>(
    ex,
    sql`select pe.id, pe.employee_id as "employeeId", pe.employee_number as "employeeNumber", pe.employee_name as "employeeName",
          pe.sbc_daily::text as "sbcDaily", pe.daily_salary::text as "dailySalary", coalesce(pe.paid_days, pe.days_worked - pe.absences)::text as "paidDays",
          pe.overtime_double_days as "overtimeDoubleDays", pe.overtime_triple_days as "overtimeTripleDays",
          e.rfc, e.curp, e.nss, upper(concat_ws(' ', e.names, e.last_name, nullif(e.second_last_name, ''))) as "fiscalName",
          e.postal_code as "postalCode", e.work_state as "workState", e.contract_type as "contractType", e.first_hire_date::text as "firstHireDate",
          coalesce(a.name, '') as department, coalesce(po.name, '') as position,
          (select r.registro from rh_employer_registrations r
            where r.id = coalesce((select q.registration_id from rh_payroll_employer_quotas q where q.payroll_employee_id = pe.id), e.employer_registration_id,
              (select f.id from rh_employer_registrations f where f.active order by f.id limit 1))) as "registroPatronal"
        from rh_payroll_employees pe join rh_employees e on e.id = pe.employee_id
          left join rh_areas a on a.id = e.area_id left join rh_positions po on po.id = e.position_id
        where pe.payroll_id = ${payrollId} and pe.stamp_status is distinct from 'excluida' ${payrollEmployeeId ? sql`and pe.id = ${payrollEmployeeId}` : sql``}
        order by pe.employee_number, pe.id`,
  );
}

export async function markReceiptSealed(ex: Executor, id: number, xml: string): Promise<void> {
  await ex.execute(
    sql`update rh_payroll_employees set stamp_status = 'pendiente', cfdi_xml = ${xml}, stamp_error = null where id = ${id} and (stamp_status is null or stamp_status = 'rechazada')`,
  );
}

/** The receipt could not be sealed, or the PAC refused it: the reason stays for the user; nothing was stamped. */
export async function markReceiptRefused(ex: Executor, id: number, message: string): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    ex,
    sql`update rh_payroll_employees set stamp_status = 'rechazada', stamp_error = ${message}, cfdi_xml = null
        where id = ${id} and (stamp_status is null or stamp_status in ('pendiente', 'rechazada')) returning id`,
  );
  return rows.length > 0;
}

/** pendiente → timbrada, once: false when another request already saved it. */
export async function saveReceiptStamp(ex: Executor, id: number, v: { xml: string; uuid: string; stampedAt: Date; sandbox: boolean }): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    ex,
    sql`update rh_payroll_employees set stamp_status = 'timbrada', cfdi_xml = ${v.xml}, cfdi_uuid = ${v.uuid}, stamped_at = ${v.stampedAt}, stamp_sandbox = ${v.sandbox}, stamp_error = null
        where id = ${id} and stamp_status = 'pendiente' returning id`,
  );
  return rows.length > 0;
}

export type ReceiptStampRow = {
  id: number;
  payrollId: number;
  employeeId: number;
  employeeNumber: string;
  employeeName: string;
  stampStatus: ReceiptStampStatus | null;
  cfdiXml: string | null;
  payrollStatus: PayrollStatus;
  uuid: string | null;
  stampedAt: Date | null;
  stampSandbox: boolean | null;
  net: string;
  /** CFDIs this receipt replaced with a correction (motivo 01): each new CFDI gets its own PAC idempotency key. */
  substitutions: number;
};

export async function receiptStampRow(ex: Executor, id: number): Promise<ReceiptStampRow | null> {
  const rows = await queryRows<ReceiptStampRow>(
    ex,
    sql`select pe.id, pe.payroll_id as "payrollId", pe.employee_id as "employeeId", pe.employee_number as "employeeNumber", pe.employee_name as "employeeName",
          pe.stamp_status as "stampStatus", pe.cfdi_xml as "cfdiXml", p.status as "payrollStatus", pe.cfdi_uuid as uuid, pe.stamped_at as "stampedAt",
          pe.stamp_sandbox as "stampSandbox", pe.net::text as net,
          (select count(*) from rh_payroll_receipt_cfdis c where c.payroll_employee_id = pe.id and c.motivo = '01')::int as substitutions
        from rh_payroll_employees pe join rh_payrolls p on p.id = pe.payroll_id where pe.id = ${id}`,
  );
  return rows[0] ?? null;
}

/** «Excluir del timbrado»: sin timbrar or rechazada → excluida, once; false when it was in another state. */
export async function excludeReceipt(ex: Executor, id: number, v: { reason: string; userId: number | null }): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    ex,
    sql`update rh_payroll_employees set stamp_status = 'excluida', exclusion_reason = ${v.reason}, excluded_at = now(), excluded_by = ${v.userId}, cfdi_xml = null
        where id = ${id} and (stamp_status is null or stamp_status = 'rechazada') returning id`,
  );
  return rows.length > 0;
}

/**
 * A closed payroll whose receipts are all timbrada or excluida is stamped in full: stamps the
 * instant once (true), in one statement, so two last receipts settled at once cannot both do it.
 */
export async function completeStamping(ex: Executor, payrollId: number): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    ex,
    sql`update rh_payrolls p set stamping_completed_at = now()
        where p.id = ${payrollId} and p.status = 'cerrada' and p.stamping_completed_at is null
          and not exists (select 1 from rh_payroll_employees pe where pe.payroll_id = p.id and (pe.stamp_status is null or pe.stamp_status not in ('timbrada', 'excluida', 'cancelada')))
        returning p.id`,
  );
  return rows.length > 0;
}

/** Receipts of a payroll (or of every payroll) left pendiente: sealed, their PAC answer not saved. */
export async function pendingReceiptIds(ex: Executor, payrollId: number | null = null): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    ex,
    sql`select id from rh_payroll_employees where stamp_status = 'pendiente' ${payrollId ? sql`and payroll_id = ${payrollId}` : sql``} order by id`,
  );
  return rows.map((r) => r.id);
}

// ---- corrections and cancellations of stamped receipts (substitution.ts) ---------------------

export type ReceiptCfdiRow = {
  id: number;
  payrollEmployeeId: number;
  uuid: string;
  stampedAt: Date | null;
  stampSandbox: boolean | null;
  net: string;
  motivo: '01' | '02' | '03';
  substituteUuid: string | null;
  status: 'por_cancelar' | 'cancelado';
  reason: string;
  requestedAt: Date;
  requestedByName: string | null;
  cancelledAt: Date | null;
  cancelError: string | null;
};

const receiptCfdiSelect = sql`select c.id, c.payroll_employee_id as "payrollEmployeeId", c.uuid, c.stamped_at as "stampedAt", c.stamp_sandbox as "stampSandbox",
    c.net::text as net, c.motivo, c.substitute_uuid as "substituteUuid", c.status, c.reason, c.requested_at as "requestedAt",
    (select u.name from users u where u.id = c.requested_by) as "requestedByName", c.cancelled_at as "cancelledAt", c.cancel_error as "cancelError"
  from rh_payroll_receipt_cfdis c`;

/** The CFDIs these receipts no longer carry, oldest first, by receipt: one statement. */
export async function receiptCfdisOf(ex: Executor, payrollEmployeeIds: readonly number[]): Promise<Map<number, ReceiptCfdiRow[]>> {
  const out = new Map<number, ReceiptCfdiRow[]>();
  if (!payrollEmployeeIds.length) return out;
  const rows = await queryRows<ReceiptCfdiRow>(ex, sql`${receiptCfdiSelect} where c.payroll_employee_id in ${idList(payrollEmployeeIds)} order by c.id`);
  for (const r of rows) out.set(r.payrollEmployeeId, [...(out.get(r.payrollEmployeeId) ?? []), r]);
  return out;
}

export async function findReceiptCfdi(ex: Executor, id: number): Promise<(ReceiptCfdiRow & { cfdiXml: string }) | null> {
  const rows = await queryRows<ReceiptCfdiRow & { cfdiXml: string }>(ex, sql`select x.*, c2.cfdi_xml as "cfdiXml" from (${receiptCfdiSelect} where c.id = ${id}) x join rh_payroll_receipt_cfdis c2 on c2.id = x.id`);
  return rows[0] ?? null;
}

export async function insertReceiptCfdi(
  ex: Executor,
  v: { payrollEmployeeId: number; uuid: string; cfdiXml: string; stampedAt: Date | null; stampSandbox: boolean | null; net: string; motivo: '01' | '02' | '03'; reason: string; requestedBy: number | null },
): Promise<number> {
  const rows = await queryRows<{ id: number }>(
    ex,
    sql`insert into rh_payroll_receipt_cfdis (payroll_employee_id, uuid, cfdi_xml, stamped_at, stamp_sandbox, net, motivo, reason, requested_by)
        values (${v.payrollEmployeeId}, ${v.uuid}, ${v.cfdiXml}, ${v.stampedAt}, ${v.stampSandbox}, ${v.net}, ${v.motivo}, ${v.reason}, ${v.requestedBy}) returning id`,
  );
  return rows[0].id;
}

/** The replaced CFDI (motivo 01) a receipt's next CFDI must relate with TipoRelacion 04; null when none waits. */
export async function uuidToSubstitute(ex: Executor, payrollEmployeeId: number): Promise<string | null> {
  const rows = await queryRows<{ uuid: string }>(
    ex,
    sql`select uuid from rh_payroll_receipt_cfdis where payroll_employee_id = ${payrollEmployeeId} and motivo = '01' and status = 'por_cancelar' order by id desc limit 1`,
  );
  return rows[0]?.uuid ?? null;
}

/** CFDIs of a receipt (or of every receipt) whose SAT cancellation is still to be asked for. */
export async function cancellationsDue(ex: Executor, payrollEmployeeId: number | null = null): Promise<{ id: number; payrollEmployeeId: number }[]> {
  return queryRows<{ id: number; payrollEmployeeId: number }>(
    ex,
    sql`select id, payroll_employee_id as "payrollEmployeeId" from rh_payroll_receipt_cfdis
        where status = 'por_cancelar' ${payrollEmployeeId ? sql`and payroll_employee_id = ${payrollEmployeeId}` : sql``} order by id`,
  );
}

/** por_cancelar → cancelado, once (false when another request did it). */
export async function markReceiptCfdiCancelled(ex: Executor, id: number, substituteUuid: string | null): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    ex,
    sql`update rh_payroll_receipt_cfdis set status = 'cancelado', cancelled_at = now(), substitute_uuid = ${substituteUuid}, cancel_error = null
        where id = ${id} and status = 'por_cancelar' returning id`,
  );
  return rows.length > 0;
}

export async function setReceiptCfdiError(ex: Executor, id: number, message: string | null): Promise<void> {
  await ex.execute(sql`update rh_payroll_receipt_cfdis set cancel_error = ${message} where id = ${id} and status = 'por_cancelar'`);
}

/** A correction: the old CFDI moved to the history; the receipt waits for its new one (sealed next in the same transaction). */
export async function clearReceiptCfdi(ex: Executor, id: number): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    ex,
    sql`update rh_payroll_employees set stamp_status = null, cfdi_xml = null, cfdi_uuid = null, stamped_at = null, stamp_sandbox = null, stamp_error = null
        where id = ${id} and stamp_status = 'timbrada' returning id`,
  );
  return rows.length > 0;
}

/** timbrada → cancelada (motivo 02/03); the CFDI stays on the row and in the history. */
export async function markReceiptCancelled(ex: Executor, id: number): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(ex, sql`update rh_payroll_employees set stamp_status = 'cancelada' where id = ${id} and stamp_status = 'timbrada' returning id`);
  return rows.length > 0;
}

/** The PAC refused the cancellation for good: the receipt is timbrada again, its request gone. */
export async function undoReceiptCancellation(ex: Executor, receiptId: number, cfdiId: number): Promise<void> {
  await ex.execute(sql`delete from rh_payroll_receipt_cfdis where id = ${cfdiId} and status = 'por_cancelar'`);
  await ex.execute(sql`update rh_payroll_employees set stamp_status = 'timbrada' where id = ${receiptId} and stamp_status = 'cancelada'`);
}

/** The lines one receipt carries now (the correction keeps the convenio and computed ones as closed). */
export async function replaceEmployeeLines(ex: Executor, payrollEmployeeId: number, lines: NewLine[]): Promise<void> {
  await ex.execute(sql`delete from rh_payroll_lines where payroll_employee_id = ${payrollEmployeeId}`);
  await insertLines(ex, lines);
}

/** A corrected receipt waits for its new stamp: the payroll is not stamped in full until it is. */
export async function reopenStamping(ex: Executor, payrollId: number): Promise<void> {
  await ex.execute(sql`update rh_payrolls set stamping_completed_at = null where id = ${payrollId}`);
}

/** A closed payroll's totals again from its receipts, after one was corrected. */
export async function refreshPayrollTotals(ex: Executor, payrollId: number): Promise<void> {
  await ex.execute(
    sql`update rh_payrolls p set perceptions = t.perceptions, deductions = t.deductions, other_payments = t.other, net = t.net, version = p.version + 1
        from (select coalesce(sum(perceptions), 0) as perceptions, coalesce(sum(deductions), 0) as deductions, coalesce(sum(other_payments), 0) as other,
                coalesce(sum(net), 0) as net from rh_payroll_employees where payroll_id = ${payrollId}) t
        where p.id = ${payrollId}`,
  );
}

/** The demo company's IMSS data for the CFDI de nómina (company_profile; Ventas › Datos del emisor edits it). */
export async function setCompanyNominaData(ex: Executor, v: { registroPatronal: string | null; riesgoPuesto: string | null }): Promise<void> {
  await ex.execute(sql`update company_profile set registro_patronal = ${v.registroPatronal}, riesgo_puesto = ${v.riesgoPuesto} where id = 1`);
}

/** The stamped XML of a payroll's receipts (or one employee's), by payroll employee, cancelled ones too: what the printed receipts show. */
export async function stampedReceiptXmls(ex: Executor, payrollId: number, employeeId: number | null = null): Promise<Map<number, { xml: string; sandbox: boolean }>> {
  const rows = await queryRows<{ id: number; xml: string; sandbox: boolean | null }>(
    ex,
    sql`select id, cfdi_xml as xml, stamp_sandbox as sandbox from rh_payroll_employees
        where payroll_id = ${payrollId} and stamp_status in ('timbrada', 'cancelada') ${employeeId ? sql`and employee_id = ${employeeId}` : sql``}`,
  );
  return new Map(rows.map((r) => [r.id, { xml: r.xml, sandbox: r.sandbox === true }]));
}

// ---- overtime taken from the crew days of service orders (issue 28) ------------------------

export type OvertimeSourceRow = { id: number; payrollEmployeeId: number; orderId: number; orderFolio: number; date: string; doubleHours: string; tripleHours: string };
export type NewOvertimeSource = Omit<OvertimeSourceRow, 'id'> & { crewHoursId: number; employeeId: number };

/** Stores the sources; a crew-day row another payroll already took is skipped (unique crew_hours_id). Answers the rows stored. */
export async function insertOvertimeSources(ex: Executor, rows: readonly NewOvertimeSource[]): Promise<number[]> {
  const stored: number[] = [];
  for (const part of chunks([...rows])) {
    const values = sql.join(
      part.map((r) => sql`(${r.payrollEmployeeId}, ${r.crewHoursId}, ${r.employeeId}, ${r.date}, ${r.orderId}, ${r.orderFolio}, ${r.doubleHours}, ${r.tripleHours})`),
      sql`, `,
    );
    const ids = await queryRows<{ crewHoursId: number }>(
      ex,
      sql`insert into rh_payroll_overtime_sources (payroll_employee_id, crew_hours_id, employee_id, date, order_id, order_folio, double_hours, triple_hours)
          values ${values} on conflict (crew_hours_id) do nothing returning crew_hours_id as "crewHoursId"`,
    );
    stored.push(...ids.map((r) => Number(r.crewHoursId)));
  }
  return stored;
}

/** Double hours payrolls already took from crew days of these employees between two dates (for the weekly nine). */
export async function overtimeTakenBetween(ex: Executor, employeeIds: readonly number[], from: string, to: string): Promise<{ employeeId: number; date: string; doubleHours: string }[]> {
  if (!employeeIds.length) return [];
  return queryRows(
    ex,
    sql`select employee_id as "employeeId", date::text as date, double_hours::text as "doubleHours" from rh_payroll_overtime_sources
        where employee_id in ${idList(employeeIds)} and date between ${from} and ${to}`,
  );
}

/** Adds taken hours to an employee's incidencias. */
/**
 * Adds crew overtime to a receipt's incidencias: its hours, and the days they were worked (the CFDI's HorasExtra Dias),
 * never more than the period's days.
 */
export async function addOvertimeHours(ex: Executor, payrollEmployeeId: number, o: { doubleHours: string; tripleHours: string; doubleDays: number; tripleDays: number; periodDays: number }): Promise<void> {
  await ex.execute(
    sql`update rh_payroll_employees set overtime_double_hours = overtime_double_hours + ${o.doubleHours}, overtime_triple_hours = overtime_triple_hours + ${o.tripleHours},
          overtime_double_days = least(overtime_double_days + ${o.doubleDays}, ${o.periodDays}), overtime_triple_days = least(overtime_triple_days + ${o.tripleDays}, ${o.periodDays})
        where id = ${payrollEmployeeId}`,
  );
}

export async function overtimeSourcesOf(ex: Executor, payrollEmployeeIds: readonly number[]): Promise<OvertimeSourceRow[]> {
  if (!payrollEmployeeIds.length) return [];
  return queryRows<OvertimeSourceRow>(
    ex,
    sql`select id, payroll_employee_id as "payrollEmployeeId", order_id as "orderId", order_folio as "orderFolio", date::text as date,
          double_hours::text as "doubleHours", triple_hours::text as "tripleHours"
        from rh_payroll_overtime_sources where payroll_employee_id in ${idList(payrollEmployeeIds)} order by date, order_folio, id`,
  );
}
