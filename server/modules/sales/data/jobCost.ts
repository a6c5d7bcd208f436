// Job cost (issue 28): every cost line of contracts' service orders from its
// source, in SQL — one CTE per source, aggregated by the database (never a
// loop over rows in JavaScript). A line is one document behind the cost:
//   labour    one per service order: Σ over crew hours rows with hours > 0 of
//             daily salary × (1 + employer factor) + overtime h × daily salary ÷ 8 × 2
//   material  one per requisition of the order: Σ of its applied salidas' line amounts
//             (quantity × the moving-average unit cost posted); reversed salidas excluded
//   expense   one per Compras expense assigned to the contract or one of its orders,
//             not cancelled: its subtotal (recoverable IVA left out)
//   vehicle   one per order and vehicle: km on its crew days × the vehicle's cost per km
//   viatico   one per Compras viático of the contract or one of its orders, not cancelled: Σ of its
//             comprobantes net of recoverable IVA (a CFDI's subtotal, a no-deducible receipt whole)
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from '../../../db/database';
import { DEFAULT_EMPLOYER_FACTOR, DEFAULT_MARGIN_THRESHOLD } from '../../../../schema/sales/jobCost';
import { inList, LIVE_INVOICE } from './common';

export const EMPLOYER_FACTOR_KEY = 'sales.jobCost.employerFactor';
export const MARGIN_THRESHOLD_KEY = 'sales.jobCost.marginThreshold';

export type JobCostLineKind = 'labour' | 'material' | 'expense' | 'vehicle' | 'viatico';
export type JobCostLineRow = { contractId: number; orderId: number | null; orderFolio: number | null; kind: JobCostLineKind; documentId: number; folio: number; description: string; quantity: string; amount: string };

const factorSql = sql`coalesce((select value::numeric from app_settings where key = ${EMPLOYER_FACTOR_KEY}), ${DEFAULT_EMPLOYER_FACTOR}::numeric)`;

/**
 * Vehicle cost per km over its whole history (Parque Vehicular's measure): (fuel loaded + closed maintenance
 * orders' totals) ÷ km run between its lowest and highest odometer reading, to cents; 0 without km run.
 */
const vehicleRateSql = sql`vehicle_rate as (
    select v.id as vehicle_id,
      case when coalesce(o.km, 0) > 0 then round((coalesce(f.amount, 0) + coalesce(m.total, 0)) / o.km, 2) else 0 end as rate
    from vp_vehicles v
    left join (select vehicle_id, sum(amount) as amount from vp_fuel_loads group by vehicle_id) f on f.vehicle_id = v.id
    left join (select vehicle_id, sum(total) as total from mt_orders where status = 'cerrada' group by vehicle_id) m on m.vehicle_id = v.id
    left join (select vehicle_id, max(km) - min(km) as km from vp_odometer_readings group by vehicle_id) o on o.vehicle_id = v.id
    where v.id in (select vehicle_id from service_order_crew_day_vehicles))`;

/** The cost lines of the given contracts (null: every contract). */
const linesCte = (contractIds: readonly number[] | null) => {
  const of = (col: SQL) => (contractIds ? sql`${col} in ${inList(contractIds)}` : sql`${col} is not null`);
  return sql`
  scoped as (select so.id, so.folio, so.contract_id from service_orders so where ${of(sql`so.contract_id`)}),
  ${vehicleRateSql},
  labour as (
    select o.contract_id, o.id as order_id, 'labour' as kind, o.id as document_id, o.folio, count(distinct d.id)::text || ' días' as description,
      count(*)::numeric as quantity,
      round(sum(e.daily_salary * (1 + ${factorSql}) + h.overtime_hours * e.daily_salary / 8 * 2), 2) as amount
    from scoped o join service_order_crew_days d on d.order_id = o.id
    join service_order_crew_hours h on h.day_id = d.id and h.hours > 0
    join rh_employees e on e.id = h.employee_id
    group by o.contract_id, o.id, o.folio),
  material as (
    select o.contract_id, o.id as order_id, 'material' as kind, r.id as document_id, r.folio, r.area as description,
      sum(ml.quantity) as quantity, round(sum(ml.amount), 2) as amount
    from scoped o join wh_requisitions r on r.service_order_id = o.id
    join wh_movements m on m.source_type = 'REQUISICION' and m.source_id = r.id and m.status = 'APLICADO' and m.reverses_id is null
    join wh_movement_lines ml on ml.movement_id = m.id
    group by o.contract_id, o.id, r.id, r.folio, r.area),
  expense as (
    select coalesce(x.contract_id, o.contract_id) as contract_id, x.service_order_id as order_id, 'expense' as kind, x.id as document_id, x.folio,
      s.name || ' · ' || x.category as description, 1::numeric as quantity, x.subtotal as amount
    from expenses x join suppliers s on s.id = x.supplier_id
    left join service_orders o on o.id = x.service_order_id
    where x.status <> 'cancelado' and ${of(sql`coalesce(x.contract_id, o.contract_id)`)}),
  vehicle as (
    select o.contract_id, o.id as order_id, 'vehicle' as kind, dv.vehicle_id as document_id, o.folio, v.economic_number || ' · ' || sum(dv.km)::text || ' km × ' || vr.rate::text as description,
      sum(dv.km)::numeric as quantity, round(sum(dv.km) * vr.rate, 2) as amount
    from scoped o join service_order_crew_days d on d.order_id = o.id
    join service_order_crew_day_vehicles dv on dv.day_id = d.id
    join vp_vehicles v on v.id = dv.vehicle_id join vehicle_rate vr on vr.vehicle_id = dv.vehicle_id
    group by o.contract_id, o.id, o.folio, dv.vehicle_id, v.economic_number, vr.rate),
  viatico as (
    select coalesce(v.contract_id, o.contract_id) as contract_id, v.service_order_id as order_id, 'viatico' as kind, v.id as document_id, v.folio,
      v.purpose as description, count(p.id)::numeric as quantity, round(sum(p.subtotal), 2) as amount
    from viaticos v join viatico_proofs p on p.viatico_id = v.id
    left join service_orders o on o.id = v.service_order_id
    where v.status <> 'cancelado' and ${of(sql`coalesce(v.contract_id, o.contract_id)`)}
    group by coalesce(v.contract_id, o.contract_id), v.service_order_id, v.id, v.folio, v.purpose),
  lines as (select * from labour union all select * from material union all select * from expense union all select * from vehicle union all select * from viatico)`;
};

