// Ventas business rules, first half of the chain: company profile, clients,
// cotizaciones, contratos, órdenes de servicio (and their delivery) and
// generadores. Every mutation is one transaction with its audit entry.
// Invoices, payments and other income are in billing.ts; reports in reports.ts.
import { rfcKind } from '../../../schema/validators';
import { writeAudit } from '../../db/audit';
import type { Executor } from '../../db/database';
import { nextFolio } from '../../db/folios';
import { actorOf, type RequestContext } from '../../context';
import { getCompanyProfile, type CompanyProfile } from '../../lib/company';
import { appError, badInput, conflict, found, notFound, type FieldMessages } from '../../lib/errors';
import { assertAction } from '../../lib/lifecycle';
import { readDateRange, readList, type ListInput } from '../../lib/list';
import type { Indicator } from '../../lib/indicators';
import { dec, money } from '../../../schema/money';
import { parseInput, z } from '../../lib/validation';
import { claimUpload, toAttachment } from '../../lib/attachments';
import { addDays, todayMx } from '../../../schema/dates';
import * as data from './data';
import {
  clientInput,
  companyInput,
  contractInput,
  deliveryInput,
  generatorInput,
  importRowToInput,
  orderInput,
  quoteInput,
  reasonInput,
  type LineInputValues,
} from './inputs';
import { CONTRACT_LIFECYCLE, folioLabel, GENERATOR_LIFECYCLE, ORDER_LIFECYCLE, QUOTE_LIFECYCLE } from '../../../schema/sales/labels';
import { MSG } from './messages';
import { saveOrderCrew } from './crews';
import { computeTotals, retentionRates, type TaxRates } from '../../../schema/sales/totals';

export const db = (ctx: RequestContext) => ctx.app.database.db;
/** Ventas' list filters name their date range `dateFrom` / `dateTo`. */
export const SALES_RANGE = { from: 'dateFrom', to: 'dateTo' };
export const idOf = (id: string | number): number => {
  const n = Number(id);
  return Number.isInteger(n) && n > 0 ? n : 0;
};

/** The receptor's person type for the retention rule and uso CFDI checks. */
export const receptorType = (rfc: string) => rfcKind(rfc, { allowGeneric: true }) ?? 'moral';

// ---- company profile ---------------------------------------------------------------

export const getCompany = (ctx: RequestContext) => getCompanyProfile(db(ctx));

export async function updateCompany(ctx: RequestContext, version: number, input: unknown): Promise<CompanyProfile> {
  const v = parseInput(companyInput, input);
  const series = [...new Set(v.invoiceSeries)];
  await db(ctx).transaction(async (tx) => {
    const before = await getCompanyProfile(tx);
    if (before.version !== version) throw conflict();
    const values = { ...v, invoiceSeries: series };
    if (!(await data.upsertCompanyProfile(tx, version, values))) throw conflict();
    await writeAudit(tx, actorOf(ctx), { entity: 'company_profile', entityId: 1, action: version === 0 ? 'create' : 'update', before, after: values });
  });
  return getCompanyProfile(db(ctx));
}

// ---- clients ---------------------------------------------------------------------------

export function listClients(ctx: RequestContext, list: ListInput | null | undefined, filter: { active?: boolean | null; withBalance?: boolean | null } | null | undefined) {
  return data.listClients(db(ctx), readList(list, data.CLIENT_SORTS, 'name'), filter ?? {});
}

export const getClient = (ctx: RequestContext, id: string) => data.findClient(db(ctx), idOf(id));
export const clientContacts = (ctx: RequestContext, ids: number[]) => data.contactsOfClients(db(ctx), ids);
export const clientOptions = (ctx: RequestContext, search: string | null | undefined) => data.clientOptions(db(ctx), search?.trim().slice(0, 100) || null);

export async function createClient(ctx: RequestContext, input: unknown) {
  const { contacts, ...v } = parseInput(clientInput, input);
  const id = await db(ctx).transaction(async (tx) => {
    if ((await data.clientsWithRfc(tx, [v.rfc])).length) throw badInput({ rfc: MSG.rfcTaken });
    const [newId] = await data.insertClients(tx, [v]);
    await data.replaceContacts(tx, newId, contacts);
    await writeAudit(tx, actorOf(ctx), { entity: 'client', entityId: newId, action: 'create', after: { ...v, contacts } });
    return newId;
  });
  return found(await data.findClient(db(ctx), id), 'El cliente');
}

export async function updateClient(ctx: RequestContext, id: string, version: number, input: unknown) {
  const { contacts, ...v } = parseInput(clientInput, input);
  const clientId = idOf(id);
  await db(ctx).transaction(async (tx) => {
    const before = await data.findClient(tx, clientId);
    if (!before) throw notFound('El cliente');
    if (before.version !== version) throw conflict();
    if ((await data.clientsWithRfc(tx, [v.rfc], clientId)).length) throw badInput({ rfc: MSG.rfcTaken });
    if (!(await data.updateClient(tx, clientId, version, v))) throw conflict();
    const beforeContacts = await data.contactsOfClients(tx, [clientId]);
    await data.replaceContacts(tx, clientId, contacts);
    await writeAudit(tx, actorOf(ctx), { entity: 'client', entityId: clientId, action: 'update', before: { ...before, contacts: beforeContacts }, after: { ...v, contacts } });
  });
  return found(await data.findClient(db(ctx), clientId), 'El cliente');
}

