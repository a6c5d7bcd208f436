// Movimientos afiliatorios del IMSS (issue 27): the alta/reingreso, baja and
// modificación de salario each employee change produces, the deadline to
// present them through IDSE (5 business days, LSS art. 15 fr. I and RACERF
// art. 45) and the fixed-width line of IDSE's batch file. Pure; dates are
// YYYY-MM-DD strings in Mexico's calendar.
import { isMandatoryRestDay } from './holidays';
import { addDays, formatDateMx } from '../dates';
import { dec } from '../money';

export type ImssMovementType = 'alta' | 'baja' | 'modificacion';
export type ImssMovementStatus = 'pendiente' | 'presentado';

/** IDSE's "tipo de movimiento": 08 alta o reingreso, 02 baja, 07 modificación de salario. */
export const IMSS_MOVEMENT_CODES: Record<ImssMovementType, string> = { alta: '08', baja: '02', modificacion: '07' };
/** IDSE's tipo de salario: fijo (the SDI alone), variable, or mixto (the SDI plus a variable part, LSS art. 30 fr. III). */
export type ImssSalaryType = 'fijo' | 'variable' | 'mixto';
export const IMSS_SALARY_TYPE_CODES: Record<ImssSalaryType, string> = { fijo: '0', variable: '1', mixto: '2' };
export const IMSS_MOVEMENT_TYPE_LABELS: Record<ImssMovementType, string> = { alta: '08 Alta o reingreso', baja: '02 Baja', modificacion: '07 Modificación de salario' };
export const IMSS_MOVEMENT_STATUS_LABELS: Record<ImssMovementStatus, string> = { pendiente: 'Pendiente', presentado: 'Presentado' };

/** Causas de baja of IDSE (one character). */
export const IMSS_BAJA_CAUSES = [
  { code: '1', name: 'Término de contrato' },
  { code: '2', name: 'Separación voluntaria' },
  { code: '3', name: 'Abandono de empleo' },
  { code: '4', name: 'Defunción' },
  { code: '5', name: 'Clausura' },
  { code: '6', name: 'Otras' },
  { code: '7', name: 'Ausentismo' },
  { code: '8', name: 'Rescisión de contrato' },
  { code: '9', name: 'Jubilación' },
  { code: 'A', name: 'Pensión' },
] as const;
export const isImssBajaCause = (code: string): boolean => IMSS_BAJA_CAUSES.some((c) => c.code === code);
/** A baja captured without a cause (an integration using the old input) goes as «6 Otras». */
export const DEFAULT_BAJA_CAUSE = '6';

/** Business days the employer has to present a movement to the IMSS. */
export const IMSS_DEADLINE_BUSINESS_DAYS = 5;

export const IMSS_MOVEMENT_MSG = {
  bajaCause: 'Elige la causa de baja del catálogo del IMSS.',
  salaryDateBeforeHire: (hire: string) => `La fecha de efecto del salario no puede ser anterior a la fecha de ingreso (${formatDateMx(hire)}).`,
  salaryDateBeforeLast: (last: string) => `La fecha de efecto no puede ser anterior al último cambio de salario (${formatDateMx(last)}).`,
  salaryDateFuture: 'La fecha de efecto del salario no puede ser futura: captura el cambio el día que entra en vigor.',
  acuse: 'Escribe el número de lote o acuse que dio IDSE (máximo 40 caracteres).',
  noneSelected: 'Selecciona al menos un movimiento.',
  alreadyPresented: 'El movimiento ya está presentado.',
  noRegistration: 'El empleado no tiene registro patronal: captura uno en Configuración RH › Registros patronales.',
  oneRegistration: 'El archivo de IDSE es de un solo registro patronal: selecciona movimientos de uno solo.',
  movementMissing: 'El movimiento',
} as const;

/** Day of week of an ISO date, 0 = Sunday … 6 = Saturday (UTC arithmetic: the date has no time). */
const weekday = (isoDate: string): number => new Date(`${isoDate}T00:00:00Z`).getUTCDay();

/**
 * The date `days` business days after `isoDate`: Monday to Friday, skipping the
 * mandatory rest days of LFT art. 74 and the listed extra holidays (election days).
 */
export function addBusinessDays(isoDate: string, days: number, holidays: readonly string[] = []): string {
  let date = isoDate;
  let left = days;
  while (left > 0) {
    date = addDays(date, 1);
    const d = weekday(date);
    if (d !== 0 && d !== 6 && !holidays.includes(date) && !isMandatoryRestDay(date)) left -= 1;
  }
  return date;
}

/** «Fecha límite» to present a movement in IDSE. */
export const imssDeadline = (effectiveDate: string, holidays: readonly string[] = []): string => addBusinessDays(effectiveDate, IMSS_DEADLINE_BUSINESS_DAYS, holidays);

/** A pendiente movement whose deadline has passed on `today`. */
export const isOverdue = (m: { status: ImssMovementStatus; deadline: string }, today: string): boolean => m.status === 'pendiente' && m.deadline < today;

