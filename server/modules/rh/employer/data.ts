// Registros patronales, state payroll tax rates and the employer quotas stored
// per payroll employee (issue 27): every SQL statement of the feature. The
// bimester report adds the stored figures of the closed ordinary payrolls in
// SQL, per employee and month.
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from '../../../db/database';
import { likePattern, listPage, orderBy, type ListQuery } from '../../../lib/list';
import { employeeNameSql } from '../data';

const updated = async (ex: Executor, query: SQL): Promise<boolean> => (await queryRows<{ id: number }>(ex, query)).length === 1;

// ---- registros patronales --------------------------------------------------------------

export type RegistrationRow = {
  id: number;
  registro: string;
  name: string;
  state: string | null;
  riskPremiumPercent: string;
  riskClass: string;
  active: boolean;
  employeeCount: number;
  version: number;
};
export type RegistrationValues = { registro: string; name: string; state: string; riskPremiumPercent: string; riskClass: string; active: boolean };

export const REGISTRATION_SORTS = ['registro', 'name', 'state', 'riskPremiumPercent', 'employeeCount'] as const;
export type RegistrationSort = (typeof REGISTRATION_SORTS)[number];

// Employees without a registro of their own count under the first active one (their default).
const firstActive = sql`(select f.id from rh_employer_registrations f where f.active order by f.id limit 1)`;
const registrationEmployeeCount = sql`(select count(*) from rh_employees e where e.status = 'activo' and coalesce(e.employer_registration_id, ${firstActive}) = r.id)::int`;
const registrationSelect = sql`select r.id, r.registro, r.name, r.state, r.risk_premium_percent::text as "riskPremiumPercent", r.risk_class as "riskClass", r.active,
  ${registrationEmployeeCount} as "employeeCount", r.version`;

export async function listRegistrations(ex: Executor, q: ListQuery<RegistrationSort>, f: { active: boolean | null }) {
  const conds: SQL[] = [];
  if (q.search) conds.push(sql`(r.registro ilike ${likePattern(q.search)} or r.name ilike ${likePattern(q.search)})`);
  if (f.active !== null) conds.push(sql`r.active = ${f.active}`);
  const col = { registro: sql`r.registro`, name: sql`lower(r.name)`, state: sql`r.state`, riskPremiumPercent: sql`r.risk_premium_percent`, employeeCount: registrationEmployeeCount }[q.sortBy];
  return listPage<RegistrationRow>(ex, registrationSelect, sql`from rh_employer_registrations r`, conds, orderBy(col, q.desc, sql`r.id`), q);
}

export async function findRegistration(ex: Executor, id: number): Promise<RegistrationRow | null> {
  const rows = await queryRows<RegistrationRow>(ex, sql`${registrationSelect} from rh_employer_registrations r where r.id = ${id}`);
  return rows[0] ?? null;
}

export async function allRegistrations(ex: Executor): Promise<RegistrationRow[]> {
  return queryRows<RegistrationRow>(ex, sql`${registrationSelect} from rh_employer_registrations r order by r.active desc, r.id`);
}

export async function registroTaken(ex: Executor, registro: string, exceptId?: number): Promise<boolean> {
  const rows = await queryRows<{ x: number }>(ex, sql`select 1 as x from rh_employer_registrations where registro = ${registro} ${exceptId ? sql`and id <> ${exceptId}` : sql``} limit 1`);
  return rows.length > 0;
}

export async function insertRegistration(ex: Executor, v: RegistrationValues): Promise<number> {
  const rows = await queryRows<{ id: number }>(
    ex,
    sql`insert into rh_employer_registrations (registro, name, state, risk_premium_percent, risk_class, active)
        values (${v.registro}, ${v.name}, ${v.state}, ${v.riskPremiumPercent}, ${v.riskClass}, ${v.active}) returning id`,
  );
  return rows[0].id;
}

export const updateRegistration = (ex: Executor, id: number, version: number, v: RegistrationValues) =>
  updated(
    ex,
    sql`update rh_employer_registrations set registro = ${v.registro}, name = ${v.name}, state = ${v.state}, risk_premium_percent = ${v.riskPremiumPercent},
          risk_class = ${v.riskClass}, active = ${v.active}, version = version + 1 where id = ${id} and version = ${version} returning id`,
  );

export async function employeesExplicitlyIn(ex: Executor, registrationId: number): Promise<number> {
  const rows = await queryRows<{ n: number }>(ex, sql`select count(*)::int as n from rh_employees where employer_registration_id = ${registrationId} and status = 'activo'`);
  return rows[0].n;
}

/** Registro data for the payroll calculation: each employee's own registro, else the first active one. */
export type EmployeeRegistration = { employeeId: number; registrationId: number | null; state: string | null; riskPremiumPercent: string | null };

