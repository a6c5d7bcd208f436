// Compras › Viáticos (issue 28): an advance to an employee for a contract
// and/or service order, paid from a company account (through the same ledger
// as supplier payments) or from a Caja cash box (an egreso in its open period,
// under Caja's rules and abilities); its comprobación with supplier CFDIs (read and
// seal-checked by the supplier-CFDI intake, UUID unique among viáticos and
// expenses) and receipts without CFDI marked «no deducible»; closing settles
// the remainder: reintegro (a deposit back to the account), descuento en
// nómina (with the employee's written consent: an RH «descuento» convenio the
// next ordinary payroll deducts) or, when over-comprobado, the reembolso of
// the excess to the employee. The reintegro or reembolso of an advance paid
// from a caja is a movement in that same caja; cancelling a paid advance
// without comprobantes reverses its payment (the account entry or the cash
// movement, as each module cancels its own).
//
// Locks: the advance's row first (payment, comprobantes and closing queue on
// it, so parallel payments pay once), then the account inside postAccountEntry
// or the caja's open period inside postSourceMovement.
import { writeAudit } from '../../db/audit';
import { nextFolio } from '../../db/folios';
import { actorOf, type RequestContext } from '../../context';
import { appError, badInput, conflict, found, notFound } from '../../lib/errors';
import { assertAction } from '../../lib/lifecycle';
import { readDateRange, readList, type ListInput } from '../../lib/list';
import { parseInput, rules, z } from '../../lib/validation';
import { claimUpload, detachUpload, findUpload, isUploadId, removeUploadBytes, storageOf, toAttachment } from '../../lib/attachments';
import { addDays, isIsoDate, todayMx } from '../../../schema/dates';
import { dec, decimalPlaces, formatMxn, money } from '../../../schema/money';
import { formatViaticoFolio, statusForComprobado, viaticoBalance, VIATICO_LIFECYCLE, type ViaticoSettlement } from '../../../schema/shopping/viaticos';
import { createAgreementTx } from '../rh/agreements/service';
import * as data from './data';
import { postAccountEntry, readCfdiUpload, reverseAccountEntry } from './service';
import { cashBoxById, cashBoxOptions, postSourceMovement, reverseSourceMovement } from '../cash/service';

export const VIATICO_MSG = {
  employeeRequired: 'Selecciona el empleado.',
  employeeMissing: 'El empleado no existe.',
  employeeInactive: 'El empleado está dado de baja.',
  source: 'Elige si se paga de una cuenta o de una caja.',
  accountRequired: 'Selecciona la cuenta de la que se paga.',
  accountMissing: 'La cuenta no existe.',
  cashBoxRequired: 'Selecciona la caja de la que se paga.',
  cashBoxMissing: 'La caja no existe.',
  cashBoxInactive: 'La caja está inactiva.',
  settleInSameBox: (box: string) => `El viático se pagó de ${box}: su reintegro o reembolso se registra en esa misma caja.`,
  contractMissing: 'El contrato no existe.',
  serviceOrderMissing: 'La orden de servicio no existe.',
  serviceOrderOtherContract: 'La orden de servicio no es de ese contrato.',
  amount: 'El importe debe ser mayor a cero, con máximo 2 decimales.',
  notDraft: 'Solo se modifica un viático en borrador.',
  kind: 'Elige CFDI o comprobante no deducible.',
  cfdiRequired: 'Sube el XML del CFDI del proveedor.',
  cfdiMissing: 'El archivo no existe o expiró: vuelve a subirlo.',
  cfdiNotXml: 'Sube el XML del CFDI (el PDF no trae los datos fiscales).',
  cfdiInExpense: (uuid: string, folio: number) => `El CFDI ${uuid} ya está registrado en el gasto ${folio}.`,
  cfdiInViatico: (uuid: string, folio: number) => `El CFDI ${uuid} ya está comprobado en el viático ${formatViaticoFolio(folio)}.`,
  notPaid: 'Solo se comprueba un viático pagado que no esté cerrado.',
  settlementRequired: (remainder: string) => `El empleado debe ${remainder}: elige reintegro o descuento en nómina.`,
  settlementNotFit: 'Esa forma de liquidar no corresponde al saldo del viático.',
  consentRequired: 'El descuento en nómina requiere el consentimiento por escrito del empleado.',
  consentFileRequired: 'Adjunta el documento firmado por el empleado.',
  overdueDays: 'Los días deben ser un entero entre 1 y 365.',
} as const;

