// Compras business rules: suppliers, company accounts (through ledger.ts),
// expenses with their attachments, supplier payments and payment requests.
import { rfcKind, RFC_MESSAGE, isClabe, CLABE_MESSAGE, isPostalCode, POSTAL_CODE_MESSAGE } from '../../../schema/validators';
import { writeAudit } from '../../db/audit';
import type { Executor } from '../../db/database';
import { nextFolio } from '../../db/folios';
import { actorOf, type RequestContext } from '../../context';
import { appError, badInput, conflict, found, notFound } from '../../lib/errors';
import { assertAction } from '../../lib/lifecycle';
import { EXPENSE_LIFECYCLE, PAYMENT_REQUEST_LIFECYCLE as REQUEST_LIFECYCLE, type ExpenseStatus } from '../../../schema/shopping/lifecycles';
import { readDateRange, readList, type ListInput } from '../../lib/list';
import { labelGroups } from '../../lib/moneyGroups';
import { monthLabel } from '../../../schema/moneyGroups';
import { dec, decimalPlaces, money, sum } from '../../../schema/money';
import { parseInput, rules, z } from '../../lib/validation';
import { hasCode, REGIMENES_FISCALES, regimenAppliesTo } from '../../../schema/sat';
import { claimUpload, detachUpload, findUpload, isUploadId, removeUploadBytes, storageOf, toAttachment, withStorage } from '../../lib/attachments';
import { CfdiIntakeError, readSupplierCfdi, type SupplierCfdi } from '../../lib/cfdi/intake';
import { cfdiDifferences } from '../../../schema/shopping/supplierCfdi';
import type { SatCfdiStatus } from '../../lib/cfdi/satStatus';
import { getCompanyProfile } from '../../lib/company';
import { isIsoDate, todayMx } from '../../../schema/dates';
import * as data from './data';
import { computeExpenseTotals, dueDateFor, ISR_RETENTION_RATES, IVA_RATES, IVA_RETENTION_RATES } from '../../../schema/shopping/fiscal';
import { postAccountEntry, reverseAccountEntry } from './ledger';
import { DIOT_OPERATIONS } from '../../../schema/shopping/diot';
import { assertExpensesPayable, checkExpenseOrder } from './matching';
import { checkCostAssignment } from '../sales/service';

// Compras' public functions for other modules (Ventas posts client payments to the ledger,
// Almacén turns a Solicitud PDM into a payment request): they call these, never ./ledger or ./requests.
export { LEDGER_MSG, postAccountEntry, reverseAccountEntry } from './ledger';
export { createPaymentRequestForPdm, createPaymentRequestFromOrigin, paymentRequestOutcomes, type PaymentRequestOutcome } from './requests';

export const MSG = {
  cfdiRegistered: (uuid: string, folio: number) => `El CFDI ${uuid} ya está registrado en el gasto ${folio}.`,
  cfdiOtherUuid: (uuid: string, captured: string) => `El XML es el CFDI ${uuid}, no el que se capturó en el gasto (${captured}).`,
  cfdiNotXml: 'Sube el XML del CFDI (el PDF no trae los datos fiscales).',
  satCancelled: 'El SAT reporta este CFDI como cancelado: no ampara el gasto.',
  satEfos: 'El emisor aparece en la lista del SAT de operaciones inexistentes (art. 69-B CFF).',
  noCfdiXml: 'El gasto no tiene el XML de su CFDI: adjúntalo para consultar su estado en el SAT.',
  cfdiOtherReceptor: (rfc: string, company: string) => `RFC del receptor: el CFDI está emitido a ${rfc}, no a la empresa (${company}).`,
  rfcTaken: 'Ya existe un proveedor con ese RFC.',
  regime: 'Selecciona un régimen fiscal del catálogo.',
  regimeMoral: 'Ese régimen es de personas morales; el RFC es de persona física.',
  regimeFisica: 'Ese régimen es de personas físicas; el RFC es de persona moral.',
  creditDays: 'Los días de crédito deben ser un entero entre 0 y 365.',
  accountNameTaken: 'Ya existe una cuenta con ese nombre.',
  accountHasBalance: 'La cuenta tiene saldo; traspásalo a otra cuenta antes de desactivarla.',
  sameAccount: 'Elige una cuenta distinta a la de origen.',
  accountMissing: 'La cuenta no existe.',
  supplierMissing: 'El proveedor no existe.',
  supplierInactive: 'El proveedor está inactivo.',
  supplierRequired: 'Selecciona el proveedor.',
  uuid: 'UUID no válido: 36 caracteres hexadecimales (8-4-4-4-12).',
  uuidTaken: 'Ya existe un gasto con ese UUID de CFDI.',
  rate: 'Tasa no válida.',
  exemptRate: 'Solo una operación con tasa 0 puede marcarse como exenta.',
  subtotalRequired: 'Captura el subtotal o al menos una partida.',
  totalPositive: 'El total del gasto debe ser mayor a cero.',
  expenseNotEditable: 'Solo se puede editar un gasto pendiente y sin pagos.',
  expenseHasPayments: 'El gasto tiene pagos; cancela primero los pagos para poder cancelarlo.',
  reasonRequired: 'Indica el motivo.',
  paymentForm: 'Forma de pago no válida.',
  appliedExceedsPayment: (applied: string) => `La suma aplicada (${applied}) excede el importe del pago.`,
  duplicateExpense: 'El gasto está repetido en el pago.',
  expenseMissing: 'El gasto no existe.',
  expenseOtherSupplier: 'El gasto no es de este proveedor.',
  expenseNotOpen: 'El gasto no tiene saldo pendiente.',
  exceedsBalance: (balance: string) => `El importe excede el saldo del gasto (${balance}).`,
  paymentCancelled: 'El pago ya está cancelado.',
  requestExists: 'Ya existe una solicitud de pago vigente para este documento.',
  entryNotReversible: 'Este movimiento se cancela desde su documento (pago, cobro o ingreso); aquí solo traspasos y ajustes.',
} as const;

const db = (ctx: RequestContext) => ctx.app.database.db;

// ---- shared input rules ---------------------------------------------------------

const moneyText = (opts: { positive?: boolean; nonNegative?: boolean; nonZero?: boolean; places?: number } = {}) =>
  z
    .string({ error: 'Este campo es obligatorio.' })
    .trim()
    .refine((v) => /^-?\d+(\.\d+)?$/.test(v), 'Importe no válido.')
    .refine((v) => !/^-?\d+(\.\d+)?$/.test(v) || decimalPlaces(v) <= (opts.places ?? 2), `Máximo ${opts.places ?? 2} decimales.`)
    .refine((v) => !/^-?\d+(\.\d+)?$/.test(v) || !opts.positive || dec(v).gt(0), 'Debe ser mayor a cero.')
    .refine((v) => !/^-?\d+(\.\d+)?$/.test(v) || !opts.nonNegative || dec(v).gte(0), 'No puede ser negativo.')
    .refine((v) => !/^-?\d+(\.\d+)?$/.test(v) || !opts.nonZero || !dec(v).isZero(), 'Debe ser distinto de cero.')
    .refine((v) => !/^-?\d+(\.\d+)?$/.test(v) || dec(v).abs().lt('1e15'), 'Importe demasiado grande.');