/** The cost lines of one contract, each naming the document behind it. */
export async function jobCostLines(ex: Executor, contractId: number): Promise<JobCostLineRow[]> {
  const rows = await queryRows<JobCostLineRow>(
    ex,
    sql`with ${linesCte([contractId])}
      select l.contract_id as "contractId", l.order_id as "orderId", so.folio as "orderFolio", l.kind, l.document_id as "documentId", l.folio,
        l.description, l.quantity::text as quantity, l.amount::text as amount
      from lines l left join service_orders so on so.id = l.order_id
      where l.contract_id = ${contractId}
      order by l.kind, so.folio nulls last, l.folio, l.document_id`,
  );
  return rows.map((r) => ({ ...r, contractId: Number(r.contractId), orderId: r.orderId === null ? null : Number(r.orderId), documentId: Number(r.documentId) }));
}

export type JobCostSummaryRow = {
  contractId: number;
  folio: number;
  name: string;
  clientName: string;
  contractAmount: string;
  labour: string;
  materials: string;
  expenses: string;
  vehicles: string;
  viaticos: string;
  authorized: string;
  invoiced: string;
  collected: string;
};

/**
 * Per contract: its costs by kind and what was billed — generadores authorised (or billed), stamped invoices'
 * subtotals, and what payments applied to those invoices collected. Null ids: every contract not cancelled.
 */
export async function jobCostSummaries(ex: Executor, contractIds: readonly number[] | null): Promise<JobCostSummaryRow[]> {
  const rows = await queryRows<JobCostSummaryRow>(ex, sql`${summarySql(contractIds)} order by c.folio desc`);
  return rows.map((r) => ({ ...r, contractId: Number(r.contractId) }));
}

export const JOB_COST_SORTS = ['marginPercent', 'margin', 'invoiced', 'cost', 'folio'] as const;
export type JobCostSort = (typeof JOB_COST_SORTS)[number];

/**
 * One page of the report across contracts not cancelled, sorted and paged by the database: the figures the
 * sort reads (cost, margin, margin % of what was billed; null while nothing was billed) are computed in SQL
 * over the per-contract sums, with the total in the same statement.
 */
export async function jobCostSummaryPage(
  ex: Executor,
  q: { limit: number; offset: number; sortBy: JobCostSort; desc: boolean },
): Promise<{ rows: JobCostSummaryRow[]; total: number }> {
  const sortColumn: Record<JobCostSort, SQL> = {
    marginPercent: sql`margin_percent`,
    margin: sql`margin`,
    invoiced: sql`invoiced::numeric`,
    cost: sql`cost`,
    folio: sql`folio`,
  };
  type PageRow = JobCostSummaryRow & { total: number; cost: string; margin: string; margin_percent: string | null };
  const rows = await queryRows<PageRow>(
    ex,
    sql`select s.*, count(*) over () as total from (
        select b.*, f.cost, b.invoiced::numeric - f.cost as margin,
          case when b.invoiced::numeric > 0 then (b.invoiced::numeric - f.cost) / b.invoiced::numeric end as margin_percent
        from (${summarySql(null)}) b
        cross join lateral (select b.labour::numeric + b.materials::numeric + b.expenses::numeric + b.vehicles::numeric + b.viaticos::numeric as cost) f
      ) s
      order by ${sortColumn[q.sortBy]} ${q.desc ? sql`desc nulls last` : sql`asc nulls last`}, folio ${q.desc ? sql`desc` : sql`asc`}
      limit ${q.limit} offset ${q.offset}`,
  );
  return {
    rows: rows.map(({ total: _t, cost: _c, margin: _m, margin_percent: _p, ...r }) => ({ ...r, contractId: Number(r.contractId) })),
    total: Number(rows[0]?.total ?? 0),
  };
}

