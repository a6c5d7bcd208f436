// Ventas billing rules: facturas (from authorised generadores and/or free
// lines, gapless folio per serie at emission), client payments applied to
// open invoices with the payment-complement figures, and other income. Money
// reaches the company accounts only through the Compras ledger
// (postAccountEntry / reverseAccountEntry) inside the same transaction;
// documents are locked first (id order), the account last.
import { writeAudit } from '../../db/audit';
import type { Executor } from '../../db/database';
import { nextFolio } from '../../db/folios';
import { actorOf, type RequestContext } from '../../context';
import { getCompanyProfile } from '../../lib/company';
import { appError, badInput, conflict, found, notFound, type FieldMessages } from '../../lib/errors';
import { assertAction } from '../../lib/lifecycle';
import { readDateRange, readList, type ListInput } from '../../lib/list';
import { labelGroups } from '../../lib/moneyGroups';
import { monthLabel } from '../../../schema/moneyGroups';
import { dec, money } from '../../../schema/money';
import { parseInput } from '../../lib/validation';
import { addDays, formatDateMx, todayMx } from '../../../schema/dates';
import { LEDGER_MSG, postAccountEntry, reverseAccountEntry } from '../shopping/service';
import * as data from './data';
import { invoiceInput, otherIncomeInput, paymentInput, type LineInputValues } from './inputs';
import { folioLabel, GENERATOR_LIFECYCLE, INCOME_LIFECYCLE, INVOICE_LIFECYCLE, statusForBalance } from '../../../schema/sales/labels';
import { MSG } from './messages';
import { retryInvoiceStamp, sealEmittedInvoice, stampInvoice } from './stamping';
import { cancelPaymentComplement, issuePaymentComplement, sealPaymentComplement, stampPaymentComplement } from './paymentStamping';
import { cancelStampedInvoice } from './cancellation';
import { loadCompanyCsd } from '../../lib/companyCsd';
import { USOS_CFDI } from '../../../schema/sat';
import { db, priceLines, readReason, receptorType, SALES_RANGE } from './service';
import { equivalence, exchangeRateError, inPaymentCurrency, storedRate, toMxn } from '../../../schema/sales/currency';
import { retentionRates, taxChoiceErrors } from '../../../schema/sales/totals';
import { anticipoAvailable, anticipoLine, globalInfoErrors, isPublicoEnGeneral, PUBLIC_NAME, PUBLIC_REGIMEN, PUBLIC_RFC } from '../../../schema/sales/anticipos';

export const idOf = (id: string | number): number => {
  const n = Number(id);
  return Number.isInteger(n) && n > 0 ? n : 0;
};

// ---- invoices -------------------------------------------------------------------------

type InvoiceFilterInput =
  | (Omit<data.InvoiceFilter, 'clientId' | 'overdueOn' | 'dueSoonFrom' | 'kind'> & { clientId?: string | null; overdue?: boolean | null; dueSoon?: boolean | null; kind?: 'NORMAL' | 'ANTICIPO' | 'GLOBAL' | null })
  | null
  | undefined;

const KIND_OF: Record<'NORMAL' | 'ANTICIPO' | 'GLOBAL', data.InvoiceFilter['kind']> = { NORMAL: 'normal', ANTICIPO: 'anticipo', GLOBAL: 'global' };

/** The GraphQL filter as the data layer reads it ("overdue" and "due soon" are relative to Mexico's today). */
function invoiceFilter(filter: InvoiceFilterInput): data.InvoiceFilter {
  const { overdue, dueSoon, kind, ...rest } = filter ?? {};
  const today = todayMx();
  const range = readDateRange(filter, SALES_RANGE);
  return {
    ...rest,
    kind: kind ? KIND_OF[kind] : null,
    dateFrom: range.from,
    dateTo: range.to,
    clientId: filter?.clientId ? idOf(filter.clientId) : null,
    overdueOn: overdue ? today : null,
    dueSoonFrom: dueSoon ? today : null,
  };
}

export function listInvoices(ctx: RequestContext, list: ListInput | null | undefined, filter: InvoiceFilterInput) {
  return data.listInvoices(db(ctx), readList(list, data.INVOICE_SORTS, 'date'), invoiceFilter(filter));
}

