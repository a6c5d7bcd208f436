// Field rules of the Almacén inputs (zod with Spanish messages). Decimals
// arrive as text (the Decimal scalar, or spreadsheet cells) and stay text:
// decimal.js only after the format is known to be valid.
import { dec } from '../../../schema/money';
import { rules, z } from '../../lib/validation';
import { MSG } from './messages';
import type { UnitOfMeasure } from './units';

export const MAX_DOCUMENT_LINES = 500;
export const MAX_IMPORT_ROWS = 2000;
export const MAX_QUANTITY = '999999999';
export const MAX_COST = '999999999';

const DECIMAL_RE = /^-?\d{1,18}(\.\d{1,10})?$/;

/** Spreadsheet cells may carry thousands separators or spaces: "1,250.5" → "1250.5". */
export const cleanNumberText = (text: string): string => text.replace(/[\s,$]/g, '');

export const isDecimalText = (text: string): boolean => DECIMAL_RE.test(text);

type DecimalRule = { positive?: boolean; allowZero?: boolean; max: string; tooLarge: string; negative: string; maxPlaces?: number; placesMessage?: string };

/** A decimal text checked in one pass, so a bad format never reaches decimal.js and each field gets one message. */
function decimalText(rule: DecimalRule) {
  return z.string({ error: MSG.required }).transform((raw, ctx) => {
    const text = cleanNumberText(raw);
    if (text === '') {
      ctx.addIssue({ code: 'custom', message: MSG.required });
      return z.NEVER;
    }
    if (!isDecimalText(text)) {
      ctx.addIssue({ code: 'custom', message: MSG.invalidNumber });
      return z.NEVER;
    }
    const v = dec(text);
    if (v.isNegative() && !v.isZero()) ctx.addIssue({ code: 'custom', message: rule.negative });
    else if (rule.positive && v.isZero()) ctx.addIssue({ code: 'custom', message: MSG.quantityPositive });
    else if (v.greaterThan(rule.max)) ctx.addIssue({ code: 'custom', message: rule.tooLarge });
    else if (rule.maxPlaces !== undefined && v.decimalPlaces() > rule.maxPlaces) ctx.addIssue({ code: 'custom', message: rule.placesMessage ?? MSG.invalidNumber });
    else return v.toFixed();
    return z.NEVER;
  });
}

/** Quantity > 0 (the unit's decimals are checked once the article is known). */
export const quantity = () => decimalText({ positive: true, max: MAX_QUANTITY, tooLarge: MSG.quantityTooLarge, negative: MSG.quantityPositive });
/** Quantity ≥ 0 (min/max/reorder point, counted quantities, authorised and delivered quantities). */
export const quantityOrZero = () => decimalText({ max: MAX_QUANTITY, tooLarge: MSG.quantityTooLarge, negative: MSG.quantityNotNegative });
/** Unit cost ≥ 0 with at most 4 decimals. */
export const unitCost = () => decimalText({ max: MAX_COST, tooLarge: MSG.costTooLarge, negative: MSG.costNotNegative, maxPlaces: 4, placesMessage: MSG.costDecimals });

/** A catalogue code: no spaces, stored upper-case. */
export const code = (max: number) =>
  rules
    .requiredText(max)
    .regex(/^[A-Za-z0-9._/-]+$/, MSG.codeFormat)
    .transform((v) => v.toUpperCase());

export const optionalText = (max: number) => rules.optionalText(max).nullish().transform((v) => v ?? '');
export const optionalId = () => z.union([rules.id(), z.literal('')]).nullish().transform((v) => (typeof v === 'number' ? v : null));

/** A GraphQL ID as a row id; anything that is not one reads as 0, which matches no row (NOT_FOUND). */
export const idOf = (id: string): number => {
  const v = Number(id);
  return Number.isInteger(v) && v > 0 && v <= 2147483647 ? v : 0;
};

/** Message when a quantity carries more decimals than its unit allows, or null. */
export function decimalsProblem(value: string, unit: UnitOfMeasure): string | null {
  return dec(value).decimalPlaces() > unit.decimals ? MSG.decimals(unit.name, unit.decimals) : null;
}

export const dateText = () =>
  z
    .string({ error: MSG.required })
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Fecha no válida: usa el formato AAAA-MM-DD.')
    .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().slice(0, 10) === v, 'Fecha no válida.');

/** The reason of a rejection: required, at most 500 characters. */
export const reasonText = () => z.string({ error: MSG.reasonRequired }).trim().min(1, MSG.reasonRequired).max(500, 'Máximo 500 caracteres.');
