// Registros patronales and the state payroll tax (Configuración RH), the
// employer quotas of each ordinary payroll (computed at calculation with the
// calculator of schema/rh/employerQuotas.ts and stored per payroll employee)
// and their bimester view (issue 27; MX_FISCAL «Employer quotas»).
// Registro: 11 letters or digits (as the company profile), unique; its premium
// within the legal min/max of the current year's fiscal tables. Every write is
// versioned and audited in its own transaction.
import { writeAudit } from '../../../db/audit';
import { isUniqueViolation, type Executor } from '../../../db/database';
import { actorOf, type RequestContext } from '../../../context';
import { badInput, conflict, found, notFound, type FieldMessages } from '../../../lib/errors';
import { readList, type ListInput } from '../../../lib/list';
import { parseInput, rules, z } from '../../../lib/validation';
import { isIsoDate, todayMx } from '../../../../schema/dates';
import { dec, money } from '../../../../schema/money';
import { CalculatorInputError } from '../../../../schema/rh/benefits';
import { FiscalError, type FiscalYearSet } from '../../../../schema/rh/fiscal';
import { employerCost, type EmployerQuotaSet } from '../../../../schema/rh/employerQuotas';
import { bimesterMonths, EMPLOYER_REGISTRATION_MSG as MSG, payrollTaxRateOn, riskPremiumInRange, statePayrollTax, totalsOf } from '../../../../schema/rh/employerRegistrations';
import { ESTADOS, REGISTRO_PATRONAL_RE, RIESGOS_PUESTO } from '../../../../schema/rh/satNomina';
import { loadEmployerQuotaSets } from '../fiscal/service';
import * as data from './data';

export const REGISTRATION_MSG = {
  registroPatronal: 'Registro patronal no válido: 11 letras o dígitos, como en la tarjeta del IMSS (p. ej. Y5012345105).',
  registroTaken: 'Ya existe ese registro patronal.',
  riesgoPuesto: 'Elige la clase de riesgo de trabajo del catálogo del SAT.',
  hasEmployees: (n: number) => `El registro tiene ${n} ${n === 1 ? 'empleado activo' : 'empleados activos'}; cámbialos de registro antes de desactivarlo.`,
  noQuotaYear: 'No hay cuotas patronales cargadas en las tablas fiscales para validar la prima.',
  rateTaken: 'Ya hay una tasa de esa entidad con esa fecha de inicio.',
  registrationMissing: 'El registro patronal no existe.',
  noRegistration: 'El empleado no tiene registro patronal: da de alta uno en Configuración RH › Registros patronales.',
  noRate: 'Sin tasa de impuesto sobre nóminas capturada para la entidad en la fecha de pago.',
} as const;

const db = (ctx: RequestContext) => ctx.app.database.db;
const bool = () => z.boolean({ error: 'Este campo es obligatorio.' });
const stateCode = () => z.string({ error: 'Este campo es obligatorio.' }).trim().toUpperCase().refine((v) => ESTADOS.some((e) => e.code === v), MSG.state);

const registrationInput = z.object({
  registro: z
    .string({ error: 'Este campo es obligatorio.' })
    .trim()
    .toUpperCase()
    .refine((v) => REGISTRO_PATRONAL_RE.test(v), REGISTRATION_MSG.registroPatronal),
  name: rules.requiredText(80),
  state: stateCode(),
  riskPremiumPercent: z
    .string({ error: 'Este campo es obligatorio.' })
    .trim()
    .refine((v) => /^\d{1,2}(\.\d{1,5})?$/.test(v), MSG.riskPremiumFormat),
  riskClass: z
    .string({ error: 'Este campo es obligatorio.' })
    .trim()
    .refine((v) => RIESGOS_PUESTO.some((r) => r.code === v), REGISTRATION_MSG.riesgoPuesto),
  active: bool(),
});