/** The list's invoices (same filter and search) grouped with their subtotals; list.sortBy is checked like the list's but the groups keep their own order. */
export async function invoiceGroups(ctx: RequestContext, groupBy: data.InvoiceGroupBy, list: ListInput | null | undefined, filter: InvoiceFilterInput) {
  const groups = await data.invoiceGroups(db(ctx), groupBy, readList(list, data.INVOICE_SORTS, 'date'), invoiceFilter(filter));
  if (groupBy === 'STATUS') return labelGroups(groups, (key) => INVOICE_LIFECYCLE.labels[key as data.InvoiceStatus] ?? key);
  return groupBy === 'MONTH' ? labelGroups(groups, monthLabel) : groups;
}

export const getInvoice = (ctx: RequestContext, id: string) => data.findInvoice(db(ctx), idOf(id));
export const openInvoices = (ctx: RequestContext, clientId: string) => data.openInvoicesOf(db(ctx), idOf(clientId));
export const invoiceLines = (ctx: RequestContext, ids: number[]) => data.invoiceLinesOf(db(ctx), ids);
export const invoiceGenerators = (ctx: RequestContext, ids: number[]) => data.generatorsOfInvoices(db(ctx), ids);
export const invoicePayments = (ctx: RequestContext, ids: number[]) => data.paymentsOfInvoices(db(ctx), ids);
export const invoiceAnticipos = (ctx: RequestContext, ids: number[]) => data.anticiposOfInvoices(db(ctx), ids);
export const availableAnticipos = (ctx: RequestContext, clientId: string) => data.availableAnticiposOf(db(ctx), idOf(clientId));

/**
 * Builds the invoice from its input: the generadores (locked, authorised,
 * same client, not in another invoice) become lines with their contract
 * concept; free lines follow. Rates follow the fiscal rule unless the user
 * set them; the due date comes from the client's credit days (PPD).
 */
