// Vacaciones business rules: a request is captured for an active employee (not before the hire date, not
// overlapping another solicitada/aprobada one); approving it locks the employee row, so parallel approvals
// queue and none spends days another took, and refuses more days than the balance has. The balance is
// computed each time from the hire date and the approved requests (schema/rh/vacations.ts). An approved
// request whose prima vacacional a payroll claimed cannot be cancelled until that payroll is deleted.
import { writeAudit } from '../../../db/audit';
import { nextFolio } from '../../../db/folios';
import type { Executor } from '../../../db/database';
import { actorOf, type RequestContext } from '../../../context';
import { appError, badInput, conflict, found, notFound } from '../../../lib/errors';
import { assertAction } from '../../../lib/lifecycle';
import { readDateRange, readList, type ListInput } from '../../../lib/list';
import { parseInput } from '../../../lib/validation';
import { formatDateMx, todayMx } from '../../../../schema/dates';
import { vacationDaysFor, type FiscalYearSet } from '../../../../schema/rh/fiscal';
import { anniversaryOf, VACATION_LIFECYCLE, VACATION_MSG, vacationBalance, type VacationStatus } from '../../../../schema/rh/vacations';
import { loadFiscalYearSets } from '../fiscal/service';
import { decisionReason, vacationRequestInput } from './inputs';
import * as data from './data';

const db = (ctx: RequestContext) => ctx.app.database.db;

export function listRequests(ctx: RequestContext, list: ListInput | null | undefined, filter: { employeeId?: string | null; status?: string | null; from?: string | null; to?: string | null } | null | undefined) {
  return data.listRequests(db(ctx), readList(list, data.VACATION_SORTS, 'folio'), {
    employeeId: filter?.employeeId ? Number(filter.employeeId) : null,
    status: filter?.status ?? null,
    range: readDateRange(filter),
  });
}

export const getRequest = (ctx: RequestContext, id: string) => data.findRequest(db(ctx), Number(id));

/** Days a year of service earns, from the table of the fiscal year of its anniversary (the nearest loaded one). */
function daysForOf(sets: readonly FiscalYearSet[], hireDate: string) {
  const sorted = [...sets].sort((a, b) => a.year - b.year);
  return (serviceYear: number) => {
    const year = Number(anniversaryOf(hireDate, serviceYear).slice(0, 4));
    const set = sorted.find((s) => s.year === year) ?? (year < sorted[0].year ? sorted[0] : sorted[sorted.length - 1]);
    return vacationDaysFor(set, serviceYear);
  };
}

async function balanceOf(ex: Executor, sets: readonly FiscalYearSet[], employee: { hireDate: string }, employeeId: number, onDate: string) {
  const approved = await data.approvedOf(ex, employeeId);
  const latest = approved.reduce((d, r) => (r.firstDay > d ? r.firstDay : d), onDate);
  return { onDate: latest, ...vacationBalance(employee.hireDate, latest, daysForOf(sets, employee.hireDate), approved) };
}

/**
 * Vacation days of completed years not taken on a date (the finiquito's «vacaciones pendientes de años
 * anteriores»): the balance's pending days on the separation date, approved requests counted as taken.
 */
export async function pendingVacationDaysOn(ex: Executor, sets: readonly FiscalYearSet[], employee: { id: number; hireDate: string }, onDate: string): Promise<number> {
  const approved = await data.approvedOf(ex, employee.id);
  return vacationBalance(employee.hireDate, onDate, daysForOf(sets, employee.hireDate), approved).pending;
}

export async function getBalance(ctx: RequestContext, employeeId: string) {
  const id = Number(employeeId);
  const employee = await data.findEmployee(db(ctx), id);
  if (!employee) return null;
  const sets = await loadFiscalYearSets(db(ctx));
  return { employeeId: id, hireDate: employee.hireDate, ...(await balanceOf(db(ctx), sets, employee, id, todayMx())) };
}