/** Deactivates a client (the `eliminar` of Clientes): it leaves the forms' options; its documents stay. */
export async function deactivateClient(ctx: RequestContext, id: string, version: number) {
  const clientId = idOf(id);
  await db(ctx).transaction(async (tx) => {
    const before = await data.findClient(tx, clientId);
    if (!before) throw notFound('El cliente');
    if (before.version !== version) throw conflict();
    if (!(await data.setClientActive(tx, clientId, version, false))) throw conflict();
    await writeAudit(tx, actorOf(ctx), { entity: 'client', entityId: clientId, action: 'deactivate', before, after: { active: false } });
  });
  return found(await data.findClient(db(ctx), clientId), 'El cliente');
}

/**
 * Spreadsheet import: every row is validated (format, fiscal coherence,
 * RFC repeated in the file or already registered) and the errors come back
 * per row as `rows.<index>.<field>`; nothing is written unless all rows pass.
 */
export async function importClients(ctx: RequestContext, rows: Record<string, string | null | undefined>[]): Promise<{ created: number }> {
  if (!rows.length) throw badInput({ rows: MSG.importEmpty }, MSG.importEmpty);
  if (rows.length > 2000) throw badInput({ rows: MSG.importTooMany }, MSG.importTooMany);
  const fields: FieldMessages = {};
  const badRows = new Set<number>();
  const valid: { index: number; value: ReturnType<typeof clientInput.parse> }[] = [];
  const seen = new Map<string, number>();
  rows.forEach((row, index) => {
    const result = clientInput.safeParse(importRowToInput(row));
    if (!result.success) {
      for (const issue of result.error.issues) {
        const key = `rows.${index}.${issue.path.map(String).join('.') || '_'}`;
        fields[key] ??= issue.message;
      }
      badRows.add(index);
      return;
    }
    const rfc = result.data.rfc;
    if (rfc !== 'XAXX010101000' && rfc !== 'XEXX010101000') {
      if (seen.has(rfc)) {
        fields[`rows.${index}.rfc`] = MSG.rfcRepeated;
        badRows.add(index);
        return;
      }
      seen.set(rfc, index);
    }
    valid.push({ index, value: result.data });
  });
  return db(ctx).transaction(async (tx) => {
    const taken = await data.clientsWithRfc(tx, valid.map((v) => v.value.rfc));
    for (const t of taken) {
      const index = seen.get(t.rfc);
      if (index !== undefined) {
        fields[`rows.${index}.rfc`] = MSG.rfcTaken;
        badRows.add(index);
      }
    }
    if (badRows.size) throw badInput(fields, MSG.importErrors(badRows.size));
    const ids = await data.insertClients(tx, valid.map(({ value: { contacts: _c, ...v } }) => v));
    await data.insertContacts(tx, valid.flatMap(({ value }, i) => value.contacts.map((c) => ({ ...c, clientId: ids[i] }))));
    await writeAudit(tx, actorOf(ctx), { entity: 'client', entityId: 'import', action: 'import', after: { count: ids.length, ids } });
    return { created: ids.length };
  });
}

async function activeClient(ex: Executor, clientId: number, field = 'clientId'): Promise<data.ClientRow> {
  const client = await data.findClient(ex, clientId);
  if (!client) throw badInput({ [field]: MSG.clientMissing });
  if (!client.active) throw badInput({ [field]: MSG.clientInactive });
  return client;
}

// ---- document lines -----------------------------------------------------------------------

/** Computes each line and the document totals with the rates of this document. */
export function priceLines(lines: LineInputValues[], rates: TaxRates) {
  const { lines: computed, totals } = computeTotals(lines, rates);
  return {
    totals,
    lines: lines.map((l, i) => ({
      lineNo: i + 1,
      description: l.description,
      prodServKey: l.prodServKey,
      unitKey: l.unitKey,
      unitName: l.unitName,
      quantity: l.quantity,
      unitPrice: l.unitPrice,
      discountPercent: l.discountPercent,
      objetoImp: l.objetoImp,
      ...computed[i],
    })),
  };
}

// ---- quotes -------------------------------------------------------------------------------

export function listQuotes(ctx: RequestContext, list: ListInput | null | undefined, filter: { status?: data.QuoteStatus | null; clientId?: string | null; dateFrom?: string | null; dateTo?: string | null } | null | undefined) {
  const range = readDateRange(filter, SALES_RANGE);
  return data.listQuotes(db(ctx), readList(list, data.QUOTE_SORTS, 'folio'), { ...filter, clientId: filter?.clientId ? idOf(filter.clientId) : null, dateFrom: range.from, dateTo: range.to }, todayMx());
}

export const getQuote = (ctx: RequestContext, id: string) => data.findQuote(db(ctx), idOf(id), todayMx());
export const quoteLines = (ctx: RequestContext, ids: number[]) => data.quoteLinesOf(db(ctx), ids);

