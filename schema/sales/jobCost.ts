// Job cost per contract and per service order (issue 28): the messages of the
// cost assignments (Almacén requisitions, Compras expenses) and the pure
// figures derived from the aggregated costs (margin, projection at completion).
import { dec, money } from '../money';

export const JOB_COST_MSG = {
  serviceOrderMissing: 'La orden de servicio no existe.',
  contractMissing: 'El contrato no existe.',
  orderNotOfContract: 'La orden de servicio no pertenece al contrato elegido.',
  factor: 'El factor patronal va de 0 a 2 con hasta 4 decimales.',
  threshold: 'El umbral de margen va de -100 a 100 %.',
} as const;

/**
 * Employer factor over the daily salary when no other is configured: the
 * employer's IMSS/INFONAVIT/SAR quotas and the 3 % state payroll tax run
 * about 35 % of the salary for a worker near the minimum SDI (SDI ≈ daily
 * salary × 1.0493 integration factor, quotas ≈ 30 % of SDI, ISN 3 %).
 */
export const DEFAULT_EMPLOYER_FACTOR = '0.35';
/** Contracts whose margin is under this percent show on the Tablero card. */
export const DEFAULT_MARGIN_THRESHOLD = '15';

export type JobCostTotals = { labour: string; materials: string; expenses: string; vehicles: string; viaticos: string };

/** Total cost, margin against what was billed (money and % of billed), projection at completion (cost ÷ progress). */
export function jobCostFigures(t: JobCostTotals, billed: string, progressPercent: string) {
  const cost = dec(t.labour).plus(t.materials).plus(t.expenses).plus(t.vehicles).plus(t.viaticos);
  const margin = dec(billed).minus(cost);
  const marginPercent = dec(billed).gt(0) ? money(margin.div(billed).times(100)) : null;
  const projectedCost = dec(progressPercent).gt(0) ? money(cost.div(progressPercent).times(100)) : null;
  return { cost: money(cost), margin: money(margin), marginPercent, projectedCost };
}