const db = (ctx: RequestContext) => ctx.app.database.db;
const SUBJECT = 'Compras-Viáticos';

const isoDate = () => z.string({ error: 'La fecha es obligatoria.' }).refine(isIsoDate, 'Fecha no válida.');
const requiredId = (message: string) => z.union([z.string(), z.number()], { error: message }).refine((v) => /^[1-9]\d{0,9}$/.test(String(v).trim()), message).transform((v) => Number(v));
const optionalId = () => z.union([z.literal(''), rules.id()]).nullish().transform((v) => (typeof v === 'number' ? v : null));
const positiveMoney = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .refine((v) => /^\d+(\.\d+)?$/.test(v) && dec(v).gt(0) && decimalPlaces(v) <= 2 && dec(v).lt('1e13'), message);

// ---- the advance ---------------------------------------------------------------------------

const viaticoInput = z
  .object({
    employeeId: requiredId(VIATICO_MSG.employeeRequired),
    contractId: optionalId(),
    serviceOrderId: optionalId(),
    source: z
      .enum(['cuenta', 'caja'], { error: VIATICO_MSG.source })
      .nullish()
      .transform((v) => v ?? 'cuenta'),
    accountId: optionalId(),
    cashBoxId: optionalId(),
    date: isoDate(),
    purpose: rules.requiredText(500),
    amount: positiveMoney(VIATICO_MSG.amount),
  })
  .superRefine((v, issue) => {
    if (v.source === 'cuenta' && v.accountId === null) issue.addIssue({ code: 'custom', path: ['accountId'], message: VIATICO_MSG.accountRequired });
    if (v.source === 'caja' && v.cashBoxId === null) issue.addIssue({ code: 'custom', path: ['cashBoxId'], message: VIATICO_MSG.cashBoxRequired });
  })
  // Only the chosen source is kept.
  .transform((v) => ({ ...v, accountId: v.source === 'cuenta' ? v.accountId : null, cashBoxId: v.source === 'caja' ? v.cashBoxId : null }));

type ViaticoFilterInput = { status?: string | null; employeeId?: string | null; contractId?: string | null; serviceOrderId?: string | null; from?: string | null; to?: string | null; overdue?: boolean | null } | null | undefined;

const view = (r: data.ViaticoRow) => ({ ...r, consentFile: r.consentFile ? toAttachment(r.consentFile) : null });
export type ViaticoView = ReturnType<typeof view>;

export async function listViaticos(ctx: RequestContext, list: ListInput | null | undefined, filter: ViaticoFilterInput) {
  const overdueSince = filter?.overdue ? addDays(todayMx(), -(await data.shoppingSettings(db(ctx))).viaticoOverdueDays) : null;
  const page = await data.listViaticos(db(ctx), readList(list, data.VIATICO_SORTS, 'folio'), {
    status: filter?.status ?? null,
    employeeId: filter?.employeeId ? Number(filter.employeeId) : null,
    contractId: filter?.contractId ? Number(filter.contractId) : null,
    serviceOrderId: filter?.serviceOrderId ? Number(filter.serviceOrderId) : null,
    ...readDateRange(filter),
    overdueSince,
  });
  return { ...page, items: page.items.map(view) };
}

