// Movimientos IMSS business rules: every alta/reingreso (08), baja (02) and
// modificación de salario (07) of Empleados records one movement in the
// same transaction (recordMovement), with its SBC (the SDI with the fiscal
// tables in force on the effective date; a 07 adds the variable part of the
// bimonthly SBC update in force then) and its «fecha límite» (5 business
// days). RH lists them, downloads IDSE's batch file and marks them presented
// with the lote/acuse IDSE gave.
import { writeAudit } from '../../../db/audit';
import type { Executor } from '../../../db/database';
import { actorOf, type RequestContext } from '../../../context';
import { badInput, notFound } from '../../../lib/errors';
import { bulkIds, runBulk } from '../../../lib/bulk';
import { readDateRange, readList, type ListInput } from '../../../lib/list';
import { z } from '../../../lib/validation';
import { todayMx } from '../../../../schema/dates';
import { dec, money } from '../../../../schema/money';
import { sdiFor, yearsOfService } from '../../../../schema/rh/fiscal';
import {
  IMSS_BAJA_CAUSES,
  IMSS_MOVEMENT_MSG as MSG,
  IMSS_MOVEMENT_TYPE_LABELS,
  idseFile,
  imssDeadline,
  isOverdue,
  type ImssMovementStatus,
  type ImssMovementType,
} from '../../../../schema/rh/imssMovements';
import * as data from './data';

const db = (ctx: RequestContext) => ctx.app.database.db;

/** The SBC of a daily salary on a date: the SDI with the fiscal year in force then (the salary itself when no tables are loaded). */
export async function sbcOn(ex: Executor, dailySalary: string, seniorityFrom: string, date: string): Promise<string> {
  const year = await data.fiscalYearOn(ex, date);
  if (!year) return money(dailySalary);
  const set = { ...year, vacationPremiumPercent: dec(year.vacationPremiumPercent).toString() };
  return sdiFor(set, dailySalary, yearsOfService(seniorityFrom, date)).sdi;
}

/**
 * Records the movement a change of the employee produces; called by
 * Empleados inside its own transaction, after the employee row is written.
 * `seniorityFrom` is the hire date the integration factor counts from.
 */
export async function recordMovement(
  tx: Executor,
  ctx: RequestContext,
  v: {
    employeeId: number;
    type: ImssMovementType;
    effectiveDate: string;
    dailySalary: string;
    seniorityFrom: string;
    bajaCause?: string | null;
    /** The whole SBC, capped, when the caller computed it (the bimonthly update). */
    sbc?: string;
    /** The variable daily part of a mixed salary (LSS art. 30 fr. III): added to the fixed SDI unless `sbc` is given; makes the movement mixto. */
    variableDaily?: string | null;
  },
): Promise<number> {
  const source = await data.movementSource(tx, v.employeeId);
  if (!source) throw notFound('El empleado');
  // The bimonthly SBC update (../sbc-variable) passes the SBC with its variable part, already capped.
  const whole = v.sbc ?? money(dec(await sbcOn(tx, v.dailySalary, v.seniorityFrom, v.effectiveDate)).plus(v.variableDaily ?? 0));
  // IDSE takes the SBC at most at the ceiling in force on the effective date (25 UMA, LSS art. 28).
  const cap = v.sbc === undefined ? await data.sbcCapOn(tx, v.effectiveDate) : null;
  return data.insertMovement(tx, {
    ...source,
    type: v.type,
    effectiveDate: v.effectiveDate,
    deadline: imssDeadline(v.effectiveDate),
    dailySalary: money(v.dailySalary),
    sbc: cap !== null && dec(whole).gt(cap) ? money(cap) : whole,
    salaryType: dec(v.variableDaily ?? 0).gt(0) ? 'mixto' : 'fijo',
    bajaCause: v.type === 'baja' ? (v.bajaCause ?? null) : null,
    createdBy: ctx.auth?.id ?? null,
  });
}

// ---- reading -------------------------------------------------------------------------------

