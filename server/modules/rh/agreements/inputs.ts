// Input shapes of the convenio mutations (zod), with the Spanish per-field
// messages BAD_USER_INPUT carries. Rules that need the database (is the
// employee active, were installments applied…) live in the service.
import { dec } from '../../../../schema/money';
import { DISCOUNT_METHODS, discountIssues, hasTotal } from '../../../../schema/rh/agreementDiscounts';
import { rules, z } from '../../../lib/validation';
import { decimal, isoDate } from '../fields';
import { AGREEMENT_KINDS } from '../tables';

const optionalText = (max: number) => rules.optionalText(max).nullish().transform((v) => v ?? '');

export const AGREEMENT_MSG = {
  kind: 'Elige el tipo de convenio.',
  method: 'Elige el método de descuento.',
  installmentOverTotal: 'El abono no puede ser mayor que el total.',
  employeeMissing: 'El empleado no existe.',
  employeeInactive: 'El empleado está dado de baja.',
  lockedAfterPayments: 'El convenio ya tiene abonos aplicados; solo se pueden cambiar la descripción y la referencia.',
  notActive: (status: string) => `El convenio está ${status}; no se puede modificar.`,
  cancelOnlyActive: (status: string) => `Solo se cancela un convenio activo (este está ${status}).`,
} as const;

const optionalDecimal = () =>
  z
    .string({ error: 'Número no válido.' })
    .trim()
    .nullish()
    .transform((v) => (v ? v : null));
const money2 = decimal({ places: 2, min: 'positive' });

/**
 * Issue 27: a convenio's «método de descuento» decides which figures it carries — monto: total and
 * installment (balance = total); cuota_fija: the monthly amount in installment; factor/porcentaje:
 * rate. The others are stored null (schema/rh/agreementDiscounts.ts discountIssues).
 */
export const agreementInput = z
  .object({
    employeeId: rules.id(),
    kind: z.enum(AGREEMENT_KINDS, { error: AGREEMENT_MSG.kind }),
    method: z
      .enum(DISCOUNT_METHODS, { error: AGREEMENT_MSG.method })
      .nullish()
      .transform((v) => v ?? 'monto'),
    description: optionalText(300),
    reference: optionalText(100),
    startDate: isoDate(),
    rate: optionalDecimal(),
    total: optionalDecimal(),
    installment: optionalDecimal(),
  })
  .superRefine((v, ctx) => {
    const issues: Record<string, string> = { ...discountIssues(v) };
    for (const field of ['total', 'installment'] as const) {
      const value = v[field];
      if (value === null || issues[field]) continue;
      const r = money2.safeParse(value);
      if (!r.success) issues[field] = r.error.issues[0].message;
    }
    if (!issues.total && !issues.installment && hasTotal(v.method) && v.total && v.installment && dec(v.installment).gt(v.total)) issues.installment = AGREEMENT_MSG.installmentOverTotal;
    for (const [field, message] of Object.entries(issues)) ctx.addIssue({ code: 'custom', path: [field], message });
  })
  .transform((v) => ({
    ...v,
    rate: v.method === 'factor' || v.method === 'porcentaje' ? v.rate : null,
    total: hasTotal(v.method) ? v.total : null,
    installment: v.method === 'factor' || v.method === 'porcentaje' ? null : v.installment,
  }));

export const cancelReason = z.object({ reason: rules.requiredText(300) });

