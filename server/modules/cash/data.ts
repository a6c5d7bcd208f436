// Caja data layer: every SQL statement of the module.
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/database';
import { likePattern, orderBy, where, withinDates, type DateRange, type ListQuery } from '../../lib/list';
import { attachmentJson, type AttachmentRow } from '../../lib/attachments';

export type CashKind = 'ingreso' | 'egreso';

// ---- boxes ---------------------------------------------------------------------

export type CashBoxRow = {
  id: number;
  name: string;
  description: string;
  active: boolean;
  openPeriodId: number | null;
  openPeriodFolio: number | null;
  balance: string | null;
  version: number;
};

const boxSelect = sql`select b.id, b.name, b.description, b.active, p.id as "openPeriodId", p.folio as "openPeriodFolio", p.balance::text as balance, b.version
  from cash_boxes b left join cash_periods p on p.cash_box_id = b.id and p.status = 'abierto'`;

/** Every box (or only the active ones) with its open period, by id. */
export async function cashBoxes(ex: Executor, opts: { activeOnly?: boolean } = {}): Promise<CashBoxRow[]> {
  return queryRows<CashBoxRow>(ex, sql`${boxSelect} ${opts.activeOnly ? sql`where b.active` : sql``} order by b.id`);
}

export async function findCashBoxDetail(ex: Executor, id: number): Promise<CashBoxRow | null> {
  const rows = await queryRows<CashBoxRow>(ex, sql`${boxSelect} where b.id = ${id}`);
  return rows[0] ?? null;
}

export async function cashBoxNameTaken(ex: Executor, name: string, exceptId?: number): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(ex, sql`select id from cash_boxes where lower(name) = lower(${name}) ${exceptId ? sql`and id <> ${exceptId}` : sql``} limit 1`);
  return rows.length > 0;
}

export async function insertCashBox(ex: Executor, v: { name: string; description: string; active: boolean }): Promise<number> {
  const rows = await queryRows<{ id: number }>(ex, sql`insert into cash_boxes (name, description, active) values (${v.name}, ${v.description}, ${v.active}) returning id`);
  return rows[0].id;
}

export async function updateCashBox(ex: Executor, id: number, version: number, v: { name: string; description: string; active: boolean }): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    ex,
    sql`update cash_boxes set name = ${v.name}, description = ${v.description}, active = ${v.active}, version = version + 1
        where id = ${id} and version = ${version} returning id`,
  );
  return rows.length === 1;
}

/** Locks every box row (a handful): deactivating one must see the others' `active` as they stay. */
export async function lockCashBoxes(ex: Executor): Promise<void> {
  await ex.execute(sql`select id from cash_boxes order by id for update`);
}

export async function activeCashBoxCount(ex: Executor): Promise<number> {
  const rows = await queryRows<{ n: number }>(ex, sql`select count(*)::int as n from cash_boxes where active`);
  return rows[0].n;
}

export async function defaultCashBoxId(ex: Executor): Promise<number | null> {
  const rows = await queryRows<{ id: number }>(ex, sql`select id from cash_boxes where active order by id limit 1`);
  return rows[0]?.id ?? null;
}

export async function findCashBox(ex: Executor, id: number, opts: { lock?: boolean } = {}) {
  if (opts.lock) await ex.execute(sql`select id from cash_boxes where id = ${id} for update`);
  const rows = await queryRows<{ id: number; name: string; active: boolean }>(ex, sql`select id, name, active from cash_boxes where id = ${id}`);
  return rows[0] ?? null;
}

export type CashBoxOptionRow = { id: number; name: string; openPeriodId: number | null; balance: string | null };

/** Active boxes with the cash of their open period (null without one), for other modules' pickers. */
export async function cashBoxOptions(ex: Executor): Promise<CashBoxOptionRow[]> {
  return queryRows<CashBoxOptionRow>(
    ex,
    sql`select b.id, b.name, p.id as "openPeriodId", p.balance::text as balance
        from cash_boxes b left join cash_periods p on p.cash_box_id = b.id and p.status = 'abierto'
        where b.active order by b.id`,
  );
}

