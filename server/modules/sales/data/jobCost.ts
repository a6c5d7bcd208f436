// Job cost (issue 28): every cost line of contracts' service orders from its
// source, in SQL — one CTE per source, aggregated by the database (never a
// loop over rows in JavaScript). A line is one document behind the cost:
//   labour    one per service order: Σ over its jornadas (crew hours rows with hours > 0: a person on a
//             day) of the day's cost + overtime h × daily salary ÷ 8 × 2. The day's cost is the employee's real
//             daily cost when a closed ordinary payroll paid the day (its receipt's daily salary + (employer
//             quotas + state payroll tax) ÷ days paid), else daily salary × (1 + the settings' employer factor)
//   material  one per requisition of the order: Σ of its applied salidas' line amounts
//             (quantity × the moving-average unit cost posted); reversed salidas excluded
//   expense   one per Compras expense assigned to the contract or one of its orders,
//             not cancelled: its subtotal (recoverable IVA left out)
//   vehicle   one per order and vehicle: km on its crew days × the vehicle's cost per km (and km per crew day)
// The jornadas and the km are read already counted per order (job_cost_labour, job_cost_vehicle_km: kept by
// the database as crew days and payrolls are written, migration 0057) and priced here. The report across
// contracts and the Tablero read the materials, expenses and viáticos as the sums the database keeps too
// (job_cost_amounts, migration 0059); the contract's screen lists them document by document.
//   viatico   one per Compras viático of the contract or one of its orders, not cancelled: Σ of its
//             comprobantes net of recoverable IVA (a CFDI's subtotal, a no-deducible receipt whole)
import { sql, type SQL } from 'drizzle-orm';
import { queryPrepared, queryRows, type Executor } from '../../../db/database';
import { DEFAULT_EMPLOYER_FACTOR, DEFAULT_MARGIN_THRESHOLD, type JobCostConceptSource } from '../../../../schema/sales/jobCost';
import { likePattern } from '../../../lib/list';
import { inList, LIVE_INVOICE } from './common';

export const EMPLOYER_FACTOR_KEY = 'sales.jobCost.employerFactor';
export const MARGIN_THRESHOLD_KEY = 'sales.jobCost.marginThreshold';

export type JobCostLineKind = 'labour' | 'material' | 'expense' | 'vehicle' | 'viatico';
export type JobCostLineRow = { contractId: number; orderId: number | null; orderFolio: number | null; kind: JobCostLineKind; documentId: number; folio: number; description: string; quantity: string; amount: string };

const factorSql = sql`coalesce((select value::numeric from app_settings where key = ${EMPLOYER_FACTOR_KEY}), ${DEFAULT_EMPLOYER_FACTOR}::numeric)`;

/**
 * The daily cost of each receipt that prices jornadas: the receipt's daily salary + (its employer quotas + state
 * payroll tax) ÷ the days it paid. Only receipts whose quotas were calculated (no problem), with days paid and a
 * CFDI not cancelled; the others leave their jornadas at the employer factor. Which receipt covers each jornada
 * (its closed ordinary payroll's period holds the date) is kept in job_cost_labour (migration 0055).
 */
