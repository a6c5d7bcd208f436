// Ventas data layer: the only place with SQL for the revenue chain. Reads
// return rows already shaped like the GraphQL types (nested refs built
// here); money and quantities travel as text, never as floats.
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { updateWithNextFolio } from '../../db/folios';
import { queryRows, type Executor } from '../../db/database';
import { dueSoonFrom, overdueOn } from '../../lib/dues';
import { likePattern, withinDates, type DateRange, type ListQuery } from '../../lib/list';
import { moneyGroups, type MoneyGroupPage } from '../../lib/moneyGroups';
import type { AttachmentRow } from '../../lib/attachments';
import {
  clientContacts,
  clientPaymentApplications,
  clientPayments,
  clients,
  companyProfile,
  contractConcepts,
  contracts,
  generatorLines,
  generators,
  invoiceLines,
  invoices,
  orderDeliveries,
  orderDeliveryFiles,
  otherIncomes,
  quoteLines,
  quotes,
  serviceOrders,
} from './tables';

// The statuses are defined once, with their lifecycles, in schema/sales/labels.ts.
import type { ContractStatus, GeneratorStatus, IncomeStatus, InvoiceStatus, OrderStatus, QuoteStatus } from '../../../schema/sales/labels';
export type { ContractStatus, GeneratorStatus, IncomeStatus, InvoiceStatus, OrderStatus, QuoteStatus };

export type Ref = { id: number; name: string; rfc: string };
export type Page<T> = { items: T[]; total: number };

// ---- SQL helpers -----------------------------------------------------------------

const whereAll = (conds: (SQL | undefined | false | null | '' | 0)[]): SQL => {
  const list = conds.filter((c): c is SQL => Boolean(c));
  return list.length ? sql`where ${sql.join(list, sql` and `)}` : sql``;
};
const inList = (ids: readonly number[]): SQL => sql`(${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`;
/**
 * Sort keys are whitelisted by readList; the map turns them into trusted
 * column SQL. Default NULLS placement and no tie-breaker on a unique key
 * (folio) let PostgreSQL walk an index backwards instead of sorting the table.
 */
const order = (columns: Record<string, string>, q: ListQuery<string>, tie: string): SQL => {
  const dir = q.desc ? 'desc' : 'asc';
  const keys = columns[q.sortBy].split(',').map((c) => `${c.trim()} ${dir}`);
  const unique = q.sortBy === 'folio' && keys.length === 1;
  return sql.raw(`order by ${keys.join(', ')}${unique ? '' : `, ${tie} ${dir}`}`);
};
const page = (q: ListQuery<string>): SQL => sql`limit ${q.limit} offset ${q.offset}`;
const count = async (ex: Executor, query: SQL): Promise<number> => Number((await queryRows<{ n: number }>(ex, query))[0]?.n ?? 0);
const ref = (id: number, name: string, rfc: string): Ref => ({ id, name, rfc });
const OPEN_INVOICE = sql.raw(`('emitida', 'pagada_parcial')`);
const LIVE_INVOICE = sql.raw(`('emitida', 'pagada_parcial', 'pagada')`);

// ---- company profile -------------------------------------------------------------

export async function upsertCompanyProfile(
  ex: Executor,
  version: number,
  values: Omit<typeof companyProfile.$inferInsert, 'id' | 'version'>,
): Promise<boolean> {
  if (version === 0) {
    const rows = await ex.insert(companyProfile).values({ id: 1, ...values }).onConflictDoNothing().returning({ id: companyProfile.id });
    return rows.length === 1;
  }
  const rows = await ex
    .update(companyProfile)
    .set({ ...values, version: sql`${companyProfile.version} + 1` })
    .where(and(eq(companyProfile.id, 1), eq(companyProfile.version, version)))
    .returning({ id: companyProfile.id });
  return rows.length === 1;
}

// ---- clients ---------------------------------------------------------------------

export type ClientRow = Omit<typeof clients.$inferSelect, 'creditLimit'> & { creditLimit: string; openBalance: string };
export type ContactRow = typeof clientContacts.$inferSelect;

export const CLIENT_SORTS = ['name', 'rfc', 'creditDays', 'creditLimit', 'openBalance', 'createdAt'] as const;

const OPEN_BALANCE_SQL = `(select coalesce(sum(i.balance), 0) from invoices i where i.client_id = c.id and i.status in ('emitida', 'pagada_parcial'))`;

const clientSelect = sql`select c.id, c.rfc, c.name, c.regimen_fiscal as "regimenFiscal", c.postal_code as "postalCode",
  c.uso_cfdi as "usoCfdi", c.address, c.city, c.state, c.email, c.phone, c.credit_days as "creditDays",
  c.credit_limit::text as "creditLimit", c.active, c.notes, c.created_at as "createdAt", c.version,
  ${sql.raw(OPEN_BALANCE_SQL)}::text as "openBalance"
  from clients c`;

export async function listClients(ex: Executor, q: ListQuery<(typeof CLIENT_SORTS)[number]>, filter: { active?: boolean | null; withBalance?: boolean | null }): Promise<Page<ClientRow>> {
  const p = q.search ? likePattern(q.search) : null;
  const where = whereAll([
    p && sql`(c.name ilike ${p} or c.rfc ilike ${p} or c.email ilike ${p} or c.city ilike ${p})`,
    filter.active !== null && filter.active !== undefined && sql`c.active = ${filter.active}`,
    filter.withBalance && sql`exists (select 1 from invoices i where i.client_id = c.id and i.status in ${OPEN_INVOICE} and i.balance > 0)`,
  ]);
  const cols = { name: 'c.name', rfc: 'c.rfc', creditDays: 'c.credit_days', creditLimit: 'c.credit_limit', openBalance: OPEN_BALANCE_SQL, createdAt: 'c.created_at' };
  const [items, total] = await Promise.all([
    queryRows<ClientRow>(ex, sql`${clientSelect} ${where} ${order(cols, q, 'c.id')} ${page(q)}`),
    count(ex, sql`select count(*)::int as n from clients c ${where}`),
  ]);
  return { items, total };
}

export async function findClient(ex: Executor, id: number): Promise<ClientRow | null> {
  return (await queryRows<ClientRow>(ex, sql`${clientSelect} where c.id = ${id}`))[0] ?? null;
}

export async function contactsOfClients(ex: Executor, ids: number[]): Promise<ContactRow[]> {
  if (!ids.length) return [];
  return queryRows<ContactRow>(
    ex,
    sql`select id, client_id as "clientId", sort_order as "sortOrder", name, position, email, phone
        from client_contacts where client_id in ${inList(ids)} order by client_id, sort_order, id`,
  );
}

export type ClientValues = Omit<typeof clients.$inferInsert, 'id' | 'createdAt' | 'version'>;
export type ContactValues = { name: string; position: string; email: string; phone: string };

export async function insertClients(ex: Executor, values: ClientValues[]): Promise<number[]> {
  if (!values.length) return [];
  const rows = await ex.insert(clients).values(values).returning({ id: clients.id });
  return rows.map((r) => r.id);
}

export async function updateClient(ex: Executor, id: number, version: number, values: ClientValues): Promise<boolean> {
  const rows = await ex
    .update(clients)
    .set({ ...values, version: sql`${clients.version} + 1` })
    .where(and(eq(clients.id, id), eq(clients.version, version)))
    .returning({ id: clients.id });
  return rows.length === 1;
}

export async function replaceContacts(ex: Executor, clientId: number, contacts: ContactValues[]): Promise<void> {
  await ex.delete(clientContacts).where(eq(clientContacts.clientId, clientId));
  if (contacts.length) await ex.insert(clientContacts).values(contacts.map((c, i) => ({ ...c, clientId, sortOrder: i + 1 })));
}

export async function insertContacts(ex: Executor, rows: (ContactValues & { clientId: number })[]): Promise<void> {
  if (rows.length) await ex.insert(clientContacts).values(rows.map((c) => ({ ...c, sortOrder: 1 })));
}

/** Clients already holding any of these RFCs (generic RFCs excluded: they repeat). */
export async function clientsWithRfc(ex: Executor, rfcs: string[], exceptId?: number): Promise<{ id: number; rfc: string }[]> {
  const list = rfcs.filter((r) => r !== 'XAXX010101000' && r !== 'XEXX010101000');
  if (!list.length) return [];
  return queryRows(
    ex,
    sql`select id, rfc from clients where rfc in (${sql.join(list.map((r) => sql`${r}`), sql`, `)}) ${exceptId ? sql`and id <> ${exceptId}` : sql``}`,
  );
}