async function quoteValues(tx: Executor, input: unknown) {
  const v = parseInput(quoteInput, input);
  const client = await activeClient(tx, v.clientId);
  const company = await getCompanyProfile(tx);
  const rates = retentionRates(company, receptorType(client.rfc), { isr: v.isrRetention, iva: v.ivaRetention });
  const priced = priceLines(v.lines, rates);
  return {
    header: {
      clientId: v.clientId,
      date: v.date,
      validUntil: v.validUntil,
      subject: v.subject,
      notes: v.notes,
      ivaRate: rates.iva,
      isrRetentionRate: rates.isrRetention,
      ivaRetentionRate: rates.ivaRetention,
      subtotal: priced.totals.subtotal,
      discount: priced.totals.discount,
      iva: priced.totals.iva,
      isrRetained: priced.totals.isrRetained,
      ivaRetained: priced.totals.ivaRetained,
      total: priced.totals.total,
    },
    lines: priced.lines.map(({ objetoImp: _o, isrRetained: _i, ivaRetained: _r, ...l }) => l),
  };
}

export async function createQuote(ctx: RequestContext, input: unknown) {
  const id = await db(ctx).transaction(async (tx) => {
    const v = await quoteValues(tx, input);
    const folio = await nextFolio(tx, 'quote');
    const newId = await data.insertQuote(tx, folio, { ...v.header, createdBy: ctx.auth?.id ?? null });
    await data.replaceQuoteLines(tx, newId, v.lines);
    await writeAudit(tx, actorOf(ctx), { entity: 'quote', entityId: newId, action: 'create', after: { folio, ...v } });
    return newId;
  });
  return found(await data.findQuote(db(ctx), id, todayMx()), 'La cotización');
}

async function lockedQuote(tx: Executor, id: number, version: number) {
  const quote = await data.findQuote(tx, id, todayMx(), true);
  if (!quote) throw notFound('La cotización');
  if (quote.version !== version) throw conflict();
  return quote;
}

export async function updateQuote(ctx: RequestContext, id: string, version: number, input: unknown) {
  const quoteId = idOf(id);
  await db(ctx).transaction(async (tx) => {
    const before = await lockedQuote(tx, quoteId, version);
    if (before.storedStatus !== 'borrador') throw appError('CONFLICT', MSG.quoteNotDraft);
    const v = await quoteValues(tx, input);
    if (!(await data.updateQuote(tx, quoteId, version, v.header))) throw conflict();
    const beforeLines = await data.quoteLinesOf(tx, [quoteId]);
    await data.replaceQuoteLines(tx, quoteId, v.lines);
    await writeAudit(tx, actorOf(ctx), { entity: 'quote', entityId: quoteId, action: 'update', before: { ...before, lines: beforeLines }, after: v });
  });
  return found(await data.findQuote(db(ctx), quoteId, todayMx()), 'La cotización');
}

export async function deleteQuote(ctx: RequestContext, id: string, version: number): Promise<boolean> {
  const quoteId = idOf(id);
  await db(ctx).transaction(async (tx) => {
    const before = await lockedQuote(tx, quoteId, version);
    if (before.storedStatus !== 'borrador') throw appError('CONFLICT', MSG.quoteNotDraft);
    const lines = await data.quoteLinesOf(tx, [quoteId]);
    await data.deleteQuote(tx, quoteId);
    await writeAudit(tx, actorOf(ctx), { entity: 'quote', entityId: quoteId, action: 'delete', before: { ...before, lines } });
  });
  return true;
}

type QuoteMove = { action: 'enviar'; to: 'enviada' } | { action: 'aceptar'; to: 'aceptada' } | { action: 'rechazar'; to: 'rechazada' };

async function moveQuote(ctx: RequestContext, id: string, version: number, { action, to }: QuoteMove, extra: { rejectionReason?: string } = {}) {
  const quoteId = idOf(id);
  await db(ctx).transaction(async (tx) => {
    const before = await lockedQuote(tx, quoteId, version);
    // The effective status counts: an enviada quote past its validity is vencida and can no longer be decided.
    assertAction(QUOTE_LIFECYCLE, action, before.status, to);
    if (to === 'enviada' && before.validUntil < todayMx()) throw badInput({ validUntil: MSG.quoteExpiredSend }, MSG.quoteExpiredSend);
    if (!(await data.updateQuote(tx, quoteId, version, { status: to, ...extra }))) throw conflict();
    await writeAudit(tx, actorOf(ctx), { entity: 'quote', entityId: quoteId, action: to, before: { status: before.status }, after: { status: to, ...extra } });
  });
  return found(await data.findQuote(db(ctx), quoteId, todayMx()), 'La cotización');
}

export const sendQuote = (ctx: RequestContext, id: string, version: number) => moveQuote(ctx, id, version, { action: 'enviar', to: 'enviada' });
export const acceptQuote = (ctx: RequestContext, id: string, version: number) => moveQuote(ctx, id, version, { action: 'aceptar', to: 'aceptada' });
/** A cancellation/rejection reason, reported under the `reason` argument. */
export const readReason = (reason: unknown): string => parseInput(z.object({ reason: reasonInput }), { reason }).reason;