async function invoiceValues(tx: Executor, input: unknown, selfId: number | null) {
  const v = parseInput(invoiceInput, input);
  const company = await getCompanyProfile(tx);
  if (!company.invoiceSeries.includes(v.serie)) throw badInput({ serie: MSG.serieUnknown });
  const client = await data.findClient(tx, v.clientId);
  if (!client) throw badInput({ clientId: MSG.clientMissing });
  if (!client.active) throw badInput({ clientId: MSG.clientInactive });
  const person = receptorType(client.rfc);
  if (person === 'generico' && v.usoCfdi !== 'S01') throw badInput({ usoCfdi: MSG.genericNeedsS01 });
  if (person !== 'generico' && !USOS_CFDI.find((u) => u.code === v.usoCfdi)?.applies.includes(person)) throw badInput({ usoCfdi: MSG.usoPerson(person) });
  const kind = v.kind === 'ANTICIPO' ? 'anticipo' : v.kind === 'GLOBAL' ? 'global' : 'normal';
  const global = kind === 'global' ? { periodicidad: v.globalPeriodicidad ?? '', meses: v.globalMeses ?? '', anio: v.globalAnio ?? 0 } : null;
  if (global) {
    if (client.rfc.toUpperCase() !== PUBLIC_RFC) throw badInput({ clientId: MSG.globalNeedsPublic });
    const wrong = globalInfoErrors(global, Number(todayMx().slice(0, 4)));
    if (Object.keys(wrong).length) throw badInput(wrong);
  } else if (isPublicoEnGeneral(client.rfc, client.name)) throw badInput({ kind: MSG.publicNeedsGlobal });
  await checkRelatedAnticipos(tx, v.clientId, v.anticipoIds, v.currency);

  const locked = await data.lockGenerators(tx, v.generatorIds);
  const fields: FieldMessages = {};
  const generators = await data.findGenerators(tx, v.generatorIds);
  const byId = new Map(generators.map((g) => [g.id, g]));
  v.generatorIds.forEach((gid, i) => {
    const g = byId.get(gid);
    const l = locked.find((x) => x.id === gid);
    if (!g || !l) fields[`generatorIds.${i}`] = MSG.generatorMissing;
    else if (l.clientId !== v.clientId) fields[`generatorIds.${i}`] = MSG.generatorOtherClient(folioLabel('generator', g.folio));
    else if (l.status !== 'autorizado') fields[`generatorIds.${i}`] = MSG.generatorNotAuthorized(folioLabel('generator', g.folio));
    else if (l.invoiceId !== null && l.invoiceId !== selfId) fields[`generatorIds.${i}`] = MSG.generatorTaken(folioLabel('generator', g.folio));
  });
  if (Object.keys(fields).length) throw badInput(fields);

  const genLines = await data.generatorLinesOf(tx, v.generatorIds);
  const fromGenerators: (LineInputValues & { generatorId: number; conceptId: number })[] = v.generatorIds.flatMap((gid) => {
    const g = byId.get(gid) as data.GeneratorRow;
    return genLines
      .filter((l) => l.generatorId === gid)
      .map((l) => ({
        description: `${l.description} (${folioLabel('generator', g.folio)}, ${formatDateMx(g.periodStart)} al ${formatDateMx(g.periodEnd)})`.slice(0, 1000),
        prodServKey: l.prodServKey,
        unitKey: l.unitKey,
        unitName: l.unitName,
        quantity: l.quantity,
        unitPrice: l.unitPrice,
        discountPercent: '0',
        objetoImp: '02' as const,
        generatorId: gid,
        conceptId: l.conceptId,
      }));
  });
  const free = kind === 'anticipo' ? [anticipoLine(v.anticipoAmount as string)] : v.lines;
  const all = [...fromGenerators, ...free.map((l) => ({ ...l, generatorId: null, conceptId: null }))];
  const contractIds = [...new Set(generators.map((g) => g.contract.id))];
  // Retentions left to the rule follow what the contract's quote chose (the client agreed to them there).
  const quoted = contractIds.length === 1 && (v.isrRetention == null || v.ivaRetention == null) ? await data.quoteRetentionsOfContract(tx, contractIds[0]) : null;
  const choice = {
    isr: v.isrRetention ?? (quoted ? dec(quoted.isrRetentionRate).gt(0) : undefined),
    // Choosing the 6 % retention asks for it; the quote's choice is two thirds of a 16 % IVA.
    iva: v.ivaRetention ?? (v.ivaRetentionKind === 'SEIS' ? true : quoted && v.ivaKind === 'TASA_16' ? dec(quoted.ivaRetentionRate).gt(0) : undefined),
    ivaKind: v.ivaKind,
    ivaRetentionKind: v.ivaRetentionKind,
  };
  const inconsistent = taxChoiceErrors({ ...choice, isr: v.isrRetention, iva: v.ivaRetention ?? (v.ivaRetentionKind === 'SEIS' ? true : null) }, all);
  if (Object.keys(inconsistent).length) throw badInput(inconsistent);
  const rates = retentionRates(company, person, choice);
  const priced = priceLines(all, rates);
  return {
    generatorIds: v.generatorIds,
    anticipoIds: v.anticipoIds,
    header: {
      kind,
      globalPeriodicidad: global?.periodicidad ?? null,
      globalMeses: global?.meses ?? null,
      globalAnio: global?.anio ?? null,
      currency: v.currency,
      exchangeRate: storedRate(v.currency, v.exchangeRate),
      clientId: v.clientId,
      contractId: contractIds.length === 1 ? contractIds[0] : null,
      serie: v.serie,
      date: v.date,
      // PUE is paid when issued; PPD is due after the client's credit days.
      dueDate: v.metodoPago === 'PPD' ? addDays(v.date, client.creditDays) : v.date,
      formaPago: v.formaPago,
      metodoPago: v.metodoPago,
      usoCfdi: v.usoCfdi,
      notes: v.notes,
      ivaRate: rates.iva,
      ivaFactor: rates.ivaFactor ?? 'Tasa',
      isrRetentionRate: rates.isrRetention,
      ivaRetentionRate: rates.ivaRetention,
      subtotal: priced.totals.subtotal,
      discount: priced.totals.discount,
      iva: priced.totals.iva,
      isrRetained: priced.totals.isrRetained,
      ivaRetained: priced.totals.ivaRetained,
      total: priced.totals.total,
      balance: priced.totals.total,
    },
    lines: priced.lines.map((l, i) => ({ ...l, generatorId: all[i].generatorId, conceptId: all[i].conceptId })),
  };
}