export async function clientOptions(ex: Executor, search: string | null): Promise<{ id: number; name: string; rfc: string; usoCfdi: string; creditDays: number }[]> {
  const p = search ? likePattern(search) : null;
  return queryRows(
    ex,
    sql`select id, name, rfc, uso_cfdi as "usoCfdi", credit_days as "creditDays" from clients
        where active ${p ? sql`and (name ilike ${p} or rfc ilike ${p})` : sql``} order by name, id limit 50`,
  );
}

/** Sum of balances of emitted invoices (credit limit check). */
export async function clientOpenBalance(ex: Executor, clientId: number): Promise<string> {
  const rows = await queryRows<{ v: string }>(ex, sql`select coalesce(sum(balance), 0)::text as v from invoices where client_id = ${clientId} and status in ${OPEN_INVOICE}`);
  return rows[0].v;
}

// ---- quotes ----------------------------------------------------------------------

export type QuoteRow = {
  id: number;
  folio: number;
  client: Ref;
  date: string;
  validUntil: string;
  status: QuoteStatus;
  storedStatus: QuoteStatus;
  subject: string;
  notes: string;
  ivaRate: string;
  isrRetentionRate: string;
  ivaRetentionRate: string;
  subtotal: string;
  discount: string;
  iva: string;
  isrRetained: string;
  ivaRetained: string;
  total: string;
  rejectionReason: string | null;
  sourceQuoteId: number | null;
  contractId: number | null;
  createdAt: Date | string;
  version: number;
};
export type QuoteLineRow = typeof quoteLines.$inferSelect;

export const QUOTE_SORTS = ['folio', 'date', 'validUntil', 'client', 'total', 'status'] as const;

/** A quote that was sent and outlived its validity reads as vencida (no background job needed). */
const effectiveQuoteStatus = (today: string) => sql`(case when q.status = 'enviada' and q.valid_until < ${today} then 'vencida' else q.status end)`;

const quoteSelect = (today: string) => sql`select q.id, q.folio, q.client_id, cl.name as client_name, cl.rfc as client_rfc, q.date::text as date,
  q.valid_until::text as "validUntil", ${effectiveQuoteStatus(today)} as status, q.status as "storedStatus", q.subject, q.notes,
  q.iva_rate::text as "ivaRate", q.isr_retention_rate::text as "isrRetentionRate", q.iva_retention_rate::text as "ivaRetentionRate",
  q.subtotal::text as subtotal, q.discount::text as discount, q.iva::text as iva, q.isr_retained::text as "isrRetained",
  q.iva_retained::text as "ivaRetained", q.total::text as total, q.rejection_reason as "rejectionReason",
  q.source_quote_id as "sourceQuoteId", (select ct.id from contracts ct where ct.quote_id = q.id) as "contractId",
  q.created_at as "createdAt", q.version
  from quotes q join clients cl on cl.id = q.client_id`;

type QuoteDbRow = Omit<QuoteRow, 'client'> & { client_id: number; client_name: string; client_rfc: string };
const toQuote = ({ client_id, client_name, client_rfc, ...r }: QuoteDbRow): QuoteRow => ({ ...r, client: ref(client_id, client_name, client_rfc) });

export type QuoteFilter = { status?: QuoteStatus | null; clientId?: number | null; dateFrom?: string | null; dateTo?: string | null };

export async function listQuotes(ex: Executor, q: ListQuery<(typeof QUOTE_SORTS)[number]>, filter: QuoteFilter, today: string): Promise<Page<QuoteRow>> {
  const p = q.search ? likePattern(q.search) : null;
  const where = whereAll([
    p && sql`(cl.name ilike ${p} or q.subject ilike ${p} or q.folio::text = ${q.search})`,
    filter.status && sql`${effectiveQuoteStatus(today)} = ${filter.status}`,
    filter.clientId && sql`q.client_id = ${filter.clientId}`,
    filter.dateFrom && sql`q.date >= ${filter.dateFrom}`,
    filter.dateTo && sql`q.date <= ${filter.dateTo}`,
  ]);
  const cols = { folio: 'q.folio', date: 'q.date', validUntil: 'q.valid_until', client: 'cl.name', total: 'q.total', status: 'status' };
  const [items, total] = await Promise.all([
    queryRows<QuoteDbRow>(ex, sql`${quoteSelect(today)} ${where} ${order(cols, q, 'q.id')} ${page(q)}`),
    // The client join is only needed to search by its name.
    count(ex, sql`select count(*)::int as n from quotes q ${p ? sql`join clients cl on cl.id = q.client_id` : sql``} ${where}`),
  ]);
  return { items: items.map(toQuote), total };
}

export async function findQuote(ex: Executor, id: number, today: string, lock = false): Promise<QuoteRow | null> {
  if (lock) await ex.execute(sql`select id from quotes where id = ${id} for update`);
  const rows = await queryRows<QuoteDbRow>(ex, sql`${quoteSelect(today)} where q.id = ${id}`);
  return rows[0] ? toQuote(rows[0]) : null;
}

export async function quoteLinesOf(ex: Executor, quoteIds: number[]): Promise<QuoteLineRow[]> {
  if (!quoteIds.length) return [];
  return queryRows<QuoteLineRow>(
    ex,
    sql`select id, quote_id as "quoteId", line_no as "lineNo", description, prod_serv_key as "prodServKey", unit_key as "unitKey",
        unit_name as "unitName", quantity::text as quantity, unit_price::text as "unitPrice", discount_percent::text as "discountPercent",
        amount::text as amount, discount::text as discount, base::text as base, iva::text as iva
        from quote_lines where quote_id in ${inList(quoteIds)} order by quote_id, line_no`,
  );
}

export type QuoteValues = Omit<typeof quotes.$inferInsert, 'id' | 'createdAt' | 'version' | 'folio' | 'status'>;
export type LineValues = Omit<typeof quoteLines.$inferInsert, 'id' | 'quoteId'>;

export async function insertQuote(ex: Executor, folio: number, values: QuoteValues): Promise<number> {
  const [row] = await ex.insert(quotes).values({ ...values, folio }).returning({ id: quotes.id });
  return row.id;
}

export async function updateQuote(ex: Executor, id: number, version: number, values: Partial<QuoteValues> & { status?: QuoteStatus }): Promise<boolean> {
  const rows = await ex
    .update(quotes)
    .set({ ...values, version: sql`${quotes.version} + 1` })
    .where(and(eq(quotes.id, id), eq(quotes.version, version)))
    .returning({ id: quotes.id });
  return rows.length === 1;
}

export async function replaceQuoteLines(ex: Executor, quoteId: number, lines: LineValues[]): Promise<void> {
  await ex.delete(quoteLines).where(eq(quoteLines.quoteId, quoteId));
  if (lines.length) await ex.insert(quoteLines).values(lines.map((l) => ({ ...l, quoteId })));
}

export async function deleteQuote(ex: Executor, id: number): Promise<void> {
  await ex.delete(quotes).where(eq(quotes.id, id));
}

// ---- contracts -------------------------------------------------------------------

export type ContractRow = {
  id: number;
  folio: number;
  client: Ref;
  quoteId: number | null;
  quoteFolio: number | null;
  name: string;
  startDate: string;
  endDate: string;
  amount: string;
  anticipoPercent: string;
  guaranteePercent: string;
  status: ContractStatus;
  notes: string;
  cancelReason: string | null;
  createdAt: Date | string;
  version: number;
};

export const CONTRACT_SORTS = ['folio', 'name', 'client', 'startDate', 'endDate', 'amount', 'status'] as const;

const contractSelect = sql`select c.id, c.folio, c.client_id, cl.name as client_name, cl.rfc as client_rfc, c.quote_id as "quoteId",
  q.folio as "quoteFolio", c.name, c.start_date::text as "startDate", c.end_date::text as "endDate", c.amount::text as amount,
  c.anticipo_percent::text as "anticipoPercent", c.guarantee_percent::text as "guaranteePercent", c.status, c.notes,
  c.cancel_reason as "cancelReason", c.created_at as "createdAt", c.version
  from contracts c join clients cl on cl.id = c.client_id left join quotes q on q.id = c.quote_id`;

type ContractDbRow = Omit<ContractRow, 'client'> & { client_id: number; client_name: string; client_rfc: string };
const toContract = ({ client_id, client_name, client_rfc, ...r }: ContractDbRow): ContractRow => ({ ...r, client: ref(client_id, client_name, client_rfc) });