const isoDate = () => z.string({ error: 'La fecha es obligatoria.' }).refine(isIsoDate, 'Fecha no válida.');
const rateOf = (allowed: readonly string[]) =>
  z.string({ error: 'Este campo es obligatorio.' }).refine((v) => /^\d+(\.\d+)?$/.test(v) && allowed.some((a) => dec(a).eq(v)), MSG.rate);
const optionalId = () => z.union([z.literal(''), rules.id()]).nullish().transform((v) => (typeof v === 'number' ? v : null));
const opt = (max: number) => z.string().trim().max(max, `Máximo ${max} caracteres.`).nullish().transform((v) => v ?? '');

// ---- suppliers -------------------------------------------------------------------

export const taxRegimes = () => REGIMENES_FISCALES.map((r) => ({ code: r.code, name: r.name }));

// Compras has always taken 616 (sin obligaciones fiscales) from a persona moral
// supplier, unlike Ventas's CFDI receptor rule; kept as it was.
const regimeFitsSupplier = (code: string, kind: 'moral' | 'fisica') => code === '616' || regimenAppliesTo(code, kind);

const supplierInput = z
  .object({
    rfc: z.string({ error: 'Este campo es obligatorio.' }).trim().toUpperCase().refine((v) => rfcKind(v, { allowGeneric: true }) !== null, RFC_MESSAGE),
    name: rules.requiredText(200),
    taxRegime: z.string({ error: MSG.regime }).refine((v) => hasCode(REGIMENES_FISCALES, v), MSG.regime),
    postalCode: z.string({ error: POSTAL_CODE_MESSAGE }).trim().refine(isPostalCode, POSTAL_CODE_MESSAGE),
    contactName: opt(120),
    contactEmail: z
      .string()
      .trim()
      .toLowerCase()
      .max(254, 'Máximo 254 caracteres.')
      .refine((v) => v === '' || z.email().safeParse(v).success, 'Correo electrónico no válido.')
      .nullish()
      .transform((v) => v ?? ''),
    contactPhone: z
      .string()
      .trim()
      .refine((v) => v === '' || /^[\d\s()+-]{7,20}$/.test(v), 'Teléfono no válido.')
      .nullish()
      .transform((v) => v ?? ''),
    bank: opt(80),
    clabe: z.string().trim().refine((v) => v === '' || isClabe(v), CLABE_MESSAGE).nullish().transform((v) => v ?? ''),
    creditDays: z.number({ error: MSG.creditDays }).int(MSG.creditDays).min(0, MSG.creditDays).max(365, MSG.creditDays),
    category: opt(80),
    active: z.boolean({ error: 'Este campo es obligatorio.' }),
    diotOperation: z
      .enum(DIOT_OPERATIONS, { error: 'Tipo de operación DIOT no válido: 03, 06 u 85.' })
      .nullish()
      // Omitted: '85' for a new supplier, unchanged on an update.
      .transform((v) => v ?? undefined),
  })
  .superRefine((v, issue) => {
    const kind = rfcKind(v.rfc, { allowGeneric: true });
    if (kind === 'fisica' && !regimeFitsSupplier(v.taxRegime, 'fisica')) issue.addIssue({ code: 'custom', path: ['taxRegime'], message: MSG.regimeMoral });
    if (kind === 'moral' && !regimeFitsSupplier(v.taxRegime, 'moral')) issue.addIssue({ code: 'custom', path: ['taxRegime'], message: MSG.regimeFisica });
  });

export function listSuppliers(ctx: RequestContext, list: ListInput | null | undefined, filter: { active?: boolean | null; category?: string | null } | null | undefined) {
  return data.listSuppliers(db(ctx), readList(list, data.SUPPLIER_SORTS, 'name'), { active: filter?.active ?? null, category: filter?.category?.trim() || null });
}

export const getSupplier = (ctx: RequestContext, id: string) => data.findSupplier(db(ctx), Number(id));
export const supplierOptions = (ctx: RequestContext, activeOnly: boolean) => data.supplierOptions(db(ctx), activeOnly);
export const supplierCategories = (ctx: RequestContext) => data.supplierCategories(db(ctx));

const isGenericRfc = (rfc: string) => rfcKind(rfc, { allowGeneric: true }) === 'generico';

export async function createSupplier(ctx: RequestContext, input: unknown) {
  const v = parseInput(supplierInput, input);
  const id = await db(ctx).transaction(async (tx) => {
    if (!isGenericRfc(v.rfc) && (await data.supplierRfcTaken(tx, v.rfc))) throw badInput({ rfc: MSG.rfcTaken });
    const newId = await data.insertSupplier(tx, v);
    await writeAudit(tx, actorOf(ctx), { entity: 'supplier', entityId: newId, action: 'create', after: v });
    return newId;
  });
  return found(await data.findSupplier(db(ctx), id), 'El proveedor');
}

export async function updateSupplier(ctx: RequestContext, id: string, version: number, input: unknown) {
  const v = parseInput(supplierInput, input);
  const supplierId = Number(id);
  await db(ctx).transaction(async (tx) => {
    const before = await data.findSupplier(tx, supplierId);
    if (!before) throw notFound('El proveedor');
    if (before.version !== version) throw conflict();
    if (!isGenericRfc(v.rfc) && (await data.supplierRfcTaken(tx, v.rfc, supplierId))) throw badInput({ rfc: MSG.rfcTaken });
    if (!(await data.updateSupplier(tx, supplierId, version, v))) throw conflict();
    await writeAudit(tx, actorOf(ctx), { entity: 'supplier', entityId: supplierId, action: 'update', before, after: v });
  });
  return found(await data.findSupplier(db(ctx), supplierId), 'El proveedor');
}

/** Suppliers are referenced by expenses and payments: deactivate, never delete. */
export async function deactivateSupplier(ctx: RequestContext, id: string, version: number) {
  const supplierId = Number(id);
  await db(ctx).transaction(async (tx) => {
    const before = await data.findSupplier(tx, supplierId);
    if (!before) throw notFound('El proveedor');
    if (before.version !== version) throw conflict();
    if (!(await data.updateSupplier(tx, supplierId, version, { active: false }))) throw conflict();
    await writeAudit(tx, actorOf(ctx), { entity: 'supplier', entityId: supplierId, action: 'deactivate', before, after: { active: false } });
  });
  return found(await data.findSupplier(db(ctx), supplierId), 'El proveedor');
}