/** Anticipos a final invoice relates (07): facturas de anticipo of its client, stamped, vigente, with something left to apply. */
async function checkRelatedAnticipos(tx: Executor, clientId: number, ids: number[], currency: 'MXN' | 'USD'): Promise<void> {
  const rows = new Map((await data.findAnticipos(tx, ids)).map((a) => [a.id, a]));
  const fields: FieldMessages = {};
  ids.forEach((id, i) => {
    const a = rows.get(id);
    if (!a || a.kind !== 'anticipo' || a.clientId !== clientId) fields[`anticipoIds.${i}`] = MSG.anticipoMissing;
    else if (a.stampStatus !== 'timbrada' || a.status === 'cancelada' || a.satCancelStatus !== null) fields[`anticipoIds.${i}`] = MSG.anticipoNotStamped(a.label);
    else if (!dec(anticipoAvailable(a.subtotal, a.applied)).gt(0)) fields[`anticipoIds.${i}`] = MSG.anticipoExhausted(a.label);
    // Its egreso (07) lowers the final invoice's balance in the anticipo's amounts: one currency for both.
    else if (a.currency !== currency) fields[`anticipoIds.${i}`] = MSG.anticipoCurrency(a.label, a.currency);
    else if (ids.indexOf(id) !== i) fields[`anticipoIds.${i}`] = MSG.invoiceRepeated;
  });
  if (Object.keys(fields).length) throw badInput(fields);
}

async function linkGenerators(tx: Executor, invoiceId: number, ids: number[]): Promise<void> {
  for (const id of ids) await data.updateGenerator(tx, id, null, { invoiceId });
}

export async function createInvoice(ctx: RequestContext, input: unknown) {
  const id = await db(ctx).transaction(async (tx) => {
    const v = await invoiceValues(tx, input, null);
    const newId = await data.insertInvoice(tx, { ...v.header, createdBy: ctx.auth?.id ?? null });
    await data.replaceInvoiceLines(tx, newId, v.lines);
    await data.replaceInvoiceAnticipos(tx, newId, v.anticipoIds);
    await linkGenerators(tx, newId, v.generatorIds);
    await writeAudit(tx, actorOf(ctx), { entity: 'invoice', entityId: newId, action: 'create', after: v });
    return newId;
  });
  return found(await data.findInvoice(db(ctx), id), 'La factura');
}

async function lockedInvoice(tx: Executor, id: number, version: number) {
  const [locked] = await data.lockInvoices(tx, [id]);
  if (!locked) throw notFound('La factura');
  if (locked.version !== version) throw conflict();
  return found(await data.findInvoice(tx, id), 'La factura');
}

export async function updateInvoice(ctx: RequestContext, id: string, version: number, input: unknown) {
  const invoiceId = idOf(id);
  await db(ctx).transaction(async (tx) => {
    const before = await lockedInvoice(tx, invoiceId, version);
    if (before.status !== 'borrador') throw appError('CONFLICT', MSG.invoiceNotDraft);
    const v = await invoiceValues(tx, input, invoiceId);
    await data.releaseGenerators(tx, invoiceId, v.generatorIds);
    if (!(await data.updateInvoice(tx, invoiceId, version, v.header))) throw conflict();
    const beforeLines = await data.invoiceLinesOf(tx, [invoiceId]);
    await data.replaceInvoiceLines(tx, invoiceId, v.lines);
    await data.replaceInvoiceAnticipos(tx, invoiceId, v.anticipoIds);
    await linkGenerators(tx, invoiceId, v.generatorIds);
    await writeAudit(tx, actorOf(ctx), { entity: 'invoice', entityId: invoiceId, action: 'update', before: { ...before, lines: beforeLines }, after: v });
  });
  return found(await data.findInvoice(db(ctx), invoiceId), 'La factura');
}

/**
 * Emission: takes the next folio of the serie inside this transaction (the
 * counter row lock queues parallel emissions, a rollback returns the
 * number), freezes emisor and receptor data for the CFDI and marks the
 * generadores facturado.
 */