export async function listContracts(ex: Executor, q: ListQuery<(typeof CONTRACT_SORTS)[number]>, filter: { status?: ContractStatus | null; clientId?: number | null; range?: DateRange }): Promise<Page<ContractRow>> {
  const p = q.search ? likePattern(q.search) : null;
  const where = whereAll([
    p && sql`(c.name ilike ${p} or cl.name ilike ${p} or c.folio::text = ${q.search})`,
    filter.status && sql`c.status = ${filter.status}`,
    filter.clientId && sql`c.client_id = ${filter.clientId}`,
    ...(filter.range ? withinDates(sql`c.start_date`, filter.range) : []),
  ]);
  const cols = { folio: 'c.folio', name: 'c.name', client: 'cl.name', startDate: 'c.start_date', endDate: 'c.end_date', amount: 'c.amount', status: 'c.status' };
  const [items, total] = await Promise.all([
    queryRows<ContractDbRow>(ex, sql`${contractSelect} ${where} ${order(cols, q, 'c.id')} ${page(q)}`),
    count(ex, sql`select count(*)::int as n from contracts c ${p ? sql`join clients cl on cl.id = c.client_id` : sql``} ${where}`),
  ]);
  return { items: items.map(toContract), total };
}

export async function findContract(ex: Executor, id: number, lock = false): Promise<ContractRow | null> {
  if (lock) await ex.execute(sql`select id from contracts where id = ${id} for update`);
  const rows = await queryRows<ContractDbRow>(ex, sql`${contractSelect} where c.id = ${id}`);
  return rows[0] ? toContract(rows[0]) : null;
}

export type ConceptRow = {
  id: number;
  contractId: number;
  lineNo: number;
  description: string;
  prodServKey: string;
  unitKey: string;
  unitName: string;
  quantity: string;
  unitPrice: string;
  amount: string;
  generatedQuantity: string;
  authorizedQuantity: string;
  authorizedAmount: string;
  billedQuantity: string;
  billedAmount: string;
};

/** Concepts with their progress: generated (any generador), authorised and billed (emitted invoices). */
export async function conceptsOfContracts(ex: Executor, contractIds: number[]): Promise<ConceptRow[]> {
  if (!contractIds.length) return [];
  return queryRows<ConceptRow>(
    ex,
    sql`select cc.id, cc.contract_id as "contractId", cc.line_no as "lineNo", cc.description, cc.prod_serv_key as "prodServKey",
          cc.unit_key as "unitKey", cc.unit_name as "unitName", cc.quantity::text as quantity, cc.unit_price::text as "unitPrice",
          cc.amount::text as amount,
          coalesce(g.generated, 0)::text as "generatedQuantity", coalesce(g.authorized, 0)::text as "authorizedQuantity",
          coalesce(g.authorized_amount, 0)::text as "authorizedAmount",
          coalesce(b.qty, 0)::text as "billedQuantity", round(coalesce(b.amount, 0), 2)::text as "billedAmount"
        from contract_concepts cc
        left join (
          select gl.concept_id, sum(gl.quantity) as generated,
                 sum(gl.quantity) filter (where gen.status in ('autorizado', 'facturado')) as authorized,
                 sum(gl.amount) filter (where gen.status in ('autorizado', 'facturado')) as authorized_amount
          from generator_lines gl join generators gen on gen.id = gl.generator_id
          where gen.contract_id in ${inList(contractIds)} group by gl.concept_id
        ) g on g.concept_id = cc.id
        left join (
          select il.concept_id, sum(il.quantity) as qty, sum(il.base) as amount
          from invoice_lines il join invoices i on i.id = il.invoice_id join contract_concepts bc on bc.id = il.concept_id
          where i.status in ${LIVE_INVOICE} and bc.contract_id in ${inList(contractIds)} group by il.concept_id
        ) b on b.concept_id = cc.id
        where cc.contract_id in ${inList(contractIds)}
        order by cc.contract_id, cc.line_no`,
  );
}

export type ContractValues = Omit<typeof contracts.$inferInsert, 'id' | 'createdAt' | 'version' | 'folio' | 'status'>;
export type ConceptValues = Omit<typeof contractConcepts.$inferInsert, 'id' | 'contractId'>;

export async function insertContract(ex: Executor, folio: number, values: ContractValues): Promise<number> {
  const [row] = await ex.insert(contracts).values({ ...values, folio }).returning({ id: contracts.id });
  return row.id;
}

export async function updateContract(ex: Executor, id: number, version: number, values: Partial<ContractValues> & { status?: ContractStatus }): Promise<boolean> {
  const rows = await ex
    .update(contracts)
    .set({ ...values, version: sql`${contracts.version} + 1` })
    .where(and(eq(contracts.id, id), eq(contracts.version, version)))
    .returning({ id: contracts.id });
  return rows.length === 1;
}

export async function insertConcepts(ex: Executor, contractId: number, concepts: ConceptValues[]): Promise<void> {
  if (concepts.length) await ex.insert(contractConcepts).values(concepts.map((c) => ({ ...c, contractId })));
}

export async function updateConcept(ex: Executor, id: number, values: ConceptValues): Promise<void> {
  await ex.update(contractConcepts).set(values).where(eq(contractConcepts.id, id));
}

export async function deleteConcepts(ex: Executor, ids: number[]): Promise<void> {
  if (ids.length) await ex.execute(sql`delete from contract_concepts where id in ${inList(ids)}`);
}

/** Concepts referenced by any generador line or invoice line (they cannot be removed). */
export async function conceptsInUse(ex: Executor, conceptIds: number[]): Promise<number[]> {
  if (!conceptIds.length) return [];
  const rows = await queryRows<{ id: number }>(
    ex,
    sql`select distinct concept_id as id from generator_lines where concept_id in ${inList(conceptIds)}
        union select distinct concept_id from invoice_lines where concept_id in ${inList(conceptIds)}`,
  );
  return rows.map((r) => Number(r.id));
}

export async function contractHasActiveWork(ex: Executor, contractId: number): Promise<{ generators: number; invoices: number }> {
  const rows = await queryRows<{ generators: number; invoices: number }>(
    ex,
    sql`select (select count(*)::int from generators where contract_id = ${contractId} and status in ('autorizado', 'facturado')) as generators,
               (select count(*)::int from invoices where contract_id = ${contractId} and status <> 'cancelada') as invoices`,
  );
  return rows[0];
}

export async function contractOptions(ex: Executor, clientId: number | null): Promise<{ id: number; folio: number; name: string; clientId: number; clientName: string }[]> {
  return queryRows(
    ex,
    sql`select c.id, c.folio, c.name, c.client_id as "clientId", cl.name as "clientName"
        from contracts c join clients cl on cl.id = c.client_id
        where c.status = 'vigente' ${clientId ? sql`and c.client_id = ${clientId}` : sql``}
        order by c.folio desc limit 200`,
  );
}

export type ContractProgressRow = {
  contractId: number;
  folio: number;
  name: string;
  clientName: string;
  status: ContractStatus;
  contractedAmount: string;
  authorizedAmount: string;
  billedAmount: string;
};

export async function contractProgressRows(ex: Executor, status: ContractStatus | null): Promise<ContractProgressRow[]> {
  return queryRows<ContractProgressRow>(
    ex,
    sql`select c.id as "contractId", c.folio, c.name, cl.name as "clientName", c.status, c.amount::text as "contractedAmount",
          coalesce(g.amount, 0)::text as "authorizedAmount", round(coalesce(b.amount, 0), 2)::text as "billedAmount"
        from contracts c join clients cl on cl.id = c.client_id
        left join (select contract_id, sum(amount) as amount from generators where status in ('autorizado', 'facturado') group by contract_id) g
          on g.contract_id = c.id
        left join (
          select bc.contract_id, sum(il.base) as amount from invoice_lines il join invoices i on i.id = il.invoice_id
          join contract_concepts bc on bc.id = il.concept_id
          where i.status in ${LIVE_INVOICE} group by bc.contract_id
        ) b on b.contract_id = c.id
        ${status ? sql`where c.status = ${status}` : sql``}
        order by c.folio`,
  );
}

// ---- service orders and deliveries -----------------------------------------------------

export type ContractRef = { id: number; folio: number; name: string };
export type OrderRow = {
  id: number;
  folio: number;
  contract: ContractRef | null;
  client: Ref;
  description: string;
  site: string;
  scheduledStart: string;
  scheduledEnd: string;
  responsibles: string[];
  status: OrderStatus;
  notes: string;
  createdAt: Date | string;
  version: number;
};

export const ORDER_SORTS = ['folio', 'description', 'client', 'scheduledStart', 'scheduledEnd', 'status'] as const;

const orderSelect = sql`select o.id, o.folio, o.contract_id, ct.folio as contract_folio, ct.name as contract_name, o.client_id,
  cl.name as client_name, cl.rfc as client_rfc, o.description, o.site, o.scheduled_start::text as "scheduledStart",
  o.scheduled_end::text as "scheduledEnd", o.responsibles, o.status, o.notes, o.created_at as "createdAt", o.version
  from service_orders o join clients cl on cl.id = o.client_id left join contracts ct on ct.id = o.contract_id`;

