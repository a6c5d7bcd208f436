// Input shapes of the vacation request mutations (zod), with the Spanish per-field messages BAD_USER_INPUT
// carries. Rules that need the database (active employee, overlaps, balance) live in the service.
import { MAX_REQUEST_SPAN, spanDays, VACATION_MSG, workingDaysBetween } from '../../../../schema/rh/vacations';
import { rules, z } from '../../../lib/validation';
import { isoDate } from '../fields';

export const vacationRequestInput = z
  .object({
    employeeId: rules.id(),
    firstDay: isoDate(),
    lastDay: isoDate(),
    days: z.number().int('Debe ser un número entero.').nullish(),
    note: rules.optionalText(300).nullish().transform((v) => v ?? ''),
  })
  .superRefine((v, ctx) => {
    if (v.lastDay < v.firstDay) return void ctx.addIssue({ code: 'custom', path: ['lastDay'], message: VACATION_MSG.lastBeforeFirst });
    const span = spanDays(v.firstDay, v.lastDay);
    if (span > MAX_REQUEST_SPAN) return void ctx.addIssue({ code: 'custom', path: ['lastDay'], message: VACATION_MSG.tooLong });
    const days = v.days ?? workingDaysBetween(v.firstDay, v.lastDay);
    if (days < 1 || days > span) ctx.addIssue({ code: 'custom', path: ['days'], message: VACATION_MSG.daysRange(span) });
  })
  .transform((v) => ({ ...v, days: v.days ?? workingDaysBetween(v.firstDay, v.lastDay) }));

export const decisionReason = z.object({ reason: rules.requiredText(300) });