export async function emitInvoice(ctx: RequestContext, id: string, version: number) {
  const invoiceId = idOf(id);
  await db(ctx).transaction(async (tx) => {
    const before = await lockedInvoice(tx, invoiceId, version);
    // Emission owns borrador → emitida alone: an emitted invoice (paid or not) keeps its folio, status and balance.
    assertAction(INVOICE_LIFECYCLE, 'emitir', before.status, 'emitida');
    const client = found(await data.findClient(tx, before.clientId), 'El cliente');
    const limit = dec(client.creditLimit);
    if (limit.gt(0)) {
      const open = await data.clientOpenBalance(tx, client.id);
      // Open balances are in pesos (each invoice at its TipoCambio): so is this invoice's total here.
      const totalMxn = toMxn(before.total, before.exchangeRate);
      if (dec(open).plus(totalMxn).gt(limit)) throw appError('CONFLICT', MSG.creditLimit({ limit: client.creditLimit, balance: open, total: totalMxn }));
    }
    const company = await getCompanyProfile(tx);
    // Everything that does not need the folio first; the folio is taken by the invoice's own update, last.
    for (const g of await data.generatorsOfInvoice(tx, invoiceId)) assertAction(GENERATOR_LIFECYCLE, 'facturar', g.status, 'facturado');
    // The anticipos it relates (07) may have been cancelled or used up since the draft was saved.
    await checkRelatedAnticipos(tx, before.clientId, (await data.anticiposOfInvoices(tx, [invoiceId])).map((a) => a.id), before.currency);
    await data.markGeneratorsInvoiced(tx, invoiceId);
    const frozen = {
      status: 'emitida' as const,
      balance: before.total,
      emittedAt: new Date(),
      emisorRfc: company.rfc,
      emisorName: company.name,
      emisorRegimen: company.regimenFiscal,
      lugarExpedicion: company.postalCode,
      receptorRfc: client.rfc,
      // A factura global goes to «PUBLICO EN GENERAL», régimen 616, whatever the client's record says.
      receptorName: before.kind === 'global' ? PUBLIC_NAME : client.name,
      receptorRegimen: before.kind === 'global' ? PUBLIC_REGIMEN : client.regimenFiscal,
      receptorPostalCode: client.postalCode,
    };
    // What the seal needs is read before the serie's folio counter is locked: emissions of one
    // serie queue on that lock until commit, so only the folio-dependent work happens under it.
    const ready = { csd: await loadCompanyCsd(tx, ctx.app.config), lines: await data.invoiceLinesOf(tx, [invoiceId]) };
    // A draft the PAC refused keeps the folio it was given (stamping.ts): the serie stays gapless.
    const folio =
      before.folio !== null
        ? (await data.updateInvoice(tx, invoiceId, version, frozen))
          ? before.folio
          : null
        : await data.emitInvoiceRow(tx, invoiceId, version, before.serie, frozen);
    if (folio === null) throw conflict();
    const { status, ...rest } = frozen;
    await writeAudit(tx, actorOf(ctx), { entity: 'invoice', entityId: invoiceId, action: 'emitir', before: { status: before.status }, after: { status, folio, ...rest } });
    // The CFDI is sealed in this transaction: a missing CSD or a document SAT's XSD refuses undoes the emission.
    await sealEmittedInvoice(tx, invoiceId, ready);
  });
  await stampInvoice(ctx.app, actorOf(ctx), invoiceId);
  return found(await data.findInvoice(db(ctx), invoiceId), 'La factura');
}

/** «Timbrar»: an emitted invoice whose PAC did not answer is stamped now, once. */
export async function retryStamp(ctx: RequestContext, id: string) {
  const invoiceId = idOf(id);
  await retryInvoiceStamp(ctx, invoiceId);
  return found(await data.findInvoice(db(ctx), invoiceId), 'La factura');
}

export async function cancelInvoice(ctx: RequestContext, id: string, version: number, reason: unknown, sat: { motivo?: string | null; substituteId?: string | null } = {}) {
  const why = readReason(reason);
  const invoiceId = idOf(id);
  const current = found(await data.findInvoice(db(ctx), invoiceId), 'La factura');
  if (current.kind === 'anticipo' && (await data.activeAnticipoApplications(db(ctx), invoiceId)) > 0) throw appError('CONFLICT', MSG.anticipoHasApplications(current.label));
  // A stamped invoice is cancelled before SAT through the PAC (cancellation.ts), never only here.
  if (current.stampStatus !== null) await cancelStampedInvoice(ctx, current, version, why, sat);
  else await finishCancellation(ctx, invoiceId, version, why);
  return found(await data.findInvoice(db(ctx), invoiceId), 'La factura');
}

