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

/** «Sin concepto»: the row of the job cost per concept for what carries no concept of the contract. */
export const NO_CONCEPT_LABEL = 'Sin concepto';

export type JobCostConceptSource = { conceptId: number; lineNo: number; description: string; contracted: string; authorized: string; invoiced: string };

/**
 * Margin per concept of the contract: each concept's authorised and stamped-invoiced amounts against the costs that
 * carry it (none do today: every cost goes to «Sin concepto»). «Sin concepto» takes the rest of the contract's
 * figures (its total cost, and what was authorised or invoiced without a concept of the contract: free lines,
 * anticipos, the cents of rounding per concept), so the rows add up to the contract's summary; it is left out when
 * all its figures are zero.
 */
export function jobCostByConcept(concepts: readonly JobCostConceptSource[], totals: { authorized: string; invoiced: string; cost: string }) {
  const row = (c: Omit<JobCostConceptSource, 'conceptId' | 'lineNo'> & { conceptId: number | null; lineNo: number | null; cost: string }) => {
    const margin = dec(c.invoiced).minus(c.cost);
    return { ...c, margin: money(margin), marginPercent: dec(c.invoiced).gt(0) ? money(margin.div(c.invoiced).times(100)) : null };
  };
  const rows = concepts.map((c) => row({ ...c, cost: '0.00' }));
  const rest = (total: string, pick: (c: JobCostConceptSource) => string) => money(concepts.reduce((sum, c) => sum.minus(pick(c)), dec(total)));
  const none = { conceptId: null, lineNo: null, description: NO_CONCEPT_LABEL, contracted: '0.00', authorized: rest(totals.authorized, (c) => c.authorized), invoiced: rest(totals.invoiced, (c) => c.invoiced), cost: money(dec(totals.cost)) };
  if (![none.authorized, none.invoiced, none.cost].every((v) => dec(v).isZero())) rows.push(row(none));
  return rows;
}
