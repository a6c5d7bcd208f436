// Input shapes of the incapacity mutations (zod); the per-field rules and their Spanish messages are
// validateIncapacity's (schema/rh/incapacities.ts), which the form runs too.
import { INCAPACITY_MSG } from '../../../../schema/rh/incapacities';
import { rules, z } from '../../../lib/validation';

export const incapacityInput = z.object({
  employeeId: rules.id(),
  type: z.string({ error: INCAPACITY_MSG.type }),
  folio: z.string({ error: INCAPACITY_MSG.folio }).transform((v) => v.trim().toUpperCase()),
  startDate: z.string({ error: INCAPACITY_MSG.startDate }),
  days: z.number({ error: INCAPACITY_MSG.days }),
  notes: rules.optionalText(300).nullish().transform((v) => v ?? ''),
});

export const cancelReason = z.object({ reason: rules.requiredText(300) });