export const getViatico = async (ctx: RequestContext, id: string) => {
  const row = await data.findViatico(db(ctx), Number(id));
  return row ? view(row) : null;
};
export const viaticoProofs = async (ctx: RequestContext, ids: number[]) => (await data.viaticoProofs(db(ctx), ids)).map((p) => ({ ...p, cfdiFile: p.cfdiFile ? toAttachment(p.cfdiFile) : null }));
export const viaticoEmployeeOptions = (ctx: RequestContext, search: string | null | undefined, limit: number | null | undefined) => data.employeeOptions(db(ctx), search?.trim() || null, Math.min(Math.max(limit ?? 20, 1), 100));
export const viaticoContractOptions = (ctx: RequestContext) => data.contractOptions(db(ctx));
export const viaticoServiceOrderOptions = (ctx: RequestContext, contractId: string | null | undefined) => data.serviceOrderOptions(db(ctx), contractId ? Number(contractId) : null);
export const viaticoCashBoxOptions = (ctx: RequestContext) => cashBoxOptions(ctx);

/** What the advance refers to exists and fits: an active employee, the account or active caja, the contract, its service order. */
async function checkReferences(tx: Parameters<typeof data.findViatico>[0], v: z.infer<typeof viaticoInput>) {
  const fields: Record<string, string> = {};
  const active = await data.employeeActive(tx, v.employeeId);
  if (active === null) fields.employeeId = VIATICO_MSG.employeeMissing;
  else if (!active) fields.employeeId = VIATICO_MSG.employeeInactive;
  if (v.accountId !== null && !(await data.findAccount(tx, v.accountId))) fields.accountId = VIATICO_MSG.accountMissing;
  if (v.cashBoxId !== null) {
    const box = await cashBoxById(tx, v.cashBoxId);
    if (!box) fields.cashBoxId = VIATICO_MSG.cashBoxMissing;
    else if (!box.active) fields.cashBoxId = VIATICO_MSG.cashBoxInactive;
  }
  if (v.contractId !== null && !(await data.contractExists(tx, v.contractId))) fields.contractId = VIATICO_MSG.contractMissing;
  if (v.serviceOrderId !== null) {
    const order = await data.serviceOrderContract(tx, v.serviceOrderId);
    if (!order) fields.serviceOrderId = VIATICO_MSG.serviceOrderMissing;
    else if (v.contractId !== null && order.contractId !== v.contractId) fields.serviceOrderId = VIATICO_MSG.serviceOrderOtherContract;
  }
  if (Object.keys(fields).length) throw badInput(fields);
}

export async function createViatico(ctx: RequestContext, input: unknown) {
  const v = parseInput(viaticoInput, input);
  const values = { ...v, amount: money(v.amount) };
  const id = await db(ctx).transaction(async (tx) => {
    await checkReferences(tx, v);
    const folio = await nextFolio(tx, 'shopping.viatico');
    const newId = await data.insertViatico(tx, folio, values, ctx.auth?.id ?? null);
    await writeAudit(tx, actorOf(ctx), { entity: 'viatico', entityId: newId, action: 'create', after: { folio, ...values } });
    return newId;
  });
  return view(found(await data.findViatico(db(ctx), id), 'El viático'));
}

export async function updateViatico(ctx: RequestContext, id: string, version: number, input: unknown) {
  const v = parseInput(viaticoInput, input);
  const values = { ...v, amount: money(v.amount) };
  const viaticoId = Number(id);
  await db(ctx).transaction(async (tx) => {
    const before = await data.lockViatico(tx, viaticoId);
    if (!before) throw notFound('El viático');
    if (before.version !== version) throw conflict();
    if (before.status !== 'borrador') throw appError('CONFLICT', VIATICO_MSG.notDraft);
    await checkReferences(tx, v);
    if (!(await data.updateViatico(tx, viaticoId, version, values))) throw conflict();
    await writeAudit(tx, actorOf(ctx), { entity: 'viatico', entityId: viaticoId, action: 'update', before, after: values });
  });
  return view(found(await data.findViatico(db(ctx), viaticoId), 'El viático'));
}

/** Where a caja's movements of the advance come from (its folio in the reference, so Caja's list shows and finds it). */
const cashSource = (v: data.ViaticoRow) => ({ cashBoxId: v.cashBoxId as number, reference: formatViaticoFolio(v.folio), sourceEntity: 'viatico', sourceId: v.id });

/**
 * Pays the advance once (the advance's row lock makes a parallel second payment find it pagado):
 * a withdrawal from the account, or an egreso in the caja's open period — Caja's rules (never
 * below zero cash, its period lock) and its ability (`crear` on Caja › Movimientos).
 */