export function rejectQuote(ctx: RequestContext, id: string, version: number, reason: unknown) {
  return moveQuote(ctx, id, version, { action: 'rechazar', to: 'rechazada' }, { rejectionReason: readReason(reason) });
}

export async function duplicateQuote(ctx: RequestContext, id: string) {
  const sourceId = idOf(id);
  const newId = await db(ctx).transaction(async (tx) => {
    const source = await data.findQuote(tx, sourceId, todayMx());
    if (!source) throw notFound('La cotización');
    const lines = await data.quoteLinesOf(tx, [sourceId]);
    const today = todayMx();
    const validityDays = Math.max(0, Math.round((Date.parse(source.validUntil) - Date.parse(source.date)) / 86_400_000));
    const folio = await nextFolio(tx, 'quote');
    const header = {
      clientId: source.client.id,
      date: today,
      validUntil: addDays(today, validityDays),
      subject: source.subject,
      notes: source.notes,
      ivaRate: source.ivaRate,
      isrRetentionRate: source.isrRetentionRate,
      ivaRetentionRate: source.ivaRetentionRate,
      subtotal: source.subtotal,
      discount: source.discount,
      iva: source.iva,
      isrRetained: source.isrRetained,
      ivaRetained: source.ivaRetained,
      total: source.total,
      sourceQuoteId: sourceId,
      createdBy: ctx.auth?.id ?? null,
    };
    const created = await data.insertQuote(tx, folio, header);
    await data.replaceQuoteLines(tx, created, lines.map(({ id: _id, quoteId: _q, ...l }) => l));
    await writeAudit(tx, actorOf(ctx), { entity: 'quote', entityId: created, action: 'duplicate', after: { folio, sourceQuoteId: sourceId } });
    return created;
  });
  return found(await data.findQuote(db(ctx), newId, todayMx()), 'La cotización');
}

// ---- contracts ------------------------------------------------------------------------------

export function listContracts(ctx: RequestContext, list: ListInput | null | undefined, filter: { status?: data.ContractStatus | null; clientId?: string | null; dateFrom?: string | null; dateTo?: string | null } | null | undefined) {
  return data.listContracts(db(ctx), readList(list, data.CONTRACT_SORTS, 'folio'), { status: filter?.status ?? null, clientId: filter?.clientId ? idOf(filter.clientId) : null, range: readDateRange(filter, SALES_RANGE) });
}

export const getContract = (ctx: RequestContext, id: string) => data.findContract(db(ctx), idOf(id));
export const contractConcepts = (ctx: RequestContext, ids: number[]) => data.conceptsOfContracts(db(ctx), ids);
export const contractOptions = (ctx: RequestContext, clientId: string | null | undefined) => data.contractOptions(db(ctx), clientId ? idOf(clientId) : null);

/** Almacén requisitions and Compras expenses name a service order/contract as a job cost (issue 28). */
export { checkCostAssignment } from './costAssignment';

const conceptAmount = (c: { quantity: string; unitPrice: string }) => money(dec(c.quantity).times(c.unitPrice));

export async function createContract(ctx: RequestContext, input: unknown) {
  const v = parseInput(contractInput, input);
  const id = await db(ctx).transaction(async (tx) => {
    await activeClient(tx, v.clientId);
    if (v.quoteId) {
      // Locking the quote serialises two conversions of it: the second sees the first's contract.
      const quote = await data.findQuote(tx, v.quoteId, todayMx(), true);
      if (!quote) throw badInput({ quoteId: 'La cotización no existe.' });
      if (quote.contractId) {
        const existing = await data.findContract(tx, quote.contractId);
        throw badInput({ quoteId: MSG.quoteHasContract(folioLabel('contract', existing?.folio)) });
      }
      if (quote.status !== 'aceptada') throw badInput({ quoteId: MSG.quoteNotAccepted });
      if (quote.client.id !== v.clientId) throw badInput({ quoteId: MSG.quoteOtherClient });
    }
    const concepts = v.concepts.map((c, i) => ({
      lineNo: i + 1,
      description: c.description,
      prodServKey: c.prodServKey,
      unitKey: c.unitKey,
      unitName: c.unitName,
      quantity: c.quantity,
      unitPrice: c.unitPrice,
      amount: conceptAmount(c),
    }));
    const amount = money(concepts.reduce((acc, c) => acc.plus(c.amount), dec(0)));
    const folio = await nextFolio(tx, 'contract');
    const newId = await data.insertContract(tx, folio, {
      clientId: v.clientId,
      quoteId: v.quoteId ?? null,
      name: v.name,
      startDate: v.startDate,
      endDate: v.endDate,
      amount,
      anticipoPercent: v.anticipoPercent,
      guaranteePercent: v.guaranteePercent,
      notes: v.notes,
      createdBy: ctx.auth?.id ?? null,
    });
    await data.insertConcepts(tx, newId, concepts);
    await writeAudit(tx, actorOf(ctx), { entity: 'contract', entityId: newId, action: 'create', after: { folio, ...v, amount } });
    return newId;
  });
  return found(await data.findContract(db(ctx), id), 'El contrato');
}