// ---- concepts --------------------------------------------------------------------

export type ConceptRow = { id: number; name: string; kind: CashKind; active: boolean; systemKey: string | null; version: number };

/** The system concepts other modules post under (migration 0051). */
export type SystemConceptKey = 'viaticos_egreso' | 'viaticos_ingreso';

const conceptColumns = sql`id, name, kind, active, system_key as "systemKey", version`;

export const CONCEPT_SORTS = ['name', 'kind'] as const;
export type ConceptSort = (typeof CONCEPT_SORTS)[number];

export async function findConcept(ex: Executor, id: number): Promise<ConceptRow | null> {
  const rows = await queryRows<ConceptRow>(ex, sql`select ${conceptColumns} from cash_concepts where id = ${id}`);
  return rows[0] ?? null;
}

export async function findSystemConcept(ex: Executor, key: SystemConceptKey): Promise<ConceptRow | null> {
  const rows = await queryRows<ConceptRow>(ex, sql`select ${conceptColumns} from cash_concepts where system_key = ${key}`);
  return rows[0] ?? null;
}

export async function listConcepts(ex: Executor, q: ListQuery<ConceptSort>, f: { kind: string | null; active: boolean | null }) {
  const conds: SQL[] = [];
  if (q.search) conds.push(sql`name ilike ${likePattern(q.search)}`);
  if (f.kind) conds.push(sql`kind = ${f.kind}`);
  if (f.active !== null) conds.push(sql`active = ${f.active}`);
  const col = { name: sql`name`, kind: sql`kind` }[q.sortBy];
  const [items, totals] = await Promise.all([
    queryRows<ConceptRow>(ex, sql`select ${conceptColumns} from cash_concepts ${where(conds)} ${orderBy(col, q.desc, sql`id`)} limit ${q.limit} offset ${q.offset}`),
    queryRows<{ n: number }>(ex, sql`select count(*)::int as n from cash_concepts ${where(conds)}`),
  ]);
  return { items, total: totals[0].n };
}

/** Active concepts a cashier may pick: the system ones are posted only by their documents. */
export async function conceptOptions(ex: Executor, kind: string | null) {
  return queryRows<ConceptRow>(
    ex,
    sql`select ${conceptColumns} from cash_concepts where active and system_key is null ${kind ? sql`and kind = ${kind}` : sql``} order by kind desc, name`,
  );
}

export async function conceptNameTaken(ex: Executor, name: string, kind: string, exceptId?: number): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    ex,
    sql`select id from cash_concepts where lower(name) = lower(${name}) and kind = ${kind} ${exceptId ? sql`and id <> ${exceptId}` : sql``} limit 1`,
  );
  return rows.length > 0;
}

export async function insertConcept(ex: Executor, v: { name: string; kind: string; active: boolean }): Promise<number> {
  const rows = await queryRows<{ id: number }>(ex, sql`insert into cash_concepts (name, kind, active) values (${v.name}, ${v.kind}, ${v.active}) returning id`);
  return rows[0].id;
}

export async function updateConcept(ex: Executor, id: number, version: number, v: { name: string; kind: string; active: boolean }): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    ex,
    sql`update cash_concepts set name = ${v.name}, kind = ${v.kind}, active = ${v.active}, version = version + 1
        where id = ${id} and version = ${version} returning id`,
  );
  return rows.length === 1;
}

export async function conceptInUse(ex: Executor, id: number): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(ex, sql`select id from cash_movements where concept_id = ${id} limit 1`);
  return rows.length > 0;
}

// ---- periods ---------------------------------------------------------------------

export type CashPeriodRow = {
  id: number;
  folio: number;
  cashBoxId: number;
  cashBoxName: string;
  status: 'abierto' | 'cerrado';
  openedOn: string;
  openedByName: string | null;
  openingBalance: string;
  income: string;
  expense: string;
  balance: string;
  notes: string;
  closedOn: string | null;
  closedAt: Date | null;
  closedByName: string | null;
  countDetail: { value: string; count: number; amount: string }[] | null;
  countedTotal: string | null;
  difference: string | null;
  differenceReason: string | null;
  movementCount: number;
  version: number;
};

