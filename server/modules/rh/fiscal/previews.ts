// The benefit calculators of the API (aguinaldo, vacaciones, finiquito, PTU,
// cuotas patronales): field formats checked here with Spanish messages, the
// rules in schema/rh/benefits.ts and schema/rh/employerQuotas.ts (the same
// functions the screens call), the figures from the fiscal tables by date.
import type { RequestContext } from '../../../context';
import { badInput } from '../../../lib/errors';
import { parseInput, z } from '../../../lib/validation';
import { isIsoDate } from '../../../../schema/dates';
import { dec } from '../../../../schema/money';
import { aguinaldo, BENEFIT_MSG, CalculatorInputError, ptu, SEPARATION_KINDS, separation, vacation } from '../../../../schema/rh/benefits';
import { employerCost, type EmployerQuotaSet } from '../../../../schema/rh/employerQuotas';
import { FiscalError } from '../../../../schema/rh/fiscal';
import * as data from './data';
import { shippedFiscalYears } from './seed';

const AMOUNT = 'Importe no válido (máximo 2 decimales, sin signo).';

/** A non-negative amount as decimal text with at most `places` decimals. */
const amount = (places = 2, message = AMOUNT) =>
  z
    .string({ error: 'Este campo es obligatorio.' })
    .trim()
    .refine((v) => new RegExp(`^\\d+(\\.\\d{1,${places}})?$`).test(v), message);
const positive = (message: string, places = 2) => amount(places, message).refine((v) => !/^\d/.test(v) || dec(v).gt(0), message);
const date = (message = 'Fecha no válida.') => z.string({ error: 'La fecha es obligatoria.' }).refine(isIsoDate, message);
const days = (max: number, message: string) => amount(2, message).refine((v) => !/^\d/.test(v) || dec(v).lte(max), message);
const wageZone = z.enum(['general', 'frontera']).nullish();
const SALARY = 'El salario diario debe ser mayor a cero (máximo 2 decimales).';

const aguinaldoInput = z.object({
  dailySalary: positive(SALARY),
  hireDate: date(),
  paymentDate: date(),
  aguinaldoDays: days(365, 'Días de aguinaldo de 15 a 365 (máximo 2 decimales).').refine((v) => !/^\d/.test(v) || dec(v).gte(15), 'La ley fija al menos 15 días de aguinaldo (art. 87 LFT).'),
  monthlyOrdinaryIncome: amount().nullish(),
  exemptUsedThisYear: amount(),
  wageZone,
});

const vacationInput = z.object({
  dailySalary: positive(SALARY),
  yearsOfServiceCompleted: z.number({ error: 'Este campo es obligatorio.' }).int('Años enteros.').min(1, BENEFIT_MSG.vacationYears).max(80, 'Máximo 80 años.'),
  primaRate: amount(4, 'Prima no válida (máximo 4 decimales, sin signo).').nullish(),
  primaExemptUsedThisYear: amount(),
  paymentDate: date(),
  wageZone,
});

const separationInput = z.object({
  kind: z.enum(SEPARATION_KINDS),
  hireDate: date(),
  separationDate: date(),
  dailySalary: positive(SALARY),
  salaryOwedDays: days(31, 'Días devengados de 0 a 31 (máximo 2 decimales).'),
  pendingVacationDaysFromPastYears: days(365, 'Días de vacaciones pendientes de 0 a 365 (máximo 2 decimales).'),
  aguinaldoExemptUsedThisYear: amount(),
  primaVacacionalExemptUsedThisYear: amount(),
  twentyDaysPerYear: z.boolean({ error: 'Indica si aplican los 20 días por año.' }),
  wageZone,
});

const ptuInput = z.object({
  amount: positive('El monto de PTU debe ser mayor a cero (máximo 2 decimales).'),
  paymentDate: date(),
  workers: z
    .array(
      z.object({
        key: z.string({ error: 'Este campo es obligatorio.' }).trim().min(1, 'Este campo es obligatorio.').max(60, 'Máximo 60 caracteres.'),
        dailySalary: positive(SALARY),
        daysWorked: z.number({ error: 'Este campo es obligatorio.' }).int('Días enteros.').min(0, 'No puede ser negativo.').max(366, 'Máximo 366 días.'),
        averageLastThreeYears: amount().nullish(),
        trustWorker: z.boolean({ error: 'Indica sí o no: ¿es trabajador de confianza?' }).nullish(),
      }),
    )
    .min(1, 'Captura al menos un trabajador.')
    .max(5000, 'Máximo 5,000 trabajadores por cálculo.'),
});

const employerCostInput = z.object({
  paymentDate: date(),
  sbcDaily: positive('El SBC debe ser mayor a cero (máximo 2 decimales).'),
  days: z.number({ error: 'Este campo es obligatorio.' }).int('Días enteros.').min(1, 'Al menos 1 día.').max(62, 'Máximo 62 días (un bimestre).'),
  riskPremiumPercent: amount(5, 'Prima no válida (porcentaje con máximo 5 decimales, sin signo).'),
  wageZone,
});

let employerQuotaSets: Promise<EmployerQuotaSet[]> | null = null;
/** The employer rates shipped per year (fiscal-tables/<year>.json, employerQuotas), read once. */
export function loadEmployerQuotaSets(): Promise<EmployerQuotaSet[]> {
  employerQuotaSets ??= shippedFiscalYears().then((sets) => sets.flatMap((s) => (s.employerQuotas ? [s.employerQuotas] : [])));
  return employerQuotaSets;
}

/**
 * Runs a calculator with the stored fiscal years; its refusals become
 * BAD_USER_INPUT: a cross-field rule on its field, a missing table on the
 * date that chose it.
 */
async function run<T>(ctx: RequestContext, dateField: string, calc: (sets: Awaited<ReturnType<typeof data.loadFiscalYearSets>>) => T | Promise<T>): Promise<T> {
  const sets = await data.loadFiscalYearSets(ctx.app.database.db);
  try {
    return await calc(sets);
  } catch (err) {
    if (err instanceof CalculatorInputError) throw badInput(err.fields);
    if (err instanceof FiscalError) throw badInput({ [dateField]: err.message });
    throw err;
  }
}

export async function aguinaldoPreview(ctx: RequestContext, input: unknown) {
  const v = parseInput(aguinaldoInput, input);
  return run(ctx, 'paymentDate', (sets) => aguinaldo(sets, v));
}

export async function vacationPreview(ctx: RequestContext, input: unknown) {
  const v = parseInput(vacationInput, input);
  return run(ctx, 'paymentDate', (sets) => vacation(sets, v));
}

export async function separationPreview(ctx: RequestContext, input: unknown) {
  const v = parseInput(separationInput, input);
  return run(ctx, 'separationDate', (sets) => separation(sets, v));
}

export async function ptuPreview(ctx: RequestContext, input: unknown) {
  const v = parseInput(ptuInput, input);
  return run(ctx, 'paymentDate', (sets) => ptu(sets, v));
}

export async function employerCostPreview(ctx: RequestContext, input: unknown) {
  const v = parseInput(employerCostInput, input);
  const quotaSets = await loadEmployerQuotaSets();
  return run(ctx, 'paymentDate', (sets) => employerCost(sets, quotaSets, v));
}