export async function updateContract(ctx: RequestContext, id: string, version: number, input: unknown) {
  const v = parseInput(contractInput, input);
  const contractId = idOf(id);
  await db(ctx).transaction(async (tx) => {
    const before = await data.findContract(tx, contractId, true);
    if (!before) throw notFound('El contrato');
    if (before.version !== version) throw conflict();
    if (before.status !== 'vigente') throw appError('CONFLICT', MSG.contractNotActive);
    if (v.clientId !== before.client.id) throw badInput({ clientId: MSG.contractClientFixed });
    if ((v.quoteId ?? null) !== before.quoteId) throw badInput({ quoteId: MSG.contractQuoteFixed });
    const existing = await data.conceptsOfContracts(tx, [contractId]);
    // Lock the concepts too: a generador being saved right now must not see them half-edited.
    await data.lockConcepts(tx, existing.map((c) => c.id));
    const byId = new Map(existing.map((c) => [c.id, c]));
    const inUse = new Set(await data.conceptsInUse(tx, existing.map((c) => c.id)));
    const fields: FieldMessages = {};
    const kept = new Set<number>();
    v.concepts.forEach((c, i) => {
      if (!c.id) return;
      const old = byId.get(c.id);
      if (!old) {
        fields[`concepts.${i}.id`] = MSG.conceptMissing;
        return;
      }
      kept.add(c.id);
      if (!inUse.has(c.id)) return;
      const changed =
        old.description !== c.description || old.prodServKey !== c.prodServKey || old.unitKey !== c.unitKey || old.unitName !== c.unitName || !dec(old.unitPrice).eq(c.unitPrice);
      if (changed) fields[`concepts.${i}.unitPrice`] = MSG.conceptInUseChange;
      if (dec(c.quantity).lt(old.generatedQuantity)) fields[`concepts.${i}.quantity`] = MSG.conceptBelowGenerated(dec(old.generatedQuantity).toFixed());
    });
    const removed = existing.filter((c) => !kept.has(c.id));
    if (removed.some((c) => inUse.has(c.id))) fields.concepts = MSG.conceptInUseRemove;
    if (Object.keys(fields).length) throw badInput(fields);

    const rows = v.concepts.map((c, i) => ({
      id: c.id ?? null,
      values: { lineNo: i + 1, description: c.description, prodServKey: c.prodServKey, unitKey: c.unitKey, unitName: c.unitName, quantity: c.quantity, unitPrice: c.unitPrice, amount: conceptAmount(c) },
    }));
    await data.deleteConcepts(tx, removed.map((c) => c.id));
    for (const r of rows) if (r.id) await data.updateConcept(tx, r.id, r.values);
    await data.insertConcepts(tx, contractId, rows.filter((r) => !r.id).map((r) => r.values));
    const amount = money(rows.reduce((acc, r) => acc.plus(r.values.amount), dec(0)));
    const header = { name: v.name, startDate: v.startDate, endDate: v.endDate, anticipoPercent: v.anticipoPercent, guaranteePercent: v.guaranteePercent, notes: v.notes, amount };
    if (!(await data.updateContract(tx, contractId, version, header))) throw conflict();
    await writeAudit(tx, actorOf(ctx), { entity: 'contract', entityId: contractId, action: 'update', before: { ...before, concepts: existing }, after: { ...header, concepts: rows } });
  });
  return found(await data.findContract(db(ctx), contractId), 'El contrato');
}

type ContractMove = { action: 'terminar'; to: 'terminado' } | { action: 'cancelar'; to: 'cancelado' };

async function moveContract(ctx: RequestContext, id: string, version: number, { action, to }: ContractMove, reason?: string) {
  const contractId = idOf(id);
  await db(ctx).transaction(async (tx) => {
    const before = await data.findContract(tx, contractId, true);
    if (!before) throw notFound('El contrato');
    if (before.version !== version) throw conflict();
    assertAction(CONTRACT_LIFECYCLE, action, before.status, to);
    if (to === 'cancelado') {
      const work = await data.contractHasActiveWork(tx, contractId);
      if (work.generators > 0 || work.invoices > 0) throw appError('CONFLICT', MSG.contractHasWork);
    }
    if (!(await data.updateContract(tx, contractId, version, { status: to, ...(reason ? { cancelReason: reason } : {}) }))) throw conflict();
    await writeAudit(tx, actorOf(ctx), { entity: 'contract', entityId: contractId, action: to, before: { status: before.status }, after: { status: to, reason } });
  });
  return found(await data.findContract(db(ctx), contractId), 'El contrato');
}

export const finishContract = (ctx: RequestContext, id: string, version: number) => moveContract(ctx, id, version, { action: 'terminar', to: 'terminado' });
export function cancelContract(ctx: RequestContext, id: string, version: number, reason: unknown) {
  return moveContract(ctx, id, version, { action: 'cancelar', to: 'cancelado' }, readReason(reason));
}

// ---- service orders ----------------------------------------------------------------------

export function listOrders(ctx: RequestContext, list: ListInput | null | undefined, filter: { status?: data.OrderStatus | null; contractId?: string | null; clientId?: string | null; dateFrom?: string | null; dateTo?: string | null } | null | undefined) {
  return data.listOrders(db(ctx), readList(list, data.ORDER_SORTS, 'folio'), {
    range: readDateRange(filter, SALES_RANGE),
    status: filter?.status ?? null,
    contractId: filter?.contractId ? idOf(filter.contractId) : null,
    clientId: filter?.clientId ? idOf(filter.clientId) : null,
  });
}