const present = (row: data.ImssMovementRow, today: string) => ({
  ...row,
  typeLabel: IMSS_MOVEMENT_TYPE_LABELS[row.type],
  overdue: isOverdue(row, today),
  bajaCauseLabel: row.bajaCause ? `${row.bajaCause} ${IMSS_BAJA_CAUSES.find((c) => c.code === row.bajaCause)?.name ?? ''}`.trim() : null,
});

type FilterArg = {
  type?: ImssMovementType | null;
  status?: ImssMovementStatus | null;
  employerRegistrationId?: string | null;
  overdue?: boolean | null;
  from?: string | null;
  to?: string | null;
} | null | undefined;

const idOf = (raw: string | number | null | undefined): number | null => {
  const n = Number(raw);
  return Number.isInteger(n) && n > 0 ? n : null;
};

export async function listMovements(ctx: RequestContext, list: ListInput | null | undefined, filter: FilterArg) {
  const today = todayMx();
  const q = readList(list, data.MOVEMENT_SORTS, 'deadline');
  const f: data.MovementFilter = {
    type: filter?.type ?? null,
    status: filter?.status ?? null,
    employerRegistrationId: filter?.employerRegistrationId ? idOf(filter.employerRegistrationId) ?? -1 : null,
    overdue: filter?.overdue ?? null,
    range: readDateRange(filter),
  };
  const result = await data.listMovements(db(ctx), q, f, today);
  return { items: result.items.map((r) => present(r, today)), total: result.total };
}

/** IDSE's batch file of the chosen movements; one registro patronal per file, as IDSE loads it. */
export async function idseFileOf(ctx: RequestContext, rawIds: readonly string[]) {
  const ids = bulkIds(rawIds).map((id) => idOf(id) ?? -1);
  const rows = await data.movementsByIds(db(ctx), ids);
  if (rows.length !== ids.length) throw notFound(MSG.movementMissing);
  const noRegistro = rows.find((r) => !r.registro);
  if (noRegistro) throw badInput({ ids: MSG.noRegistration }, MSG.noRegistration);
  const registros = new Set(rows.map((r) => r.registro));
  if (registros.size > 1) throw badInput({ ids: MSG.oneRegistration }, MSG.oneRegistration);
  const content = idseFile(rows.map((r) => ({ ...r, bajaCause: r.bajaCause })));
  const registro = rows[0].registro;
  return { fileName: `IDSE_${registro}_${todayMx().replaceAll('-', '')}.txt`, content, count: rows.length };
}

// ---- writing -------------------------------------------------------------------------------

const acuseInput = z.string({ error: MSG.acuse }).trim().min(1, MSG.acuse).max(40, MSG.acuse);

async function markOnePresented(ctx: RequestContext, rawId: string, acuse: string): Promise<void> {
  const id = idOf(rawId);
  if (!id) throw notFound(MSG.movementMissing);
  await db(ctx).transaction(async (tx) => {
    const current = await data.lockMovement(tx, id);
    if (!current) throw notFound(MSG.movementMissing);
    if (current.status !== 'pendiente' || !(await data.markPresented(tx, id, acuse, ctx.auth?.id ?? null))) throw badInput({ ids: MSG.alreadyPresented }, MSG.alreadyPresented);
    await writeAudit(tx, actorOf(ctx), { entity: 'rh_imss_movement', entityId: id, action: 'present', before: { status: current.status }, after: { status: 'presentado', acuse } });
  });
}

/** «Marcar presentado»: each movement in its own transaction (see runBulk); a wrong acuse is refused before any row. */
export async function markPresented(ctx: RequestContext, ids: readonly string[], rawAcuse: string) {
  const parsed = acuseInput.safeParse(rawAcuse);
  if (!parsed.success) throw badInput({ acuse: MSG.acuse });
  return runBulk(ctx, ids, (id) => markOnePresented(ctx, id, parsed.data), {
    references: async (failed) => {
      const rows = await data.movementsByIds(db(ctx), failed.map((id) => idOf(id) ?? -1));
      return new Map(rows.map((r) => [String(r.id), `${r.employeeNumber} ${IMSS_MOVEMENT_TYPE_LABELS[r.type]}`]));
    },
  });
}
