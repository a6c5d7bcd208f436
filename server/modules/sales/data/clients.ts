// Ventas data layer: company profile and clients with their contacts.
import { and, eq, sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../../db/database';
import { likePattern, type ListQuery } from '../../../lib/list';
import { clientContacts, clients, companyProfile } from '../tables';
import type { Page } from './types';
import { count, inList, invoiceBalanceSql, OPEN_INVOICE, order, page, whereAll } from './common';

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

// Raw text (it is also a sort column): the sum of invoiceBalanceSql() over the client's open invoices.
const OPEN_BALANCE_SQL = `(select coalesce(sum(round(i.balance * i.exchange_rate, 2)), 0) from invoices i where i.client_id = c.id and i.status in ('emitida', 'pagada_parcial'))`;

const clientSelect = sql`select c.id, c.rfc, c.name, c.regimen_fiscal as "regimenFiscal", c.postal_code as "postalCode",
  c.uso_cfdi as "usoCfdi", c.address, c.city, c.state, c.email, c.phone, c.credit_days as "creditDays",
  c.credit_limit::text as "creditLimit", c.active, c.notes, c.currency, c.created_at as "createdAt", c.version,
  ${sql.raw(OPEN_BALANCE_SQL)}::text as "openBalance"
  from clients c`;

export async function listClients(ex: Executor, q: ListQuery<(typeof CLIENT_SORTS)[number]>, filter: { active?: boolean | null; withBalance?: boolean | null }): Promise<Page<ClientRow>> {
  const p = q.search ? likePattern(q.search) : null;
  const where = whereAll([
    p && sql`(c.name ilike ${p} or c.rfc ilike ${p} or c.email ilike ${p} or c.city ilike ${p})`,
    filter.active !== null && filter.active !== undefined && sql`c.active = ${filter.active}`,
    filter.withBalance && sql`exists (select 1 from invoices i where i.client_id = c.id and i.status in ${OPEN_INVOICE} and ${invoiceBalanceSql()} > 0)`,
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

/** Sets only the Activo flag (a deactivation), with the optimistic version check. */
export async function setClientActive(ex: Executor, id: number, version: number, active: boolean): Promise<boolean> {
  const rows = await ex
    .update(clients)
    .set({ active, version: sql`${clients.version} + 1` })
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

export async function clientOptions(ex: Executor, search: string | null): Promise<{ id: number; name: string; rfc: string; usoCfdi: string; creditDays: number; currency: 'MXN' | 'USD' }[]> {
  const p = search ? likePattern(search) : null;
  return queryRows(
    ex,
    sql`select id, name, rfc, uso_cfdi as "usoCfdi", credit_days as "creditDays", currency from clients
        where active ${p ? sql`and (name ilike ${p} or rfc ilike ${p})` : sql``} order by name, id limit 50`,
  );
}

/** Sum of balances of emitted invoices (credit limit check). */
export async function clientOpenBalance(ex: Executor, clientId: number): Promise<string> {
  const rows = await queryRows<{ v: string }>(ex, sql`select coalesce(sum(round(${invoiceBalanceSql()} * i.exchange_rate, 2)), 0)::text as v from invoices i where i.client_id = ${clientId} and i.status in ${OPEN_INVOICE}`);
  return rows[0].v;
}