/** The invoice becomes cancelada: balance 0, generadores back to autorizado (also after SAT accepted a cancellation). */
export async function finishCancellation(ctx: RequestContext, invoiceId: number, version: number | null, why: string, sat?: { status: 'cancelada' }) {
  await db(ctx).transaction(async (tx) => {
    const before = version === null ? found(await data.findInvoice(tx, invoiceId), 'La factura') : await lockedInvoice(tx, invoiceId, version);
    if ((await data.activePaymentsCount(tx, invoiceId)) > 0) throw appError('CONFLICT', MSG.invoiceHasPayments);
    if ((await data.activeCreditNotesCount(tx, invoiceId)) > 0) throw appError('CONFLICT', MSG.invoiceHasCreditNotes);
    assertAction(INVOICE_LIFECYCLE, 'cancelar', before.status, 'cancelada');
    // A draft's generadores are still autorizado; an emitted invoice's go back from facturado.
    for (const g of await data.generatorsOfInvoice(tx, invoiceId)) if (g.status !== 'autorizado') assertAction(GENERATOR_LIFECYCLE, 'liberar', g.status, 'autorizado');
    const released = await data.releaseGenerators(tx, invoiceId);
    const values = { status: 'cancelada' as const, balance: '0', cancelReason: why, cancelledAt: new Date(), ...(sat ? { satCancelStatus: sat.status } : {}) };
    if (!(await data.updateInvoice(tx, invoiceId, version ?? before.version, values))) throw conflict();
    await writeAudit(tx, actorOf(ctx), { entity: 'invoice', entityId: invoiceId, action: 'cancelar', before: { status: before.status, balance: before.balance }, after: { ...values, releasedGenerators: released } });
  });
}

/** The deposit account must exist and be active before the document that references it is written. */
async function assertAccount(tx: Executor, accountId: number): Promise<void> {
  const account = await data.findAccount(tx, accountId);
  if (!account) throw badInput({ accountId: LEDGER_MSG.accountMissing });
  if (!account.active) throw badInput({ accountId: LEDGER_MSG.accountInactive });
}

// ---- client payments ------------------------------------------------------------------------

export function listPayments(ctx: RequestContext, list: ListInput | null | undefined, filter: { status?: data.IncomeStatus | null; clientId?: string | null; dateFrom?: string | null; dateTo?: string | null } | null | undefined) {
  const range = readDateRange(filter, SALES_RANGE);
  return data.listPayments(db(ctx), readList(list, data.PAYMENT_SORTS, 'folio'), { ...filter, clientId: filter?.clientId ? idOf(filter.clientId) : null, dateFrom: range.from, dateTo: range.to });
}

export const getPayment = (ctx: RequestContext, id: string) => data.findPayment(db(ctx), idOf(id));
export const paymentApplications = (ctx: RequestContext, ids: number[]) => data.applicationsOf(db(ctx), ids);


/**
 * One transaction: lock the invoices (id order), check each application
 * against the balance it finds there, record the parcialidad figures, lower
 * the balances, then deposit through the ledger (which locks the account).
 * Parallel payments queue on the invoice rows, so none can over-apply.
 */