export const getOrder = (ctx: RequestContext, id: string) => data.findOrder(db(ctx), idOf(id));
export const orderOptions = (ctx: RequestContext, contractId: string | null | undefined, statuses: data.OrderStatus[] | null | undefined) =>
  data.orderOptions(db(ctx), contractId ? idOf(contractId) : null, statuses ?? null);
export const deliveriesOfOrders = (ctx: RequestContext, ids: number[]) => data.deliveriesOfOrders(db(ctx), ids);

async function orderTarget(tx: Executor, v: { contractId?: number | null; clientId?: number | null }): Promise<{ contractId: number | null; clientId: number }> {
  if (v.contractId) {
    const contract = await data.findContract(tx, v.contractId);
    if (!contract) throw badInput({ contractId: 'El contrato no existe.' });
    if (contract.status !== 'vigente') throw badInput({ contractId: MSG.contractNotActive });
    if (v.clientId && v.clientId !== contract.client.id) throw badInput({ clientId: MSG.orderClientMismatch });
    return { contractId: contract.id, clientId: contract.client.id };
  }
  await activeClient(tx, v.clientId as number);
  return { contractId: null, clientId: v.clientId as number };
}

export async function createOrder(ctx: RequestContext, input: unknown) {
  const v = parseInput(orderInput, input);
  const id = await db(ctx).transaction(async (tx) => {
    const target = await orderTarget(tx, v);
    const folio = await nextFolio(tx, 'service_order');
    const values = { ...target, description: v.description, site: v.site, scheduledStart: v.scheduledStart, scheduledEnd: v.scheduledEnd, responsibles: v.responsibles, notes: v.notes };
    const newId = await data.insertOrder(tx, folio, { ...values, createdBy: ctx.auth?.id ?? null });
    await saveOrderCrew(tx, newId, v.crewEmployeeIds, v.vehicleIds);
    await writeAudit(tx, actorOf(ctx), { entity: 'service_order', entityId: newId, action: 'create', after: { folio, ...values, crewEmployeeIds: v.crewEmployeeIds ?? [], vehicleIds: v.vehicleIds ?? [] } });
    return newId;
  });
  return found(await data.findOrder(db(ctx), id), 'La orden de servicio');
}

export async function updateOrder(ctx: RequestContext, id: string, version: number, input: unknown) {
  const v = parseInput(orderInput, input);
  const orderId = idOf(id);
  await db(ctx).transaction(async (tx) => {
    const before = await data.findOrder(tx, orderId, true);
    if (!before) throw notFound('La orden de servicio');
    if (before.version !== version) throw conflict();
    if (before.status === 'terminada' || before.status === 'entregada') throw appError('CONFLICT', MSG.orderLocked);
    let target: { contractId: number | null; clientId: number };
    if (before.contract && (v.contractId ?? null) === before.contract.id) {
      // Same contract: keep it even if it has since been finished.
      if (v.clientId && v.clientId !== before.client.id) throw badInput({ clientId: MSG.orderClientMismatch });
      target = { contractId: before.contract.id, clientId: before.client.id };
    } else {
      target = await orderTarget(tx, v);
    }
    if (target.contractId !== (before.contract?.id ?? null)) {
      const gens = await data.listGenerators(tx, { limit: 1, offset: 0, search: null, sortBy: 'folio', desc: false }, { orderId });
      if (gens.total > 0) throw badInput({ contractId: MSG.orderHasGenerators });
    }
    const values = { ...target, description: v.description, site: v.site, scheduledStart: v.scheduledStart, scheduledEnd: v.scheduledEnd, responsibles: v.responsibles, notes: v.notes };
    if (!(await data.updateOrder(tx, orderId, version, values))) throw conflict();
    await saveOrderCrew(tx, orderId, v.crewEmployeeIds, v.vehicleIds);
    await writeAudit(tx, actorOf(ctx), { entity: 'service_order', entityId: orderId, action: 'update', before, after: { ...values, crewEmployeeIds: v.crewEmployeeIds, vehicleIds: v.vehicleIds } });
  });
  return found(await data.findOrder(db(ctx), orderId), 'La orden de servicio');
}

/**
 * For Nómina (issue 28): overtime of these employees recorded in crew days within [from, to] that no payroll
 * took yet, read FOR SHARE in the caller's transaction (a day being changed is waited for).
 */
export const crewOvertimeToClaim = (tx: Executor, employeeIds: readonly number[], from: string, to: string): Promise<data.CrewOvertimeRow[]> =>
  data.unclaimedCrewOvertime(tx, employeeIds, from, to);

type OrderMove = { action: 'iniciar'; to: 'en_proceso' } | { action: 'terminar'; to: 'terminada' };