export async function registrationsOfEmployees(ex: Executor, employeeIds: readonly number[]): Promise<Map<number, EmployeeRegistration>> {
  if (!employeeIds.length) return new Map();
  const rows = await queryRows<EmployeeRegistration>(
    ex,
    sql`select e.id as "employeeId", r.id as "registrationId", r.state, r.risk_premium_percent::text as "riskPremiumPercent"
        from rh_employees e left join rh_employer_registrations r on r.id = coalesce(e.employer_registration_id, ${firstActive})
        where e.id in (${sql.join(
          employeeIds.map((id) => sql`${id}`),
          sql`, `,
        )})`,
  );
  return new Map(rows.map((r) => [r.employeeId, r]));
}

// ---- impuesto sobre nóminas -------------------------------------------------------------

export type PayrollTaxRateRow = { id: number; state: string; ratePercent: string; effectiveFrom: string; notes: string; version: number };
export type PayrollTaxRateValues = { state: string; ratePercent: string; effectiveFrom: string; notes: string };

const rateSelect = sql`select id, state, rate_percent::text as "ratePercent", effective_from::text as "effectiveFrom", notes, version from rh_state_payroll_tax_rates`;

export const allPayrollTaxRates = (ex: Executor) => queryRows<PayrollTaxRateRow>(ex, sql`${rateSelect} order by state, effective_from desc, id`);

export async function findPayrollTaxRate(ex: Executor, id: number): Promise<PayrollTaxRateRow | null> {
  const rows = await queryRows<PayrollTaxRateRow>(ex, sql`${rateSelect} where id = ${id}`);
  return rows[0] ?? null;
}

export async function payrollTaxRateTaken(ex: Executor, state: string, effectiveFrom: string, exceptId?: number): Promise<boolean> {
  const rows = await queryRows<{ x: number }>(
    ex,
    sql`select 1 as x from rh_state_payroll_tax_rates where state = ${state} and effective_from = ${effectiveFrom} ${exceptId ? sql`and id <> ${exceptId}` : sql``} limit 1`,
  );
  return rows.length > 0;
}

export async function insertPayrollTaxRate(ex: Executor, v: PayrollTaxRateValues): Promise<number> {
  const rows = await queryRows<{ id: number }>(
    ex,
    sql`insert into rh_state_payroll_tax_rates (state, rate_percent, effective_from, notes) values (${v.state}, ${v.ratePercent}, ${v.effectiveFrom}, ${v.notes}) returning id`,
  );
  return rows[0].id;
}

export const updatePayrollTaxRate = (ex: Executor, id: number, version: number, v: PayrollTaxRateValues) =>
  updated(
    ex,
    sql`update rh_state_payroll_tax_rates set state = ${v.state}, rate_percent = ${v.ratePercent}, effective_from = ${v.effectiveFrom}, notes = ${v.notes}, version = version + 1
        where id = ${id} and version = ${version} returning id`,
  );

// ---- employer quotas per payroll ---------------------------------------------------------

export const QUOTA_AMOUNTS = [
  'emCuotaFija',
  'emExcedente',
  'emPrestacionesDinero',
  'emGastosMedicosPensionados',
  'invalidezVida',
  'guarderiasPrestacionesSociales',
  'riesgoTrabajo',
  'retiro',
  'cesantiaVejez',
  'infonavit',
  'total',
  'isnBase',
  'isn',
] as const;
export type QuotaAmount = (typeof QUOTA_AMOUNTS)[number];

export type NewQuota = Record<QuotaAmount, string> & {
  payrollEmployeeId: number;
  payrollId: number;
  registrationId: number | null;
  state: string | null;
  sbc: string;
  days: string;
  riskPremiumPercent: string | null;
  cesantiaVejezRate: string | null;
  isnRatePercent: string | null;
  problem: string | null;
};

const column = (k: string) => k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

export async function replacePayrollQuotas(ex: Executor, payrollId: number, rows: readonly NewQuota[]): Promise<void> {
  await ex.execute(sql`delete from rh_payroll_employer_quotas where payroll_id = ${payrollId}`);
  if (!rows.length) return;
  const keys = ['payrollEmployeeId', 'payrollId', 'registrationId', 'state', 'sbc', 'days', 'riskPremiumPercent', 'cesantiaVejezRate', 'isnRatePercent', 'problem', ...QUOTA_AMOUNTS] as const;
  const cols = sql.raw(keys.map(column).join(', '));
  const values = sql.join(
    rows.map((r) => sql`(${sql.join(keys.map((k) => sql`${r[k]}`), sql`, `)})`),
    sql`, `,
  );
  await ex.execute(sql`insert into rh_payroll_employer_quotas (${cols}) values ${values}`);
}

