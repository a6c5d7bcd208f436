// SUA for a registro patronal and a bimester (issue 27): the workers and their
// affiliation movements as SUA takes them (the movements IDSE received; for
// employees recorded before Movimientos IMSS existed, their employment
// history with the SBC worked out the same way), the import files SUA reads,
// and the bimester computed the SUA way beside the payrolls' stored quotas.
// Reads only: nothing is written, so nothing is audited.
import type { RequestContext } from '../../../context';
import { badInput } from '../../../lib/errors';
import { parseInput } from '../../../lib/validation';
import { dec, money } from '../../../../schema/money';
import { isFiscalError, type FiscalYearSet } from '../../../../schema/rh/fiscal';
import { bimesterMonths, totalsOf } from '../../../../schema/rh/employerRegistrations';
import type { EmployerQuotaSet } from '../../../../schema/rh/employerQuotas';
import {
  bimesterRange,
  SUA_MSG,
  suaBimesterQuotas,
  suaCreditOf,
  suaDifference,
  suaFile,
  suaIncapacityMovements,
  suaMovementLine,
  suaPlan,
  suaWorkerLine,
  suaWorkerType,
  type PayrollBimester,
  type SuaAffiliation,
  type SuaMovementLineInput,
} from '../../../../schema/rh/sua';
import { loadEmployerQuotaSets, loadFiscalYearSets } from '../fiscal/service';
import { sbcOn } from '../imss-movements/service';
import { bimesterInput } from './service';
import * as data from './data';

const db = (ctx: RequestContext) => ctx.app.database.db;

type Args = { year: number; bimester: number; registrationId: string };

/** Everything both answers need: the registro, the bimester's days and each worker's affiliation history. */
async function loadBimester(ctx: RequestContext, args: Args) {
  const v = parseInput(bimesterInput, args);
  const ex = db(ctx);
  const registration = await data.findRegistration(ex, v.registrationId);
  if (!registration) throw badInput({ registrationId: SUA_MSG.registrationMissing });
  const { from, to } = bimesterRange(v.year, v.bimester);
  const workers = await data.suaWorkers(ex, registration.id, to);
  const ids = workers.map((w) => w.employeeId);
  const [movements, events, incapacities] = await Promise.all([
    data.suaMovements(ex, registration.id, ids, to),
    data.suaEvents(
      ex,
      workers.filter((w) => !w.hasMovements).map((w) => w.employeeId),
      to,
    ),
    data.suaIncapacities(ex, ids, from, to),
  ]);
  const history = new Map<number, SuaAffiliation[]>(ids.map((id) => [id, []]));
  for (const m of movements) history.get(m.employeeId)!.push({ type: m.type, date: m.date, sbc: m.sbc });
  // The same SBC Movimientos IMSS records: the SDI of the salary with the tables in force that day, seniority from the (re)hire.
  const hiredOn = new Map<number, string>();
  for (const e of events) {
    if (e.event === 'alta' || e.event === 'reingreso') hiredOn.set(e.employeeId, e.date);
    const type = e.event === 'baja' ? 'baja' : e.event === 'salario' ? 'modificacion' : 'alta';
    history.get(e.employeeId)!.push({ type, date: e.date, sbc: await sbcOn(ex, e.dailySalary, hiredOn.get(e.employeeId) ?? e.date, e.date) });
  }
  return { v, registration, from, to, workers, history, incapacities };
}

const incapacitiesOf = (list: data.SuaIncapacityRow[], employeeId: number) => list.filter((i) => i.employeeId === employeeId);

// ---- files ---------------------------------------------------------------------------------

export async function suaFiles(ctx: RequestContext, args: Args) {
  const { v, registration, from, to, workers, history, incapacities } = await loadBimester(ctx, args);
  const credits = new Map((await data.suaCredits(db(ctx), workers.map((w) => w.employeeId))).map((c) => [c.employeeId, c]));
  const workerLines: string[] = [];
  const movementLines: (SuaMovementLineInput & { order: string })[] = [];
  const warnings: string[] = [];
  for (const w of workers) {
    const plan = suaPlan(history.get(w.employeeId)!, from, to);
    if (!plan) continue;
    const who = `${w.number} ${[w.names, w.lastName, w.secondLastName].filter(Boolean).join(' ')}`;
    const convenio = credits.get(w.employeeId);
    const credit = convenio ? suaCreditOf(convenio) : null;
    if (convenio && !credit) warnings.push(SUA_MSG.creditNumber(who));
    workerLines.push(
      suaWorkerLine({ registro: registration.registro, nss: w.nss, rfc: w.rfc, curp: w.curp, lastName: w.lastName, secondLastName: w.secondLastName, names: w.names, workerType: suaWorkerType(w.contractType), altaDate: plan.alta.date, sdi: plan.alta.sdi, locationKey: w.number, credit }),
    );
    const base = { registro: registration.registro, nss: w.nss };
    for (const m of plan.movements) movementLines.push({ ...base, code: m.code, date: m.date, sdi: m.sdi, order: `${m.date} ${w.number}` });
    for (const i of suaIncapacityMovements(incapacitiesOf(incapacities, w.employeeId), from, to)) {
      if (i.folio.length > 8) warnings.push(SUA_MSG.folioLong(i.folio, who));
      if (i.days > 99) {
        warnings.push(SUA_MSG.daysLong(i.folio, who, i.days));
        continue;
      }
      movementLines.push({ ...base, ...i, order: `${i.date} ${w.number}` });
    }
  }
  movementLines.sort((a, b) => a.order.localeCompare(b.order));
  const name = (kind: string) => `SUA_${kind}_${registration.registro}_${v.year}-${v.bimester}.txt`;
  return {
    workers: { fileName: name('ASEG'), content: suaFile(workerLines), count: workerLines.length },
    movements: { fileName: name('MOVT'), content: suaFile(movementLines.map(suaMovementLine)), count: movementLines.length },
    warnings,
  };
}