async function moveOrder(ctx: RequestContext, id: string, version: number, { action, to }: OrderMove) {
  const orderId = idOf(id);
  await db(ctx).transaction(async (tx) => {
    const before = await data.findOrder(tx, orderId, true);
    if (!before) throw notFound('La orden de servicio');
    if (before.version !== version) throw conflict();
    assertAction(ORDER_LIFECYCLE, action, before.status, to);
    if (!(await data.updateOrder(tx, orderId, version, { status: to }))) throw conflict();
    await writeAudit(tx, actorOf(ctx), { entity: 'service_order', entityId: orderId, action: to, before: { status: before.status }, after: { status: to } });
  });
  return found(await data.findOrder(db(ctx), orderId), 'La orden de servicio');
}

export const startOrder = (ctx: RequestContext, id: string, version: number) => moveOrder(ctx, id, version, { action: 'iniciar', to: 'en_proceso' });
export const finishOrder = (ctx: RequestContext, id: string, version: number) => moveOrder(ctx, id, version, { action: 'terminar', to: 'terminada' });

// ---- deliveries ----------------------------------------------------------------------------

export function listDeliveries(ctx: RequestContext, list: ListInput | null | undefined, filter: { clientId?: string | null; dateFrom?: string | null; dateTo?: string | null } | null | undefined) {
  const range = readDateRange(filter, SALES_RANGE);
  return data.listDeliveries(db(ctx), readList(list, data.DELIVERY_SORTS, 'date'), { ...filter, clientId: filter?.clientId ? idOf(filter.clientId) : null, dateFrom: range.from, dateTo: range.to });
}

export const filesOfDeliveries = async (ctx: RequestContext, ids: number[]) => (await data.filesOfDeliveries(db(ctx), ids)).map((f) => ({ ...toAttachment(f), deliveryId: f.deliveryId }));

export async function createDelivery(ctx: RequestContext, input: unknown) {
  const v = parseInput(deliveryInput, input);
  if (new Set(v.fileIds).size !== v.fileIds.length) throw badInput({ fileIds: MSG.duplicateFile });
  const order = await data.findOrder(db(ctx), v.orderId);
  if (!order) throw badInput({ orderId: MSG.orderMissing });
  if (order.status !== 'terminada') throw badInput({ orderId: MSG.orderNotFinished });
  const id = await db(ctx).transaction(async (tx) => {
    const before = await data.findOrder(tx, v.orderId, true);
    if (!before) throw badInput({ orderId: MSG.orderMissing });
    assertAction(ORDER_LIFECYCLE, 'entregar', before.status, 'entregada');
    const newId = await data.insertDelivery(tx, { orderId: v.orderId, date: v.date, receivedBy: v.receivedBy, notes: v.notes, createdBy: ctx.auth?.id ?? null });
    const files = [];
    for (const [i, fileId] of v.fileIds.entries()) {
      files.push(await claimUpload(tx, ctx, fileId, { allowed: ['pdf', 'png', 'jpg', 'webp'], subject: 'Ventas-Entrega de Órdenes', ownerEntity: 'orderDelivery', ownerId: newId, field: `fileIds.${i}` }));
    }
    await data.insertDeliveryFiles(tx, newId, files.map((f) => f.id));
    await data.updateOrder(tx, v.orderId, null, { status: 'entregada' });
    await writeAudit(tx, actorOf(ctx), { entity: 'order_delivery', entityId: newId, action: 'create', after: { orderId: v.orderId, date: v.date, receivedBy: v.receivedBy, files: files.map((f) => ({ fileId: f.id, fileName: f.fileName, sha256: f.sha256 })) } });
    return newId;
  });
  return found(await data.findDelivery(db(ctx), id), 'La entrega');
}

// ---- generadores -----------------------------------------------------------------------------

/** Tablero: the generadores in borrador that wait for `autorizar`. */
export const generatorsToAuthorizeIndicator = (): Indicator<number> => ({ sql: data.draftGeneratorsSql(), read: Number });

export function listGenerators(ctx: RequestContext, list: ListInput | null | undefined, filter: { status?: data.GeneratorStatus | null; contractId?: string | null; orderId?: string | null; clientId?: string | null; dateFrom?: string | null; dateTo?: string | null } | null | undefined) {
  return data.listGenerators(db(ctx), readList(list, data.GENERATOR_SORTS, 'folio'), {
    range: readDateRange(filter, SALES_RANGE),
    status: filter?.status ?? null,
    contractId: filter?.contractId ? idOf(filter.contractId) : null,
    orderId: filter?.orderId ? idOf(filter.orderId) : null,
    clientId: filter?.clientId ? idOf(filter.clientId) : null,
  });
}

export const getGenerator = (ctx: RequestContext, id: string) => data.findGenerator(db(ctx), idOf(id));
export const generatorLines = (ctx: RequestContext, ids: number[]) => data.generatorLinesOf(db(ctx), ids);

/**
 * Validates a generador against its contract with the concept rows locked:
 * the cumulative quantity per concept (all generadores) may never exceed the
 * contracted one, and the refusal names the figures.
 */
