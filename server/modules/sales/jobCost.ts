// Job cost per contract and per service order (issue 28). The SQL in
// ./data/jobCost.ts aggregates every source; this adds the pure figures
// (margin against stamped invoices, per concept of the contract too,
// projection at completion from the contract's authorised progress) and the two settings: the employer factor
// over the daily salary (labour cost of the jornadas no closed ordinary payroll
// paid; default DEFAULT_EMPLOYER_FACTOR) and the margin threshold of the Tablero card.
import { writeAudit } from '../../db/audit';
import { actorOf, type RequestContext } from '../../context';
import { badInput, notFound } from '../../lib/errors';
import { readList, type ListInput } from '../../lib/list';
import { dec, money } from '../../../schema/money';
import { DEFAULT_EMPLOYER_FACTOR, DEFAULT_MARGIN_THRESHOLD, JOB_COST_MSG, jobCostByConcept, jobCostFigures } from '../../../schema/sales/jobCost';
import * as data from './data';

const db = (ctx: RequestContext) => ctx.app.database.db;

function figuresOf(r: data.JobCostSummaryRow) {
  const progressPercent = dec(r.contractAmount).gt(0) ? money(dec(r.authorized).times(100).div(r.contractAmount)) : '0.00';
  return { ...r, id: String(r.contractId), progressPercent, ...jobCostFigures(r, r.invoiced, progressPercent) };
}

export async function contractJobCost(ctx: RequestContext, id: string) {
  const contractId = Number(id);
  const summary = Number.isInteger(contractId) && contractId > 0 ? await data.jobCostSummary(db(ctx), contractId) : null;
  if (!summary) throw notFound('El contrato');
  const [lines, concepts] = await Promise.all([data.jobCostLines(db(ctx), contractId), data.jobCostConcepts(db(ctx), contractId)]);
  const figures = figuresOf(summary);
  return {
    ...figures,
    lines: lines.map((l) => ({ ...l, documentId: String(l.documentId), orderId: l.orderId === null ? null : String(l.orderId) })),
    concepts: jobCostByConcept(concepts, figures).map((c) => ({ ...c, conceptId: c.conceptId === null ? null : String(c.conceptId) })),
  };
}

/**
 * Costos por contrato: one page of the contracts not cancelled (searched by name, client or folio), sorted by the
 * database (margin %, margin, billed, cost or folio), and the total; the screen's export asks for every page.
 */
export async function jobCostReportList(ctx: RequestContext, list: ListInput | null | undefined) {
  const q = readList(list, data.JOB_COST_SORTS, 'marginPercent');
  const { rows, total } = await data.jobCostSummaryPage(db(ctx), q);
  return { items: rows.map(figuresOf), total };
}

export async function jobCostSettings(ctx: RequestContext) {
  const [factor, threshold] = await Promise.all([data.jobCostSetting(db(ctx), data.EMPLOYER_FACTOR_KEY), data.jobCostSetting(db(ctx), data.MARGIN_THRESHOLD_KEY)]);
  return { employerFactor: factor ?? DEFAULT_EMPLOYER_FACTOR, marginThreshold: threshold ?? DEFAULT_MARGIN_THRESHOLD };
}

const DECIMAL_RE = /^-?\d+(\.\d{1,4})?$/;

export async function updateJobCostSettings(ctx: RequestContext, input: { employerFactor: string; marginThreshold: string }) {
  const fields: Record<string, string> = {};
  const f = String(input.employerFactor ?? '').trim();
  const t = String(input.marginThreshold ?? '').trim();
  if (!DECIMAL_RE.test(f) || dec(f).lt(0) || dec(f).gt(2)) fields.employerFactor = JOB_COST_MSG.factor;
  if (!DECIMAL_RE.test(t) || dec(t).lt(-100) || dec(t).gt(100)) fields.marginThreshold = JOB_COST_MSG.threshold;
  if (Object.keys(fields).length) throw badInput(fields);
  const before = await jobCostSettings(ctx);
  await db(ctx).transaction(async (tx) => {
    await data.saveJobCostSetting(tx, data.EMPLOYER_FACTOR_KEY, dec(f).toFixed());
    await data.saveJobCostSetting(tx, data.MARGIN_THRESHOLD_KEY, dec(t).toFixed());
    await writeAudit(tx, actorOf(ctx), { entity: 'job_cost_settings', entityId: 'ventas', action: 'update', before, after: { employerFactor: f, marginThreshold: t } });
  });
  return jobCostSettings(ctx);
}