// ---- accounts ------------------------------------------------------------------------

const accountCreateInput = z.object({
  name: rules.requiredText(80),
  bank: opt(80),
  number: opt(30),
  clabe: z.string().trim().refine((v) => v === '' || isClabe(v), CLABE_MESSAGE).nullish().transform((v) => v ?? ''),
  openingBalance: moneyText({ nonNegative: true }),
  openingDate: isoDate(),
});

const accountUpdateInput = z.object({
  name: rules.requiredText(80),
  bank: opt(80),
  number: opt(30),
  clabe: z.string().trim().refine((v) => v === '' || isClabe(v), CLABE_MESSAGE).nullish().transform((v) => v ?? ''),
  active: z.boolean({ error: 'Este campo es obligatorio.' }),
});

export function listAccounts(ctx: RequestContext, list: ListInput | null | undefined, filter: { active?: boolean | null } | null | undefined) {
  return data.listAccounts(db(ctx), readList(list, data.ACCOUNT_SORTS, 'name'), { active: filter?.active ?? null });
}
export const getAccount = (ctx: RequestContext, id: string) => data.findAccount(db(ctx), Number(id));
export const accountOptions = (ctx: RequestContext, activeOnly: boolean) => data.accountOptions(db(ctx), activeOnly);

export async function createAccount(ctx: RequestContext, input: unknown) {
  const v = parseInput(accountCreateInput, input);
  const openingBalance = money(v.openingBalance);
  const id = await db(ctx).transaction(async (tx) => {
    if (await data.accountNameTaken(tx, v.name)) throw badInput({ name: MSG.accountNameTaken });
    const newId = await data.insertAccount(tx, { ...v, openingBalance });
    // The opening balance is the account's first ledger entry, not a stored figure.
    if (dec(openingBalance).gt(0)) {
      await postAccountEntry(tx, actorOf(ctx), { accountId: newId, date: v.openingDate, kind: 'apertura', amount: openingBalance, reference: 'Saldo inicial', sourceEntity: 'company_account', sourceId: newId });
    }
    await writeAudit(tx, actorOf(ctx), { entity: 'company_account', entityId: newId, action: 'create', after: { ...v, openingBalance } });
    return newId;
  });
  return found(await data.findAccount(db(ctx), id), 'La cuenta');
}

export async function updateAccount(ctx: RequestContext, id: string, version: number, input: unknown) {
  const v = parseInput(accountUpdateInput, input);
  const accountId = Number(id);
  await db(ctx).transaction(async (tx) => {
    const before = await data.findAccount(tx, accountId, { lock: true });
    if (!before) throw notFound('La cuenta');
    if (before.version !== version) throw conflict();
    if (await data.accountNameTaken(tx, v.name, accountId)) throw badInput({ name: MSG.accountNameTaken });
    if (before.active && !v.active && dec(before.balance).gt(0)) throw badInput({ active: MSG.accountHasBalance });
    if (!(await data.updateAccount(tx, accountId, version, v))) throw conflict();
    await writeAudit(tx, actorOf(ctx), { entity: 'company_account', entityId: accountId, action: 'update', before, after: v });
  });
  return found(await data.findAccount(db(ctx), accountId), 'La cuenta');
}

export async function accountStatement(ctx: RequestContext, accountId: string, from: string | null | undefined, to: string | null | undefined, list: ListInput | null | undefined) {
  const q = readList(list, ['date'] as const, 'date');
  const account = found(await data.findAccount(db(ctx), Number(accountId)), 'La cuenta');
  if (from && to && from > to) throw badInput({ to: 'La fecha final es anterior a la inicial.' });
  const r = await data.accountStatement(db(ctx), account.id, { from: from ?? null, to: to ?? null }, q);
  const openingBalance = money(r.opening);
  return {
    account,
    from: from ?? null,
    to: to ?? null,
    openingBalance,
    deposits: money(r.deposits),
    withdrawals: money(r.withdrawals),
    closingBalance: money(dec(openingBalance).plus(r.deposits).minus(r.withdrawals)),
    items: r.items.map((e) => ({ ...e, amount: money(e.amount), runningBalance: money(e.runningBalance) })),
    total: r.n,
  };
}

const transferInput = z.object({
  fromAccountId: rules.id(),
  toAccountId: rules.id(),
  date: isoDate(),
  amount: moneyText({ positive: true }),
  reference: rules.requiredText(200),
});

export async function transferBetweenAccounts(ctx: RequestContext, input: unknown) {
  const v = parseInput(transferInput, input);
  if (v.fromAccountId === v.toAccountId) throw badInput({ toAccountId: MSG.sameAccount });
  const amount = money(v.amount);
  const ids = await db(ctx).transaction(async (tx) => {
    // Both accounts locked in id order, so two opposite transfers cannot deadlock.
    const locked = await data.lockTransferAccounts(tx, v.fromAccountId, v.toAccountId);
    if (!locked.includes(v.fromAccountId)) throw badInput({ fromAccountId: MSG.accountMissing });
    if (!locked.includes(v.toAccountId)) throw badInput({ toAccountId: MSG.accountMissing });
    const transferNo = await nextFolio(tx, 'shopping.account_transfer');
    const actor = actorOf(ctx);
    const out = await postAccountEntry(tx, actor, { accountId: v.fromAccountId, date: v.date, kind: 'traspaso', amount: `-${amount}`, reference: v.reference, sourceEntity: 'account_transfer', sourceId: transferNo }).catch(renameField('accountId', 'fromAccountId'));
    const into = await postAccountEntry(tx, actor, { accountId: v.toAccountId, date: v.date, kind: 'traspaso', amount, reference: v.reference, sourceEntity: 'account_transfer', sourceId: transferNo }).catch(renameField('accountId', 'toAccountId'));
    await writeAudit(tx, actor, { entity: 'account_transfer', entityId: transferNo, action: 'create', after: { ...v, amount, entries: [out.entryId, into.entryId] } });
    return [out.entryId, into.entryId];
  });
  return Promise.all(ids.map(async (id) => found(await data.findEntry(db(ctx), id))));
}

/** Ledger errors speak of `accountId`; a form with two account pickers needs the right one. */
function renameField(from: string, to: string) {
  return (err: unknown): never => {
    const e = err as { extensions?: { code?: string; fields?: Record<string, string> } };
    if (e.extensions?.code === 'BAD_USER_INPUT' && e.extensions.fields?.[from]) {
      const { [from]: message, ...rest } = e.extensions.fields;
      throw badInput({ ...rest, [to]: message }, (err as Error).message);
    }
    throw err;
  };
}