type OrderDbRow = Omit<OrderRow, 'client' | 'contract'> & {
  contract_id: number | null;
  contract_folio: number | null;
  contract_name: string | null;
  client_id: number;
  client_name: string;
  client_rfc: string;
};
const toOrder = ({ contract_id, contract_folio, contract_name, client_id, client_name, client_rfc, ...r }: OrderDbRow): OrderRow => ({
  ...r,
  contract: contract_id ? { id: contract_id, folio: Number(contract_folio), name: contract_name ?? '' } : null,
  client: ref(client_id, client_name, client_rfc),
});

export type OrderFilter = { status?: OrderStatus | null; contractId?: number | null; clientId?: number | null; range?: DateRange };

export async function listOrders(ex: Executor, q: ListQuery<(typeof ORDER_SORTS)[number]>, filter: OrderFilter): Promise<Page<OrderRow>> {
  const p = q.search ? likePattern(q.search) : null;
  const where = whereAll([
    p && sql`(o.description ilike ${p} or o.site ilike ${p} or cl.name ilike ${p} or o.folio::text = ${q.search})`,
    filter.status && sql`o.status = ${filter.status}`,
    filter.contractId && sql`o.contract_id = ${filter.contractId}`,
    filter.clientId && sql`o.client_id = ${filter.clientId}`,
    ...(filter.range ? withinDates(sql`o.scheduled_start`, filter.range) : []),
  ]);
  const cols = { folio: 'o.folio', description: 'o.description', client: 'cl.name', scheduledStart: 'o.scheduled_start', scheduledEnd: 'o.scheduled_end', status: 'o.status' };
  const [items, total] = await Promise.all([
    queryRows<OrderDbRow>(ex, sql`${orderSelect} ${where} ${order(cols, q, 'o.id')} ${page(q)}`),
    count(ex, sql`select count(*)::int as n from service_orders o ${p ? sql`join clients cl on cl.id = o.client_id` : sql``} ${where}`),
  ]);
  return { items: items.map(toOrder), total };
}

export async function findOrder(ex: Executor, id: number, lock = false): Promise<OrderRow | null> {
  if (lock) await ex.execute(sql`select id from service_orders where id = ${id} for update`);
  const rows = await queryRows<OrderDbRow>(ex, sql`${orderSelect} where o.id = ${id}`);
  return rows[0] ? toOrder(rows[0]) : null;
}

export type OrderValues = Omit<typeof serviceOrders.$inferInsert, 'id' | 'createdAt' | 'version' | 'folio' | 'status'>;

export async function insertOrder(ex: Executor, folio: number, values: OrderValues): Promise<number> {
  const [row] = await ex.insert(serviceOrders).values({ ...values, folio }).returning({ id: serviceOrders.id });
  return row.id;
}

export async function updateOrder(ex: Executor, id: number, version: number | null, values: Partial<OrderValues> & { status?: OrderStatus }): Promise<boolean> {
  const rows = await ex
    .update(serviceOrders)
    .set({ ...values, version: sql`${serviceOrders.version} + 1` })
    .where(version === null ? eq(serviceOrders.id, id) : and(eq(serviceOrders.id, id), eq(serviceOrders.version, version)))
    .returning({ id: serviceOrders.id });
  return rows.length === 1;
}

export async function orderOptions(ex: Executor, contractId: number | null, statuses: OrderStatus[] | null) {
  return queryRows<{ id: number; folio: number; description: string; status: OrderStatus; contractId: number | null; clientName: string }>(
    ex,
    sql`select o.id, o.folio, o.description, o.status, o.contract_id as "contractId", cl.name as "clientName"
        from service_orders o join clients cl on cl.id = o.client_id
        ${whereAll([
          contractId && sql`o.contract_id = ${contractId}`,
          statuses && statuses.length > 0 && sql`o.status in (${sql.join(statuses.map((s) => sql`${s}`), sql`, `)})`,
        ])}
        order by o.folio desc limit 200`,
  );
}

export type DeliveryRow = {
  id: number;
  orderId: number;
  orderFolio: number;
  orderDescription: string;
  client: Ref;
  date: string;
  receivedBy: string;
  notes: string;
  createdAt: Date | string;
};
/** A delivery's evidence: the upload's fields (its id is the upload id). */
export type DeliveryFileRow = AttachmentRow & { deliveryId: number };

export const DELIVERY_SORTS = ['date', 'orderFolio', 'client', 'receivedBy'] as const;

const deliverySelect = sql`select d.id, d.order_id as "orderId", o.folio as "orderFolio", o.description as "orderDescription",
  o.client_id, cl.name as client_name, cl.rfc as client_rfc, d.date::text as date, d.received_by as "receivedBy", d.notes,
  d.created_at as "createdAt"
  from order_deliveries d join service_orders o on o.id = d.order_id join clients cl on cl.id = o.client_id`;

type DeliveryDbRow = Omit<DeliveryRow, 'client'> & { client_id: number; client_name: string; client_rfc: string };
const toDelivery = ({ client_id, client_name, client_rfc, ...r }: DeliveryDbRow): DeliveryRow => ({ ...r, client: ref(client_id, client_name, client_rfc) });

export async function listDeliveries(
  ex: Executor,
  q: ListQuery<(typeof DELIVERY_SORTS)[number]>,
  filter: { clientId?: number | null; dateFrom?: string | null; dateTo?: string | null },
): Promise<Page<DeliveryRow>> {
  const p = q.search ? likePattern(q.search) : null;
  const where = whereAll([
    p && sql`(o.description ilike ${p} or cl.name ilike ${p} or d.received_by ilike ${p} or o.folio::text = ${q.search})`,
    filter.clientId && sql`o.client_id = ${filter.clientId}`,
    filter.dateFrom && sql`d.date >= ${filter.dateFrom}`,
    filter.dateTo && sql`d.date <= ${filter.dateTo}`,
  ]);
  const cols = { date: 'd.date', orderFolio: 'o.folio', client: 'cl.name', receivedBy: 'd.received_by' };
  const [items, total] = await Promise.all([
    queryRows<DeliveryDbRow>(ex, sql`${deliverySelect} ${where} ${order(cols, q, 'd.id')} ${page(q)}`),
    count(ex, sql`select count(*)::int as n from order_deliveries d left join service_orders o on o.id = d.order_id left join clients cl on cl.id = o.client_id ${where}`),
  ]);
  return { items: items.map(toDelivery), total };
}

export async function deliveriesOfOrders(ex: Executor, orderIds: number[]): Promise<DeliveryRow[]> {
  if (!orderIds.length) return [];
  return (await queryRows<DeliveryDbRow>(ex, sql`${deliverySelect} where d.order_id in ${inList(orderIds)}`)).map(toDelivery);
}

export async function findDelivery(ex: Executor, id: number): Promise<DeliveryRow | null> {
  const rows = await queryRows<DeliveryDbRow>(ex, sql`${deliverySelect} where d.id = ${id}`);
  return rows[0] ? toDelivery(rows[0]) : null;
}

export async function filesOfDeliveries(ex: Executor, ids: number[]): Promise<DeliveryFileRow[]> {
  if (!ids.length) return [];
  return queryRows<DeliveryFileRow>(
    ex,
    sql`select u.id, f.delivery_id as "deliveryId", u.file_name as "fileName", u.file_type as "fileType", u.content_type as "contentType",
          u.size, u.uploaded_at as "uploadedAt"
        from order_delivery_files f join uploads u on u.id = f.upload_id where f.delivery_id in ${inList(ids)} order by f.id`,
  );
}

export async function insertDelivery(ex: Executor, values: typeof orderDeliveries.$inferInsert): Promise<number> {
  const [row] = await ex.insert(orderDeliveries).values(values).returning({ id: orderDeliveries.id });
  return row.id;
}

export async function insertDeliveryFiles(ex: Executor, deliveryId: number, uploadIds: string[]): Promise<void> {
  if (uploadIds.length) await ex.insert(orderDeliveryFiles).values(uploadIds.map((uploadId) => ({ uploadId, deliveryId })));
}

// ---- generadores -----------------------------------------------------------------

export type GeneratorRow = {
  id: number;
  folio: number;
  orderId: number;
  orderFolio: number;
  contract: ContractRef;
  client: Ref;
  periodStart: string;
  periodEnd: string;
  status: GeneratorStatus;
  notes: string;
  amount: string;
  authorizedAt: Date | string | null;
  authorizedByName: string | null;
  invoiceId: number | null;
  invoiceLabel: string | null;
  createdAt: Date | string;
  version: number;
};

export type GeneratorLineRow = {
  id: number;
  generatorId: number;
  conceptId: number;
  conceptLineNo: number;
  description: string;
  unitName: string;
  unitPrice: string;
  contractedQuantity: string;
  quantity: string;
  amount: string;
  prodServKey: string;
  unitKey: string;
};