export type IdseLineInput = {
  type: ImssMovementType;
  /** Registro patronal, 11 characters (10 + dígito verificador). */
  registro: string;
  /** NSS, 11 digits (10 + dígito verificador). */
  nss: string;
  curp: string;
  lastName: string;
  secondLastName: string;
  names: string;
  /** SBC in pesos (ignored for a baja). */
  sbc: string;
  effectiveDate: string;
  /** Clave del trabajador: the employee number. */
  employeeNumber: string;
  /** Causa de baja (only for a baja). */
  bajaCause?: string | null;
  /** Tipo de salario of an alta or a modificación; fijo when absent. */
  salaryType?: ImssSalaryType | null;
};

// Field helpers of IMSS's fixed-width files (IDSE here, SUA in ./sua.ts).
/** Upper case without accents (IMSS's files are plain ASCII); Ñ becomes N as IDSE writes it; other signs become blanks. */
export const imssPlain = (v: string, keep = ''): string =>
  v
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toUpperCase()
    .replace(new RegExp(`[^A-Z0-9 ${keep.replace(/[\\\]^-]/g, '\\$&')}]`, 'g'), ' ');
/** Text left-aligned and blank-filled to the width (cut when longer). */
export const imssText = (v: string, width: number, keep = ''): string => imssPlain(v, keep).slice(0, width).padEnd(width, ' ');
/** Blank filler. */
export const blanks = (width: number): string => ' '.repeat(width);
/** DDMMAAAA, as every IMSS layout writes dates. */
export const ddmmyyyy = (isoDate: string): string => isoDate.slice(8, 10) + isoDate.slice(5, 7) + isoDate.slice(0, 4);
const left = (v: string, width: number): string => imssText(v, width);
/** SBC with 2 implied decimals, 6 digits, zero-filled (9999.99 at most: IMSS caps the SBC at 25 UMA). */
const sbcField = (sbc: string): string => dec(sbc).times(100).toDecimalPlaces(0).toFixed(0).padStart(6, '0').slice(-6);

/**
 * One line of IDSE's batch file ("dispositivo magnético"), 168 characters.
 * Field widths and order: IMSS layout for reingresos (08), modificaciones de
 * salario (07) and bajas (02), as reproduced in alfrael/SistemaCapturaI
 * (Afiliacion/src/bean/CamposLogintud.java for the widths; AltaReingresoBean,
 * ModificacionBean and BajaBean .java for the order and the fillers):
 *
 *   pos.     width  08 reingreso            07 modificación          02 baja
 *   1–11     11     registro patronal (10 + dígito verificador) in all three
 *   12–22    11     NSS (10 + dígito verificador) in all three
 *   23–49    27     primer apellido ┐
 *   50–76    27     segundo apellido├ in all three
 *   77–103   27     nombre(s)       ┘
 *   104–109  6      SBC (2 decimals) SBC                     ┐
 *   110–115  6      filler           filler                  ├ filler (15)
 *   116      1      tipo trabajador  filler                  │
 *   117      1      tipo salario     tipo salario            │
 *   118      1      semana/jornada   semana/jornada          ┘
 *   119–126  8      fecha de movimiento DDMMAAAA in all three
 *   127–129  3      UMF              filler (5)              filler (5)
 *   130–131  2      filler
 *   132–133  2      tipo de movimiento 08 / 07 / 02
 *   134–138  5      guía (subdelegación) in all three
 *   139–148  10     clave del trabajador in all three
 *   149      1      filler           filler                  causa de baja
 *   150–167  18     CURP             CURP                    filler
 *   168      1      identificador del formato: 9
 *
 * Values this product does not capture are sent as IDSE's defaults:
 * tipo de trabajador 1 (permanente), semana completa 0, UMF and guía blank
 * (IDSE assigns them from the registro). The tipo de salario is the
 * movement's: 0 fijo, or 2 mixto when its SBC carries a variable part.
 */
export function idseLine(m: IdseLineInput): string {
  const head = left(m.registro, 11) + left(m.nss, 11) + left(m.lastName, 27) + left(m.secondLastName, 27) + left(m.names, 27);
  const date = ddmmyyyy(m.effectiveDate);
  const code = IMSS_MOVEMENT_CODES[m.type];
  const guide = blanks(5);
  const worker = left(m.employeeNumber, 10);
  const salary = IMSS_SALARY_TYPE_CODES[m.salaryType ?? 'fijo'];
  let line: string;
  if (m.type === 'alta') line = head + sbcField(m.sbc) + blanks(6) + '1' + salary + '0' + date + blanks(3) + blanks(2) + code + guide + worker + blanks(1) + left(m.curp, 18) + '9';
  else if (m.type === 'modificacion') line = head + sbcField(m.sbc) + blanks(6) + blanks(1) + salary + '0' + date + blanks(5) + code + guide + worker + blanks(1) + left(m.curp, 18) + '9';
  else line = head + blanks(15) + date + blanks(5) + code + guide + worker + left(m.bajaCause || DEFAULT_BAJA_CAUSE, 1) + blanks(18) + '9';
  return line;
}

/** The whole file: one line per movement, CRLF as the Windows tools that read it expect. */
export const idseFile = (movements: readonly IdseLineInput[]): string => movements.map(idseLine).join('\r\n') + '\r\n';