/** The premium's legal range of the current year (the latest year shipped when the current one is not). */
async function premiumRangeErrors(premium: string): Promise<FieldMessages> {
  const sets = await loadEmployerQuotaSets();
  const year = Number(todayMx().slice(0, 4));
  const set = sets.find((s) => s.year === year) ?? [...sets].sort((a, b) => b.year - a.year)[0];
  if (!set) return { riskPremiumPercent: REGISTRATION_MSG.noQuotaYear };
  return riskPremiumInRange(premium, set.riskPremium) ? {} : { riskPremiumPercent: MSG.riskPremiumRange(set.riskPremium.minPercent, set.riskPremium.maxPercent, set.year) };
}

async function guardUnique<T>(work: () => Promise<T>, constraint: string, fields: FieldMessages): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (isUniqueViolation(err, constraint)) throw badInput(fields);
    throw err;
  }
}

export const listRegistrations = (ctx: RequestContext, list: ListInput | null | undefined, active: boolean | null | undefined) =>
  data.listRegistrations(db(ctx), readList(list, data.REGISTRATION_SORTS, 'registro'), { active: active ?? null });

export const allRegistrations = (ctx: RequestContext) => data.allRegistrations(db(ctx));

export async function createRegistration(ctx: RequestContext, input: unknown) {
  const v = parseInput(registrationInput, input);
  const fields = await premiumRangeErrors(v.riskPremiumPercent);
  if (Object.keys(fields).length) throw badInput(fields);
  const id = await guardUnique(
    () =>
      db(ctx).transaction(async (tx) => {
        if (await data.registroTaken(tx, v.registro)) throw badInput({ registro: REGISTRATION_MSG.registroTaken });
        const newId = await data.insertRegistration(tx, v);
        await writeAudit(tx, actorOf(ctx), { entity: 'rh_employer_registration', entityId: newId, action: 'create', after: v });
        return newId;
      }),
    'rh_employer_registrations_registro_uq',
    { registro: REGISTRATION_MSG.registroTaken },
  );
  return found(await data.findRegistration(db(ctx), id), 'El registro patronal');
}

export async function updateRegistration(ctx: RequestContext, id: string, version: number, input: unknown) {
  const v = parseInput(registrationInput, input);
  const regId = Number(id);
  const fields = await premiumRangeErrors(v.riskPremiumPercent);
  if (Object.keys(fields).length) throw badInput(fields);
  await guardUnique(
    () =>
      db(ctx).transaction(async (tx) => {
        const before = await data.findRegistration(tx, regId);
        if (!before) throw notFound('El registro patronal');
        if (before.version !== version) throw conflict();
        const errors: FieldMessages = {};
        if (await data.registroTaken(tx, v.registro, regId)) errors.registro = REGISTRATION_MSG.registroTaken;
        if (before.active && !v.active) {
          const n = await data.employeesExplicitlyIn(tx, regId);
          if (n > 0) errors.active = REGISTRATION_MSG.hasEmployees(n);
        }
        if (Object.keys(errors).length) throw badInput(errors);
        if (!(await data.updateRegistration(tx, regId, version, v))) throw conflict();
        await writeAudit(tx, actorOf(ctx), { entity: 'rh_employer_registration', entityId: regId, action: 'update', before, after: v });
      }),
    'rh_employer_registrations_registro_uq',
    { registro: REGISTRATION_MSG.registroTaken },
  );
  return found(await data.findRegistration(db(ctx), regId), 'El registro patronal');
}

// ---- impuesto sobre nóminas -----------------------------------------------------------------

const rateInput = z.object({
  state: stateCode(),
  ratePercent: z
    .string({ error: 'Este campo es obligatorio.' })
    .trim()
    .refine((v) => /^\d{1,3}(\.\d{1,4})?$/.test(v) && dec(v).lte(100), MSG.isnRate),
  effectiveFrom: z.string({ error: 'La fecha es obligatoria.' }).refine(isIsoDate, 'Fecha no válida.'),
  notes: rules
    .optionalText(300)
    .nullish()
    .transform((v) => v ?? ''),
});

export const payrollTaxRates = (ctx: RequestContext) => data.allPayrollTaxRates(db(ctx));

