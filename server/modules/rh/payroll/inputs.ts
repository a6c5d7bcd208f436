// Input shapes of the convenio and payroll mutations (zod), with the Spanish
// per-field messages BAD_USER_INPUT carries. Rules that need the database
// (is the employee active, is the concept captured by hand…) live in the services.
import { dec } from '../../../../schema/money';
import { isIsoDate } from '../../../../schema/dates';
import { rules, z } from '../../../lib/validation';
import { AGREEMENT_KINDS, PAYROLL_KINDS, PAY_FREQUENCIES } from '../tables';

const REQUIRED = 'Este campo es obligatorio.';

/** A Decimal scalar value with at most `places` decimals; `min` positive or zero. */
export const decimal = ({ places, min = 'zero', max = '9999999999999.99' }: { places: number; min?: 'positive' | 'zero'; max?: string }) =>
  z
    .string({ error: REQUIRED })
    .trim()
    .min(1, REQUIRED)
    .superRefine((value, ctx) => {
      let d;
      try {
        d = dec(value);
      } catch {
        ctx.addIssue({ code: 'custom', message: 'Número no válido.' });
        return;
      }
      if (!d.isFinite()) ctx.addIssue({ code: 'custom', message: 'Número no válido.' });
      else if (min === 'positive' && d.lte(0)) ctx.addIssue({ code: 'custom', message: 'Debe ser mayor a cero.' });
      else if (d.isNegative()) ctx.addIssue({ code: 'custom', message: 'No puede ser negativo.' });
      else if (d.decimalPlaces() > places) ctx.addIssue({ code: 'custom', message: `Máximo ${places} decimales.` });
      else if (d.gt(max)) ctx.addIssue({ code: 'custom', message: 'Cantidad demasiado grande.' });
    });

export const isoDate = () => z.string({ error: 'La fecha es obligatoria.' }).refine(isIsoDate, 'Fecha no válida.');
const optionalText = (max: number) => rules.optionalText(max).nullish().transform((v) => v ?? '');

export const AGREEMENT_MSG = {
  kind: 'Elige el tipo de convenio.',
  installmentOverTotal: 'El abono no puede ser mayor que el total.',
  employeeMissing: 'El empleado no existe.',
  employeeInactive: 'El empleado está dado de baja.',
  lockedAfterPayments: 'El convenio ya tiene abonos aplicados; solo se pueden cambiar la descripción y la referencia.',
  notActive: (status: string) => `El convenio está ${status}; no se puede modificar.`,
  cancelOnlyActive: (status: string) => `Solo se cancela un convenio activo (este está ${status}).`,
} as const;

export const agreementInput = z
  .object({
    employeeId: rules.id(),
    kind: z.enum(AGREEMENT_KINDS, { error: AGREEMENT_MSG.kind }),
    description: optionalText(300),
    reference: optionalText(100),
    startDate: isoDate(),
    total: decimal({ places: 2, min: 'positive' }),
    installment: decimal({ places: 2, min: 'positive' }),
  })
  .superRefine((v, ctx) => {
    if (dec(v.installment).gt(v.total)) ctx.addIssue({ code: 'custom', path: ['installment'], message: AGREEMENT_MSG.installmentOverTotal });
  });

export const cancelReason = z.object({ reason: rules.requiredText(300) });

export const payrollInput = z.object({
  kind: z.enum(PAYROLL_KINDS, { error: 'Elige el tipo de nómina.' }),
  frequency: z.enum(PAY_FREQUENCIES, { error: 'Elige semanal o quincenal.' }).nullish(),
  periodStart: isoDate(),
  periodEnd: isoDate(),
  paymentDate: isoDate(),
  description: optionalText(300),
});

/** Hours and days: up to 2 decimals, never negative (the cross-field rules are in schema/rh/payroll.ts). */
const amountOfTime = () => decimal({ places: 2, max: '999' });

export const incidentInput = z.object({
  daysWorked: amountOfTime(),
  absences: amountOfTime(),
  overtimeDoubleHours: amountOfTime(),
  overtimeTripleHours: amountOfTime(),
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