/** Clears the quotas of a payroll recalculated as a kind that stores none (defensive; kinds never change). */
export async function deletePayrollQuotas(ex: Executor, payrollId: number): Promise<void> {
  await ex.execute(sql`delete from rh_payroll_employer_quotas where payroll_id = ${payrollId}`);
}

export type PayrollQuotaRow = Omit<NewQuota, 'payrollId'> & { employeeId: number; employeeNumber: string; employeeName: string; registro: string | null };

const amountsSelect = (alias: string) => sql.raw(QUOTA_AMOUNTS.map((k) => `${alias}.${column(k)}::text as "${k}"`).join(', '));

export async function payrollQuotas(ex: Executor, payrollId: number): Promise<PayrollQuotaRow[]> {
  return queryRows<PayrollQuotaRow>(
    ex,
    sql`select q.payroll_employee_id as "payrollEmployeeId", pe.employee_id as "employeeId", pe.employee_number as "employeeNumber", pe.employee_name as "employeeName",
          q.registration_id as "registrationId", r.registro, q.state, q.sbc::text as sbc, q.days::text as days, q.risk_premium_percent::text as "riskPremiumPercent",
          q.cesantia_vejez_rate::text as "cesantiaVejezRate", q.isn_rate_percent::text as "isnRatePercent", q.problem, ${amountsSelect('q')}
        from rh_payroll_employer_quotas q join rh_payroll_employees pe on pe.id = q.payroll_employee_id
          left join rh_employer_registrations r on r.id = q.registration_id
        where q.payroll_id = ${payrollId}
        order by pe.employee_number, pe.id`,
  );
}

// ---- bimester ------------------------------------------------------------------------------

export type BimesterRow = {
  employeeId: number;
  employeeNumber: string;
  employeeName: string;
  days1: string;
  em1: string;
  iv1: string;
  gps1: string;
  rt1: string;
  days2: string;
  em2: string;
  iv2: string;
  gps2: string;
  rt2: string;
  retiro: string;
  cesantiaVejez: string;
  infonavit: string;
  isn: string;
  /** Σ SBC × días of the payrolls (the base of the SBC branches), for the reconciliation with SUA. */
  sbcDays: string;
  /** Faltas the payrolls discounted. */
  absences: string;
};

/**
 * The stored quotas of the closed ordinary payrolls of a registro whose period ends in the bimester's
 * months, added per employee: the monthly IMSS groups per month (by the period's end), the bimonthly
 * branches for the two months together.
 */
export async function bimesterQuotas(ex: Executor, registrationId: number, year: number, months: [number, number]): Promise<BimesterRow[]> {
  const em = sql`q.em_cuota_fija + q.em_excedente + q.em_prestaciones_dinero + q.em_gastos_medicos_pensionados`;
  const m = sql`extract(month from p.period_end)::int`;
  const inMonth = (month: number, expr: SQL) => sql`coalesce(sum(case when ${m} = ${month} then ${expr} end), 0)::numeric(18, 2)::text`;
  return queryRows<BimesterRow>(
    ex,
    sql`select e.id as "employeeId", e.number as "employeeNumber", ${employeeNameSql('e')} as "employeeName",
          ${inMonth(months[0], sql`q.days`)} as "days1", ${inMonth(months[0], em)} as em1, ${inMonth(months[0], sql`q.invalidez_vida`)} as iv1,
          ${inMonth(months[0], sql`q.guarderias_prestaciones_sociales`)} as gps1, ${inMonth(months[0], sql`q.riesgo_trabajo`)} as rt1,
          ${inMonth(months[1], sql`q.days`)} as "days2", ${inMonth(months[1], em)} as em2, ${inMonth(months[1], sql`q.invalidez_vida`)} as iv2,
          ${inMonth(months[1], sql`q.guarderias_prestaciones_sociales`)} as gps2, ${inMonth(months[1], sql`q.riesgo_trabajo`)} as rt2,
          sum(q.retiro)::text as retiro, sum(q.cesantia_vejez)::text as "cesantiaVejez", sum(q.infonavit)::text as infonavit, sum(q.isn)::text as isn,
          sum(q.sbc * q.days)::numeric(18, 2)::text as "sbcDays", sum(pe.absences)::text as absences
        from rh_payroll_employer_quotas q
          join rh_payrolls p on p.id = q.payroll_id
          join rh_payroll_employees pe on pe.id = q.payroll_employee_id
          join rh_employees e on e.id = pe.employee_id
        where q.registration_id = ${registrationId} and q.problem is null and p.status = 'cerrada' and p.kind in ('semanal', 'quincenal')
          and p.period_end >= make_date(${year}::int, ${months[0]}::int, 1) and p.period_end < (make_date(${year}::int, ${months[1]}::int, 1) + interval '1 month')
        group by e.id, e.number, e.last_name, e.second_last_name, e.names
        order by upper(e.number), e.id`,
  );
}

