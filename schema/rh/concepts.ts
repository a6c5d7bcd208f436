// Rules of a payroll concept that both the server and the SPA apply: the SAT
// code belongs to its kind's nómina 1.2 catalogue, an "exento hasta N UMA"
// concept says how many UMA, and a concept the calculation posts itself
// (system_key) only lets its name change.
import { dec } from '../money';
import { CONCEPT_KIND_LABELS, isSatCodeOfKind, SAT_CATALOGUE_NAMES, type ConceptKind, type TaxableRule } from './satNomina';

export const CONCEPT_MSG = {
  satCode: (kind: ConceptKind) => `La clave SAT no pertenece al catálogo ${SAT_CATALOGUE_NAMES[kind]} (${CONCEPT_KIND_LABELS[kind].toLowerCase()}).`,
  exemptUmaRequired: 'Indica cuántas UMA por periodo están exentas (mayor a cero).',
  exemptUmaPlaces: 'Máximo 2 decimales.',
  exemptUmaMax: 'El tope no puede pasar de 1,000 UMA.',
  exemptUmaOnlyPerceptions: 'Solo una percepción puede estar exenta hasta un tope en UMA.',
  systemLocked: 'Concepto del sistema: solo se puede cambiar el nombre.',
  systemActive: 'Concepto del sistema: la nómina lo usa, no se puede desactivar.',
} as const;

export type ConceptRuleInput = { kind: ConceptKind; satCode: string; taxableRule: TaxableRule; exemptUma?: string | null };

/** The UMA cap of an exento_uma concept: a number above 0, at most 2 decimals and 1,000 UMA. */
export function exemptUmaError(value: string | null | undefined): string | null {
  const text = (value ?? '').trim();
  if (!/^\d+(\.\d+)?$/.test(text) || !dec(text).gt(0)) return CONCEPT_MSG.exemptUmaRequired;
  if (dec(text).decimalPlaces() > 2) return CONCEPT_MSG.exemptUmaPlaces;
  if (dec(text).gt(1000)) return CONCEPT_MSG.exemptUmaMax;
  return null;
}

/** Per-field messages for the rules between fields (formats are checked before). */
export function conceptRuleErrors(v: ConceptRuleInput): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!isSatCodeOfKind(v.kind, v.satCode)) errors.satCode = CONCEPT_MSG.satCode(v.kind);
  if (v.taxableRule === 'exento_uma') {
    if (v.kind !== 'percepcion') errors.taxableRule = CONCEPT_MSG.exemptUmaOnlyPerceptions;
    else {
      const message = exemptUmaError(v.exemptUma);
      if (message) errors.exemptUma = message;
    }
  }
  return errors;
}

/** The UMA cap as stored: only an exento_uma concept keeps one. */
export const storedExemptUma = (rule: TaxableRule, exemptUma: string | null | undefined): string | null => (rule === 'exento_uma' && exemptUma ? dec(exemptUma.trim()).toFixed(2) : null);

export type ConceptLockable = { code: string; kind: string; satCode: string; taxableRule: string; exemptUma: string | null; active: boolean };

/** Fields a system concept may not change, each with its message (empty when only the name changed). */
export function systemConceptErrors(before: ConceptLockable, after: ConceptLockable): Record<string, string> {
  const errors: Record<string, string> = {};
  if (before.code.toUpperCase() !== after.code.toUpperCase()) errors.code = CONCEPT_MSG.systemLocked;
  if (before.kind !== after.kind) errors.kind = CONCEPT_MSG.systemLocked;
  if (before.satCode !== after.satCode) errors.satCode = CONCEPT_MSG.systemLocked;
  if (before.taxableRule !== after.taxableRule) errors.taxableRule = CONCEPT_MSG.systemLocked;
  const uma = (v: string | null) => (v === null ? null : dec(v).toFixed(2));
  if (uma(before.exemptUma) !== uma(after.exemptUma)) errors.exemptUma = CONCEPT_MSG.systemLocked;
  if (before.active && !after.active) errors.active = CONCEPT_MSG.systemActive;
  return errors;
}