export const GENERATOR_SORTS = ['folio', 'periodStart', 'client', 'amount', 'status'] as const;

const invoiceLabelSql = (alias: string) => sql.raw(`(case when ${alias}.folio is null then 'Borrador' else ${alias}.serie || '-' || ${alias}.folio end)`);

const generatorSelect = sql`select g.id, g.folio, g.order_id as "orderId", o.folio as "orderFolio", g.contract_id, ct.folio as contract_folio,
  ct.name as contract_name, g.client_id, cl.name as client_name, cl.rfc as client_rfc, g.period_start::text as "periodStart",
  g.period_end::text as "periodEnd", g.status, g.notes, g.amount::text as amount, g.authorized_at as "authorizedAt",
  u.name as "authorizedByName", g.invoice_id as "invoiceId", ${invoiceLabelSql('inv')} as "invoiceLabel",
  g.created_at as "createdAt", g.version
  from generators g join service_orders o on o.id = g.order_id join contracts ct on ct.id = g.contract_id
  join clients cl on cl.id = g.client_id left join users u on u.id = g.authorized_by left join invoices inv on inv.id = g.invoice_id`;

type GeneratorDbRow = Omit<GeneratorRow, 'client' | 'contract'> & {
  contract_id: number;
  contract_folio: number;
  contract_name: string;
  client_id: number;
  client_name: string;
  client_rfc: string;
};
const toGenerator = ({ contract_id, contract_folio, contract_name, client_id, client_name, client_rfc, ...r }: GeneratorDbRow): GeneratorRow => ({
  ...r,
  invoiceLabel: r.invoiceId ? r.invoiceLabel : null,
  contract: { id: contract_id, folio: contract_folio, name: contract_name },
  client: ref(client_id, client_name, client_rfc),
});

export type GeneratorFilter = { status?: GeneratorStatus | null; contractId?: number | null; orderId?: number | null; clientId?: number | null; range?: DateRange };

export async function listGenerators(ex: Executor, q: ListQuery<(typeof GENERATOR_SORTS)[number]>, filter: GeneratorFilter): Promise<Page<GeneratorRow>> {
  const p = q.search ? likePattern(q.search) : null;
  const where = whereAll([
    p && sql`(ct.name ilike ${p} or cl.name ilike ${p} or o.description ilike ${p} or g.folio::text = ${q.search})`,
    filter.status && sql`g.status = ${filter.status}`,
    filter.contractId && sql`g.contract_id = ${filter.contractId}`,
    filter.orderId && sql`g.order_id = ${filter.orderId}`,
    filter.clientId && sql`g.client_id = ${filter.clientId}`,
    ...(filter.range ? withinDates(sql`g.period_start`, filter.range) : []),
  ]);
  const cols = { folio: 'g.folio', periodStart: 'g.period_start', client: 'cl.name', amount: 'g.amount', status: 'g.status' };
  const [items, total] = await Promise.all([
    queryRows<GeneratorDbRow>(ex, sql`${generatorSelect} ${where} ${order(cols, q, 'g.id')} ${page(q)}`),
    count(
      ex,
      sql`select count(*)::int as n from generators g left join service_orders o on o.id = g.order_id left join contracts ct on ct.id = g.contract_id
          left join clients cl on cl.id = g.client_id ${where}`,
    ),
  ]);
  return { items: items.map(toGenerator), total };
}

export async function findGenerators(ex: Executor, ids: number[]): Promise<GeneratorRow[]> {
  if (!ids.length) return [];
  return (await queryRows<GeneratorDbRow>(ex, sql`${generatorSelect} where g.id in ${inList(ids)} order by g.id`)).map(toGenerator);
}

export async function findGenerator(ex: Executor, id: number): Promise<GeneratorRow | null> {
  return (await findGenerators(ex, [id]))[0] ?? null;
}

/** Row locks on generadores, in id order (stable order avoids deadlocks). */
export async function lockGenerators(ex: Executor, ids: number[]): Promise<{ id: number; status: GeneratorStatus; clientId: number; contractId: number; invoiceId: number | null; version: number }[]> {
  if (!ids.length) return [];
  return queryRows(
    ex,
    sql`select id, status, client_id as "clientId", contract_id as "contractId", invoice_id as "invoiceId", version
        from generators where id in ${inList(ids)} order by id for update`,
  );
}

export async function generatorLinesOf(ex: Executor, generatorIds: number[]): Promise<GeneratorLineRow[]> {
  if (!generatorIds.length) return [];
  return queryRows<GeneratorLineRow>(
    ex,
    sql`select gl.id, gl.generator_id as "generatorId", gl.concept_id as "conceptId", cc.line_no as "conceptLineNo", cc.description,
          cc.unit_name as "unitName", cc.unit_price::text as "unitPrice", cc.quantity::text as "contractedQuantity",
          gl.quantity::text as quantity, gl.amount::text as amount, cc.prod_serv_key as "prodServKey", cc.unit_key as "unitKey"
        from generator_lines gl join contract_concepts cc on cc.id = gl.concept_id
        where gl.generator_id in ${inList(generatorIds)} order by gl.generator_id, cc.line_no, gl.id`,
  );
}

export type LockedConcept = { id: number; contractId: number; lineNo: number; description: string; unitName: string; quantity: string; unitPrice: string };

/**
 * Locks the contract concepts (id order) so two generadores of the same
 * concept queue here and each sees the other's committed quantity.
 */
export async function lockConcepts(ex: Executor, conceptIds: number[]): Promise<LockedConcept[]> {
  if (!conceptIds.length) return [];
  return queryRows<LockedConcept>(
    ex,
    sql`select id, contract_id as "contractId", line_no as "lineNo", description, unit_name as "unitName",
          quantity::text as quantity, unit_price::text as "unitPrice"
        from contract_concepts where id in ${inList(conceptIds)} order by id for update`,
  );
}

/** Quantity already captured per concept in other generadores (any status). */
export async function generatedByConcept(ex: Executor, conceptIds: number[], exceptGeneratorId: number | null): Promise<Map<number, string>> {
  if (!conceptIds.length) return new Map();
  const rows = await queryRows<{ conceptId: number; qty: string }>(
    ex,
    sql`select concept_id as "conceptId", sum(quantity)::text as qty from generator_lines
        where concept_id in ${inList(conceptIds)} ${exceptGeneratorId ? sql`and generator_id <> ${exceptGeneratorId}` : sql``}
        group by concept_id`,
  );
  return new Map(rows.map((r) => [Number(r.conceptId), r.qty]));
}

export type GeneratorValues = Omit<typeof generators.$inferInsert, 'id' | 'createdAt' | 'version' | 'folio' | 'status'>;

export async function insertGenerator(ex: Executor, folio: number, values: GeneratorValues): Promise<number> {
  const [row] = await ex.insert(generators).values({ ...values, folio }).returning({ id: generators.id });
  return row.id;
}

export async function updateGenerator(
  ex: Executor,
  id: number,
  version: number | null,
  values: Partial<GeneratorValues> & { status?: GeneratorStatus; invoiceId?: number | null },
): Promise<boolean> {
  const rows = await ex
    .update(generators)
    .set({ ...values, version: sql`${generators.version} + 1` })
    .where(version === null ? eq(generators.id, id) : and(eq(generators.id, id), eq(generators.version, version)))
    .returning({ id: generators.id });
  return rows.length === 1;
}

export async function replaceGeneratorLines(ex: Executor, generatorId: number, lines: { conceptId: number; quantity: string; amount: string }[]): Promise<void> {
  await ex.delete(generatorLines).where(eq(generatorLines.generatorId, generatorId));
  if (lines.length) await ex.insert(generatorLines).values(lines.map((l) => ({ ...l, generatorId })));
}

export async function deleteGenerator(ex: Executor, id: number): Promise<void> {
  await ex.delete(generators).where(eq(generators.id, id));
}

/** Generadores billed by an invoice go back to autorizado (invoice cancelled or edited). */
export async function releaseGenerators(ex: Executor, invoiceId: number, keep: number[] = []): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    ex,
    sql`update generators set status = 'autorizado', invoice_id = null, version = version + 1
        where invoice_id = ${invoiceId} ${keep.length ? sql`and id not in ${inList(keep)}` : sql``} returning id`,
  );
  return rows.map((r) => r.id);
}

// ---- invoices --------------------------------------------------------------------

