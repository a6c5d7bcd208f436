// Compras › Reportes: payables aging, spend and payments per account.
import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../../db/database';

export type AgingRowData = { supplierId: number; supplierName: string; current: string; d1to30: string; d31to60: string; d61to90: string; over90: string; total: string };

/**
 * Open balance per supplier as of `asOf`: each expense dated on or before the
 * day, minus the applications of payments (not cancelled) dated on or before
 * it, bucketed by days past its due date.
 */
export async function payablesAging(ex: Executor, asOf: string, supplierId: number | null): Promise<AgingRowData[]> {
  return queryRows<AgingRowData>(
    ex,
    sql`with paid as (
          select pa.expense_id, sum(pa.amount) as applied
          from payment_applications pa join supplier_payments p on p.id = pa.payment_id
          where p.status = 'aplicado' and p.date <= ${asOf}::date ${supplierId ? sql`and p.supplier_id = ${supplierId}` : sql``}
          group by pa.expense_id
        ),
        open_items as (
          select e.supplier_id, e.total - coalesce(paid.applied, 0) as open_balance, ${asOf}::date - e.due_date as late
          from expenses e left join paid on paid.expense_id = e.id
          where e.status <> 'cancelado' and e.date <= ${asOf}::date ${supplierId ? sql`and e.supplier_id = ${supplierId}` : sql``}
        )
        select o.supplier_id as "supplierId", s.name as "supplierName",
               coalesce(sum(open_balance) filter (where late <= 0), 0)::text as current,
               coalesce(sum(open_balance) filter (where late between 1 and 30), 0)::text as d1to30,
               coalesce(sum(open_balance) filter (where late between 31 and 60), 0)::text as d31to60,
               coalesce(sum(open_balance) filter (where late between 61 and 90), 0)::text as d61to90,
               coalesce(sum(open_balance) filter (where late > 90), 0)::text as over90,
               sum(open_balance)::text as total
        from open_items o join suppliers s on s.id = o.supplier_id
        where open_balance > 0
        group by o.supplier_id, s.name
        order by s.name, o.supplier_id`,
  );
}

export async function spendReport(ex: Executor, from: string, to: string, groupBy: 'SUPPLIER' | 'CATEGORY' | 'MONTH') {
  const key = { SUPPLIER: sql`e.supplier_id::text`, CATEGORY: sql`e.category`, MONTH: sql`to_char(e.date, 'YYYY-MM')` }[groupBy];
  const label = { SUPPLIER: sql`min(s.name)`, CATEGORY: sql`e.category`, MONTH: sql`to_char(e.date, 'YYYY-MM')` }[groupBy];
  return queryRows<{ key: string; label: string; count: number; subtotal: string; iva: string; total: string }>(
    ex,
    sql`select ${key} as key, ${label} as label, count(*)::int as count, sum(e.subtotal)::text as subtotal, sum(e.iva)::text as iva,
          sum(e.total)::text as total
        from expenses e join suppliers s on s.id = e.supplier_id
        where e.status <> 'cancelado' and e.date between ${from}::date and ${to}::date
        group by ${key}
        order by ${groupBy === 'MONTH' ? sql`1` : sql`sum(e.total) desc, 2`}`,
  );
}

export async function accountPaymentsReport(ex: Executor, from: string, to: string) {
  return queryRows<{ accountId: number; accountName: string; count: number; amount: string }>(
    ex,
    sql`select p.account_id as "accountId", a.name as "accountName", count(*)::int as count, sum(p.amount)::text as amount
        from supplier_payments p join company_accounts a on a.id = p.account_id
        where p.status = 'aplicado' and p.date between ${from}::date and ${to}::date
        group by p.account_id, a.name order by a.name`,
  );
}

export type DiotShareRow = {
  supplierId: number;
  supplierRfc: string;
  supplierName: string;
  operation: string;
  applied: string;
  total: string;
  subtotal: string;
  iva: string;
  ivaRate: string;
  ivaExempt: boolean;
  ivaRetention: string;
};

/**
 * DIOT: every application of a supplier payment (not cancelled) dated in
 * [from, to] with the expense it pays (the expense's base, rate and IVA
 * retenido are split by the share the application pays).
 */
export async function diotShares(ex: Executor, from: string, to: string): Promise<DiotShareRow[]> {
  const rows = await queryRows<DiotShareRow>(
    ex,
    sql`select s.id as "supplierId", s.rfc as "supplierRfc", s.name as "supplierName", s.diot_operation as operation,
               pa.amount::text as applied, e.total::text as total, e.subtotal::text as subtotal, e.iva::text as iva, e.iva_rate::text as "ivaRate",
               e.iva_exempt as "ivaExempt", e.iva_retention::text as "ivaRetention"
        from payment_applications pa
        join supplier_payments p on p.id = pa.payment_id
        join expenses e on e.id = pa.expense_id
        join suppliers s on s.id = e.supplier_id
        where p.status = 'aplicado' and p.date between ${from}::date and ${to}::date
        order by s.rfc, s.id, pa.id`,
  );
  return rows.map((r) => ({ ...r, supplierId: Number(r.supplierId) }));
}