export async function createPayment(ctx: RequestContext, input: unknown) {
  const v = parseInput(paymentInput, input);
  const id = await db(ctx).transaction(async (tx) => {
    const client = await data.findClient(tx, v.clientId);
    if (!client) throw badInput({ clientId: MSG.clientMissing });
    const locked = new Map((await data.lockInvoices(tx, v.applications.map((a) => a.invoiceId))).map((r) => [r.id, r]));
    const fields: FieldMessages = {};
    const details: (data.InvoiceRow | null)[] = [];
    for (const a of v.applications) details.push(await data.findInvoice(tx, a.invoiceId));
    v.applications.forEach((a, i) => {
      const inv = locked.get(a.invoiceId);
      const detail = details[i];
      if (!inv || !detail) fields[`applications.${i}.invoiceId`] = MSG.invoiceMissing;
      else if (inv.clientId !== v.clientId) fields[`applications.${i}.invoiceId`] = MSG.invoiceOtherClient;
      else if (inv.status !== 'emitida' && inv.status !== 'pagada_parcial') fields[`applications.${i}.invoiceId`] = MSG.invoiceNotOpen;
      else if (dec(a.amount).gt(inv.balance)) fields[`applications.${i}.amount`] = MSG.overBalance(detail.label, inv.balance);
      else if (v.date < detail.date) fields.date = MSG.paymentBeforeInvoice(detail.label);
    });
    // Dollars anywhere (the payment or an invoice it pays) need the day's pesos per dollar.
    const usd = v.currency === 'USD' || details.some((d) => d?.currency === 'USD');
    const rateError = usd ? exchangeRateError('USD', v.exchangeRate) : null;
    if (rateError) fields.exchangeRate = rateError;
    if (Object.keys(fields).length) throw badInput(fields);
    const rate = usd ? storedRate('USD', v.exchangeRate) : '1.000000';
    const equivalences = details.map((d) => equivalence(v.currency, (d as data.InvoiceRow).currency, rate));
    // EquivalenciaDR: each amount (in its invoice's currency) converted to the payment's must fit the amount received.
    const applied = v.applications.reduce((acc, a, i) => acc.plus(inPaymentCurrency(a.amount, equivalences[i])), dec(0));
    if (applied.gt(v.amount)) throw badInput({ applications: MSG.overPayment(applied.toFixed(2), dec(v.amount).toFixed(2)) });
    await assertAccount(tx, v.accountId);

    // Balances and installment numbers first (they do not need the payment); the folio as late as possible.
    const installments = await data.installmentsOf(tx, [...new Set(v.applications.map((a) => a.invoiceId))]);
    const figures = v.applications.map((a) => {
      const inv = locked.get(a.invoiceId) as NonNullable<ReturnType<typeof locked.get>>;
      return { inv, amount: money(a.amount), installment: (installments.get(inv.id) ?? 0) + 1, remaining: money(dec(inv.balance).minus(a.amount)) };
    });
    for (const f of figures) {
      const status = statusForBalance(f.remaining, f.inv.total);
      assertAction(INVOICE_LIFECYCLE, 'cobrar', f.inv.status, status);
      await data.setInvoiceBalance(tx, f.inv.id, f.remaining, status);
    }

    const folio = await nextFolio(tx, 'client_payment');
    const paymentId = await data.insertPayment(tx, folio, {
      clientId: v.clientId,
      date: v.date,
      formaPago: v.formaPago,
      accountId: v.accountId,
      amount: money(v.amount),
      currency: v.currency,
      exchangeRate: rate,
      reference: v.reference,
      notes: v.notes,
      createdBy: ctx.auth?.id ?? null,
    });
    const applications = figures.map((f, i) => ({
      paymentId,
      invoiceId: f.inv.id,
      amount: f.amount,
      installment: f.installment,
      previousBalance: f.inv.balance,
      remainingBalance: f.remaining,
      isPpd: f.inv.metodoPago === 'PPD',
      equivalence: equivalences[i],
    }));
    await data.insertApplications(tx, applications);
    const entry = await postAccountEntry(tx, actorOf(ctx), {
      accountId: v.accountId,
      date: v.date,
      kind: 'cobro_cliente',
      // The company's accounts keep pesos: a payment in dollars enters at its day's rate.
      amount: v.currency === 'USD' ? toMxn(v.amount, rate) : money(v.amount),
      reference: `Cobro ${folioLabel('payment', folio)} ${client.name}`.slice(0, 200),
      sourceEntity: 'client_payment',
      sourceId: paymentId,
    });
    await data.updatePayment(tx, paymentId, null, { ledgerEntryId: entry.entryId });
    await writeAudit(tx, actorOf(ctx), { entity: 'client_payment', entityId: paymentId, action: 'create', after: { folio, ...v, applications, ledgerEntryId: entry.entryId } });
    // Its payment complement (PPD invoices already stamped), sealed with the payment.
    await sealPaymentComplement(tx, ctx, paymentId);
    return paymentId;
  });
  // The money was received whatever the PAC says: a refusal or no answer leaves the payment
  // without its complement (shown on the payment, issued again with «Timbrar complemento»).
  await stampPaymentComplement(ctx.app, actorOf(ctx), id).catch((err: unknown) => {
    ctx.app.logger.warn({ paymentId: id, err: err instanceof Error ? err.message : String(err) }, 'complemento de pago sin timbrar');
  });
  return found(await data.findPayment(db(ctx), id), 'El pago');
}

/** «Timbrar complemento» on a payment whose complement is pendiente or missing. */
export async function stampPayment(ctx: RequestContext, id: string) {
  const paymentId = idOf(id);
  await issuePaymentComplement(ctx, paymentId);
  return found(await data.findPayment(db(ctx), paymentId), 'El pago');
}