export async function payViatico(ctx: RequestContext, id: string, version: number) {
  const viaticoId = Number(id);
  const actor = actorOf(ctx);
  await db(ctx).transaction(async (tx) => {
    const before = await data.lockViatico(tx, viaticoId);
    if (!before) throw notFound('El viático');
    assertAction(VIATICO_LIFECYCLE, 'pagar', before.status, 'pagado');
    if (before.version !== version) throw conflict();
    const folioText = formatViaticoFolio(before.folio);
    let paid: { entryId: number | null; cashMovementId: number | null };
    let balanceAfter: string;
    if (before.source === 'caja') {
      const moved = await postSourceMovement(tx, ctx, {
        ...cashSource(before),
        concept: 'viaticos_egreso',
        date: before.date,
        amount: before.amount,
        description: `Anticipo de viáticos ${folioText} a ${before.employeeName}: ${before.purpose}`,
      });
      paid = { entryId: null, cashMovementId: moved.movementId };
      balanceAfter = moved.balanceAfter;
    } else {
      const entry = await postAccountEntry(tx, actor, {
        accountId: before.accountId as number,
        date: before.date,
        kind: 'viatico',
        amount: `-${money(before.amount)}`,
        reference: `Viáticos ${folioText} a ${before.employeeName}`.slice(0, 200),
        sourceEntity: 'viatico',
        sourceId: viaticoId,
      });
      paid = { entryId: entry.entryId, cashMovementId: null };
      balanceAfter = entry.balanceAfter;
    }
    await data.markViaticoPaid(tx, viaticoId, paid);
    await writeAudit(tx, actor, { entity: 'viatico', entityId: viaticoId, action: 'pay', before, after: { status: 'pagado', ...paid, balanceAfter } });
  });
  return view(found(await data.findViatico(db(ctx), viaticoId), 'El viático'));
}

/**
 * Cancels a borrador, or a paid advance without comprobantes by reversing its payment the way
 * its source cancels: the account entry's reversal, or the cash movement's reversal in the
 * caja's open period (`eliminar` on Caja › Movimientos; refused once that period is closed).
 */
export async function cancelViatico(ctx: RequestContext, id: string, version: number, reasonRaw: unknown) {
  const reason = parseInput(z.object({ reason: rules.requiredText(500) }), { reason: reasonRaw }).reason;
  const viaticoId = Number(id);
  const actor = actorOf(ctx);
  await db(ctx).transaction(async (tx) => {
    const before = await data.lockViatico(tx, viaticoId);
    if (!before) throw notFound('El viático');
    if (before.version !== version) throw conflict();
    assertAction(VIATICO_LIFECYCLE, 'cancelar', before.status, 'cancelado');
    let reversal: { entryId?: number; cashMovementId?: number } = {};
    if (before.paymentCashMovementId !== null) {
      reversal = { cashMovementId: (await reverseSourceMovement(tx, ctx, before.paymentCashMovementId, `Viático ${formatViaticoFolio(before.folio)} cancelado: ${reason}`, { entity: 'viatico', id: viaticoId })).movementId };
    } else if (before.paymentEntryId !== null) {
      reversal = { entryId: (await reverseAccountEntry(tx, actor, before.paymentEntryId, reason)).entryId };
    }
    if (!(await data.cancelViatico(tx, viaticoId, version, reason))) throw conflict();
    await writeAudit(tx, actor, { entity: 'viatico', entityId: viaticoId, action: 'cancel', before, after: { status: 'cancelado', cancelReason: reason, reversal } });
  });
  return view(found(await data.findViatico(db(ctx), viaticoId), 'El viático'));
}

// ---- comprobantes ------------------------------------------------------------------------------

