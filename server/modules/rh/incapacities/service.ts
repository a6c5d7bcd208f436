// Incapacidades IMSS (issue 27): an employee's certificates with their folio, SAT type, first day and
// days. Capturing one locks the employee row, so two overlapping certificates (or one over approved
// vacations) cannot both pass; the payroll's calculation reads the active ones (their days are not paid
// and are out of the IMSS quota days but retiro). A certificate whose days a closed ordinary payroll
// already applied cannot be cancelled: that payroll's receipts stand.
import { writeAudit } from '../../../db/audit';
import { actorOf, type RequestContext } from '../../../context';
import { appError, badInput, conflict, found, notFound } from '../../../lib/errors';
import { parseInput } from '../../../lib/validation';
import { formatDateMx } from '../../../../schema/dates';
import { INCAPACITY_MSG, incapacityEnd, validateIncapacity } from '../../../../schema/rh/incapacities';
import { cancelReason, incapacityInput } from './inputs';
import * as data from './data';

const db = (ctx: RequestContext) => ctx.app.database.db;

export const MSG = {
  employeeMissing: 'El empleado no existe.',
  beforeHire: (hire: string) => `La incapacidad no puede empezar antes del ingreso del empleado (${formatDateMx(hire)}).`,
  overlapIncapacity: (folio: string) => `Se cruza con la incapacidad ${folio} del empleado.`,
  overlapVacation: (folio: string) => `Se cruza con las vacaciones aprobadas ${folio} del empleado.`,
  inClosedPayroll: (folio: number) => `La nómina ${folio}, ya cerrada, aplicó esta incapacidad: no se puede cancelar.`,
  cancelled: 'La incapacidad ya está cancelada.',
} as const;

export const listIncapacities = (ctx: RequestContext, employeeId: string) => data.incapacitiesOf(db(ctx), Number(employeeId));

export async function createIncapacity(ctx: RequestContext, input: unknown) {
  const v = parseInput(incapacityInput, input);
  const fields = validateIncapacity(v);
  if (Object.keys(fields).length) throw badInput(fields);
  const id = await db(ctx).transaction(async (tx) => {
    const employee = await data.lockEmployee(tx, v.employeeId);
    if (!employee) throw badInput({ employeeId: MSG.employeeMissing });
    if (v.startDate < employee.hireDate) throw badInput({ startDate: MSG.beforeHire(employee.hireDate) });
    if (await data.activeFolio(tx, v.folio)) throw badInput({ folio: INCAPACITY_MSG.folioTaken });
    const other = await data.overlapOf(tx, v.employeeId, v.startDate, incapacityEnd(v));
    if (other) throw badInput({ startDate: other.what === 'incapacidad' ? MSG.overlapIncapacity(other.ref) : MSG.overlapVacation(other.ref) });
    const newId = await data.insertIncapacity(tx, { ...v, createdBy: ctx.auth?.id ?? null });
    await writeAudit(tx, actorOf(ctx), { entity: 'rh_incapacity', entityId: newId, action: 'create', after: { ...v } });
    return newId;
  });
  return found(await data.findIncapacity(db(ctx), id), 'La incapacidad');
}

export async function cancelIncapacity(ctx: RequestContext, id: string, version: number, reasonRaw: unknown) {
  const { reason } = parseInput(cancelReason, { reason: reasonRaw });
  const incapacityId = Number(id);
  await db(ctx).transaction(async (tx) => {
    const peek = await data.findIncapacity(tx, incapacityId);
    if (!peek) throw notFound('La incapacidad');
    await data.lockEmployee(tx, peek.employeeId);
    const before = found(await data.findIncapacity(tx, incapacityId), 'La incapacidad');
    if (before.version !== version) throw conflict();
    if (before.status !== 'activa') throw appError('CONFLICT', MSG.cancelled);
    if (before.closedPayrollFolio !== null) throw appError('CONFLICT', MSG.inClosedPayroll(before.closedPayrollFolio));
    if (!(await data.cancelIncapacity(tx, incapacityId, version, reason))) throw conflict();
    await writeAudit(tx, actorOf(ctx), { entity: 'rh_incapacity', entityId: incapacityId, action: 'cancel', before: { status: 'activa' }, after: { status: 'cancelada', reason } });
  });
  return found(await data.findIncapacity(db(ctx), incapacityId), 'La incapacidad');
}

export const activeInPeriod = data.activeInPeriod;
