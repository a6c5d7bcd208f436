// Input shapes of the payroll mutations (zod), with the Spanish
// per-field messages BAD_USER_INPUT carries. Rules that need the database
// (is the concept captured by hand, is the payroll open…) live in the services.
import { decimal, isoDate } from '../fields';
import { rules, z } from '../../../lib/validation';
import { PAYROLL_KINDS, PAY_FREQUENCIES } from '../tables';
import { SEPARATION_KINDS } from '../../../../schema/rh/benefits';

const optionalText = (max: number) => rules.optionalText(max).nullish().transform((v) => v ?? '');

export const payrollInput = z.object({
  kind: z.enum(PAYROLL_KINDS, { error: 'Elige el tipo de nómina.' }),
  frequency: z.enum(PAY_FREQUENCIES, { error: 'Elige semanal o quincenal.' }).nullish(),
  periodStart: isoDate(),
  periodEnd: isoDate(),
  paymentDate: isoDate(),
  description: optionalText(300),
  aguinaldoDays: decimal({ places: 2, max: '365' }).nullish(),
  isrMethod: z.enum(['art174', 'art96'], { error: 'Elige el método de ISR: art. 174 RLISR o art. 96 LISR.' }).nullish(),
  /** PTU payroll: the ejercicio and the amount to distribute (validatePtuPayroll says what is missing). */
  ptuYear: z.number({ error: 'Indica el ejercicio (año) cuyas utilidades se reparten.' }).int('Indica el ejercicio (año) cuyas utilidades se reparten.').nullish(),
  ptuAmount: decimal({ places: 2 }).nullish(),
});

/** Hours and days: up to 2 decimals, never negative (the cross-field rules are in schema/rh/payroll.ts). */
const amountOfTime = () => decimal({ places: 2, max: '999' });

/** Days with overtime: a whole number (validateIncident says more), absent = 0. */
const overtimeDays = () =>
  z
    .number({ error: 'Captura días enteros.' })
    .nullish()
    .transform((v) => v ?? 0);

/** Dates of days inside a payroll's period: at most 31, each a real ISO date. */
const datesOfPeriod = () =>
  z
    .array(isoDate())
    .max(31, 'Máximo 31 fechas.')
    .nullish()
    .transform((v) => v ?? []);

export const incidentInput = z.object({
  daysWorked: amountOfTime(),
  absences: amountOfTime(),
  overtimeDoubleHours: amountOfTime(),
  overtimeTripleHours: amountOfTime(),
  // The days those hours were worked (the CFDI's HorasExtra Dias): absent = 0; validateIncident checks them against the hours.
  overtimeDoubleDays: overtimeDays(),
  overtimeTripleDays: overtimeDays(),
  // Sundays and rest days worked (issue 27): absent = none; the period and the repeats are validateRestDaysWorked's.
  sundaysWorked: datesOfPeriod(),
  restDaysWorked: datesOfPeriod(),
  extras: z
    .array(
      z.object({
        conceptId: rules.id(),
        amount: decimal({ places: 2, min: 'positive' }),
        description: optionalText(200),
      }),
    )
    .max(50, 'Máximo 50 conceptos por empleado.'),
});

/** A finiquito payroll from an employee's baja (the ranges and the baja rules are validateSeparationPayroll's). */
export const separationPayrollInput = z.object({
  kind: z.enum(SEPARATION_KINDS, { error: 'Elige renuncia o despido injustificado.' }),
  salaryOwedDays: decimal({ places: 2 }),
  // Without a value the employee's vacation balance on the baja date is taken.
  pendingVacationDaysFromPastYears: decimal({ places: 2 }).nullish(),
  twentyDaysPerYear: z.boolean({ error: 'Indica si aplican los 20 días por año.' }),
  paymentDate: isoDate(),
  description: optionalText(300),
});