export async function cancelPayment(ctx: RequestContext, id: string, version: number, reason: unknown) {
  const why = readReason(reason);
  const paymentId = idOf(id);
  // Its stamped complement is cancelled before SAT first (checked here so SAT is asked only for a
  // cancellation that can happen); the transaction below checks it all again under the lock.
  const current = found(await data.findPayment(db(ctx), paymentId), 'El pago');
  if (current.version !== version) throw conflict();
  assertAction(INCOME_LIFECYCLE, 'cancelar', current.status, 'cancelado');
  await cancelPaymentComplement(ctx, current);
  await db(ctx).transaction(async (tx) => {
    const before = await data.findPayment(tx, paymentId, true);
    if (!before) throw notFound('El pago');
    if (before.version !== version) throw conflict();
    assertAction(INCOME_LIFECYCLE, 'cancelar', before.status, 'cancelado');
    // A complement issued meanwhile was not cancelled before SAT above.
    if (before.stampStatus !== current.stampStatus) throw conflict();
    const applications = await data.applicationsOf(tx, [paymentId]);
    const locked = new Map((await data.lockInvoices(tx, applications.map((a) => a.invoiceId))).map((r) => [r.id, r]));
    for (const a of applications) {
      const inv = locked.get(a.invoiceId);
      if (!inv) continue;
      const balance = money(dec(inv.balance).plus(a.amount));
      const status = statusForBalance(balance, inv.total);
      // Giving the balance back is the cancelled payment's own edge (never emission's).
      assertAction(INVOICE_LIFECYCLE, 'devolverSaldo', inv.status, status);
      await data.setInvoiceBalance(tx, inv.id, balance, status);
    }
    if (before.ledgerEntryId) await reverseAccountEntry(tx, actorOf(ctx), before.ledgerEntryId, `Cancelación del cobro ${folioLabel('payment', before.folio)}: ${why}`);
    if (!(await data.updatePayment(tx, paymentId, version, { status: 'cancelado', cancelReason: why, cancelledAt: new Date() }))) throw conflict();
    await writeAudit(tx, actorOf(ctx), { entity: 'client_payment', entityId: paymentId, action: 'cancelar', before: { status: before.status }, after: { status: 'cancelado', reason: why, ...(before.cfdiUuid && before.stampStatus === 'timbrada' ? { cfdiCancelado: before.cfdiUuid, motivo: '02' } : {}) } });
  });
  return found(await data.findPayment(db(ctx), paymentId), 'El pago');
}

// ---- other income -----------------------------------------------------------------------------

export function listOtherIncomes(ctx: RequestContext, list: ListInput | null | undefined, filter: { status?: data.IncomeStatus | null; dateFrom?: string | null; dateTo?: string | null } | null | undefined) {
  const range = readDateRange(filter, SALES_RANGE);
  return data.listOtherIncomes(db(ctx), readList(list, data.OTHER_INCOME_SORTS, 'folio'), { ...filter, dateFrom: range.from, dateTo: range.to });
}

export async function createOtherIncome(ctx: RequestContext, input: unknown) {
  const v = parseInput(otherIncomeInput, input);
  const id = await db(ctx).transaction(async (tx) => {
    await assertAccount(tx, v.accountId);
    const folio = await nextFolio(tx, 'other_income');
    const newId = await data.insertOtherIncome(tx, folio, { ...v, amount: money(v.amount), createdBy: ctx.auth?.id ?? null });
    const entry = await postAccountEntry(tx, actorOf(ctx), {
      accountId: v.accountId,
      date: v.date,
      kind: 'otro_ingreso',
      amount: money(v.amount),
      reference: `${folioLabel('otherIncome', folio)} ${v.concept}`.slice(0, 200),
      sourceEntity: 'other_income',
      sourceId: newId,
    });
    await data.updateOtherIncome(tx, newId, null, { ledgerEntryId: entry.entryId });
    await writeAudit(tx, actorOf(ctx), { entity: 'other_income', entityId: newId, action: 'create', after: { folio, ...v, ledgerEntryId: entry.entryId } });
    return newId;
  });
  return found(await data.findOtherIncome(db(ctx), id), 'El ingreso');
}

export async function cancelOtherIncome(ctx: RequestContext, id: string, version: number, reason: unknown) {
  const why = readReason(reason);
  const incomeId = idOf(id);
  await db(ctx).transaction(async (tx) => {
    const before = await data.findOtherIncome(tx, incomeId, true);
    if (!before) throw notFound('El ingreso');
    if (before.version !== version) throw conflict();
    assertAction(INCOME_LIFECYCLE, 'cancelar', before.status, 'cancelado');
    if (before.ledgerEntryId) await reverseAccountEntry(tx, actorOf(ctx), before.ledgerEntryId, `Cancelación de ${folioLabel('otherIncome', before.folio)}: ${why}`);
    if (!(await data.updateOtherIncome(tx, incomeId, version, { status: 'cancelado', cancelReason: why }))) throw conflict();
    await writeAudit(tx, actorOf(ctx), { entity: 'other_income', entityId: incomeId, action: 'cancelar', before: { status: before.status }, after: { status: 'cancelado', reason: why } });
  });
  return found(await data.findOtherIncome(db(ctx), incomeId), 'El ingreso');
}

