// SBC variable part business rules (issue 27; LSS art. 30 fr. II, art. 34 fr. II): for a closed bimester,
// each employee's integrable variable perceptions of the closed payrolls ÷ days of salary accrued, on top of
// the fixed SDI (schema/rh/sbcVariable.ts). The preview changes nothing; applying it stores one update per
// employee and, where the SBC changes, a modificación de salario (07) effective the first day of the next
// month, which IDSE's list and file pick up; payrolls paid from that day take the variable part.
import { writeAudit } from '../../../db/audit';
import { actorOf, type RequestContext } from '../../../context';
import { appError, badInput } from '../../../lib/errors';
import { todayMx } from '../../../../schema/dates';
import { Decimal, dec, money } from '../../../../schema/money';
import { fiscalParametersFor, isFiscalError, sdiFor, yearsOfService, type FiscalYearSet } from '../../../../schema/rh/fiscal';
import { imssDeadline } from '../../../../schema/rh/imssMovements';
import { SBC_VARIABLE_MSG as MSG, accruedDays, bimesterInputError, bimesterRange, sbcVariable } from '../../../../schema/rh/sbcVariable';
import { loadFiscalYearSets } from '../fiscal/service';
import { recordMovement } from '../imss-movements/service';
import type { Executor } from '../../../db/database';
import * as data from './data';

const db = (ctx: RequestContext) => ctx.app.database.db;

/** The variable daily part in force on a payment date, per employee (the payroll adds it to the fixed SDI). */
export const variablePartsOn = data.variablePartsOn;
/** The same, each employee on their own date. */
export const variablePartsAt = data.variablePartsAt;

function checkInput(year: number, bimester: number) {
  const error = bimesterInputError(year, bimester);
  if (error) throw badInput({ [error.field]: error.message });
  const range = bimesterRange(year, bimester);
  if (range.to >= todayMx()) throw badInput({ bimester: MSG.bimesterOpen });
  return range;
}

/** The fixed SDI of a daily salary on a date, exactly as the payroll computes it, capped SBC and the UMA of that date. */
function fiscalOn(sets: FiscalYearSet[], date: string) {
  try {
    const params = fiscalParametersFor(sets, date);
    return { params, yearSet: sets.find((s) => s.year === params.tableYear)! };
  } catch (err) {
    if (isFiscalError(err)) throw badInput({ year: err.message });
    throw err;
  }
}

async function compute(ex: Executor, sets: FiscalYearSet[], year: number, bimester: number) {
  const range = bimesterRange(year, bimester);
  const { params, yearSet } = fiscalOn(sets, range.effectiveDate);
  const [employees, perceptions, absences, incapacities, applied, previous] = await Promise.all([
    data.employeesOfBimester(ex, range.from, range.to),
    data.paidPerceptions(ex, range.from, range.to),
    data.absences(ex, range.from, range.to),
    data.incapacityDays(ex, range.from, range.to),
    data.updatesOfBimester(ex, year, bimester),
    data.previousUpdates(ex, range.effectiveDate),
  ]);
  const cap = dec(params.uma.daily).times(params.sbcCapUma);
  const perceptionsOf = new Map<number, typeof perceptions>();
  for (const p of perceptions) perceptionsOf.set(p.employeeId, [...(perceptionsOf.get(p.employeeId) ?? []), p]);
  const rows = employees.map((e) => {
    const fixedSdi = sdiFor(yearSet, e.dailySalary, yearsOfService(e.firstHireDate, range.effectiveDate)).sdi;
    const days = accruedDays({ ...range, hireDate: e.hireDate, terminationDate: e.terminationDate, absences: absences.get(e.id) ?? 0, incapacityDays: incapacities.get(e.id) ?? 0 });
    const r = sbcVariable({ fixedSdi, umaDaily: params.uma.daily, sbcCapUma: params.sbcCapUma, days, perceptions: perceptionsOf.get(e.id) ?? [] });
    // Without this update the employee would keep the fixed SDI plus the last variable part applied.
    const before = previous.get(e.id);
    const currentSbc = money(Decimal.min(dec(fixedSdi).plus(before?.variableDaily ?? 0), cap));
    return { employee: e, employeeId: String(e.id), number: e.number, name: e.name, dailySalary: e.dailySalary, days, fixedSdi, currentSbc, ...r, changes: r.sbc !== currentSbc };
  });
  return { range, rows, applied };
}

export async function preview(ctx: RequestContext, year: number, bimester: number) {
  const range = checkInput(year, bimester);
  const sets = await loadFiscalYearSets(db(ctx));
  const r = await compute(db(ctx), sets, year, bimester);
  return {
    year,
    bimester,
    from: range.from,
    to: range.to,
    calendarDays: range.days,
    effectiveDate: range.effectiveDate,
    deadline: imssDeadline(range.effectiveDate),
    applied: r.applied.length > 0,
    employees: r.rows,
  };
}

/** Stores the bimester's update once; a second apply, or one where nobody's SBC changes, is refused (CONFLICT) and writes nothing. */
export async function apply(ctx: RequestContext, year: number, bimester: number) {
  checkInput(year, bimester);
  const sets = await loadFiscalYearSets(db(ctx));
  return db(ctx).transaction(async (tx) => {
    await data.lockBimester(tx, year, bimester);
    const r = await compute(tx, sets, year, bimester);
    if (r.applied.length) throw appError('CONFLICT', MSG.alreadyApplied);
    // Nothing to present to IDSE: the bimester stays unapplied, so a later correction can still apply it.
    if (!r.rows.some((row) => row.changes)) throw appError('CONFLICT', MSG.nothingChanges);
    let movements = 0;
    const updates: data.NewUpdate[] = [];
    for (const row of r.rows) {
      // Each 07 takes its place in the IMSS movements (folio, IDSE list) through their own service.
      const movementId = row.changes
        ? await recordMovement(tx, ctx, { employeeId: row.employee.id, type: 'modificacion', effectiveDate: r.range.effectiveDate, dailySalary: row.dailySalary, seniorityFrom: row.employee.firstHireDate, sbc: row.sbc, variableDaily: row.variableDaily })
        : null;
      if (movementId) movements += 1;
      updates.push({
        employeeId: row.employee.id,
        year,
        bimester,
        effectiveDate: r.range.effectiveDate,
        days: row.days,
        integrable: row.integrable,
        variableDaily: row.variableDaily,
        fixedSdi: row.fixedSdi,
        sbc: row.sbc,
        movementId,
        createdBy: ctx.auth?.id ?? null,
      });
    }
    await data.insertUpdates(tx, updates);
    await writeAudit(tx, actorOf(ctx), { entity: 'rh_sbc_update', entityId: year * 10 + bimester, action: 'apply', before: null, after: { year, bimester, employees: r.rows.length, movements } });
    return { employees: r.rows.length, movements, effectiveDate: r.range.effectiveDate };
  });
}
