// Client-side checks of the Configuración RH forms (the server applies the same rules and has the last word).
import { toDecimal } from '../../../components/decimal';
import { texts } from './texts';

export const requiredText = (v: string): string | null => (v.trim() ? null : texts.required);
export const positiveSalary = (v: string): string | null => ((toDecimal(v)?.gt(0) ?? false) ? null : texts.salaryPositive);
/** Same characters the server accepts for plaza and concept codes. */
export const codeError = (v: string): string | null => (!v.trim() ? texts.required : /^[A-Za-z0-9._/-]+$/.test(v.trim()) ? null : 'Usa letras, números, guion, punto o diagonal, sin espacios.');
/** An amount as the form shows it: "780" from the API reads "780.00". */
export const moneyValue = (v: string): string => toDecimal(v)?.toFixed(2) ?? v;
