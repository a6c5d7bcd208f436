// The SQL behind what Ventas contributes to the platform (../contributions):
// its Tablero expressions and the parts that name its audited records.
import { sql, type SQL } from 'drizzle-orm';
import { byMonthSql, duesSql } from '../../../lib/indicators';
import type { PartsOf } from '../../../lib/references';

/** Open invoices (emitida / pagada_parcial) with a balance, by due date. */
export const receivablesSql = (today: string) => duesSql(today, sql`(select due_date, status, round(balance * exchange_rate, 2) as balance from invoices) invoices_mxn`, sql`status in ('emitida', 'pagada_parcial')`);

export const invoicedByMonthSql = (today: string): SQL =>
  byMonthSql(today, sql`(select coalesce(sum(round(i.total * i.exchange_rate, 2)), 0) as total from invoices i
                      where i.status in ('emitida', 'pagada_parcial', 'pagada') and date_trunc('month', i.date::timestamp) = m.month)`);

export const referenceParts = {
  job_cost_settings: () => sql`(select json_build_object('name', 'Parámetros del costo de obra'))`,
  contract: (id) => sql`(select json_build_object('folio', x.folio, 'name', x.name) from contracts x where x.id = ${id})`,
  order_delivery: (id) => sql`(select json_build_object('folio', o.folio, 'name', x.received_by) from order_deliveries x join service_orders o on o.id = x.order_id where x.id = ${id})`,
  invoice: (id) => sql`(select json_build_object('serie', x.serie, 'folio', x.folio, 'name', n.name) from invoices x join clients n on n.id = x.client_id where x.id = ${id})`,
  credit_note: (id) => sql`(select json_build_object('serie', x.serie, 'folio', x.folio, 'name', n.name) from credit_notes x join clients n on n.id = x.client_id where x.id = ${id})`,
  other_income: (id) => sql`(select json_build_object('folio', x.folio, 'name', x.concept) from other_incomes x where x.id = ${id})`,
  company_csd: (id) => sql`(select json_build_object('name', 'CSD ' || x.no_certificado || ' · ' || x.rfc) from company_csd x where x.id = ${id})`,
} satisfies Record<string, PartsOf>;

/** Tablero: whether the company has a CSD and when the earliest one ends (the days left are counted by schema/sales/csd.ts). */
export const csdStatusSql = (): SQL => sql`(select json_build_object('loaded', count(*) > 0, 'validTo', min(valid_to)) from company_csd)`;

/** Tablero: PPD collections whose complement is still missing after the 5th of the month after the payment (SAT's deadline). */
export const missingComplementsSql = (today: string): SQL =>
  sql`(select count(*)::int from client_payments p where p.status = 'aplicado' and p.stamp_status is distinct from 'timbrada'
    and (date_trunc('month', p.date) + interval '1 month 4 days')::date < ${today}::date
    and exists (select 1 from client_payment_applications x join invoices i on i.id = x.invoice_id
      where x.payment_id = p.id and x.is_ppd and i.stamp_status = 'timbrada'))`;
