// SQL shared by the data layers of RH's features (payroll, agreements,
// settings): they import it as ../data, the way they import ../tables.
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/database';

/** "PÉREZ LÓPEZ JUAN": surnames then names, as payroll lists people. */
export const employeeNameSql = (alias: string): SQL => sql.raw(`concat_ws(' ', ${alias}.last_name, nullif(${alias}.second_last_name, ''), ${alias}.names)`);

/** The folio or name parts of RH's audited records (labels in ./contributions). */
export const referenceParts = {
  rh_fiscal_year: (id: SQL) => sql`(select json_build_object('folio', x.year) from rh_fiscal_years x where x.year = ${id})`,
  rh_workplace: (id: SQL) => sql`(select json_build_object('name', x.code) from rh_workplaces x where x.id = ${id})`,
  rh_employer_registration: (id: SQL) => sql`(select json_build_object('name', x.registro || ' ' || x.name) from rh_employer_registrations x where x.id = ${id})`,
  rh_state_payroll_tax_rate: (id: SQL) => sql`(select json_build_object('name', x.state || ' desde ' || to_char(x.effective_from, 'DD/MM/YYYY')) from rh_state_payroll_tax_rates x where x.id = ${id})`,
  rh_imss_movement: (id: SQL) => sql`(select json_build_object('name', x.employee_number || ' ' || x.type || ' ' || to_char(x.effective_date, 'DD/MM/YYYY')) from rh_imss_movements x where x.id = ${id})`,
  // The bimonthly SBC update is audited once per bimester, as year × 10 + bimester (20265: Sep–Oct 2026).
  rh_sbc_update: (id: SQL) => sql`(select json_build_object('name', 'bimestre ' || (${id} % 10)::text || ' de ' || (${id} / 10)::text) where ${id} % 10 between 1 and 6)`,
  rh_concept: (id: SQL) => sql`(select json_build_object('name', x.code || ' ' || x.name) from rh_concepts x where x.id = ${id})`,
  rh_employee: (id: SQL) => sql`(select json_build_object('name', x.number || ' · ' || x.last_name || ' ' || x.second_last_name || ' ' || x.names) from rh_employees x where x.id = ${id})`,
  rh_vacation_request: (id: SQL) => sql`(select json_build_object('folio', x.folio, 'name', e.last_name || ' ' || e.names) from rh_vacation_requests x join rh_employees e on e.id = x.employee_id where x.id = ${id})`,
  rh_incapacity: (id: SQL) => sql`(select json_build_object('folio', x.folio, 'name', e.last_name || ' ' || e.names) from rh_incapacities x join rh_employees e on e.id = x.employee_id where x.id = ${id})`,
  rh_agreement: (id: SQL) => sql`(select json_build_object('folio', x.folio, 'name', e.last_name || ' ' || e.names) from rh_agreements x join rh_employees e on e.id = x.employee_id where x.id = ${id})`,
  rh_payroll: (id: SQL) => sql`(select json_build_object('folio', x.folio, 'name', to_char(x.period_start, 'DD/MM/YYYY') || ' al ' || to_char(x.period_end, 'DD/MM/YYYY')) from rh_payrolls x where x.id = ${id})`,
};

export type FiscalYearRow = {
  year: number;
  minimumWageValidFrom: string;
  minimumWageGeneral: string;
  minimumWageBorder: string;
  aguinaldoDays: number;
  vacationPremiumPercent: string;
  vacationDays: { fromYear: number; toYear: number; days: number }[];
};

/** The fiscal year in force on `date`: the latest whose minimum wage started on or before it (else the earliest loaded). */
/** The SBC ceiling on a date (LSS art. 28): the UMA in force then × the year's cap in UMA; null without tables. */
export async function sbcCapOn(ex: Executor, date: string): Promise<string | null> {
  const rows = await queryRows<{ cap: string }>(
    ex,
    sql`select (u.daily * y.sbc_cap_uma)::text as cap
      from rh_uma_values u join rh_fiscal_years y on y.year = u.year
      where u.valid_from <= ${date}::date order by u.valid_from desc limit 1`,
  );
  return rows[0]?.cap ?? null;
}

export async function fiscalYearOn(ex: Executor, date: string): Promise<FiscalYearRow | null> {
  const rows = await queryRows<FiscalYearRow>(
    ex,
    sql`select year, minimum_wage_valid_from::text as "minimumWageValidFrom", minimum_wage_general::text as "minimumWageGeneral",
        minimum_wage_border::text as "minimumWageBorder", aguinaldo_days as "aguinaldoDays", vacation_premium_percent::text as "vacationPremiumPercent",
        vacation_days as "vacationDays"
      from rh_fiscal_years
      order by case when minimum_wage_valid_from <= ${date}::date then 0 else 1 end, case when minimum_wage_valid_from <= ${date}::date then year end desc nulls last, year
      limit 1`,
  );
  return rows[0] ?? null;
}