export type InvoiceRow = {
  id: number;
  serie: string;
  folio: number | null;
  label: string;
  client: Ref;
  clientId: number;
  contractId: number | null;
  date: string;
  dueDate: string;
  formaPago: string;
  metodoPago: 'PUE' | 'PPD';
  usoCfdi: string;
  status: InvoiceStatus;
  ivaRate: string;
  isrRetentionRate: string;
  ivaRetentionRate: string;
  subtotal: string;
  discount: string;
  iva: string;
  isrRetained: string;
  ivaRetained: string;
  total: string;
  balance: string;
  notes: string;
  emisorRfc: string | null;
  emisorName: string | null;
  emisorRegimen: string | null;
  lugarExpedicion: string | null;
  receptorRfc: string | null;
  receptorName: string | null;
  receptorRegimen: string | null;
  receptorPostalCode: string | null;
  emittedAt: Date | string | null;
  cancelReason: string | null;
  cancelledAt: Date | string | null;
  createdAt: Date | string;
  version: number;
};
export type InvoiceLineRow = Omit<typeof invoiceLines.$inferSelect, never>;

export const INVOICE_SORTS = ['folio', 'date', 'dueDate', 'client', 'total', 'balance', 'status'] as const;

const invoiceSelect = sql`select i.id, i.serie, i.folio, ${invoiceLabelSql('i')} as label, i.client_id as "clientId", cl.name as client_name,
  cl.rfc as client_rfc, i.contract_id as "contractId", i.date::text as date, i.due_date::text as "dueDate", i.forma_pago as "formaPago",
  i.metodo_pago as "metodoPago", i.uso_cfdi as "usoCfdi", i.status, i.iva_rate::text as "ivaRate",
  i.isr_retention_rate::text as "isrRetentionRate", i.iva_retention_rate::text as "ivaRetentionRate", i.subtotal::text as subtotal,
  i.discount::text as discount, i.iva::text as iva, i.isr_retained::text as "isrRetained", i.iva_retained::text as "ivaRetained",
  i.total::text as total, i.balance::text as balance, i.notes, i.emisor_rfc as "emisorRfc", i.emisor_name as "emisorName",
  i.emisor_regimen as "emisorRegimen", i.lugar_expedicion as "lugarExpedicion", i.receptor_rfc as "receptorRfc",
  i.receptor_name as "receptorName", i.receptor_regimen as "receptorRegimen", i.receptor_postal_code as "receptorPostalCode",
  i.emitted_at as "emittedAt", i.cancel_reason as "cancelReason", i.cancelled_at as "cancelledAt", i.created_at as "createdAt", i.version
  from invoices i join clients cl on cl.id = i.client_id`;

type InvoiceDbRow = Omit<InvoiceRow, 'client'> & { client_name: string; client_rfc: string };
const toInvoice = ({ client_name, client_rfc, ...r }: InvoiceDbRow): InvoiceRow => ({ ...r, client: ref(r.clientId, client_name, client_rfc) });

export type InvoiceFilter = {
  status?: InvoiceStatus | null;
  clientId?: number | null;
  serie?: string | null;
  dateFrom?: string | null;
  dateTo?: string | null;
  openOnly?: boolean | null;
  /** Only open invoices due before this date (the service passes today when the filter asks for overdue). */
  overdueOn?: string | null;
  /** Only open invoices due from this date to DUE_SOON_DAYS later (today when the filter asks for due soon). */
  dueSoonFrom?: string | null;
};

/** The list's search and filter over `invoices i join clients cl`: the list and its groups read the same rows. */
function invoiceWhere(search: string | null, filter: InvoiceFilter): SQL {
  const p = search ? likePattern(search) : null;
  return whereAll([
    p && sql`(cl.name ilike ${p} or cl.rfc ilike ${p} or (i.serie || '-' || i.folio) ilike ${p} or i.folio::text = ${search})`,
    filter.status && sql`i.status = ${filter.status}`,
    filter.clientId && sql`i.client_id = ${filter.clientId}`,
    filter.serie && sql`i.serie = ${filter.serie}`,
    filter.dateFrom && sql`i.date >= ${filter.dateFrom}`,
    filter.dateTo && sql`i.date <= ${filter.dateTo}`,
    filter.openOnly && sql`i.status in ${OPEN_INVOICE} and i.balance > 0`,
    filter.overdueOn && sql`i.status in ${OPEN_INVOICE} and i.balance > 0 and ${overdueOn(sql`i.due_date`, filter.overdueOn)}`,
    filter.dueSoonFrom && sql`i.status in ${OPEN_INVOICE} and i.balance > 0 and ${dueSoonFrom(sql`i.due_date`, filter.dueSoonFrom)}`,
  ]);
}

export async function listInvoices(ex: Executor, q: ListQuery<(typeof INVOICE_SORTS)[number]>, filter: InvoiceFilter): Promise<Page<InvoiceRow>> {
  const where = invoiceWhere(q.search, filter);
  const cols = { folio: 'i.serie, i.folio', date: 'i.date', dueDate: 'i.due_date', client: 'cl.name', total: 'i.total', balance: 'i.balance', status: 'i.status' };
  const [items, total] = await Promise.all([
    queryRows<InvoiceDbRow>(ex, sql`${invoiceSelect} ${where} ${order(cols, q, 'i.id')} ${page(q)}`),
    // Every invoice has a client (NOT NULL FK): the join only serves a search by its name or RFC.
    count(ex, sql`select count(*)::int as n from invoices i ${q.search ? sql`join clients cl on cl.id = i.client_id` : sql``} ${where}`),
  ]);
  return { items: items.map(toInvoice), total };
}

export type InvoiceGroupBy = 'CLIENT' | 'STATUS' | 'MONTH';

/** Invoices of the list (same search and filter) grouped by client, status or month of their date; labels of status and month are the service's. */
export function invoiceGroups(ex: Executor, groupBy: InvoiceGroupBy, q: ListQuery<string>, filter: InvoiceFilter): Promise<MoneyGroupPage> {
  const key = { CLIENT: sql`i.client_id`, STATUS: sql`i.status`, MONTH: sql`to_char(i.date, 'YYYY-MM')` }[groupBy];
  return moneyGroups(
    ex,
    {
      from: sql`from invoices i join clients cl on cl.id = i.client_id`,
      where: invoiceWhere(q.search, filter),
      key,
      label: groupBy === 'CLIENT' ? sql`cl.name` : sql`(${key})::text`,
      subtotal: sql`i.subtotal - i.discount`,
      tax: sql`i.iva`,
      total: sql`i.total`,
      balance: sql`i.balance`,
      cancelled: sql`i.status = 'cancelada'`,
      order: groupBy === 'MONTH' ? 'keyAsc' : 'totalDesc',
    },
    q,
  );
}

export async function findInvoice(ex: Executor, id: number): Promise<InvoiceRow | null> {
  const rows = await queryRows<InvoiceDbRow>(ex, sql`${invoiceSelect} where i.id = ${id}`);
  return rows[0] ? toInvoice(rows[0]) : null;
}

export async function openInvoicesOf(ex: Executor, clientId: number): Promise<InvoiceRow[]> {
  return (
    await queryRows<InvoiceDbRow>(ex, sql`${invoiceSelect} where i.client_id = ${clientId} and i.status in ${OPEN_INVOICE} and i.balance > 0 order by i.due_date, i.id`)
  ).map(toInvoice);
}

/** Row locks on invoices in id order; payments lock these BEFORE the account (ledger.ts contract). */
export async function lockInvoices(ex: Executor, ids: number[]): Promise<{ id: number; clientId: number; status: InvoiceStatus; total: string; balance: string; metodoPago: string; version: number }[]> {
  if (!ids.length) return [];
  return queryRows(
    ex,
    sql`select id, client_id as "clientId", status, total::text as total, balance::text as balance, metodo_pago as "metodoPago", version
        from invoices where id in ${inList(ids)} order by id for update`,
  );
}

export async function invoiceLinesOf(ex: Executor, invoiceIds: number[]): Promise<InvoiceLineRow[]> {
  if (!invoiceIds.length) return [];
  return queryRows<InvoiceLineRow>(
    ex,
    sql`select id, invoice_id as "invoiceId", line_no as "lineNo", generator_id as "generatorId", concept_id as "conceptId", description,
          prod_serv_key as "prodServKey", unit_key as "unitKey", unit_name as "unitName", quantity::text as quantity,
          unit_price::text as "unitPrice", discount_percent::text as "discountPercent", objeto_imp as "objetoImp", amount::text as amount,
          discount::text as discount, base::text as base, iva::text as iva, isr_retained::text as "isrRetained", iva_retained::text as "ivaRetained"
        from invoice_lines where invoice_id in ${inList(invoiceIds)} order by invoice_id, line_no`,
  );
}

export async function generatorsOfInvoices(ex: Executor, invoiceIds: number[]): Promise<{ id: number; invoiceId: number; folio: number; amount: string }[]> {
  if (!invoiceIds.length) return [];
  return queryRows(
    ex,
    sql`select id, invoice_id as "invoiceId", folio, amount::text as amount from generators where invoice_id in ${inList(invoiceIds)} order by folio`,
  );
}