// ---- SUA ----------------------------------------------------------------------------------

const idList = (ids: readonly number[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

export type SuaWorkerRow = {
  employeeId: number;
  number: string;
  names: string;
  lastName: string;
  secondLastName: string;
  rfc: string;
  curp: string;
  nss: string;
  wageZone: 'general' | 'frontera';
  contractType: string | null;
  /** False for employees recorded before Movimientos IMSS existed: their history comes from the employment events. */
  hasMovements: boolean;
};

/**
 * The employees SUA knows under a registro up to a date: those with an affiliation movement under it, and
 * those without any movement at all (older data) whose registro (their own, else the first active one) is it.
 */
export async function suaWorkers(ex: Executor, registrationId: number, to: string): Promise<SuaWorkerRow[]> {
  const anyMovement = sql`exists (select 1 from rh_imss_movements x where x.employee_id = e.id)`;
  return queryRows<SuaWorkerRow>(
    ex,
    sql`select e.id as "employeeId", e.number, e.names, e.last_name as "lastName", e.second_last_name as "secondLastName", e.rfc, e.curp, e.nss,
          e.wage_zone as "wageZone", e.contract_type as "contractType", ${anyMovement} as "hasMovements"
        from rh_employees e
        where e.first_hire_date <= ${to}::date
          and (exists (select 1 from rh_imss_movements m where m.employee_id = e.id and m.employer_registration_id = ${registrationId} and m.effective_date <= ${to}::date)
            or (not ${anyMovement} and coalesce(e.employer_registration_id, ${firstActive}) = ${registrationId}))
        order by upper(e.number), e.id`,
  );
}

export type SuaMovementRow = { employeeId: number; type: 'alta' | 'baja' | 'modificacion'; date: string; sbc: string };

/** The employees' affiliation movements under the registro up to a date, in the order they happened. */
export async function suaMovements(ex: Executor, registrationId: number, employeeIds: readonly number[], to: string): Promise<SuaMovementRow[]> {
  if (!employeeIds.length) return [];
  return queryRows<SuaMovementRow>(
    ex,
    sql`select employee_id as "employeeId", type, effective_date::text as date, sbc::text as sbc from rh_imss_movements
        where employer_registration_id = ${registrationId} and employee_id in (${idList(employeeIds)}) and effective_date <= ${to}::date
        order by employee_id, effective_date, id`,
  );
}

export type SuaEventRow = { employeeId: number; event: 'alta' | 'reingreso' | 'salario' | 'baja'; date: string; dailySalary: string };

/** The employment history (alta, reingreso, salary changes, baja) of employees without affiliation movements. */
export async function suaEvents(ex: Executor, employeeIds: readonly number[], to: string): Promise<SuaEventRow[]> {
  if (!employeeIds.length) return [];
  return queryRows<SuaEventRow>(
    ex,
    sql`select employee_id as "employeeId", event, date::text as date, daily_salary::text as "dailySalary" from rh_employment_events
        where employee_id in (${idList(employeeIds)}) and event in ('alta', 'reingreso', 'salario', 'baja') and daily_salary is not null and date <= ${to}::date
        order by employee_id, date, id`,
  );
}

export type SuaIncapacityRow = { employeeId: number; folio: string; startDate: string; days: number };

/** Active incapacity certificates with a day inside [from, to]. */
export async function suaIncapacities(ex: Executor, employeeIds: readonly number[], from: string, to: string): Promise<SuaIncapacityRow[]> {
  if (!employeeIds.length) return [];
  return queryRows<SuaIncapacityRow>(
    ex,
    sql`select employee_id as "employeeId", folio, start_date::text as "startDate", days from rh_incapacities
        where status = 'activa' and employee_id in (${idList(employeeIds)}) and start_date <= ${to}::date and start_date + (days - 1) >= ${from}::date
        order by employee_id, start_date, id`,
  );
}

export type SuaCreditRow = { employeeId: number; reference: string; method: string; rate: string | null; installment: string | null; startDate: string };

/** Each employee's active INFONAVIT convenio (the latest when more than one). */
export async function suaCredits(ex: Executor, employeeIds: readonly number[]): Promise<SuaCreditRow[]> {
  if (!employeeIds.length) return [];
  return queryRows<SuaCreditRow>(
    ex,
    sql`select distinct on (employee_id) employee_id as "employeeId", reference, method, rate::text as rate, installment::text as installment, start_date::text as "startDate"
        from rh_agreements where kind = 'infonavit' and status = 'activo' and employee_id in (${idList(employeeIds)})
        order by employee_id, start_date desc, id desc`,
  );
}