const periodSelect = sql`select p.id, p.folio, p.cash_box_id as "cashBoxId", b.name as "cashBoxName", p.status, p.opened_on::text as "openedOn",
    ou.name as "openedByName", p.opening_balance::text as "openingBalance", p.income::text as income, p.expense::text as expense,
    p.balance::text as balance, p.notes, p.closed_on::text as "closedOn", p.closed_at as "closedAt", cu.name as "closedByName",
    p.count_detail as "countDetail", p.counted_total::text as "countedTotal", p.difference::text as difference,
    p.difference_reason as "differenceReason", (select count(*) from cash_movements m where m.period_id = p.id)::int as "movementCount", p.version
  from cash_periods p join cash_boxes b on b.id = p.cash_box_id
  left join users ou on ou.id = p.opened_by left join users cu on cu.id = p.closed_by`;

export const PERIOD_SORTS = ['folio', 'openedOn', 'closedOn', 'status'] as const;
export type PeriodSort = (typeof PERIOD_SORTS)[number];

export async function findPeriod(ex: Executor, id: number): Promise<CashPeriodRow | null> {
  const rows = await queryRows<CashPeriodRow>(ex, sql`${periodSelect} where p.id = ${id}`);
  return rows[0] ?? null;
}

export async function openPeriodOf(ex: Executor, cashBoxId: number, opts: { lock?: boolean } = {}): Promise<CashPeriodRow | null> {
  if (opts.lock) await ex.execute(sql`select id from cash_periods where cash_box_id = ${cashBoxId} and status = 'abierto' for update`);
  const rows = await queryRows<CashPeriodRow>(ex, sql`${periodSelect} where p.cash_box_id = ${cashBoxId} and p.status = 'abierto'`);
  return rows[0] ?? null;
}

export async function lastClosedPeriod(ex: Executor, cashBoxId: number): Promise<CashPeriodRow | null> {
  const rows = await queryRows<CashPeriodRow>(ex, sql`${periodSelect} where p.cash_box_id = ${cashBoxId} and p.status = 'cerrado' order by p.closed_at desc, p.id desc limit 1`);
  return rows[0] ?? null;
}

export async function listPeriods(ex: Executor, q: ListQuery<PeriodSort>, f: { cashBoxId: number | null; status: string | null; range: DateRange }) {
  const conds: SQL[] = [];
  if (q.search) conds.push(sql`(p.folio::text = ${q.search} or p.notes ilike ${likePattern(q.search)} or p.difference_reason ilike ${likePattern(q.search)})`);
  if (f.cashBoxId) conds.push(sql`p.cash_box_id = ${f.cashBoxId}`);
  if (f.status) conds.push(sql`p.status = ${f.status}`);
  conds.push(...withinDates(sql`p.opened_on`, f.range));
  const col = { folio: sql`p.folio`, openedOn: sql`p.opened_on`, closedOn: sql`p.closed_on`, status: sql`p.status` }[q.sortBy];
  const [items, totals] = await Promise.all([
    queryRows<CashPeriodRow>(ex, sql`${periodSelect} ${where(conds)} ${orderBy(col, q.desc, sql`p.id`)} limit ${q.limit} offset ${q.offset}`),
    queryRows<{ n: number }>(ex, sql`select count(*)::int as n from cash_periods p ${where(conds)}`),
  ]);
  return { items, total: totals[0].n };
}

export async function insertPeriod(ex: Executor, v: { folio: number; cashBoxId: number; openedOn: string; openedBy: number | null; openingBalance: string; notes: string }): Promise<number> {
  const rows = await queryRows<{ id: number }>(
    ex,
    sql`insert into cash_periods (folio, cash_box_id, status, opened_on, opened_by, opening_balance, balance, notes)
        values (${v.folio}, ${v.cashBoxId}, 'abierto', ${v.openedOn}, ${v.openedBy}, ${v.openingBalance}, ${v.openingBalance}, ${v.notes}) returning id`,
  );
  return rows[0].id;
}