export type InvoicePaymentRefRow = {
  invoiceId: number;
  paymentId: number;
  paymentFolio: number;
  date: string;
  amount: string;
  installment: number;
  previousBalance: string;
  remainingBalance: string;
  status: IncomeStatus;
};

export async function paymentsOfInvoices(ex: Executor, invoiceIds: number[]): Promise<InvoicePaymentRefRow[]> {
  if (!invoiceIds.length) return [];
  return queryRows<InvoicePaymentRefRow>(
    ex,
    sql`select a.invoice_id as "invoiceId", p.id as "paymentId", p.folio as "paymentFolio", p.date::text as date, a.amount::text as amount,
          a.installment, a.previous_balance::text as "previousBalance", a.remaining_balance::text as "remainingBalance", p.status
        from client_payment_applications a join client_payments p on p.id = a.payment_id
        where a.invoice_id in ${inList(invoiceIds)} order by a.invoice_id, p.date, a.id`,
  );
}

export type InvoiceValues = Omit<typeof invoices.$inferInsert, 'id' | 'createdAt' | 'version' | 'status' | 'folio'>;
export type InvoiceLineValues = Omit<typeof invoiceLines.$inferInsert, 'id' | 'invoiceId'>;

export async function insertInvoice(ex: Executor, values: InvoiceValues): Promise<number> {
  const [row] = await ex.insert(invoices).values(values).returning({ id: invoices.id });
  return row.id;
}

/**
 * Emission's write: the invoice's new values and the serie's next folio in
 * one statement (the counter row stays locked only from here to the commit).
 * Null when the version moved (the caller rolls back: the number comes back).
 */
export function emitInvoiceRow(ex: Executor, id: number, version: number, serie: string, values: Partial<InvoiceValues> & { status: InvoiceStatus }): Promise<number | null> {
  return updateWithNextFolio(ex, invoices, `invoice:${serie}`, invoices.folio, { ...values, version: sql`${invoices.version} + 1` }, and(eq(invoices.id, id), eq(invoices.version, version)) as SQL);
}

/** Every generador of an invoice becomes facturado, in one statement. */
export async function markGeneratorsInvoiced(ex: Executor, invoiceId: number): Promise<void> {
  await ex.update(generators).set({ status: 'facturado', version: sql`${generators.version} + 1` }).where(eq(generators.invoiceId, invoiceId));
}

export async function updateInvoice(
  ex: Executor,
  id: number,
  version: number | null,
  values: Partial<InvoiceValues> & { status?: InvoiceStatus; folio?: number | null },
): Promise<boolean> {
  const rows = await ex
    .update(invoices)
    .set({ ...values, version: sql`${invoices.version} + 1` })
    .where(version === null ? eq(invoices.id, id) : and(eq(invoices.id, id), eq(invoices.version, version)))
    .returning({ id: invoices.id });
  return rows.length === 1;
}

export async function replaceInvoiceLines(ex: Executor, invoiceId: number, lines: InvoiceLineValues[]): Promise<void> {
  await ex.delete(invoiceLines).where(eq(invoiceLines.invoiceId, invoiceId));
  if (lines.length) await ex.insert(invoiceLines).values(lines.map((l) => ({ ...l, invoiceId })));
}

export async function activePaymentsCount(ex: Executor, invoiceId: number): Promise<number> {
  return count(
    ex,
    sql`select count(*)::int as n from client_payment_applications a join client_payments p on p.id = a.payment_id
        where a.invoice_id = ${invoiceId} and p.status = 'aplicado'`,
  );
}

// ---- client payments -----------------------------------------------------------------

export type PaymentRow = {
  id: number;
  folio: number;
  client: Ref;
  date: string;
  formaPago: string;
  accountId: number;
  accountName: string;
  amount: string;
  appliedAmount: string;
  reference: string;
  notes: string;
  status: IncomeStatus;
  cancelReason: string | null;
  ledgerEntryId: number | null;
  createdAt: Date | string;
  version: number;
};
export type ApplicationRow = {
  id: number;
  paymentId: number;
  invoiceId: number;
  invoiceLabel: string;
  invoiceTotal: string;
  metodoPago: string;
  amount: string;
  installment: number;
  previousBalance: string;
  remainingBalance: string;
  isPpd: boolean;
};

export const PAYMENT_SORTS = ['folio', 'date', 'client', 'amount', 'status'] as const;

const paymentSelect = sql`select p.id, p.folio, p.client_id, cl.name as client_name, cl.rfc as client_rfc, p.date::text as date,
  p.forma_pago as "formaPago", p.account_id as "accountId", a.name as "accountName", p.amount::text as amount,
  coalesce((select sum(x.amount) from client_payment_applications x where x.payment_id = p.id), 0)::text as "appliedAmount",
  p.reference, p.notes, p.status, p.cancel_reason as "cancelReason", p.ledger_entry_id as "ledgerEntryId",
  p.created_at as "createdAt", p.version
  from client_payments p join clients cl on cl.id = p.client_id join company_accounts a on a.id = p.account_id`;

type PaymentDbRow = Omit<PaymentRow, 'client'> & { client_id: number; client_name: string; client_rfc: string };
const toPayment = ({ client_id, client_name, client_rfc, ...r }: PaymentDbRow): PaymentRow => ({
  ...r,
  ledgerEntryId: r.ledgerEntryId === null ? null : Number(r.ledgerEntryId),
  client: ref(client_id, client_name, client_rfc),
});

export async function listPayments(
  ex: Executor,
  q: ListQuery<(typeof PAYMENT_SORTS)[number]>,
  filter: { status?: IncomeStatus | null; clientId?: number | null; dateFrom?: string | null; dateTo?: string | null },
): Promise<Page<PaymentRow>> {
  const p = q.search ? likePattern(q.search) : null;
  const where = whereAll([
    p && sql`(cl.name ilike ${p} or p.reference ilike ${p} or p.folio::text = ${q.search})`,
    filter.status && sql`p.status = ${filter.status}`,
    filter.clientId && sql`p.client_id = ${filter.clientId}`,
    filter.dateFrom && sql`p.date >= ${filter.dateFrom}`,
    filter.dateTo && sql`p.date <= ${filter.dateTo}`,
  ]);
  const cols = { folio: 'p.folio', date: 'p.date', client: 'cl.name', amount: 'p.amount', status: 'p.status' };
  const [items, total] = await Promise.all([
    queryRows<PaymentDbRow>(ex, sql`${paymentSelect} ${where} ${order(cols, q, 'p.id')} ${page(q)}`),
    count(ex, sql`select count(*)::int as n from client_payments p left join clients cl on cl.id = p.client_id ${where}`),
  ]);
  return { items: items.map(toPayment), total };
}

export async function findPayment(ex: Executor, id: number, lock = false): Promise<PaymentRow | null> {
  if (lock) await ex.execute(sql`select id from client_payments where id = ${id} for update`);
  const rows = await queryRows<PaymentDbRow>(ex, sql`${paymentSelect} where p.id = ${id}`);
  return rows[0] ? toPayment(rows[0]) : null;
}

export async function applicationsOf(ex: Executor, paymentIds: number[]): Promise<ApplicationRow[]> {
  if (!paymentIds.length) return [];
  return queryRows<ApplicationRow>(
    ex,
    sql`select a.id, a.payment_id as "paymentId", a.invoice_id as "invoiceId", ${invoiceLabelSql('i')} as "invoiceLabel",
          i.total::text as "invoiceTotal", i.metodo_pago as "metodoPago", a.amount::text as amount, a.installment,
          a.previous_balance::text as "previousBalance", a.remaining_balance::text as "remainingBalance", a.is_ppd as "isPpd"
        from client_payment_applications a join invoices i on i.id = a.invoice_id
        where a.payment_id in ${inList(paymentIds)} order by a.payment_id, a.id`,
  );
}

/** Active payments already applied to an invoice (the next parcialidad is this + 1). */
export async function installmentsSoFar(ex: Executor, invoiceId: number): Promise<number> {
  return count(
    ex,
    sql`select count(*)::int as n from client_payment_applications a join client_payments p on p.id = a.payment_id
        where a.invoice_id = ${invoiceId} and p.status = 'aplicado'`,
  );
}

/** installmentsSoFar of several invoices in one statement (0 for an invoice without applied payments). */
export async function installmentsOf(ex: Executor, invoiceIds: number[]): Promise<Map<number, number>> {
  if (!invoiceIds.length) return new Map();
  const rows = await queryRows<{ invoiceId: number; n: number }>(
    ex,
    sql`select a.invoice_id as "invoiceId", count(*)::int as n from client_payment_applications a join client_payments p on p.id = a.payment_id
        where a.invoice_id in ${inList(invoiceIds)} and p.status = 'aplicado' group by a.invoice_id`,
  );
  return new Map(rows.map((r) => [Number(r.invoiceId), Number(r.n)]));
}