const receiptCostSql = sql`receipt_cost as (
    select pe.id as receipt_id, pe.daily_salary + (q.total + q.isn) / pe.paid_days as daily_cost
    from rh_payroll_employees pe join rh_payroll_employer_quotas q on q.payroll_employee_id = pe.id
    where q.problem is null and pe.paid_days > 0 and pe.stamp_status is distinct from 'cancelada')`;

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
    where v.id in (select vehicle_id from job_cost_vehicle_km where days > 0))`;

/**
 * The cost lines of the given contracts (null: every contract). `described`: each line with its document's
 * folio, description and quantity, for the contract's screen; otherwise only what the totals add (contract,
 * kind, amount: the same amounts, each rounded per document), without the joins and text the descriptions
 * need, for the report across contracts and the Tablero.
 *
 * Labour per order: Σ over its jornadas (crew hours rows with hours > 0: a person on a day) of the payroll's
 * daily cost, or the daily salary × (1 + the employer factor), + overtime h × daily salary ÷ 4 (÷ 8 × 2: double
 * pay). The jornadas come counted per order, employee and covering receipt (job_cost_labour): those of a receipt
 * that prices them at its daily cost, the rest at the employee's salary: the same sum as jornada by jornada
 * (numeric adds and multiplies exactly, and ÷ 4 of an amount in cents is exact). Its days on site, for the
 * description, are its crew days with a jornada.
 */
const linesCte = (contractIds: readonly number[] | null, described: boolean) => {
  const of = (col: SQL) => (contractIds ? sql`${col} in ${inList(contractIds)}` : sql`${col} is not null`);
  /** The columns after (contract_id, order_id, kind): the document, its folio, description and quantity. */
  const line = (document: SQL, folio: SQL, description: SQL, quantity: SQL) =>
    described ? sql`, ${document} as document_id, ${folio} as folio, ${description} as description, ${quantity} as quantity` : sql``;
  const days = sql`(select count(*) from service_order_crew_days wd where wd.order_id = o.id
    and exists (select 1 from service_order_crew_hours wh where wh.day_id = wd.id and wh.hours > 0))`;
  const paid = sql`sum(c.paid_jornadas)`;
  return sql`
  scoped as (select so.id, so.folio, so.contract_id from service_orders so where ${of(sql`so.contract_id`)}),
  ${vehicleRateSql},
  employer_factor as (select ${factorSql} as factor),
  ${receiptCostSql},
  crew as (
    select l.order_id, l.employee_id, sum(l.jornadas) as jornadas, coalesce(sum(l.jornadas) filter (where rc.daily_cost is not null), 0) as paid_jornadas,
      coalesce(sum(l.jornadas * rc.daily_cost), 0) as paid_cost, sum(l.overtime_hours) as overtime_hours
    from scoped o join job_cost_labour l on l.order_id = o.id
    left join receipt_cost rc on rc.receipt_id = l.receipt_id and l.receipt_id <> 0
    group by l.order_id, l.employee_id
    having sum(l.jornadas) > 0),
  labour as (
    select o.contract_id, o.id as order_id, 'labour' as kind${line(
      sql`o.id`,
      sql`o.folio`,
      sql`case when ${days} = 1 then '1 día' else ${days}::text || ' días' end || ' · ' || case
        when ${paid} = sum(c.jornadas) then 'costo de nómina (sueldo y cuotas patronales)'
        when ${paid} = 0 then 'factor patronal ' || f.factor::text
        else ${paid}::text || ' jornadas al costo de nómina, ' || (sum(c.jornadas) - ${paid})::text || ' al factor patronal ' || f.factor::text
      end`,
      sql`sum(c.jornadas)::numeric`,
    )},
      round(sum((c.jornadas - c.paid_jornadas) * e.daily_salary * (1 + f.factor) + c.paid_cost + c.overtime_hours * e.daily_salary / 4), 2) as amount
    from scoped o join crew c on c.order_id = o.id join rh_employees e on e.id = c.employee_id cross join employer_factor f
    group by o.contract_id, o.id, o.folio, f.factor),
  vehicle as (
    select o.contract_id, o.id as order_id, 'vehicle' as kind${line(
      sql`k.vehicle_id`,
      sql`o.folio`,
      // Its km per crew day: the order's crew days that name the vehicle (with their km, 0 too).
      sql`(select v.economic_number from vp_vehicles v where v.id = k.vehicle_id) || ' · ' || k.km::text || ' km en ' || k.days::text
        || case when k.days = 1 then ' día' else ' días' end || ' (' || trim_scale(round(k.km::numeric / k.days, 1))::text || ' km por día) × ' || vr.rate::text`,
      sql`k.km::numeric`,
    )}, round(k.km * vr.rate, 2) as amount
    from scoped o join job_cost_vehicle_km k on k.order_id = o.id and k.days > 0
    join vehicle_rate vr on vr.vehicle_id = k.vehicle_id),
  ${described ? sourcesCte(of, line) : keptCte(contractIds)},
  lines as (select * from labour union all select * from vehicle union all ${
    described
      ? sql`select * from material union all select * from expense union all select * from viatico`
      : sql`select a.contract_id, a.order_id, a.kind, a.amount from kept a where ${of(sql`a.contract_id`)}`
  })`;
};

/**
 * The materials, expenses and viáticos of the report: the sums job_cost_amounts keeps per document's contract (0:
 * its order's) and order (migration 0059), the contract resolved through the order here (an order's contract is
 * read now). Every source amount has two decimals, so these sums are the per-document rounded amounts' sums.
 */
const keptCte = (contractIds: readonly number[] | null) => sql`
  kept as (
    select coalesce(nullif(a.contract_id, 0), so.contract_id) as contract_id, nullif(a.order_id, 0) as order_id, a.kind, a.amount
    from job_cost_amounts a left join service_orders so on so.id = a.order_id and a.order_id <> 0
    where a.amount <> 0${contractIds ? sql` and (a.contract_id in ${inList(contractIds)} or a.order_id in (select id from scoped))` : sql``})`;

/** The materials, expenses and viáticos of one contract's screen, one line per document, from the documents. */
const sourcesCte = (of: (col: SQL) => SQL, line: (document: SQL, folio: SQL, description: SQL, quantity: SQL) => SQL) => sql`
  material as (
    select o.contract_id, o.id as order_id, 'material' as kind${line(sql`r.id`, sql`r.folio`, sql`r.area`, sql`sum(ml.quantity)`)}, round(sum(ml.amount), 2) as amount
    from scoped o join wh_requisitions r on r.service_order_id = o.id
    join wh_movements m on m.source_type = 'REQUISICION' and m.source_id = r.id and m.status = 'APLICADO' and m.reverses_id is null
    join wh_movement_lines ml on ml.movement_id = m.id
    group by o.contract_id, o.id, r.id),
  expense as (
    select coalesce(x.contract_id, o.contract_id) as contract_id, x.service_order_id as order_id, 'expense' as kind${line(
      sql`x.id`,
      sql`x.folio`,
      sql`(select s.name from suppliers s where s.id = x.supplier_id) || ' · ' || x.category`,
      sql`1::numeric`,
    )}, x.subtotal as amount
    from expenses x left join service_orders o on o.id = x.service_order_id
    where x.status <> 'cancelado' and ${of(sql`coalesce(x.contract_id, o.contract_id)`)}),
  viatico as (
    select coalesce(v.contract_id, o.contract_id) as contract_id, v.service_order_id as order_id, 'viatico' as kind${line(
      sql`v.id`,
      sql`v.folio`,
      sql`v.purpose`,
      sql`count(p.id)::numeric`,
    )}, round(sum(p.subtotal), 2) as amount
    from viaticos v join viatico_proofs p on p.viatico_id = v.id
    left join service_orders o on o.id = v.service_order_id
    where v.status <> 'cancelado' and ${of(sql`coalesce(v.contract_id, o.contract_id)`)}
    group by coalesce(v.contract_id, o.contract_id), v.service_order_id, v.id)`;

/**
 * One contract's statements and the report's pages run as named prepared statements (one name per SQL text): on
 * PostgreSQL each pooled connection plans them once, which was a third of a page's time (bench/job-cost.ts).
 */

/** The cost lines of one contract, each naming the document behind it. */
export async function jobCostLines(ex: Executor, contractId: number): Promise<JobCostLineRow[]> {
  const rows = await queryPrepared<JobCostLineRow>(
    ex,
    'job_cost_lines',
    sql`with ${linesCte([contractId], true)}
      select l.contract_id as "contractId", l.order_id as "orderId", so.folio as "orderFolio", l.kind, l.document_id as "documentId", l.folio,
        l.description, l.quantity::text as quantity, l.amount::text as amount
      from lines l left join service_orders so on so.id = l.order_id
      where l.contract_id = ${contractId}
      order by l.kind, so.folio nulls last, l.folio, l.document_id`,
  );
  return rows.map((r) => ({ ...r, contractId: Number(r.contractId), orderId: r.orderId === null ? null : Number(r.orderId), documentId: Number(r.documentId) }));
}

/**
 * The contract's concepts with what was authorised (generadores autorizados or facturados) and invoiced (lines of
 * stamped invoices not cancelled, their amount before discount as the subtotal adds it, rounded per concept) of each.
 */
export async function jobCostConcepts(ex: Executor, contractId: number): Promise<JobCostConceptSource[]> {
  const rows = await queryPrepared<JobCostConceptSource>(
    ex,
    'job_cost_concepts',
    sql`select cc.id as "conceptId", cc.line_no as "lineNo", cc.description, cc.amount::text as contracted,
        coalesce(au.amount, 0)::text as authorized, coalesce(iv.amount, 0)::text as invoiced
      from contract_concepts cc
      left join (
        select gl.concept_id, sum(gl.amount) as amount from generator_lines gl join generators g on g.id = gl.generator_id
        where g.contract_id = ${contractId} and g.status in ('autorizado', 'facturado') group by gl.concept_id
      ) au on au.concept_id = cc.id
      left join (
        select il.concept_id, round(sum(il.amount), 2) as amount from invoice_lines il join invoices i on i.id = il.invoice_id
        where i.contract_id = ${contractId} and i.status in ${LIVE_INVOICE} and i.stamp_status = 'timbrada' and il.concept_id is not null group by il.concept_id
      ) iv on iv.concept_id = cc.id
      where cc.contract_id = ${contractId}
      order by cc.line_no, cc.id`,
  );
  return rows.map((r) => ({ ...r, conceptId: Number(r.conceptId), lineNo: Number(r.lineNo) }));
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
 * One contract's costs by kind and what was billed — generadores authorised (or billed), stamped invoices'
 * subtotals, and what payments applied to those invoices collected; null when the contract does not exist.
 */
export async function jobCostSummary(ex: Executor, contractId: number): Promise<JobCostSummaryRow | null> {
  const [row] = await queryPrepared<JobCostSummaryRow>(ex, 'job_cost_summary', summarySql({ contractId }));
  return row ? { ...row, contractId: Number(row.contractId) } : null;
}

/**
 * A statement over every contract's documents, in a transaction with more memory for its sorts and hashes
 * (work_mem, this transaction only): with the default 4 MB the labour's aggregate (6 MB at 1,000 contracts) spills to disk.
 */
async function acrossContracts<T>(ex: Executor, run: (tx: Executor) => Promise<T>): Promise<T> {
  return ex.transaction(async (tx) => {
    await tx.execute(sql`set local work_mem = '32MB'`);
    return run(tx);
  });
}

export const JOB_COST_SORTS = ['marginPercent', 'margin', 'invoiced', 'cost', 'folio'] as const;
export type JobCostSort = (typeof JOB_COST_SORTS)[number];

/**
 * One page of the report across contracts not cancelled (those whose name or client holds `search`, or whose
 * folio it is), sorted and paged by the database: the figures the sort reads (cost, margin, margin % of what was
 * billed; null while nothing was billed) are computed in SQL over the per-contract sums, with the total in the
 * same statement.
 */
export async function jobCostSummaryPage(
  ex: Executor,
  q: { limit: number; offset: number; search: string | null; sortBy: JobCostSort; desc: boolean },
): Promise<{ rows: JobCostSummaryRow[]; total: number }> {
  const sortColumn: Record<JobCostSort, SQL> = {
    marginPercent: sql`margin_percent`,
    margin: sql`margin`,
    invoiced: sql`invoiced::numeric`,
    cost: sql`cost`,
    folio: sql`folio`,
  };
  type PageRow = JobCostSummaryRow & { total: number; cost: string; margin: string; margin_percent: string | null };
  const rows = await acrossContracts(ex, (tx) =>
    queryPrepared<PageRow>(
      tx,
      `job_cost_page_${q.sortBy}_${q.desc ? 'desc' : 'asc'}${q.search ? '_search' : ''}`,
      sql`select s.*, count(*) over () as total from (
        select b.*, f.cost, b.invoiced::numeric - f.cost as margin,
          case when b.invoiced::numeric > 0 then (b.invoiced::numeric - f.cost) / b.invoiced::numeric end as margin_percent
        from (${summarySql({ search: q.search })}) b
        cross join lateral (select b.labour::numeric + b.materials::numeric + b.expenses::numeric + b.vehicles::numeric + b.viaticos::numeric as cost) f
      ) s
      order by ${sortColumn[q.sortBy]} ${q.desc ? sql`desc nulls last` : sql`asc nulls last`}, folio ${q.desc ? sql`desc` : sql`asc`}
      limit ${q.limit} offset ${q.offset}`,
    ),
  );
  return {
    rows: rows.map(({ total: _t, cost: _c, margin: _m, margin_percent: _p, ...r }) => ({ ...r, contractId: Number(r.contractId) })),
    total: Number(rows[0]?.total ?? 0),
  };
}

/** The per-contract figures of one contract, or of every contract not cancelled that the search finds. */
function summarySql(of: { contractId: number } | { search: string | null }): SQL {
  const contractIds = 'contractId' in of ? [of.contractId] : null;
  const search = 'search' in of && of.search ? of.search : null;
  const p = search ? likePattern(search) : null;
  return sql`with ${linesCte(contractIds, false)},
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
      where ${contractIds ? sql`c.id in ${inList(contractIds)}` : sql`c.status <> 'cancelado'`}${
        p ? sql` and (c.name ilike ${p} or cl.name ilike ${p} or c.folio::text = ${search})` : sql``
      }`;
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
export const underMarginSql = (): SQL => sql`(with ${linesCte(null, false)},
    cost as (select contract_id, sum(amount) as amount from lines group by contract_id),
    invoiced as (select contract_id, sum(subtotal) as amount from invoices where status in ${LIVE_INVOICE} and stamp_status = 'timbrada' and contract_id is not null group by contract_id)
  select count(*)::int from contracts c join invoiced iv on iv.contract_id = c.id and iv.amount > 0
  left join cost k on k.contract_id = c.id
  where c.status <> 'cancelado'
    and (iv.amount - coalesce(k.amount, 0)) * 100 / iv.amount < coalesce((select value::numeric from app_settings where key = ${MARGIN_THRESHOLD_KEY}), ${DEFAULT_MARGIN_THRESHOLD}::numeric))`;