const proofInput = z
  .object({
    kind: z.enum(['cfdi', 'no_deducible'], { error: VIATICO_MSG.kind }),
    fileId: z.string().trim().nullish().transform((v) => v || null),
    date: isoDate().nullish(),
    concept: rules.optionalText(300).nullish().transform((v) => v ?? ''),
    amount: z.string().trim().nullish().transform((v) => v || null),
  })
  .superRefine((v, issue) => {
    if (v.kind === 'cfdi' && !v.fileId) issue.addIssue({ code: 'custom', path: ['fileId'], message: VIATICO_MSG.cfdiRequired });
    if (v.kind === 'no_deducible') {
      if (!v.concept) issue.addIssue({ code: 'custom', path: ['concept'], message: 'Este campo es obligatorio.' });
      if (!v.date) issue.addIssue({ code: 'custom', path: ['date'], message: 'La fecha es obligatoria.' });
      if (!v.amount || !positiveMoney(VIATICO_MSG.amount).safeParse(v.amount).success) issue.addIssue({ code: 'custom', path: ['amount'], message: VIATICO_MSG.amount });
    }
  });

/** The caller's own unattached XML, read and seal-checked by Compras' supplier-CFDI intake. */
async function readProofCfdi(ctx: RequestContext, fileId: string) {
  const upload = isUploadId(fileId) ? await findUpload(db(ctx), fileId) : null;
  if (!upload || upload.attachedAt || upload.uploadedBy !== ctx.auth?.id) throw badInput({ fileId: VIATICO_MSG.cfdiMissing });
  if (upload.fileType !== 'xml') throw badInput({ fileId: VIATICO_MSG.cfdiNotXml });
  return { upload, cfdi: await readCfdiUpload(ctx, upload.storageKey) };
}

/** Adds a comprobante and moves the advance between pagado / comprobado parcial / comprobado. */
export async function addViaticoProof(ctx: RequestContext, viaticoIdRaw: string, input: unknown) {
  const v = parseInput(proofInput, input);
  const viaticoId = Number(viaticoIdRaw);
  const read = v.kind === 'cfdi' ? await readProofCfdi(ctx, v.fileId as string) : null;
  const actor = actorOf(ctx);
  await db(ctx).transaction(async (tx) => {
    const before = await data.lockViatico(tx, viaticoId);
    if (!before) throw notFound('El viático');
    if (!['pagado', 'comprobado_parcial', 'comprobado'].includes(before.status)) throw appError('CONFLICT', VIATICO_MSG.notPaid);
    let values: data.ViaticoProofValues;
    if (read) {
      const { cfdi, upload } = read;
      const inExpense = await data.expenseFolioOfCfdi(tx, cfdi.uuid);
      if (inExpense !== null) throw badInput({ fileId: VIATICO_MSG.cfdiInExpense(cfdi.uuid, inExpense) });
      const inViatico = await data.viaticoFolioOfCfdi(tx, cfdi.uuid);
      if (inViatico !== null) throw badInput({ fileId: VIATICO_MSG.cfdiInViatico(cfdi.uuid, inViatico) });
      await claimUpload(tx, ctx, upload.id, { allowed: ['xml'], xml: 'cfdi', subject: SUBJECT, ownerEntity: 'viatico', ownerId: viaticoId, field: 'fileId' });
      values = {
        kind: 'cfdi',
        date: cfdi.fecha.slice(0, 10),
        concept: v.concept || `CFDI ${[cfdi.serie, cfdi.folio].filter(Boolean).join('-') || cfdi.uuid.slice(0, 8)} · ${cfdi.emisorName}`.slice(0, 300),
        emisorRfc: cfdi.emisorRfc,
        emisorName: cfdi.emisorName,
        cfdiUuid: cfdi.uuid,
        cfdiUploadId: upload.id,
        // Net of IVA: what the job cost of the contract adds.
        subtotal: money(dec(cfdi.subtotal).minus(cfdi.descuento || 0)),
        iva: money(cfdi.iva || 0),
        total: money(cfdi.total),
      };
    } else {
      const amount = money(v.amount as string);
      values = { kind: 'no_deducible', date: v.date as string, concept: v.concept, emisorRfc: null, emisorName: null, cfdiUuid: null, cfdiUploadId: null, subtotal: amount, iva: '0.00', total: amount };
    }
    const proofId = await data.insertViaticoProof(tx, viaticoId, values, ctx.auth?.id ?? null);
    const comprobado = money(dec(before.comprobado).plus(values.total));
    const status = statusForComprobado(before.amount, comprobado);
    assertAction(VIATICO_LIFECYCLE, 'comprobar', before.status, status);
    await data.setViaticoComprobado(tx, viaticoId, comprobado, status);
    await writeAudit(tx, actor, { entity: 'viatico', entityId: viaticoId, action: 'proof', after: { proofId, ...values, comprobado, status } });
  });
  return view(found(await data.findViatico(db(ctx), viaticoId), 'El viático'));
}