export async function savePayrollTaxRate(ctx: RequestContext, id: string | null, version: number | null, input: unknown) {
  const v = parseInput(rateInput, input);
  const rateId = await guardUnique(
    () =>
      db(ctx).transaction(async (tx) => {
        if (id === null) {
          if (await data.payrollTaxRateTaken(tx, v.state, v.effectiveFrom)) throw badInput({ effectiveFrom: REGISTRATION_MSG.rateTaken });
          const newId = await data.insertPayrollTaxRate(tx, v);
          await writeAudit(tx, actorOf(ctx), { entity: 'rh_state_payroll_tax_rate', entityId: newId, action: 'create', after: v });
          return newId;
        }
        const existing = Number(id);
        const before = await data.findPayrollTaxRate(tx, existing);
        if (!before) throw notFound('La tasa');
        if (before.version !== version) throw conflict();
        if (await data.payrollTaxRateTaken(tx, v.state, v.effectiveFrom, existing)) throw badInput({ effectiveFrom: REGISTRATION_MSG.rateTaken });
        if (!(await data.updatePayrollTaxRate(tx, existing, version, v))) throw conflict();
        await writeAudit(tx, actorOf(ctx), { entity: 'rh_state_payroll_tax_rate', entityId: existing, action: 'update', before, after: v });
        return existing;
      }),
    'rh_state_payroll_tax_rates_uq',
    { effectiveFrom: REGISTRATION_MSG.rateTaken },
  );
  return found(await data.findPayrollTaxRate(db(ctx), rateId), 'La tasa');
}

// ---- employer quotas of a payroll ------------------------------------------------------------

/** One calculated employee as the payroll's calculation hands it over. */
export type QuotaSubject = {
  payrollEmployeeId: number;
  employeeId: number;
  sbcDaily: string;
  paidDays: string;
  /** IMSS quota days (the period's calendar days less the days not paid): what every branch is charged on. */
  imssDays: string;
  /** IMSS incapacity days in the period: retiro and INFONAVIT are still charged on them. */
  incapacityDays?: number;
  taxable: string;
  wageZone?: 'general' | 'frontera' | null;
};

const ZERO_AMOUNTS = Object.fromEntries(data.QUOTA_AMOUNTS.map((k) => [k, '0.00'])) as Record<data.QuotaAmount, string>;

/**
 * Inside the calculation's transaction: each employee's employer quotas (SBC = the payroll's SDI, days = the
 * IMSS quota days, the premium of the employee's registro) and the state payroll tax on the taxable perceptions
 * (the registro's state, the rate in force on the payment date); replaces what the payroll stored before.
 */
export async function storePayrollQuotas(tx: Executor, payroll: { id: number; paymentDate: string }, sets: readonly FiscalYearSet[], subjects: readonly QuotaSubject[]): Promise<void> {
  const quotaSets: EmployerQuotaSet[] = await loadEmployerQuotaSets();
  const registrations = await data.registrationsOfEmployees(
    tx,
    subjects.map((s) => s.employeeId),
  );
  const rates = await data.allPayrollTaxRates(tx);
  const rows: data.NewQuota[] = subjects.map((s) => {
    const reg = registrations.get(s.employeeId);
    const base: data.NewQuota = {
      ...ZERO_AMOUNTS,
      payrollEmployeeId: s.payrollEmployeeId,
      payrollId: payroll.id,
      registrationId: reg?.registrationId ?? null,
      state: reg?.state ?? null,
      sbc: money(s.sbcDaily),
      days: dec(s.imssDays).toFixed(2),
      riskPremiumPercent: reg?.riskPremiumPercent ?? null,
      cesantiaVejezRate: null,
      isnRatePercent: null,
      problem: null,
    };
    if (!reg?.registrationId || !reg.riskPremiumPercent) return { ...base, problem: REGISTRATION_MSG.noRegistration };
    const rate = payrollTaxRateOn(rates, reg.state, payroll.paymentDate);
    const isn = rate ? { isnBase: money(s.taxable), isnRatePercent: rate.ratePercent, isn: statePayrollTax(s.taxable, rate.ratePercent) } : { isnBase: money(s.taxable) };
    if (!dec(s.imssDays).gt(0) && !s.incapacityDays) return { ...base, ...isn };
    try {
      const r = employerCost(sets, quotaSets, { paymentDate: payroll.paymentDate, sbcDaily: s.sbcDaily, days: dec(s.imssDays).toNumber(), incapacityDays: s.incapacityDays ?? 0, riskPremiumPercent: reg.riskPremiumPercent, wageZone: s.wageZone ?? null });
      return {
        ...base,
        ...isn,
        sbc: r.sbc,
        cesantiaVejezRate: r.cesantiaVejezRate,
        emCuotaFija: r.emCuotaFija,
        emExcedente: r.emExcedente,
        emPrestacionesDinero: r.emPrestacionesDinero,
        emGastosMedicosPensionados: r.emGastosMedicosPensionados,
        invalidezVida: r.invalidezVida,
        guarderiasPrestacionesSociales: r.guarderiasPrestacionesSociales,
        riesgoTrabajo: r.riesgoTrabajo,
        retiro: r.retiro,
        cesantiaVejez: r.cesantiaVejez,
        infonavit: r.infonavit,
        total: r.total,
      };
    } catch (err) {
      if (err instanceof CalculatorInputError) return { ...base, ...isn, problem: Object.values(err.fields).join(' ') };
      if (err instanceof FiscalError) return { ...base, ...isn, problem: `Sin cuotas patronales en las tablas fiscales de la fecha de pago (${err.message}).` };
      throw err;
    }
  });
  await data.replacePayrollQuotas(tx, payroll.id, rows);
}