const adjustInput = z.object({
  accountId: rules.id(),
  date: isoDate(),
  amount: moneyText({ nonZero: true }),
  reason: rules.requiredText(300),
});

export async function adjustAccount(ctx: RequestContext, input: unknown) {
  const v = parseInput(adjustInput, input);
  const entryId = await db(ctx).transaction(async (tx) => {
    const posted = await postAccountEntry(tx, actorOf(ctx), { accountId: v.accountId, date: v.date, kind: 'ajuste', amount: money(v.amount), reference: `Ajuste: ${v.reason}`.slice(0, 200), sourceEntity: 'account_adjustment' });
    await data.setEntryReason(tx, posted.entryId, v.reason);
    return posted.entryId;
  });
  return found(await data.findEntry(db(ctx), entryId));
}

export async function reverseEntry(ctx: RequestContext, id: string, reasonRaw: unknown) {
  const reason = parseInput(z.object({ reason: rules.requiredText(300) }), { reason: reasonRaw }).reason;
  const entry = await data.findEntry(db(ctx), Number(id));
  if (!entry) throw notFound('El movimiento de cuenta');
  if (!(entry.sourceEntity === 'account_transfer' || entry.sourceEntity === 'account_adjustment') || entry.reversalOf !== null) {
    throw badInput({ id: MSG.entryNotReversible });
  }
  const reversalId = await db(ctx).transaction(async (tx) => {
    // A transfer is two entries: cancel both, account locks in id order.
    const group = entry.sourceEntity === 'account_transfer' ? await data.liveTransferEntries(tx, entry.sourceId) : [{ id: entry.id, accountId: entry.accountId }];
    let mine = 0;
    for (const e of group) {
      const posted = await reverseAccountEntry(tx, actorOf(ctx), e.id, reason);
      if (e.id === entry.id) mine = posted.entryId;
    }
    return mine;
  });
  return found(await data.findEntry(db(ctx), reversalId));
}

// ---- expenses ---------------------------------------------------------------------------

/** The status a balance implies (payments and their cancellations move it). */
export const statusForBalance = (balance: string, total: string): data.ExpenseRow['status'] =>
  dec(balance).isZero() ? 'pagado' : dec(balance).eq(total) ? 'pendiente' : 'pagado_parcial';

const UUID_RE = /^[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}$/;

const expenseInput = z
  .object({
    supplierId: rules.id(),
    date: isoDate(),
    invoiceSerie: opt(25),
    invoiceFolio: opt(40),
    cfdiUuid: z
      .string()
      .trim()
      .toUpperCase()
      .refine((v) => v === '' || UUID_RE.test(v), MSG.uuid)
      .nullish()
      .transform((v) => (v ? v : null)),
    category: rules.requiredText(80),
    description: opt(500),
    lines: z
      .array(
        z.object({
          description: rules.requiredText(300),
          quantity: moneyText({ positive: true, places: 4 }),
          unitPrice: moneyText({ nonNegative: true, places: 6 }),
        }),
      )
      .max(200, 'Máximo 200 partidas.')
      .nullish()
      .transform((v) => v ?? []),
    subtotal: moneyText({ positive: true }).nullish(),
    ivaRate: rateOf(IVA_RATES),
    /** With rate 0: exento rather than tasa 0 % (the DIOT reports them apart). */
    ivaExempt: z.boolean().nullish().transform((v) => v ?? false),
    /** Three-way match: the purchase order this expense pays. */
    purchaseOrderId: rules.id().nullish().transform((v) => v ?? null),
    isrRetentionRate: rateOf(ISR_RETENTION_RATES),
    ivaRetentionRate: rateOf(IVA_RETENTION_RATES),
    /** «Asignar gasto a contrato» (job cost): optional contract and/or service order. */
    contractId: rules.id().nullish().transform((v) => v ?? null),
    serviceOrderId: rules.id().nullish().transform((v) => v ?? null),
  })
  .superRefine((v, issue) => {
    if (!v.lines.length && (v.subtotal === null || v.subtotal === undefined)) issue.addIssue({ code: 'custom', path: ['subtotal'], message: MSG.subtotalRequired });
    if (v.ivaExempt && /^\d+(\.\d+)?$/.test(v.ivaRate) && !dec(v.ivaRate).isZero()) issue.addIssue({ code: 'custom', path: ['ivaExempt'], message: MSG.exemptRate });
  });

type ExpenseInputValues = z.infer<typeof expenseInput>;

function expenseValues(v: ExpenseInputValues, creditDays: number): { values: data.ExpenseValues; lines: data.ExpenseLineValues[] } {
  const t = computeExpenseTotals({ lines: v.lines.length ? v.lines : null, subtotal: v.subtotal, ivaRate: v.ivaRate, isrRetentionRate: v.isrRetentionRate, ivaRetentionRate: v.ivaRetentionRate });
  if (!dec(t.total).gt(0)) throw badInput({ [v.lines.length ? 'lines' : 'subtotal']: MSG.totalPositive });
  return {
    values: {
      supplierId: v.supplierId,
      date: v.date,
      dueDate: dueDateFor(v.date, creditDays),
      invoiceSerie: v.invoiceSerie,
      invoiceFolio: v.invoiceFolio,
      cfdiUuid: v.cfdiUuid,
      category: v.category,
      description: v.description,
      subtotal: t.subtotal,
      ivaRate: v.ivaRate,
      iva: t.iva,
      isrRetentionRate: v.isrRetentionRate,
      isrRetention: t.isrRetention,
      ivaRetentionRate: v.ivaRetentionRate,
      ivaRetention: t.ivaRetention,
      total: t.total,
      contractId: v.contractId,
      serviceOrderId: v.serviceOrderId,
      ivaExempt: v.ivaExempt,
      purchaseOrderId: v.purchaseOrderId,
    },
    lines: v.lines.map((l, i) => ({ description: l.description, quantity: l.quantity, unitPrice: l.unitPrice, amount: t.lineAmounts[i] })),
  };
}

async function activeSupplier(tx: Executor, supplierId: number, field = 'supplierId') {
  const supplier = await data.findSupplier(tx, supplierId);
  if (!supplier) throw badInput({ [field]: MSG.supplierMissing });
  if (!supplier.active) throw badInput({ [field]: MSG.supplierInactive });
  return supplier;
}

type ExpenseFilterInput = { status?: string | null; supplierId?: string | null; category?: string | null; from?: string | null; to?: string | null; overdue?: boolean | null; dueSoon?: boolean | null } | null | undefined;

const expenseFilter = (filter: ExpenseFilterInput): data.ExpenseFilterValues => ({
  status: filter?.status ?? null,
  supplierId: filter?.supplierId ? Number(filter.supplierId) : null,
  category: filter?.category?.trim() || null,
  ...readDateRange(filter),
  overdue: filter?.overdue ?? false,
  dueSoon: filter?.dueSoon ?? false,
});