export async function lockPeriod(ex: Executor, id: number): Promise<void> {
  await ex.execute(sql`select id from cash_periods where id = ${id} for update`);
}

export async function setPeriodFigures(ex: Executor, id: number, v: { income: string; expense: string; balance: string }): Promise<void> {
  await ex.execute(sql`update cash_periods set income = ${v.income}, expense = ${v.expense}, balance = ${v.balance} where id = ${id}`);
}

export async function closePeriod(
  ex: Executor,
  id: number,
  version: number,
  v: { closedOn: string; closedBy: number | null; countDetail: unknown; countedTotal: string; difference: string; differenceReason: string | null },
): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    ex,
    sql`update cash_periods set status = 'cerrado', closed_on = ${v.closedOn}, closed_at = now(), closed_by = ${v.closedBy},
          count_detail = ${JSON.stringify(v.countDetail)}::jsonb, counted_total = ${v.countedTotal}, difference = ${v.difference},
          difference_reason = ${v.differenceReason}, version = version + 1
        where id = ${id} and version = ${version} and status = 'abierto' returning id`,
  );
  return rows.length === 1;
}

export async function lastMovementDate(ex: Executor, periodId: number): Promise<string | null> {
  const rows = await queryRows<{ d: string | null }>(ex, sql`select max(date)::text as d from cash_movements where period_id = ${periodId}`);
  return rows[0]?.d ?? null;
}

// ---- movements -------------------------------------------------------------------------

export type CashMovementRow = {
  id: number;
  folio: number;
  periodId: number;
  periodFolio: number;
  periodStatus: 'abierto' | 'cerrado';
  cashBoxId: number;
  date: string;
  conceptId: number;
  conceptName: string;
  kind: CashKind;
  amount: string;
  balanceAfter: string;
  description: string;
  reference: string;
  status: 'vigente' | 'cancelado';
  reversalOf: number | null;
  reversalOfFolio: number | null;
  reversedBy: number | null;
  cancelReason: string | null;
  receiptUploadId: string | null;
  receipt: AttachmentRow | null;
  sourceEntity: string | null;
  sourceId: number | null;
  createdByName: string | null;
  createdAt: Date;
};

const movementSelect = sql`select m.id, m.folio, m.period_id as "periodId", p.folio as "periodFolio", p.status as "periodStatus",
    m.cash_box_id as "cashBoxId", m.date::text as date, m.concept_id as "conceptId", c.name as "conceptName", m.kind,
    m.amount::text as amount, m.balance_after::text as "balanceAfter", m.description, m.reference, m.status,
    m.reversal_of as "reversalOf", r.folio as "reversalOfFolio", m.reversed_by as "reversedBy", m.cancel_reason as "cancelReason",
    m.receipt_upload_id as "receiptUploadId", ${attachmentJson('f')} as receipt, m.source_entity as "sourceEntity", m.source_id as "sourceId",
    u.name as "createdByName", m.created_at as "createdAt"
  from cash_movements m
  join cash_periods p on p.id = m.period_id
  join cash_concepts c on c.id = m.concept_id
  left join cash_movements r on r.id = m.reversal_of
  left join users u on u.id = m.created_by
  left join uploads f on f.id = m.receipt_upload_id`;

export const MOVEMENT_SORTS = ['folio', 'date', 'concept', 'kind', 'amount', 'status'] as const;
export type MovementSort = (typeof MOVEMENT_SORTS)[number];

export async function findMovement(ex: Executor, id: number, opts: { lock?: boolean } = {}): Promise<CashMovementRow | null> {
  if (opts.lock) await ex.execute(sql`select id from cash_movements where id = ${id} for update`);
  const rows = await queryRows<CashMovementRow>(ex, sql`${movementSelect} where m.id = ${id}`);
  return rows[0] ?? null;
}

