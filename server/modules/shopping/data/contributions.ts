// The SQL behind what Compras contributes to the platform (./contributions):
// its Tablero expressions and the parts that name its audited records.
import { sql, type SQL } from 'drizzle-orm';
import { byMonthSql, duesSql } from '../../../lib/indicators';
import type { PartsOf } from '../../../lib/references';

export const pendingPaymentRequestsSql = (): SQL => sql`(select count(*)::int from payment_requests where status = 'pendiente')`;

/** Open expenses (pendiente / pagado_parcial) with a balance, by due date. */
export const payablesSql = (today: string) => duesSql(today, sql`expenses`, sql`status in ('pendiente', 'pagado_parcial')`);

export const spentByMonthSql = (today: string): SQL =>
  byMonthSql(today, sql`(select coalesce(sum(e.total), 0) as total from expenses e
                      where e.status <> 'cancelado' and date_trunc('month', e.date::timestamp) = m.month)`);

export const referenceParts = {
  account_entry: (id) => sql`(select json_build_object('name', x.reference) from account_entries x where x.id = ${id})`,
  account_transfer: (id) => sql`(select json_build_object('folio', ${id}, 'name', min(x.reference)) from account_entries x where x.source_entity = 'account_transfer' and x.source_id = ${id}::text)`,
  shopping_settings: () => sql`(select json_build_object('name', 'Días para el aviso de viáticos sin comprobar'))`,
  viatico: (id) => sql`(select json_build_object('folio', x.folio, 'name', trim(n.names || ' ' || n.last_name)) from viaticos x join rh_employees n on n.id = x.employee_id where x.id = ${id})`,
  payment_request: (id) => sql`(select json_build_object('folio', x.folio, 'name', x.description) from payment_requests x where x.id = ${id})`,
} satisfies Record<string, PartsOf>;