export async function createRequest(ctx: RequestContext, input: unknown) {
  const v = parseInput(vacationRequestInput, input);
  const id = await db(ctx).transaction(async (tx) => {
    const employee = await data.findEmployee(tx, v.employeeId, { lock: true });
    if (!employee) throw badInput({ employeeId: VACATION_MSG.employeeMissing });
    if (employee.status !== 'activo') throw badInput({ employeeId: VACATION_MSG.employeeInactive });
    if (v.firstDay < employee.hireDate) throw badInput({ firstDay: VACATION_MSG.beforeHire });
    const other = await data.overlappingRequest(tx, v);
    if (other) throw appError('CONFLICT', VACATION_MSG.overlap(other.folio, formatDateMx(other.firstDay), formatDateMx(other.lastDay)));
    const folio = await nextFolio(tx, 'rh.vacation');
    const newId = await data.insertRequest(tx, { ...v, folio, createdBy: ctx.auth?.id ?? null });
    await writeAudit(tx, actorOf(ctx), { entity: 'rh_vacation_request', entityId: newId, action: 'create', after: { folio, ...v } });
    return newId;
  });
  return found(await data.findRequest(db(ctx), id), 'La solicitud de vacaciones');
}

type Move = { action: 'approve' | 'reject' | 'cancel'; to: VacationStatus; auditAction: string };

async function move(ctx: RequestContext, id: string, version: number, m: Move, reasonRaw?: unknown) {
  const reason = reasonRaw === undefined ? null : parseInput(decisionReason, { reason: reasonRaw }).reason;
  const requestId = Number(id);
  // Read before the transaction (the tables of a year never change once stored), as the payroll does.
  const sets = m.action === 'approve' ? await loadFiscalYearSets(db(ctx)) : [];
  await db(ctx).transaction(async (tx) => {
    const peek = await data.findRequest(tx, requestId);
    if (!peek) throw notFound('La solicitud de vacaciones');
    // The employee row first: every approval of this employee queues here, then reads the request again.
    const employee = found(await data.findEmployee(tx, peek.employeeId, { lock: true }), 'El empleado');
    const before = found(await data.findRequest(tx, requestId), 'La solicitud de vacaciones');
    if (before.version !== version) throw conflict();
    assertAction(VACATION_LIFECYCLE, m.action, before.status, m.to);
    if (m.action === 'approve') {
      if (employee.status !== 'activo') throw appError('CONFLICT', VACATION_MSG.employeeInactive);
      const other = await data.overlappingRequest(tx, { ...before, exceptId: requestId });
      if (other) throw appError('CONFLICT', VACATION_MSG.overlap(other.folio, formatDateMx(other.firstDay), formatDateMx(other.lastDay)));
      const today = todayMx();
      const balance = await balanceOf(tx, sets, employee, before.employeeId, before.firstDay > today ? before.firstDay : today);
      if (before.days > balance.pending) throw appError('CONFLICT', VACATION_MSG.overdraw(before.days, Math.max(0, balance.pending)));
    }
    if (m.action === 'cancel' && before.primaPayrollFolio !== null) throw appError('CONFLICT', VACATION_MSG.primaPaid(before.primaPayrollFolio));
    if (!(await data.setStatus(tx, requestId, version, before.status, m.to, { note: reason, by: ctx.auth?.id ?? null }))) throw conflict();
    await writeAudit(tx, actorOf(ctx), { entity: 'rh_vacation_request', entityId: requestId, action: m.auditAction, before: { status: before.status }, after: { status: m.to, ...(reason ? { reason } : {}) } });
  });
  return found(await data.findRequest(db(ctx), requestId), 'La solicitud de vacaciones');
}

export const approveRequest = (ctx: RequestContext, id: string, version: number) => move(ctx, id, version, { action: 'approve', to: 'aprobada', auditAction: 'approve' });
export const rejectRequest = (ctx: RequestContext, id: string, version: number, reason: unknown) => move(ctx, id, version, { action: 'reject', to: 'rechazada', auditAction: 'reject' }, reason);
export const cancelRequest = (ctx: RequestContext, id: string, version: number, reason: unknown) => move(ctx, id, version, { action: 'cancel', to: 'cancelada', auditAction: 'cancel' }, reason);

// ---- for the payroll (the prima vacacional of a request is paid once) ----------------------------

export const unpaidApprovedStartingIn = data.unpaidApprovedStartingIn;
export const insertVacationSources = data.insertVacationSources;
export const vacationSourcesOfPayroll = data.vacationSourcesOfPayroll;