export async function deleteViaticoProof(ctx: RequestContext, proofIdRaw: string) {
  const proof = found(await data.findViaticoProof(db(ctx), Number(proofIdRaw)), 'El comprobante');
  const removed = await db(ctx).transaction(async (tx) => {
    const before = await data.lockViatico(tx, proof.viaticoId);
    if (!before) throw notFound('El viático');
    if (!['pagado', 'comprobado_parcial', 'comprobado'].includes(before.status)) throw appError('CONFLICT', VIATICO_MSG.notPaid);
    const uploadId = await data.deleteViaticoProof(tx, proof.id);
    const comprobado = money(dec(before.comprobado).minus(proof.total));
    const status = statusForComprobado(before.amount, comprobado);
    assertAction(VIATICO_LIFECYCLE, 'comprobar', before.status, status);
    await data.setViaticoComprobado(tx, before.id, comprobado, status);
    await writeAudit(tx, actorOf(ctx), { entity: 'viatico', entityId: before.id, action: 'proof_delete', before: proof, after: { comprobado, status } });
    return detachUpload(tx, uploadId);
  });
  await removeUploadBytes(storageOf(ctx), removed);
  return view(found(await data.findViatico(db(ctx), proof.viaticoId), 'El viático'));
}

// ---- closing -------------------------------------------------------------------------------------

const closeInput = z.object({
  settlement: z.enum(['reintegro', 'descuento_nomina'], { error: 'Elige reintegro o descuento en nómina.' }).nullish(),
  accountId: optionalId(),
  date: isoDate().nullish(),
  consent: z.boolean().nullish().transform((v) => v ?? false),
  consentFileId: z.string().trim().nullish().transform((v) => v || null),
});

/**
 * Closes the advance with what its comprobantes add up to: a remainder the employee returns
 * (a deposit into the account, the advance's own unless another is named; an ingreso into the
 * same caja when it was paid from one) or that payroll
 * deducts (consent and the signed document required: an RH «descuento» convenio of one
 * installment from the closing date), or the excess reimbursed to the employee (a withdrawal,
 * or an egreso from the caja).
 */
