// Convenios business rules: created against an active employee with a
// gapless folio and balance = total; fully editable only until a payroll
// applies an installment (then only description and reference); cancelled
// with a reason while activo. Payroll closes lower the balance (payroll/service.ts);
// a convenio without total (INFONAVIT, pensión: issue 27) has none and runs until cancelled.
import { writeAudit, type Actor } from '../../../db/audit';
import type { Executor } from '../../../db/database';
import { nextFolio } from '../../../db/folios';
import { actorOf, type RequestContext } from '../../../context';
import { appError, badInput, conflict, found, notFound } from '../../../lib/errors';
import { readDateRange, readList, type ListInput } from '../../../lib/list';
import { parseInput } from '../../../lib/validation';
import { dec } from '../../../../schema/money';
import { AGREEMENT_STATUS_LABELS } from '../../../../schema/rh/payroll';
import { AGREEMENT_MSG, agreementInput, cancelReason } from './inputs';
import * as data from './data';

const db = (ctx: RequestContext) => ctx.app.database.db;
const statusLabel = (s: data.AgreementStatus) => AGREEMENT_STATUS_LABELS[s].toLowerCase();

export function listAgreements(ctx: RequestContext, list: ListInput | null | undefined, filter: { employeeId?: string | null; kind?: string | null; status?: string | null; from?: string | null; to?: string | null } | null | undefined) {
  return data.listAgreements(db(ctx), readList(list, data.AGREEMENT_SORTS, 'folio'), {
    employeeId: filter?.employeeId ? Number(filter.employeeId) : null,
    kind: filter?.kind ?? null,
    status: filter?.status ?? null,
    range: readDateRange(filter),
  });
}

export const getAgreement = (ctx: RequestContext, id: string) => data.findAgreement(db(ctx), Number(id));

export async function paymentsOf(ctx: RequestContext, agreementId: number) {
  return (await data.paymentsOf(db(ctx), [agreementId])).get(agreementId) ?? [];
}

/**
 * A convenio inside the caller's transaction: the form's, and Compras' viático whose remainder
 * the employee agreed in writing to have deducted (a «descuento» the next ordinary payroll takes).
 */
export async function createAgreementTx(tx: Executor, actor: Actor, input: unknown): Promise<{ id: number; folio: number }> {
  const v = parseInput(agreementInput, input);
  const employee = await data.findEmployee(tx, v.employeeId);
  if (!employee) throw badInput({ employeeId: AGREEMENT_MSG.employeeMissing });
  if (employee.status !== 'activo') throw badInput({ employeeId: AGREEMENT_MSG.employeeInactive });
  const folio = await nextFolio(tx, 'rh.agreement');
  const id = await data.insertAgreement(tx, { ...v, folio, createdBy: actor.userId });
  await writeAudit(tx, actor, { entity: 'rh_agreement', entityId: id, action: 'create', after: { folio, ...v, balance: v.total } });
  return { id, folio };
}

export async function createAgreement(ctx: RequestContext, input: unknown) {
  const { id } = await db(ctx).transaction((tx) => createAgreementTx(tx, actorOf(ctx), input));
  return found(await data.findAgreement(db(ctx), id), 'El convenio');
}

export async function updateAgreement(ctx: RequestContext, id: string, version: number, input: unknown) {
  const v = parseInput(agreementInput, input);
  const agreementId = Number(id);
  await db(ctx).transaction(async (tx) => {
    const before = await data.findAgreement(tx, agreementId, { lock: true });
    if (!before) throw notFound('El convenio');
    if (before.version !== version) throw conflict();
    if (before.status !== 'activo') throw appError('CONFLICT', AGREEMENT_MSG.notActive(statusLabel(before.status)));
    if (before.paymentCount > 0) {
      // Installments were taken from these figures: only the texts may change.
      const locked: Record<string, string> = {};
      if (String(v.employeeId) !== String(before.employeeId)) locked.employeeId = AGREEMENT_MSG.lockedAfterPayments;
      if (v.kind !== before.kind) locked.kind = AGREEMENT_MSG.lockedAfterPayments;
      if (v.startDate !== before.startDate) locked.startDate = AGREEMENT_MSG.lockedAfterPayments;
      const same = (a: string | null, b: string | null) => (a === null || b === null ? a === b : dec(a).eq(b));
      if (v.method !== before.method) locked.method = AGREEMENT_MSG.lockedAfterPayments;
      if (!same(v.rate, before.rate)) locked.rate = AGREEMENT_MSG.lockedAfterPayments;
      if (!same(v.total, before.total)) locked.total = AGREEMENT_MSG.lockedAfterPayments;
      if (!same(v.installment, before.installment)) locked.installment = AGREEMENT_MSG.lockedAfterPayments;
      if (Object.keys(locked).length) throw badInput(locked);
      if (!(await data.updateAgreementTexts(tx, agreementId, version, v))) throw conflict();
    } else {
      const employee = await data.findEmployee(tx, v.employeeId);
      if (!employee) throw badInput({ employeeId: AGREEMENT_MSG.employeeMissing });
      if (employee.status !== 'activo') throw badInput({ employeeId: AGREEMENT_MSG.employeeInactive });
      if (!(await data.updateAgreement(tx, agreementId, version, v))) throw conflict();
    }
    await writeAudit(tx, actorOf(ctx), { entity: 'rh_agreement', entityId: agreementId, action: 'update', before, after: v });
  });
  return found(await data.findAgreement(db(ctx), agreementId), 'El convenio');
}

export async function cancelAgreement(ctx: RequestContext, id: string, version: number, reasonRaw: unknown) {
  const { reason } = parseInput(cancelReason, { reason: reasonRaw });
  const agreementId = Number(id);
  await db(ctx).transaction(async (tx) => {
    const before = await data.findAgreement(tx, agreementId, { lock: true });
    if (!before) throw notFound('El convenio');
    if (before.version !== version) throw conflict();
    if (before.status !== 'activo') throw appError('CONFLICT', AGREEMENT_MSG.cancelOnlyActive(statusLabel(before.status)));
    if (!(await data.cancelAgreement(tx, agreementId, version, reason))) throw conflict();
    await writeAudit(tx, actorOf(ctx), { entity: 'rh_agreement', entityId: agreementId, action: 'cancel', before, after: { status: 'cancelado', cancelReason: reason } });
  });
  return found(await data.findAgreement(db(ctx), agreementId), 'El convenio');
}

// ---- for the payroll (one installment per closed payroll) ------------------------------

export const dueAgreements = data.dueAgreements;
export const applyPayment = data.applyPayment;
