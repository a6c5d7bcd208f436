// Inspecciones: the score both sides compute. Each checklist item weighs
// `weight`; N/A items leave the base; score = Σ weight(cumple) / Σ weight
// (applicable) × 100, half-up to 2 decimals. A critical "no cumple" fails
// the inspection whatever the score; otherwise it passes from the type's
// passing score. The screen shows the same figure live as items are answered.
import { Decimal, dec, money, type DecimalLike } from '../money';

export const INSPECTION_ANSWERS = ['cumple', 'no_cumple', 'na'] as const;
export type InspectionAnswer = (typeof INSPECTION_ANSWERS)[number];
export const INSPECTION_ANSWER_LABELS: Record<InspectionAnswer, string> = { cumple: 'Cumple', no_cumple: 'No cumple', na: 'N/A' };

export const INSPECTION_STATUSES = ['borrador', 'cerrada'] as const;
export type InspectionStatus = (typeof INSPECTION_STATUSES)[number];
export const INSPECTION_STATUS_LABELS: Record<InspectionStatus, string> = { borrador: 'Borrador', cerrada: 'Cerrada' };

export const INSPECTION_RESULTS = ['aprobada', 'reprobada'] as const;
export type InspectionResult = (typeof INSPECTION_RESULTS)[number];
export const INSPECTION_RESULT_LABELS: Record<InspectionResult, string> = { aprobada: 'Aprobada', reprobada: 'Reprobada' };

/** Passing score a new inspection type proposes. */
export const DEFAULT_PASSING_SCORE = '80';

export type ScoredItem = { weight: DecimalLike; critical: boolean; answer: InspectionAnswer | null | undefined };

export type InspectionScore = {
  /** Weighted % of the applicable items that comply, 2 decimals; null while no applicable item is answered. */
  score: string | null;
  /** A critical item answered "no cumple". */
  criticalFailure: boolean;
  answered: number;
  total: number;
  findings: number;
};

export function inspectionScore(items: readonly ScoredItem[]): InspectionScore {
  let applicable = new Decimal(0);
  let complying = new Decimal(0);
  let criticalFailure = false;
  let answered = 0;
  let findings = 0;
  for (const item of items) {
    if (!item.answer) continue;
    answered += 1;
    if (item.answer === 'na') continue;
    applicable = applicable.plus(dec(item.weight));
    if (item.answer === 'cumple') complying = complying.plus(dec(item.weight));
    else {
      findings += 1;
      if (item.critical) criticalFailure = true;
    }
  }
  const score = applicable.gt(0) ? money(complying.dividedBy(applicable).times(100)) : null;
  return { score, criticalFailure, answered, total: items.length, findings };
}

/** Aprobada from the passing score unless a critical item failed (or nothing applicable: then it cannot fail on score). */
export function inspectionResult(s: Pick<InspectionScore, 'score' | 'criticalFailure'>, passingScore: DecimalLike): InspectionResult {
  if (s.criticalFailure) return 'reprobada';
  if (s.score === null) return 'aprobada';
  return dec(s.score).gte(dec(passingScore)) ? 'aprobada' : 'reprobada';
}

export type ClosableItem = { position: number; text: string; answer: InspectionAnswer | null | undefined; evidenceRequired: boolean; hasPhoto: boolean };

/** Why each item keeps the inspection from closing (keyed by position): unanswered, or evidence required and no photo (N/A needs none). */
export function closeProblems(items: readonly ClosableItem[]): { position: number; message: string }[] {
  const out: { position: number; message: string }[] = [];
  for (const it of items) {
    if (!it.answer) out.push({ position: it.position, message: `Responde el punto ${it.position}: ${it.text}.` });
    else if (it.evidenceRequired && it.answer !== 'na' && !it.hasPhoto) out.push({ position: it.position, message: `El punto ${it.position} requiere foto de evidencia.` });
  }
  return out;
}

export const formatInspectionFolio = (folio: number) => `INS-${String(folio).padStart(5, '0')}`;