function summarySql(contractIds: readonly number[] | null): SQL {
  return sql`with ${linesCte(contractIds)},
      cost as (
        select contract_id, sum(amount) filter (where kind = 'labour') as labour, sum(amount) filter (where kind = 'material') as materials,
          sum(amount) filter (where kind = 'expense') as expenses, sum(amount) filter (where kind = 'vehicle') as vehicles,
          sum(amount) filter (where kind = 'viatico') as viaticos
        from lines group by contract_id),
      authorized as (select contract_id, sum(amount) as amount from generators where status in ('autorizado', 'facturado') group by contract_id),
      invoiced as (select contract_id, sum(subtotal) as amount from invoices where status in ${LIVE_INVOICE} and stamp_status = 'timbrada' and contract_id is not null group by contract_id),
      collected as (
        select i.contract_id, sum(a.amount) as amount from client_payment_applications a
        join client_payments p on p.id = a.payment_id and p.status = 'aplicado'
        join invoices i on i.id = a.invoice_id and i.contract_id is not null
        group by i.contract_id)
      select c.id as "contractId", c.folio, c.name, cl.name as "clientName", c.amount::text as "contractAmount",
        coalesce(k.labour, 0)::text as labour, coalesce(k.materials, 0)::text as materials, coalesce(k.expenses, 0)::text as expenses,
        coalesce(k.vehicles, 0)::text as vehicles, coalesce(k.viaticos, 0)::text as viaticos, coalesce(au.amount, 0)::text as authorized, coalesce(iv.amount, 0)::text as invoiced,
        coalesce(co.amount, 0)::text as collected
      from contracts c join clients cl on cl.id = c.client_id
      left join cost k on k.contract_id = c.id
      left join authorized au on au.contract_id = c.id
      left join invoiced iv on iv.contract_id = c.id
      left join collected co on co.contract_id = c.id
      where ${contractIds ? sql`c.id in ${inList(contractIds)}` : sql`c.status <> 'cancelado'`}`;
}

/** The employer factor and margin threshold stored in app_settings (null: the default). */
export async function jobCostSetting(ex: Executor, key: string): Promise<string | null> {
  const rows = await queryRows<{ value: string }>(ex, sql`select value from app_settings where key = ${key}`);
  return rows[0]?.value ?? null;
}

export async function saveJobCostSetting(ex: Executor, key: string, value: string): Promise<void> {
  await ex.execute(sql`insert into app_settings (key, value) values (${key}, ${value}) on conflict (key) do update set value = excluded.value`);
}

/** The order (with its contract id) for a cost assignment; null when it does not exist. */
export async function orderContractOf(ex: Executor, orderId: number): Promise<{ contractId: number | null } | null> {
  const rows = await queryRows<{ contractId: number | null }>(ex, sql`select contract_id as "contractId" from service_orders where id = ${orderId}`);
  return rows[0] ?? null;
}

export async function contractExists(ex: Executor, contractId: number): Promise<boolean> {
  return (await queryRows(ex, sql`select 1 from contracts where id = ${contractId}`)).length === 1;
}

/**
 * Tablero: contracts not cancelled with stamped invoices whose margin (stamped subtotal − job cost) is under the
 * threshold percent of what was invoiced. A scalar subquery (the Tablero runs every card in one statement).
 */
export const underMarginSql = (): SQL => sql`(with ${linesCte(null)},
    cost as (select contract_id, sum(amount) as amount from lines group by contract_id),
    invoiced as (select contract_id, sum(subtotal) as amount from invoices where status in ${LIVE_INVOICE} and stamp_status = 'timbrada' and contract_id is not null group by contract_id)
  select count(*)::int from contracts c join invoiced iv on iv.contract_id = c.id and iv.amount > 0
  left join cost k on k.contract_id = c.id
  where c.status <> 'cancelado'
    and (iv.amount - coalesce(k.amount, 0)) * 100 / iv.amount < coalesce((select value::numeric from app_settings where key = ${MARGIN_THRESHOLD_KEY}), ${DEFAULT_MARGIN_THRESHOLD}::numeric))`;
