// Ventas data layer: contracts, their concepts and progress.
import { and, eq, sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../../db/database';
import { likePattern, withinDates, type DateRange, type ListQuery } from '../../../lib/list';
import { contractConcepts, contracts } from '../tables';
import type { ContractStatus } from '../../../../schema/sales/labels';
import type { Page, Ref } from './types';
import { count, inList, LIVE_INVOICE, order, page, ref, whereAll } from './common';

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

/** The retention rates the quote a contract came from was priced with; null when it came from none. */
export async function quoteRetentionsOfContract(ex: Executor, contractId: number): Promise<{ isrRetentionRate: string; ivaRetentionRate: string } | null> {
  const rows = await queryRows<{ isrRetentionRate: string; ivaRetentionRate: string }>(
    ex,
    sql`select q.isr_retention_rate::text as "isrRetentionRate", q.iva_retention_rate::text as "ivaRetentionRate"
        from contracts c join quotes q on q.id = c.quote_id where c.id = ${contractId}`,
  );
  return rows[0] ?? null;
}