export function listExpenses(ctx: RequestContext, list: ListInput | null | undefined, filter: ExpenseFilterInput) {
  return data.listExpenses(db(ctx), readList(list, data.EXPENSE_SORTS, 'date'), expenseFilter(filter), todayMx());
}

/** The list's expenses (same filter and search) grouped with their subtotals; list.sortBy is checked like the list's but the groups keep their own order. */
export async function expenseGroups(ctx: RequestContext, groupBy: data.ExpenseGroupBy, list: ListInput | null | undefined, filter: ExpenseFilterInput) {
  const groups = await data.expenseGroups(db(ctx), groupBy, readList(list, data.EXPENSE_SORTS, 'date'), expenseFilter(filter), todayMx());
  if (groupBy === 'STATUS') return labelGroups(groups, (key) => EXPENSE_LIFECYCLE.labels[key as data.ExpenseRow['status']] ?? key);
  return groupBy === 'MONTH' ? labelGroups(groups, monthLabel) : groups;
}

export const getExpense = (ctx: RequestContext, id: string) => data.findExpense(db(ctx), Number(id), todayMx());
/** The expenses (not cancelled) that pay a purchase order: its screen shows their three-way match. */
export async function expensesOfOrder(ctx: RequestContext, orderId: number) {
  const ids = await data.expenseIdsOfOrder(db(ctx), orderId);
  const rows = await Promise.all(ids.map((id) => data.findExpense(db(ctx), id, todayMx())));
  return rows.filter((r): r is data.ExpenseRow => r !== null);
}
export const expenseLines = (ctx: RequestContext, id: number) => data.expenseLines(db(ctx), id);
export const expensePayments = (ctx: RequestContext, id: number) => data.expensePayments(db(ctx), id);
export const expenseFiles = async (ctx: RequestContext, id: number) => (await data.expenseFiles(db(ctx), id)).map(toAttachment);
export const expenseCategories = (ctx: RequestContext) => data.expenseCategories(db(ctx));
export const openExpenses = (ctx: RequestContext, supplierId: string) => data.openExpenses(db(ctx), Number(supplierId), todayMx());

/** The contract/service order an expense is assigned to must exist (and the order be of that contract). */
async function checkExpenseAssignment(tx: Executor, v: ExpenseInputValues) {
  const fields: Record<string, string> = {};
  await checkCostAssignment(tx, v, fields);
  await checkExpenseOrder(tx, v.purchaseOrderId, v.supplierId, fields);
  if (Object.keys(fields).length) throw badInput(fields);
}

/** Inside the caller's transaction: used by the form and by an approved payment request. */
async function insertExpenseTx(tx: Executor, ctx: RequestContext, v: ExpenseInputValues, paymentRequestId: number | null): Promise<number> {
  const supplier = await activeSupplier(tx, v.supplierId);
  await checkExpenseAssignment(tx, v);
  if (v.cfdiUuid && (await data.cfdiUuidTaken(tx, v.cfdiUuid))) throw badInput({ cfdiUuid: MSG.uuidTaken });
  const { values, lines } = expenseValues(v, supplier.creditDays);
  const folio = await nextFolio(tx, 'shopping.expense');
  const id = await data.insertExpense(tx, folio, values, { createdBy: ctx.auth?.id ?? null, paymentRequestId });
  await data.replaceExpenseLines(tx, id, lines);
  await writeAudit(tx, actorOf(ctx), { entity: 'expense', entityId: id, action: 'create', after: { folio, ...values, lines, paymentRequestId } });
  return id;
}

export async function createExpense(ctx: RequestContext, input: unknown) {
  const v = parseInput(expenseInput, input);
  const id = await db(ctx).transaction((tx) => insertExpenseTx(tx, ctx, v, null));
  return found(await data.findExpense(db(ctx), id, todayMx()), 'El gasto');
}

export async function updateExpense(ctx: RequestContext, id: string, version: number, input: unknown) {
  const v = parseInput(expenseInput, input);
  const expenseId = Number(id);
  await db(ctx).transaction(async (tx) => {
    const before = await data.findExpense(tx, expenseId, todayMx(), { lock: true });
    if (!before) throw notFound('El gasto');
    if (before.version !== version) throw conflict();
    if (before.status !== 'pendiente' || !dec(before.balance).eq(before.total)) throw appError('CONFLICT', MSG.expenseNotEditable);
    const supplier = before.supplierId === v.supplierId ? found(await data.findSupplier(tx, v.supplierId)) : await activeSupplier(tx, v.supplierId);
    await checkExpenseAssignment(tx, v);
    if (v.cfdiUuid && (await data.cfdiUuidTaken(tx, v.cfdiUuid, expenseId))) throw badInput({ cfdiUuid: MSG.uuidTaken });
    const { values, lines } = expenseValues(v, supplier.creditDays);
    if (!(await data.updateExpense(tx, expenseId, version, values))) throw conflict();
    await data.replaceExpenseLines(tx, expenseId, lines);
    await writeAudit(tx, actorOf(ctx), { entity: 'expense', entityId: expenseId, action: 'update', before, after: { ...values, lines } });
  });
  return found(await data.findExpense(db(ctx), expenseId, todayMx()), 'El gasto');
}

export async function cancelExpense(ctx: RequestContext, id: string, version: number, reasonRaw: unknown) {
  const reason = parseInput(z.object({ reason: rules.requiredText(500) }), { reason: reasonRaw }).reason;
  const expenseId = Number(id);
  await db(ctx).transaction(async (tx) => {
    const before = await data.findExpense(tx, expenseId, todayMx(), { lock: true });
    if (!before) throw notFound('El gasto');
    if (before.version !== version) throw conflict();
    if (before.status !== 'cancelado' && !dec(before.balance).eq(before.total)) throw appError('CONFLICT', MSG.expenseHasPayments);
    assertAction(EXPENSE_LIFECYCLE, 'cancelar', before.status, 'cancelado');
    if (!(await data.cancelExpense(tx, expenseId, version, reason))) throw conflict();
    await writeAudit(tx, actorOf(ctx), { entity: 'expense', entityId: expenseId, action: 'cancel', before, after: { status: 'cancelado', cancelReason: reason } });
  });
  return found(await data.findExpense(db(ctx), expenseId, todayMx()), 'El gasto');
}

/** A stored supplier CFDI read and its seal checked; the intake's refusal is the `fileId` field's message. Viáticos' comprobantes use it too. */
export async function readCfdiUpload(ctx: RequestContext, storageKey: string, field = 'fileId'): Promise<SupplierCfdi> {
  const bytes = await withStorage(() => storageOf(ctx).get(storageKey));
  try {
    return await readSupplierCfdi(Buffer.from(bytes).toString('utf8'));
  } catch (err) {
    if (err instanceof CfdiIntakeError) throw badInput({ [field]: err.message });
    throw err;
  }
}