// ---- reconciliation ----------------------------------------------------------------------------

const ZERO_SUA = { days1: 0, days2: 0, incapacityDays: 0, sbcStart: null, sbcEnd: null, sbcDays: '0.00', em1: '0.00', iv1: '0.00', gps1: '0.00', rt1: '0.00', monthly1: '0.00', em2: '0.00', iv2: '0.00', gps2: '0.00', rt2: '0.00', monthly2: '0.00', retiro: '0.00', cesantiaVejez: '0.00', infonavit: '0.00', bimonthly: '0.00', total: '0.00' };
const ZERO_PAYROLL: PayrollBimester = { days1: '0', days2: '0', monthly1: '0.00', monthly2: '0.00', bimonthly: '0.00', sbcDays: '0.00', absences: '0' };

const TOTAL_KEYS = ['days1', 'days2', 'monthly1', 'monthly2', 'bimonthly', 'total', 'payrollDays1', 'payrollDays2', 'payrollMonthly1', 'payrollMonthly2', 'payrollBimonthly', 'payrollTotal', 'diffDays1', 'diffDays2', 'diffMonthly1', 'diffMonthly2', 'diffBimonthly', 'diffTotal'] as const;

export async function suaBimester(ctx: RequestContext, args: Args) {
  const { v, registration, from, to, workers, history, incapacities } = await loadBimester(ctx, args);
  const months = bimesterMonths(v.bimester);
  const [sets, quotaSets, payrollRows]: [FiscalYearSet[], EmployerQuotaSet[], data.BimesterRow[]] = await Promise.all([
    loadFiscalYearSets(db(ctx)),
    loadEmployerQuotaSets(),
    data.bimesterQuotas(db(ctx), registration.id, v.year, months),
  ]);
  const payrolls = new Map(payrollRows.map((r) => [r.employeeId, r]));
  const rows = [];
  const seen = new Set<number>();
  for (const w of workers) {
    const movements = history.get(w.employeeId)!;
    const payroll = payrolls.get(w.employeeId);
    if (!suaPlan(movements, from, to) && !payroll) continue;
    seen.add(w.employeeId);
    let sua: ReturnType<typeof suaBimesterQuotas> = ZERO_SUA;
    let problem: string | null = null;
    try {
      sua = suaBimesterQuotas(sets, quotaSets, { year: v.year, bimester: v.bimester, riskPremiumPercent: registration.riskPremiumPercent, wageZone: w.wageZone, movements, incapacities: incapacitiesOf(incapacities, w.employeeId) });
    } catch (err) {
      if (!isFiscalError(err)) throw err;
      problem = SUA_MSG.missingTables(err.message);
    }
    rows.push(rowOf({ employeeId: w.employeeId, employeeNumber: w.number, employeeName: [w.lastName, w.secondLastName, w.names].filter(Boolean).join(' '), nss: w.nss }, sua, payroll, problem));
  }
  // Payrolls of the registro for someone SUA does not see under it (no movement there): shown, all a difference.
  for (const p of payrollRows) if (!seen.has(p.employeeId)) rows.push(rowOf({ employeeId: p.employeeId, employeeNumber: p.employeeNumber, employeeName: p.employeeName, nss: '' }, ZERO_SUA, p, null));
  rows.sort((a, b) => a.employeeNumber.toUpperCase().localeCompare(b.employeeNumber.toUpperCase()) || a.employeeId - b.employeeId);
  const totals = totalsOf(rows, TOTAL_KEYS);
  return { registration, year: v.year, bimester: v.bimester, months, rows, totals, differences: rows.filter((r) => !r.matches).length };
}

function rowOf(who: { employeeId: number; employeeNumber: string; employeeName: string; nss: string }, sua: ReturnType<typeof suaBimesterQuotas>, payroll: data.BimesterRow | undefined, problem: string | null) {
  const p: PayrollBimester = payroll
    ? {
        days1: payroll.days1,
        days2: payroll.days2,
        monthly1: money(dec(payroll.em1).plus(payroll.iv1).plus(payroll.gps1).plus(payroll.rt1)),
        monthly2: money(dec(payroll.em2).plus(payroll.iv2).plus(payroll.gps2).plus(payroll.rt2)),
        bimonthly: money(dec(payroll.retiro).plus(payroll.cesantiaVejez).plus(payroll.infonavit)),
        sbcDays: payroll.sbcDays,
        absences: payroll.absences,
      }
    : ZERO_PAYROLL;
  const diff = suaDifference(sua, p);
  return {
    ...who,
    ...sua,
    days1: String(sua.days1),
    days2: String(sua.days2),
    payrollDays1: dec(p.days1).toFixed(2),
    payrollDays2: dec(p.days2).toFixed(2),
    payrollMonthly1: p.monthly1,
    payrollMonthly2: p.monthly2,
    payrollBimonthly: p.bimonthly,
    payrollTotal: money(dec(p.monthly1).plus(p.monthly2).plus(p.bimonthly)),
    ...diff,
    causes: problem ? [problem] : diff.causes,
    matches: problem ? false : diff.matches,
    problem,
  };
}