export async function listMovements(ex: Executor, q: ListQuery<MovementSort>, f: { periodId: number | null; kind: string | null; conceptId: number | null; status: string | null; range: DateRange }) {
  const conds: SQL[] = [];
  if (q.search) {
    const p = likePattern(q.search);
    conds.push(sql`(m.description ilike ${p} or m.reference ilike ${p} or c.name ilike ${p} or m.folio::text = ${q.search})`);
  }
  if (f.periodId) conds.push(sql`m.period_id = ${f.periodId}`);
  if (f.kind) conds.push(sql`m.kind = ${f.kind}`);
  if (f.conceptId) conds.push(sql`m.concept_id = ${f.conceptId}`);
  if (f.status) conds.push(sql`m.status = ${f.status}`);
  conds.push(...withinDates(sql`m.date`, f.range));
  const col = { folio: sql`m.folio`, date: sql`m.date`, concept: sql`c.name`, kind: sql`m.kind`, amount: sql`m.amount`, status: sql`m.status` }[q.sortBy];
  const [items, totals] = await Promise.all([
    queryRows<CashMovementRow>(ex, sql`${movementSelect} ${where(conds)} ${orderBy(col, q.desc, sql`m.id`)} limit ${q.limit} offset ${q.offset}`),
    // The concept join only serves a search by its name (every movement has one).
    queryRows<{ n: number }>(ex, sql`select count(*)::int as n from cash_movements m ${q.search ? sql`join cash_concepts c on c.id = m.concept_id` : sql``} ${where(conds)}`),
  ]);
  return { items, total: totals[0].n };
}

export async function insertMovement(
  ex: Executor,
  v: {
    folio: number;
    periodId: number;
    cashBoxId: number;
    date: string;
    conceptId: number;
    kind: CashKind;
    amount: string;
    description: string;
    reference: string;
    balanceAfter: string;
    reversalOf: number | null;
    createdBy: number | null;
    sourceEntity?: string | null;
    sourceId?: number | null;
  },
): Promise<number> {
  const rows = await queryRows<{ id: number }>(
    ex,
    sql`insert into cash_movements (folio, period_id, cash_box_id, date, concept_id, kind, amount, description, reference, balance_after, reversal_of, created_by, source_entity, source_id)
        values (${v.folio}, ${v.periodId}, ${v.cashBoxId}, ${v.date}, ${v.conceptId}, ${v.kind}, ${v.amount}, ${v.description}, ${v.reference},
                ${v.balanceAfter}, ${v.reversalOf}, ${v.createdBy}, ${v.sourceEntity ?? null}, ${v.sourceId ?? null}) returning id`,
  );
  return rows[0].id;
}

export async function markMovementCancelled(ex: Executor, id: number, reversedBy: number, reason: string): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    ex,
    sql`update cash_movements set status = 'cancelado', reversed_by = ${reversedBy}, cancel_reason = ${reason}
        where id = ${id} and status = 'vigente' and reversal_of is null returning id`,
  );
  return rows.length === 1;
}

export async function setReceipt(ex: Executor, id: number, uploadId: string): Promise<void> {
  await ex.execute(sql`update cash_movements set receipt_upload_id = ${uploadId} where id = ${id}`);
}

// ---- what Caja contributes to the platform (./contributions) ------------------

export type OpenCashPeriodRow = { id: number; folio: number; cashBoxId: number; cashBoxName: string; openedOn: string; balance: string };

/** Tablero: the open periods with their box and balance, as a json array. */
export const openCashPeriodsSql = (): SQL =>
  sql`(select coalesce(json_agg(json_build_object('id', p.id, 'folio', p.folio, 'cashBoxId', p.cash_box_id, 'cashBoxName', b.name, 'openedOn', p.opened_on::text, 'balance', p.balance::text)
                                order by b.name, p.id), '[]')
       from cash_periods p join cash_boxes b on b.id = p.cash_box_id where p.status = 'abierto')`;

/** The folio or name parts of Caja's audited records (labels in ./contributions). */
export const referenceParts = {
  cash_period: (id: SQL) => sql`(select json_build_object('folio', x.folio, 'name', b.name) from cash_periods x join cash_boxes b on b.id = x.cash_box_id where x.id = ${id})`,
  cash_movement: (id: SQL) => sql`(select json_build_object('folio', x.folio, 'name', x.description) from cash_movements x where x.id = ${id})`,
};