/** Quotas of payrolls that store none (aguinaldo, extraordinaria): nothing left behind. */
export const clearPayrollQuotas = (tx: Executor, payrollId: number) => data.deletePayrollQuotas(tx, payrollId);

const PAYROLL_TOTAL_KEYS = data.QUOTA_AMOUNTS;

export async function payrollEmployerQuotas(ctx: RequestContext, payrollId: string) {
  const rows = await data.payrollQuotas(db(ctx), Number(payrollId));
  return { rows, totals: totalsOf(rows, PAYROLL_TOTAL_KEYS) };
}

// ---- bimester -------------------------------------------------------------------------------

export const bimesterInput = z.object({
  year: z.number({ error: 'Este campo es obligatorio.' }).int('Año no válido.').min(2000, 'Año no válido.').max(2100, 'Año no válido.'),
  bimester: z.number({ error: 'Este campo es obligatorio.' }).int(MSG.bimester).min(1, MSG.bimester).max(6, MSG.bimester),
  registrationId: rules.id(),
});

const BIMESTER_KEYS = ['days1', 'em1', 'iv1', 'gps1', 'rt1', 'days2', 'em2', 'iv2', 'gps2', 'rt2', 'retiro', 'cesantiaVejez', 'infonavit', 'isn'] as const;

export async function bimester(ctx: RequestContext, args: { year: number; bimester: number; registrationId: string }) {
  const v = parseInput(bimesterInput, args);
  const reg = await data.findRegistration(db(ctx), v.registrationId);
  if (!reg) throw badInput({ registrationId: REGISTRATION_MSG.registrationMissing });
  const months = bimesterMonths(v.bimester);
  const rows = (await data.bimesterQuotas(db(ctx), v.registrationId, v.year, months)).map((r) => ({
    ...r,
    days1: dec(r.days1).toFixed(2),
    days2: dec(r.days2).toFixed(2),
    monthly1: money(dec(r.em1).plus(r.iv1).plus(r.gps1).plus(r.rt1)),
    monthly2: money(dec(r.em2).plus(r.iv2).plus(r.gps2).plus(r.rt2)),
    bimonthly: money(dec(r.retiro).plus(r.cesantiaVejez).plus(r.infonavit)),
  }));
  const totals = totalsOf(rows, [...BIMESTER_KEYS, 'monthly1', 'monthly2', 'bimonthly']);
  return { registration: reg, year: v.year, bimester: v.bimester, months, rows, totals };
}

/** The demo registro and ISN rate (Nóminas' demo seed calls it after the company's registro is set). */
export { seedEmployerDemo } from './seed';
