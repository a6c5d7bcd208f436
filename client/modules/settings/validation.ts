// Client-side checks shared by the Configuración forms, worded like the
// server's validation so the user sees one message either way.
import { texts } from './texts';

export const SORT_ORDER_MAX = 9999;

export function requiredText(max: number) {
  return (value: string): string | null => {
    const text = value.trim();
    if (text === '') return texts.common.required;
    return text.length > max ? texts.common.maxLength(max) : null;
  };
}

export function optionalText(max: number) {
  return (value: string): string | null => (value.trim().length > max ? texts.common.maxLength(max) : null);
}

/** Menu order: a whole number 0..9999 (NumberField keeps it as text). */
export function validateSortOrder(value: string): string | null {
  const text = value.trim();
  if (text === '') return texts.common.required;
  if (!/^-?\d+$/.test(text)) return texts.common.integer;
  const order = Number(text);
  if (order < 0) return texts.common.minZero;
  return order > SORT_ORDER_MAX ? texts.common.max9999 : null;
}