/**
 * A supplier's CFDI read from an upload (the caller's own, not yet attached, or one attached to
 * an expense): its figures to fill an expense, where it is already registered, and — given an
 * expense — what that expense says differently.
 */
export async function supplierCfdiRead(ctx: RequestContext, fileId: string, expenseId?: string | null) {
  const upload = isUploadId(fileId) ? await findUpload(db(ctx), fileId) : null;
  const mine = upload && !upload.attachedAt && upload.uploadedBy === ctx.auth?.id;
  const attachedHere = upload?.attachedAt && upload.subject === 'Compras-Gastos';
  if (!upload || (!mine && !attachedHere)) throw badInput({ fileId: 'El archivo no existe o expiró: vuelve a subirlo.' });
  if (upload.fileType !== 'xml') throw badInput({ fileId: MSG.cfdiNotXml });
  const cfdi = await readCfdiUpload(ctx, upload.storageKey);
  const expense = expenseId ? found(await data.findExpense(db(ctx), Number(expenseId), todayMx()), 'El gasto') : null;
  const company = await getCompanyProfile(db(ctx));
  const differences = expense ? cfdiDifferences(cfdi, expense) : [];
  if (cfdi.receptorRfc !== company.rfc.toUpperCase()) differences.unshift(MSG.cfdiOtherReceptor(cfdi.receptorRfc, company.rfc));
  const sat = await ctx.app.satStatus.consult(cfdi.satQuery);
  differences.unshift(...satWarnings(sat));
  const registeredInExpense = await data.expenseFolioOfCfdi(db(ctx), cfdi.uuid, expense?.id ?? null);
  // The words attaching it would refuse with, so the form can say them before anything is saved.
  return { ...cfdi, satStatus: sat.estado, registeredInExpense, refusal: registeredInExpense === null ? null : MSG.cfdiRegistered(cfdi.uuid, registeredInExpense), differences };
}

/** What SAT's answer means for an expense, in Spanish: a cancelled CFDI, an emisor on the 69-B list. */
const satWarnings = (sat: SatCfdiStatus): string[] => [...(sat.estado === 'cancelado' ? [MSG.satCancelled] : []), ...(sat.efos ? [MSG.satEfos] : [])];

/**
 * Asks SAT for the status of the expense's CFDI and records it (after any transaction: SAT may take
 * seconds). Attaching takes SAT's answer remembered from reading the XML; «Consultar en el SAT» asks afresh.
 */
async function recordSatStatus(ctx: RequestContext, expenseId: number, cfdi: SupplierCfdi, fresh = false): Promise<void> {
  const sat = await ctx.app.satStatus.consult(cfdi.satQuery, { fresh });
  await data.setExpenseSatStatus(db(ctx), expenseId, sat.estado);
}

/** «Consultar en el SAT»: the status of the CFDI attached to the expense, asked again. */
export async function refreshExpenseSatStatus(ctx: RequestContext, expenseId: string) {
  const id = Number(expenseId);
  found(await data.findExpense(db(ctx), id, todayMx()), 'El gasto');
  const key = await data.expenseCfdiStorageKey(db(ctx), id);
  if (!key) throw badInput({ id: MSG.noCfdiXml });
  await recordSatStatus(ctx, id, await readCfdiUpload(ctx, key), true);
  return found(await data.findExpense(db(ctx), id, todayMx()), 'El gasto');
}

/** Attaches an upload (the supplier's CFDI XML or PDF) to an expense. */
export async function attachExpenseFile(ctx: RequestContext, expenseId: string, fileId: string) {
  const id = Number(expenseId);
  found(await data.findExpense(db(ctx), id, todayMx()), 'El gasto');
  let attachedCfdi: SupplierCfdi | null = null;
  await db(ctx).transaction(async (tx) => {
    await data.lockExpense(tx, id);
    const upload = await claimUpload(tx, ctx, fileId, { allowed: ['xml', 'pdf'], xml: 'cfdi', subject: 'Compras-Gastos', ownerEntity: 'expense', ownerId: id, field: 'fileId' });
    // The supplier's CFDI: stamped, its seal verified, not registered by another expense; its UUID becomes the expense's.
    if (upload.fileType === 'xml') {
      const expense = found(await data.findExpense(tx, id, todayMx()), 'El gasto');
      const cfdi = await readCfdiUpload(ctx, upload.storageKey);
      const other = await data.expenseFolioOfCfdi(tx, cfdi.uuid, id);
      if (other !== null) throw badInput({ fileId: MSG.cfdiRegistered(cfdi.uuid, other) });
      if (expense.cfdiUuid && expense.cfdiUuid.toUpperCase() !== cfdi.uuid) throw badInput({ fileId: MSG.cfdiOtherUuid(cfdi.uuid, expense.cfdiUuid) });
      if (!expense.cfdiUuid) await data.setExpenseCfdiUuid(tx, id, cfdi.uuid);
      attachedCfdi = cfdi;
    }
    await data.insertExpenseFile(tx, id, upload.id);
    await writeAudit(tx, actorOf(ctx), { entity: 'expense', entityId: id, action: 'attach', after: { fileId: upload.id, fileName: upload.fileName, size: upload.size, sha256: upload.sha256 } });
  });
  if (attachedCfdi) await recordSatStatus(ctx, id, attachedCfdi);
  return toAttachment(found(await data.findExpenseFile(db(ctx), fileId), 'El archivo'));
}

export async function deleteExpenseFile(ctx: RequestContext, id: string) {
  const file = found(await data.findExpenseFile(db(ctx), id), 'El archivo');
  const removed = await db(ctx).transaction(async (tx) => {
    await data.deleteExpenseFile(tx, file.id);
    const upload = await detachUpload(tx, file.id);
    await writeAudit(tx, actorOf(ctx), { entity: 'expense', entityId: file.expenseId, action: 'detach', before: { fileId: file.id, fileName: file.fileName } });
    return upload;
  });
  await removeUploadBytes(storageOf(ctx), removed);
  return true;
}

// ---- supplier payments --------------------------------------------------------------------

export const PAYMENT_FORMS: readonly { code: string; name: string }[] = [
  { code: '01', name: 'Efectivo' },
  { code: '02', name: 'Cheque nominativo' },
  { code: '03', name: 'Transferencia electrónica' },
  { code: '04', name: 'Tarjeta de crédito' },
  { code: '28', name: 'Tarjeta de débito' },
];

