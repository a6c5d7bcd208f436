// Ventas data layer: generadores (captured quantities per contract concept) and their lines.
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from '../../../db/database';
import { likePattern, withinDates, type DateRange, type ListQuery } from '../../../lib/list';
import { generatorLines, generators } from '../tables';
import type { GeneratorStatus } from '../../../../schema/sales/labels';
import type { Page, Ref } from './types';
import { count, inList, invoiceLabelSql, order, page, ref, whereAll } from './common';
import type { ContractRef } from './orders';

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

/** Tablero: generadores in borrador, waiting for someone to authorise them (the Generadores list filtered by that status). */
export const draftGeneratorsSql = (): SQL => sql`(select count(*)::int from generators where status = 'borrador')`;