export type PaymentValues = Omit<typeof clientPayments.$inferInsert, 'id' | 'createdAt' | 'version' | 'folio' | 'status'>;

export async function insertPayment(ex: Executor, folio: number, values: PaymentValues): Promise<number> {
  const [row] = await ex.insert(clientPayments).values({ ...values, folio }).returning({ id: clientPayments.id });
  return row.id;
}

export async function insertApplications(ex: Executor, rows: (typeof clientPaymentApplications.$inferInsert)[]): Promise<void> {
  if (rows.length) await ex.insert(clientPaymentApplications).values(rows);
}

export async function updatePayment(
  ex: Executor,
  id: number,
  version: number | null,
  values: { status?: IncomeStatus; cancelReason?: string; cancelledAt?: Date; ledgerEntryId?: number },
): Promise<boolean> {
  const rows = await ex
    .update(clientPayments)
    .set({ ...values, version: sql`${clientPayments.version} + 1` })
    .where(version === null ? eq(clientPayments.id, id) : and(eq(clientPayments.id, id), eq(clientPayments.version, version)))
    .returning({ id: clientPayments.id });
  return rows.length === 1;
}

/** Moves an invoice balance by `delta` (negative = paid) and sets its status from the result. */
export async function setInvoiceBalance(ex: Executor, invoiceId: number, balance: string, status: InvoiceStatus): Promise<void> {
  await ex.execute(sql`update invoices set balance = ${balance}, status = ${status}, version = version + 1 where id = ${invoiceId}`);
}

/** Company accounts (owned by Compras) as deposit targets: read-only here. */
export async function findAccount(ex: Executor, id: number): Promise<{ id: number; active: boolean } | null> {
  return (await queryRows<{ id: number; active: boolean }>(ex, sql`select id, active from company_accounts where id = ${id}`))[0] ?? null;
}

export async function depositAccounts(ex: Executor): Promise<{ id: number; name: string; bank: string; number: string }[]> {
  return queryRows(ex, sql`select id, name, bank, number from company_accounts where active order by name, id`);
}

// ---- other income -----------------------------------------------------------------

export type OtherIncomeRow = {
  id: number;
  folio: number;
  date: string;
  concept: string;
  amount: string;
  accountId: number;
  accountName: string;
  reference: string;
  notes: string;
  status: IncomeStatus;
  cancelReason: string | null;
  ledgerEntryId: number | null;
  createdAt: Date | string;
  version: number;
};

export const OTHER_INCOME_SORTS = ['folio', 'date', 'concept', 'amount', 'status'] as const;

const otherIncomeSelect = sql`select o.id, o.folio, o.date::text as date, o.concept, o.amount::text as amount, o.account_id as "accountId",
  a.name as "accountName", o.reference, o.notes, o.status, o.cancel_reason as "cancelReason", o.ledger_entry_id as "ledgerEntryId",
  o.created_at as "createdAt", o.version
  from other_incomes o join company_accounts a on a.id = o.account_id`;

const toOtherIncome = (r: OtherIncomeRow): OtherIncomeRow => ({ ...r, ledgerEntryId: r.ledgerEntryId === null ? null : Number(r.ledgerEntryId) });

export async function listOtherIncomes(
  ex: Executor,
  q: ListQuery<(typeof OTHER_INCOME_SORTS)[number]>,
  filter: { status?: IncomeStatus | null; dateFrom?: string | null; dateTo?: string | null },
): Promise<Page<OtherIncomeRow>> {
  const p = q.search ? likePattern(q.search) : null;
  const where = whereAll([
    p && sql`(o.concept ilike ${p} or o.reference ilike ${p} or a.name ilike ${p} or o.folio::text = ${q.search})`,
    filter.status && sql`o.status = ${filter.status}`,
    filter.dateFrom && sql`o.date >= ${filter.dateFrom}`,
    filter.dateTo && sql`o.date <= ${filter.dateTo}`,
  ]);
  const cols = { folio: 'o.folio', date: 'o.date', concept: 'o.concept', amount: 'o.amount', status: 'o.status' };
  const [items, total] = await Promise.all([
    queryRows<OtherIncomeRow>(ex, sql`${otherIncomeSelect} ${where} ${order(cols, q, 'o.id')} ${page(q)}`),
    count(ex, sql`select count(*)::int as n from other_incomes o left join company_accounts a on a.id = o.account_id ${where}`),
  ]);
  return { items: items.map(toOtherIncome), total };
}

export async function findOtherIncome(ex: Executor, id: number, lock = false): Promise<OtherIncomeRow | null> {
  if (lock) await ex.execute(sql`select id from other_incomes where id = ${id} for update`);
  const rows = await queryRows<OtherIncomeRow>(ex, sql`${otherIncomeSelect} where o.id = ${id}`);
  return rows[0] ? toOtherIncome(rows[0]) : null;
}

export async function insertOtherIncome(ex: Executor, folio: number, values: Omit<typeof otherIncomes.$inferInsert, 'id' | 'folio'>): Promise<number> {
  const [row] = await ex.insert(otherIncomes).values({ ...values, folio }).returning({ id: otherIncomes.id });
  return row.id;
}

export async function updateOtherIncome(
  ex: Executor,
  id: number,
  version: number | null,
  values: { status?: IncomeStatus; cancelReason?: string; ledgerEntryId?: number },
): Promise<boolean> {
  const rows = await ex
    .update(otherIncomes)
    .set({ ...values, version: sql`${otherIncomes.version} + 1` })
    .where(version === null ? eq(otherIncomes.id, id) : and(eq(otherIncomes.id, id), eq(otherIncomes.version, version)))
    .returning({ id: otherIncomes.id });
  return rows.length === 1;
}

// ---- reports ---------------------------------------------------------------------

export async function salesByClientMonth(ex: Executor, from: string, to: string) {
  return queryRows<{ clientId: number; clientName: string; month: string; invoiceCount: number; subtotal: string; total: string }>(
    ex,
    sql`select i.client_id as "clientId", cl.name as "clientName", to_char(i.date, 'YYYY-MM') as month, count(*)::int as "invoiceCount",
          sum(i.subtotal - i.discount)::text as subtotal, sum(i.total)::text as total
        from invoices i join clients cl on cl.id = i.client_id
        where i.status in ${LIVE_INVOICE} and i.date between ${from} and ${to}
        group by i.client_id, cl.name, to_char(i.date, 'YYYY-MM')
        order by cl.name, month`,
  );
}

export type AgingDbRow = { clientId: number; clientName: string; current: string; d1: string; d31: string; d61: string; d91: string; total: string };

/**
 * Receivables as of a date: invoices emitted on or before it (not
 * cancelled), minus active payments dated on or before it, bucketed by days
 * past the due date.
 */
export async function receivablesAging(ex: Executor, asOf: string): Promise<AgingDbRow[]> {
  return queryRows<AgingDbRow>(
    ex,
    sql`with open_items as (
          select i.client_id, (${asOf}::date - i.due_date) as late, i.total - coalesce(paid.amount, 0) as balance
          from invoices i
          left join (
            select a.invoice_id, sum(a.amount) as amount from client_payment_applications a
            join client_payments p on p.id = a.payment_id
            where p.status = 'aplicado' and p.date <= ${asOf}
            group by a.invoice_id
          ) paid on paid.invoice_id = i.id
          where i.status in ${LIVE_INVOICE} and i.date <= ${asOf}
        )
        select o.client_id as "clientId", cl.name as "clientName",
          coalesce(sum(o.balance) filter (where o.late <= 0), 0)::text as current,
          coalesce(sum(o.balance) filter (where o.late between 1 and 30), 0)::text as d1,
          coalesce(sum(o.balance) filter (where o.late between 31 and 60), 0)::text as d31,
          coalesce(sum(o.balance) filter (where o.late between 61 and 90), 0)::text as d61,
          coalesce(sum(o.balance) filter (where o.late > 90), 0)::text as d91,
          sum(o.balance)::text as total
        from open_items o join clients cl on cl.id = o.client_id
        where o.balance > 0
        group by o.client_id, cl.name
        order by cl.name`,
  );
}

export async function quoteCounts(ex: Executor, from: string, to: string, today: string) {
  return queryRows<{ status: QuoteStatus; n: number; amount: string }>(
    ex,
    sql`select ${effectiveQuoteStatus(today)} as status, count(*)::int as n, coalesce(sum(q.total), 0)::text as amount
        from quotes q where q.date between ${from} and ${to} group by 1`,
  );
}
