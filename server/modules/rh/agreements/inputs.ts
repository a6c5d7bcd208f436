// Input shapes of the convenio mutations (zod), with the Spanish per-field
// messages BAD_USER_INPUT carries. Rules that need the database (is the
// employee active, were installments applied…) live in the service.
import { dec } from '../../../../schema/money';
import { rules, z } from '../../../lib/validation';
import { decimal, isoDate } from '../fields';
import { AGREEMENT_KINDS } from '../tables';

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