const paymentInput = z.object({
  accountId: rules.id(),
  supplierId: rules.id(),
  date: isoDate(),
  amount: moneyText({ positive: true }),
  paymentForm: z.string({ error: MSG.paymentForm }).refine((v) => PAYMENT_FORMS.some((f) => f.code === v), MSG.paymentForm),
  reference: opt(100),
  notes: opt(500),
  applications: z
    .array(z.object({ expenseId: rules.id(), amount: moneyText({ positive: true }) }), { error: 'Aplica el pago a al menos un gasto.' })
    .min(1, 'Aplica el pago a al menos un gasto.')
    .max(100, 'Máximo 100 gastos por pago.'),
});

export function listPayments(ctx: RequestContext, list: ListInput | null | undefined, filter: { supplierId?: string | null; accountId?: string | null; status?: string | null; from?: string | null; to?: string | null } | null | undefined) {
  return data.listPayments(db(ctx), readList(list, data.PAYMENT_SORTS, 'date'), {
    supplierId: filter?.supplierId ? Number(filter.supplierId) : null,
    accountId: filter?.accountId ? Number(filter.accountId) : null,
    status: filter?.status ?? null,
    ...readDateRange(filter),
  });
}

export const getPayment = (ctx: RequestContext, id: string) => data.findPayment(db(ctx), Number(id));
export const paymentApplications = (ctx: RequestContext, ids: number[]) => data.paymentApplications(db(ctx), ids);

/**
 * One transaction: the payment, its applications, each expense's balance and
 * status, and the withdrawal from the account. Locks: expenses (by id), then
 * the folio counter, then the account (inside postAccountEntry).
 */
export async function createPayment(ctx: RequestContext, input: unknown) {
  const v = parseInput(paymentInput, input);
  const seen = new Set<number>();
  v.applications.forEach((a, i) => {
    if (seen.has(a.expenseId)) throw badInput({ [`applications.${i}.expenseId`]: MSG.duplicateExpense });
    seen.add(a.expenseId);
  });
  const amount = money(v.amount);
  const applied = money(sum(v.applications.map((a) => a.amount)));
  if (dec(applied).gt(amount)) throw badInput({ amount: MSG.appliedExceedsPayment(`$${applied}`) });
  const actor = actorOf(ctx);
  const id = await db(ctx).transaction(async (tx) => {
    const supplier = await data.findSupplier(tx, v.supplierId);
    if (!supplier) throw badInput({ supplierId: MSG.supplierMissing });
    if (!(await data.findAccount(tx, v.accountId))) throw badInput({ accountId: MSG.accountMissing });
    const locked = new Map((await data.lockExpenses(tx, v.applications.map((a) => a.expenseId))).map((e) => [e.id, e]));
    const updates: { id: number; balance: string; status: ExpenseStatus; total: string }[] = [];
    v.applications.forEach((a, i) => {
      const e = locked.get(a.expenseId);
      if (!e) throw badInput({ [`applications.${i}.expenseId`]: MSG.expenseMissing });
      if (e.supplierId !== v.supplierId) throw badInput({ [`applications.${i}.expenseId`]: MSG.expenseOtherSupplier });
      if (e.status !== 'pendiente' && e.status !== 'pagado_parcial') throw badInput({ [`applications.${i}.expenseId`]: MSG.expenseNotOpen });
      if (dec(a.amount).gt(e.balance)) throw badInput({ [`applications.${i}.amount`]: MSG.exceedsBalance(`$${money(e.balance)}`) });
      const balance = money(dec(e.balance).minus(a.amount));
      const status = statusForBalance(balance, e.total);
      assertAction(EXPENSE_LIFECYCLE, 'pagar', e.status as ExpenseStatus, status);
      updates.push({ id: e.id, balance, status, total: e.total });
    });
    // Three-way match: an expense whose invoice differs from its order's receipts waits for an authorised difference.
    await assertExpensesPayable(ctx, tx, updates.map((u) => u.id));
    const folio = await nextFolio(tx, 'shopping.supplier_payment');
    const paymentId = await data.insertPayment(tx, { folio, accountId: v.accountId, supplierId: v.supplierId, date: v.date, amount, applied, paymentForm: v.paymentForm, reference: v.reference, notes: v.notes, createdBy: ctx.auth?.id ?? null });
    await data.insertApplications(tx, paymentId, v.applications.map((a) => ({ expenseId: a.expenseId, amount: money(a.amount) })));
    for (const u of updates) await data.setExpenseBalance(tx, u.id, u.balance, u.status);
    const entry = await postAccountEntry(tx, actor, {
      accountId: v.accountId,
      date: v.date,
      kind: 'pago_proveedor',
      amount: `-${amount}`,
      reference: `Pago ${folio} a ${supplier.name}${v.reference ? ` (${v.reference})` : ''}`.slice(0, 200),
      sourceEntity: 'supplier_payment',
      sourceId: paymentId,
    });
    await data.setPaymentEntry(tx, paymentId, entry.entryId);
    await writeAudit(tx, actor, { entity: 'supplier_payment', entityId: paymentId, action: 'create', after: { folio, ...v, amount, applied, entryId: entry.entryId, balances: updates } });
    return paymentId;
  });
  return found(await data.findPayment(db(ctx), id), 'El pago');
}

/** Reverses everything the payment did: applications' balances and the account entry. */
export async function cancelPayment(ctx: RequestContext, id: string, reasonRaw: unknown) {
  const reason = parseInput(z.object({ reason: rules.requiredText(500) }), { reason: reasonRaw }).reason;
  const paymentId = Number(id);
  const actor = actorOf(ctx);
  await db(ctx).transaction(async (tx) => {
    const before = await data.findPayment(tx, paymentId, { lock: true });
    if (!before) throw notFound('El pago');
    if (before.status !== 'aplicado') throw appError('CONFLICT', MSG.paymentCancelled);
    const apps = await data.paymentApplications(tx, [paymentId]);
    const locked = new Map((await data.lockExpenses(tx, apps.map((a) => a.expenseId))).map((e) => [e.id, e]));
    const restored: { id: number; balance: string; status: string }[] = [];
    for (const a of apps) {
      const e = found(locked.get(a.expenseId), 'El gasto');
      const balance = money(dec(e.balance).plus(a.amount));
      const status = statusForBalance(balance, e.total);
      // Giving the balance back is the cancelled payment's own edge.
      assertAction(EXPENSE_LIFECYCLE, 'devolverSaldo', e.status as ExpenseStatus, status);
      await data.setExpenseBalance(tx, e.id, balance, status);
      restored.push({ id: e.id, balance, status });
    }
    if (before.accountEntryId !== null) await reverseAccountEntry(tx, actor, before.accountEntryId, `Cancelación del pago ${before.folio}: ${reason}`);
    if (!(await data.markPaymentCancelled(tx, paymentId, reason))) throw appError('CONFLICT', MSG.paymentCancelled);
    await writeAudit(tx, actor, { entity: 'supplier_payment', entityId: paymentId, action: 'cancel', before, after: { status: 'cancelado', cancelReason: reason, balances: restored } });
  });
  return found(await data.findPayment(db(ctx), paymentId), 'El pago');
}

