// Employee rules shared by the SPA form and the server: the birth date an
// RFC/CURP spells (YYMMDD), the age at hire, and the state of an employee's
// document (vigente / por vencer / vencido / faltante). Pure; dates are
// YYYY-MM-DD strings in the company's calendar (America/Mexico_City).
import { addDays, isLeapYear } from '../dates';

export const EMPLOYEE_MESSAGES = {
  rfcFisica: 'RFC no válido: 13 caracteres de persona física (4 letras, fecha AAMMDD y homoclave).',
  rfcBirthDate: 'La fecha del RFC (AAMMDD) no coincide con la fecha de nacimiento.',
  curpBirthDate: 'La fecha de la CURP (AAMMDD) no coincide con la fecha de nacimiento.',
  hireBeforeBirth: 'La fecha de ingreso debe ser posterior a la de nacimiento.',
  hireTooFar: 'La fecha de ingreso no puede ser más de 30 días en el futuro.',
  lockedAfterBaja: 'El empleado está dado de baja: registra su reingreso para cambiar este dato.',
  tooYoung: 'El trabajador debe tener al menos 15 años cumplidos a la fecha de ingreso.',
  belowMinimum: (zone: string, wage: string) => `El salario diario no puede ser menor al salario mínimo ${zone} (${wage}).`,
  postalCode: 'Código postal no válido: 5 dígitos (el de su constancia de situación fiscal).',
  workState: 'Elige la entidad federativa del catálogo del SAT.',
  contractType: 'Elige el tipo de contrato del catálogo del SAT.',
} as const;

/** How many days ahead a hire (or reingreso, or baja) date may be captured. */
export const MAX_DAYS_AHEAD = 30;

/**
 * What stays editable once an employee is dado de baja: how to reach them, the
 * account their finiquito is paid to, the data its CFDI de nómina needs
 * (fiscal postal code, state, contract type) and «trabajador de confianza»
 * (the PTU of the ejercicio they worked in is paid after the baja and caps a
 * confidence worker's salary, LFT art. 127 fr. II) (plus, outside the form, their
 * photo, documents and Historial notes). Everything else is the record of the
 * employment that ended; changing it takes a reingreso.
 */
export const EDITABLE_AFTER_BAJA = ['bank', 'clabe', 'email', 'phone', 'address', 'emergencyContact', 'postalCode', 'workState', 'contractType', 'trustWorker'] as const;
export type EditableAfterBaja = (typeof EDITABLE_AFTER_BAJA)[number];
export const isEditableAfterBaja = (field: string): boolean => (EDITABLE_AFTER_BAJA as readonly string[]).includes(field);
/** Minimum working age (LFT art. 22). */
export const MINIMUM_AGE = 15;

/** YYMMDD of an ISO date, as an RFC or CURP writes it. */
export const yymmdd = (isoDate: string): string => isoDate.slice(2, 4) + isoDate.slice(5, 7) + isoDate.slice(8, 10);

/** The YYMMDD a persona física RFC carries (positions 5–10). */
export const rfcDatePart = (rfc: string): string => rfc.trim().toUpperCase().slice(4, 10);
/** The YYMMDD a CURP carries (positions 5–10). */
export const curpDatePart = (curp: string): string => curp.trim().toUpperCase().slice(4, 10);

/** The date `years` years after `isoDate` (29 February → 1 March in a non-leap year). */
export function addYears(isoDate: string, years: number): string {
  const y = Number(isoDate.slice(0, 4)) + years;
  const md = isoDate.slice(5);
  if (md === '02-29') {
    return isLeapYear(y) ? `${y}-02-29` : `${y}-03-01`;
  }
  return `${String(y).padStart(4, '0')}-${md}`;
}

export type IdentityDates = { rfc: string; curp: string; birthDate: string; hireDate: string };

/**
 * Cross-field checks of an employee's dates (formats are checked before):
 * RFC and CURP agree with the birth date, the hire date comes after the birth
 * date, is at most 30 days ahead of `today`, and the worker is at least 15 at hire.
 */
export function identityDateErrors(v: IdentityDates, today: string): Record<string, string> {
  const errors: Record<string, string> = {};
  const born = yymmdd(v.birthDate);
  if (rfcDatePart(v.rfc) !== born) errors.rfc = EMPLOYEE_MESSAGES.rfcBirthDate;
  if (curpDatePart(v.curp) !== born) errors.curp = EMPLOYEE_MESSAGES.curpBirthDate;
  if (v.hireDate <= v.birthDate) errors.hireDate = EMPLOYEE_MESSAGES.hireBeforeBirth;
  else if (v.hireDate > addDays(today, MAX_DAYS_AHEAD)) errors.hireDate = EMPLOYEE_MESSAGES.hireTooFar;
  else if (addYears(v.birthDate, MINIMUM_AGE) > v.hireDate) errors.hireDate = EMPLOYEE_MESSAGES.tooYoung;
  return errors;
}

export type DocumentState = 'vigente' | 'por_vencer' | 'vencido' | 'faltante';

/** Spanish names of the employee's status and pay frequency (list badges, «Agrupar por»). */
export const EMPLOYEE_STATUS_LABELS: Readonly<Record<string, string>> = { activo: 'Activo', baja: 'Baja' };
export const PAY_FREQUENCY_LABELS: Readonly<Record<string, string>> = { semanal: 'Semanal', quincenal: 'Quincenal' };

export const DOCUMENT_STATE_LABELS: Readonly<Record<DocumentState, string>> = {
  vigente: 'Vigente',
  por_vencer: 'Por vencer',
  vencido: 'Vencido',
  faltante: 'Faltante',
};

/**
 * The state of the latest upload of one document type: faltante without a
 * file; for a type that expires, vencido once the expiry date has passed and
 * por vencer from `warningDays` before it (the expiry day itself still counts
 * as por vencer); otherwise vigente.
 */
export function documentState(
  type: { expires: boolean; warningDays: number },
  doc: { expiresOn: string | null } | null,
  today: string,
): DocumentState {
  if (!doc) return 'faltante';
  if (!type.expires || !doc.expiresOn) return 'vigente';
  if (doc.expiresOn < today) return 'vencido';
  if (doc.expiresOn <= addDays(today, type.warningDays)) return 'por_vencer';
  return 'vigente';
}

export const EVENT_LABELS: Readonly<Record<string, string>> = {
  alta: 'Alta',
  baja: 'Baja',
  reingreso: 'Reingreso',
  salario: 'Cambio de salario',
  plaza: 'Cambio de plaza',
};