async function generatorValues(tx: Executor, input: unknown, selfId: number | null) {
  const v = parseInput(generatorInput, input);
  const order = await data.findOrder(tx, v.orderId);
  if (!order) throw badInput({ orderId: MSG.orderMissing });
  if (!order.contract) throw badInput({ orderId: MSG.orderWithoutContract });
  const contract = await data.findContract(tx, order.contract.id);
  if (!contract || contract.status !== 'vigente') throw badInput({ orderId: MSG.contractNotActive });
  const conceptIds = [...new Set(v.lines.map((l) => l.conceptId))];
  const concepts = new Map((await data.lockConcepts(tx, conceptIds)).map((c) => [c.id, c]));
  const previous = await data.generatedByConcept(tx, conceptIds, selfId);
  const fields: FieldMessages = {};
  const lines = v.lines.map((l, i) => {
    const concept = concepts.get(l.conceptId);
    if (!concept || concept.contractId !== contract.id) {
      fields[`lines.${i}.conceptId`] = MSG.conceptNotInContract;
      return null;
    }
    const before = dec(previous.get(l.conceptId) ?? 0);
    if (before.plus(l.quantity).gt(concept.quantity)) {
      fields[`lines.${i}.quantity`] = MSG.exceedsContract({
        line: concept.lineNo,
        contracted: dec(concept.quantity).toFixed(),
        previous: before.toFixed(),
        requested: dec(l.quantity).toFixed(),
        available: dec(concept.quantity).minus(before).toFixed(),
        unit: concept.unitName,
      });
      return null;
    }
    return { conceptId: l.conceptId, quantity: l.quantity, amount: money(dec(l.quantity).times(concept.unitPrice)) };
  });
  if (Object.keys(fields).length) throw badInput(fields);
  const ok = lines as { conceptId: number; quantity: string; amount: string }[];
  return {
    header: {
      orderId: order.id,
      contractId: contract.id,
      clientId: contract.client.id,
      periodStart: v.periodStart,
      periodEnd: v.periodEnd,
      notes: v.notes,
      amount: money(ok.reduce((acc, l) => acc.plus(l.amount), dec(0))),
    },
    lines: ok,
  };
}

export async function createGenerator(ctx: RequestContext, input: unknown) {
  const id = await db(ctx).transaction(async (tx) => {
    const v = await generatorValues(tx, input, null);
    const folio = await nextFolio(tx, 'generator');
    const newId = await data.insertGenerator(tx, folio, { ...v.header, createdBy: ctx.auth?.id ?? null });
    await data.replaceGeneratorLines(tx, newId, v.lines);
    await writeAudit(tx, actorOf(ctx), { entity: 'generator', entityId: newId, action: 'create', after: { folio, ...v } });
    return newId;
  });
  return found(await data.findGenerator(db(ctx), id), 'El generador');
}

async function lockedGenerator(tx: Executor, id: number, version: number) {
  const [locked] = await data.lockGenerators(tx, [id]);
  if (!locked) throw notFound('El generador');
  if (locked.version !== version) throw conflict();
  return locked;
}

export async function updateGenerator(ctx: RequestContext, id: string, version: number, input: unknown) {
  const generatorId = idOf(id);
  await db(ctx).transaction(async (tx) => {
    const locked = await lockedGenerator(tx, generatorId, version);
    if (locked.status !== 'borrador') throw appError('CONFLICT', MSG.generatorNotDraft);
    const before = await data.findGenerator(tx, generatorId);
    const beforeLines = await data.generatorLinesOf(tx, [generatorId]);
    const v = await generatorValues(tx, input, generatorId);
    if (!(await data.updateGenerator(tx, generatorId, version, v.header))) throw conflict();
    await data.replaceGeneratorLines(tx, generatorId, v.lines);
    await writeAudit(tx, actorOf(ctx), { entity: 'generator', entityId: generatorId, action: 'update', before: { ...before, lines: beforeLines }, after: v });
  });
  return found(await data.findGenerator(db(ctx), generatorId), 'El generador');
}

export async function deleteGenerator(ctx: RequestContext, id: string, version: number): Promise<boolean> {
  const generatorId = idOf(id);
  await db(ctx).transaction(async (tx) => {
    const locked = await lockedGenerator(tx, generatorId, version);
    if (locked.status !== 'borrador') throw appError('CONFLICT', MSG.generatorNotDraft);
    const before = await data.findGenerator(tx, generatorId);
    const lines = await data.generatorLinesOf(tx, [generatorId]);
    await data.deleteGenerator(tx, generatorId);
    await writeAudit(tx, actorOf(ctx), { entity: 'generator', entityId: generatorId, action: 'delete', before: { ...before, lines } });
  });
  return true;
}

export async function authorizeGenerator(ctx: RequestContext, id: string, version: number) {
  const generatorId = idOf(id);
  await db(ctx).transaction(async (tx) => {
    const locked = await lockedGenerator(tx, generatorId, version);
    assertAction(GENERATOR_LIFECYCLE, 'autorizar', locked.status, 'autorizado');
    const values = { status: 'autorizado' as const, authorizedBy: ctx.auth?.id ?? null, authorizedAt: new Date() };
    if (!(await data.updateGenerator(tx, generatorId, version, values))) throw conflict();
    await writeAudit(tx, actorOf(ctx), { entity: 'generator', entityId: generatorId, action: 'autorizar', before: { status: locked.status }, after: values });
  });
  return found(await data.findGenerator(db(ctx), generatorId), 'El generador');
}
export { listInvoices } from './billing';