// ---- payment requests ---------------------------------------------------------------------------


const requestInput = z.object({
  supplierId: optionalId(),
  date: isoDate(),
  description: rules.requiredText(500),
  category: rules.requiredText(80),
  subtotal: moneyText({ positive: true }),
  ivaRate: rateOf(IVA_RATES),
  originFolio: opt(40),
});

export function listRequests(ctx: RequestContext, list: ListInput | null | undefined, filter: { status?: string | null; origin?: string | null; from?: string | null; to?: string | null } | null | undefined) {
  return data.listRequests(db(ctx), readList(list, data.REQUEST_SORTS, 'date'), { status: filter?.status ?? null, origin: filter?.origin ?? null, range: readDateRange(filter) });
}
export const getRequest = (ctx: RequestContext, id: string) => data.findRequest(db(ctx), Number(id));

export type PaymentRequestOriginInput = {
  origin: 'mantenimiento' | 'almacen_pdm' | 'manual';
  /** Id of the originating document (PDM, maintenance order); null for manual requests. */
  originId: string | number | null;
  originFolio?: string;
  supplierId?: number | null;
  date: string;
  description: string;
  category?: string;
  subtotal: string;
  ivaRate?: string;
};

/**
 * Creates a payment request inside the caller's transaction. This is what
 * Almacén (Solicitud PDM) and Mantenimiento call so the document and its
 * request commit together. Refuses a second live request for the same origin
 * document (CONFLICT); a rejected one may be sent again.
 */
export async function createPaymentRequestTx(tx: Executor, actor: { userId: number | null; requestId: string }, input: PaymentRequestOriginInput): Promise<{ id: number; folio: number }> {
  const v = parseInput(requestInput, {
    supplierId: input.supplierId ?? null,
    date: input.date,
    description: input.description,
    category: input.category ?? 'Mantenimiento',
    subtotal: input.subtotal,
    ivaRate: input.ivaRate ?? '0.16',
    originFolio: input.originFolio ?? '',
  });
  if (v.supplierId !== null && !(await data.findSupplier(tx, v.supplierId))) throw badInput({ supplierId: MSG.supplierMissing });
  const originId = input.originId === null ? null : String(input.originId);
  if (originId !== null && (await data.liveRequestForOrigin(tx, input.origin, originId))) throw appError('CONFLICT', MSG.requestExists);
  const t = computeExpenseTotals({ subtotal: v.subtotal, ivaRate: v.ivaRate, isrRetentionRate: '0', ivaRetentionRate: '0' });
  const folio = await nextFolio(tx, 'shopping.payment_request');
  const id = await data.insertRequest(tx, { folio, origin: input.origin, originId, originFolio: v.originFolio, supplierId: v.supplierId, date: v.date, description: v.description, category: v.category, subtotal: t.subtotal, ivaRate: v.ivaRate, total: t.total, requestedBy: actor.userId });
  await writeAudit(tx, actor, { entity: 'payment_request', entityId: id, action: 'create', after: { folio, origin: input.origin, originId, ...v, total: t.total } });
  return { id, folio };
}

export async function createRequest(ctx: RequestContext, input: unknown) {
  const v = parseInput(requestInput, input);
  const { id } = await db(ctx).transaction((tx) =>
    createPaymentRequestTx(tx, actorOf(ctx), { origin: 'manual', originId: null, originFolio: v.originFolio, supplierId: v.supplierId, date: v.date, description: v.description, category: v.category, subtotal: v.subtotal, ivaRate: v.ivaRate }),
  );
  return found(await data.findRequest(db(ctx), id), 'La solicitud');
}

const approveInput = z.object({
  supplierId: optionalId(),
  date: isoDate(),
  invoiceSerie: opt(25),
  invoiceFolio: opt(40),
  cfdiUuid: z.string().nullish(),
});

/** Approval creates the expense (same transaction) and links it to the request. */
export async function approveRequest(ctx: RequestContext, id: string, version: number, input: unknown) {
  const v = parseInput(approveInput, input);
  const requestId = Number(id);
  await db(ctx).transaction(async (tx) => {
    const before = await data.findRequest(tx, requestId, { lock: true });
    if (!before) throw notFound('La solicitud');
    if (before.version !== version) throw conflict();
    assertAction(REQUEST_LIFECYCLE, 'aprobar', before.status, 'aprobada');
    const supplierId = v.supplierId ?? before.supplierId;
    if (!supplierId) throw badInput({ supplierId: MSG.supplierRequired });
    const expenseRaw = {
      supplierId,
      date: v.date,
      invoiceSerie: v.invoiceSerie,
      invoiceFolio: v.invoiceFolio,
      cfdiUuid: v.cfdiUuid ?? null,
      category: before.category,
      description: `Solicitud de pago ${before.folio}${before.originFolio ? ` (${before.originFolio})` : ''}: ${before.description}`.slice(0, 500),
      subtotal: before.subtotal,
      ivaRate: before.ivaRate,
      isrRetentionRate: '0',
      ivaRetentionRate: '0',
    };
    const expenseId = await insertExpenseTx(tx, ctx, parseInput(expenseInput, expenseRaw), requestId);
    if (!(await data.reviewRequest(tx, requestId, version, { status: 'aprobada', rejectReason: null, expenseId, supplierId, reviewedBy: ctx.auth?.id ?? null }))) throw conflict();
    await writeAudit(tx, actorOf(ctx), { entity: 'payment_request', entityId: requestId, action: 'approve', before, after: { status: 'aprobada', expenseId, supplierId } });
  });
  return found(await data.findRequest(db(ctx), requestId), 'La solicitud');
}

export async function rejectRequest(ctx: RequestContext, id: string, version: number, reasonRaw: unknown) {
  const reason = parseInput(z.object({ reason: rules.requiredText(500) }), { reason: reasonRaw }).reason;
  const requestId = Number(id);
  await db(ctx).transaction(async (tx) => {
    const before = await data.findRequest(tx, requestId, { lock: true });
    if (!before) throw notFound('La solicitud');
    if (before.version !== version) throw conflict();
    assertAction(REQUEST_LIFECYCLE, 'rechazar', before.status, 'rechazada');
    if (!(await data.reviewRequest(tx, requestId, version, { status: 'rechazada', rejectReason: reason, expenseId: null, supplierId: null, reviewedBy: ctx.auth?.id ?? null }))) throw conflict();
    await writeAudit(tx, actorOf(ctx), { entity: 'payment_request', entityId: requestId, action: 'reject', before, after: { status: 'rechazada', rejectReason: reason } });
  });
  return found(await data.findRequest(db(ctx), requestId), 'La solicitud');
}