export async function closeViatico(ctx: RequestContext, id: string, version: number, input: unknown) {
  const v = parseInput(closeInput, input);
  const viaticoId = Number(id);
  const actor = actorOf(ctx);
  await db(ctx).transaction(async (tx) => {
    const before = await data.lockViatico(tx, viaticoId);
    if (!before) throw notFound('El viático');
    assertAction(VIATICO_LIFECYCLE, 'cerrar', before.status, 'cerrado');
    if (before.version !== version) throw conflict();
    const proofs = await data.viaticoProofs(tx, [viaticoId]);
    const b = viaticoBalance(before.amount, proofs);
    const date = v.date ?? todayMx();
    const fromBox = before.source === 'caja';
    if (fromBox && v.accountId !== null) throw badInput({ accountId: VIATICO_MSG.settleInSameBox(before.sourceName) });
    const accountId = (v.accountId ?? before.accountId) as number;
    const folioText = formatViaticoFolio(before.folio);
    let settlement: ViaticoSettlement = 'exacto';
    let amount = '0.00';
    let entryId: number | null = null;
    let cashMovementId: number | null = null;
    let agreementId: number | null = null;
    let consentUploadId: string | null = null;
    if (dec(b.remainder).gt(0)) {
      if (!v.settlement) throw badInput({ settlement: VIATICO_MSG.settlementRequired(formatMxn(b.remainder)) });
      settlement = v.settlement;
      amount = b.remainder;
      if (settlement === 'reintegro' && fromBox) {
        const description = `Reintegro de viáticos ${folioText} de ${before.employeeName}`;
        cashMovementId = (await postSourceMovement(tx, ctx, { ...cashSource(before), concept: 'viaticos_ingreso', date, amount: b.remainder, description })).movementId;
      } else if (settlement === 'reintegro') {
        entryId = (await postAccountEntry(tx, actor, { accountId, date, kind: 'viatico', amount: b.remainder, reference: `Reintegro de viáticos ${folioText} de ${before.employeeName}`.slice(0, 200), sourceEntity: 'viatico', sourceId: viaticoId })).entryId;
      } else {
        const fields: Record<string, string> = {};
        if (!v.consent) fields.consent = VIATICO_MSG.consentRequired;
        if (!v.consentFileId) fields.consentFileId = VIATICO_MSG.consentFileRequired;
        if (Object.keys(fields).length) throw badInput(fields);
        consentUploadId = (await claimUpload(tx, ctx, v.consentFileId as string, { allowed: ['pdf', 'png', 'jpg', 'webp'], subject: SUBJECT, ownerEntity: 'viatico', ownerId: viaticoId, field: 'consentFileId' })).id;
        agreementId = (
          await createAgreementTx(tx, actor, {
            employeeId: before.employeeId,
            kind: 'descuento',
            description: `Viáticos ${folioText} no comprobados: ${before.purpose}`.slice(0, 300),
            reference: folioText,
            startDate: date,
            total: b.remainder,
            installment: b.remainder,
          })
        ).id;
      }
    } else if (dec(b.excess).gt(0)) {
      if (v.settlement) throw badInput({ settlement: VIATICO_MSG.settlementNotFit });
      settlement = 'reembolso';
      amount = b.excess;
      const description = `Reembolso de viáticos ${folioText} a ${before.employeeName}`;
      if (fromBox) cashMovementId = (await postSourceMovement(tx, ctx, { ...cashSource(before), concept: 'viaticos_egreso', date, amount: b.excess, description })).movementId;
      else entryId = (await postAccountEntry(tx, actor, { accountId, date, kind: 'viatico', amount: `-${b.excess}`, reference: description.slice(0, 200), sourceEntity: 'viatico', sourceId: viaticoId })).entryId;
    } else if (v.settlement) {
      throw badInput({ settlement: VIATICO_MSG.settlementNotFit });
    }
    await data.closeViatico(tx, viaticoId, {
      settlement,
      settlementAmount: amount,
      settlementEntryId: entryId,
      settlementAccountId: entryId ? accountId : null,
      settlementCashMovementId: cashMovementId,
      agreementId,
      consent: settlement === 'descuento_nomina',
      consentUploadId,
      closedOn: date,
    });
    await writeAudit(tx, actor, { entity: 'viatico', entityId: viaticoId, action: 'close', before, after: { status: 'cerrado', ...b, settlement, amount, entryId, cashMovementId, agreementId } });
  });
  return view(found(await data.findViatico(db(ctx), viaticoId), 'El viático'));
}

/** The figures of the advance against its comprobantes, for the form. */
export const balanceOf = viaticoBalance;

// ---- Compras settings ------------------------------------------------------------------------------

export const shoppingSettings = (ctx: RequestContext) => data.shoppingSettings(db(ctx));

export async function updateShoppingSettings(ctx: RequestContext, version: number, input: unknown) {
  const v = parseInput(z.object({ viaticoOverdueDays: z.number({ error: VIATICO_MSG.overdueDays }).int(VIATICO_MSG.overdueDays).min(1, VIATICO_MSG.overdueDays).max(365, VIATICO_MSG.overdueDays) }), input);
  await db(ctx).transaction(async (tx) => {
    const before = await data.shoppingSettings(tx);
    if (!(await data.updateShoppingSettings(tx, version, v.viaticoOverdueDays))) throw conflict();
    await writeAudit(tx, actorOf(ctx), { entity: 'shopping_settings', entityId: 1, action: 'update', before, after: v });
  });
  return data.shoppingSettings(db(ctx));
}
