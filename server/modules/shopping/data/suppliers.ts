// Compras › Proveedores: the supplier catalogue and what the company owes each one.
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from '../../../db/database';
import { likePattern, orderBy, where, type ListQuery } from '../../../lib/list';

export type SupplierRow = {
  id: number;
  rfc: string;
  name: string;
  taxRegime: string;
  postalCode: string;
  contactName: string;
  contactEmail: string;
  contactPhone: string;
  bank: string;
  clabe: string;
  creditDays: number;
  category: string;
  active: boolean;
  /** DIOT tipo de operación: 03, 06 or 85. */
  diotOperation: string;
  payable: string;
  createdAt: Date;
  version: number;
};

export type SupplierValues = Omit<SupplierRow, 'id' | 'payable' | 'createdAt' | 'version' | 'diotOperation'> & { diotOperation?: string };

export const SUPPLIER_SORTS = ['name', 'rfc', 'category', 'creditDays', 'payable', 'createdAt'] as const;
export type SupplierSort = (typeof SUPPLIER_SORTS)[number];

const payableExpr = sql`coalesce((select sum(e.balance) from expenses e where e.supplier_id = s.id and e.status in ('pendiente', 'pagado_parcial')), 0)`;

const supplierSelect = sql`select s.id, s.rfc, s.name, s.tax_regime as "taxRegime", s.postal_code as "postalCode",
    s.contact_name as "contactName", s.contact_email as "contactEmail", s.contact_phone as "contactPhone",
    s.bank, s.clabe, s.credit_days as "creditDays", s.category, s.active, s.diot_operation as "diotOperation", s.created_at as "createdAt", s.version,
    ${payableExpr}::text as payable
  from suppliers s`;

export async function findSupplier(ex: Executor, id: number, opts: { lock?: boolean } = {}): Promise<SupplierRow | null> {
  if (opts.lock) await ex.execute(sql`select id from suppliers where id = ${id} for update`);
  const rows = await queryRows<SupplierRow>(ex, sql`${supplierSelect} where s.id = ${id}`);
  return rows[0] ?? null;
}

export async function listSuppliers(ex: Executor, q: ListQuery<SupplierSort>, filter: { active: boolean | null; category: string | null }) {
  const conds: SQL[] = [];
  if (q.search) {
    const p = likePattern(q.search);
    conds.push(sql`(s.name ilike ${p} or s.rfc ilike ${p} or s.contact_name ilike ${p} or s.category ilike ${p})`);
  }
  if (filter.active !== null) conds.push(sql`s.active = ${filter.active}`);
  if (filter.category) conds.push(sql`s.category = ${filter.category}`);
  const col = {
    name: sql`s.name`,
    rfc: sql`s.rfc`,
    category: sql`s.category`,
    creditDays: sql`s.credit_days`,
    payable: payableExpr,
    createdAt: sql`s.created_at`,
  }[q.sortBy];
  const [items, totals] = await Promise.all([
    queryRows<SupplierRow>(ex, sql`${supplierSelect} ${where(conds)} ${orderBy(col, q.desc, sql`s.id`)} limit ${q.limit} offset ${q.offset}`),
    queryRows<{ n: number }>(ex, sql`select count(*)::int as n from suppliers s ${where(conds)}`),
  ]);
  return { items, total: totals[0].n };
}

export async function supplierRfcTaken(ex: Executor, rfc: string, exceptId?: number): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    ex,
    sql`select id from suppliers where rfc = ${rfc} ${exceptId ? sql`and id <> ${exceptId}` : sql``} limit 1`,
  );
  return rows.length > 0;
}

export async function insertSupplier(ex: Executor, v: SupplierValues): Promise<number> {
  const rows = await queryRows<{ id: number }>(
    ex,
    sql`insert into suppliers (rfc, name, tax_regime, postal_code, contact_name, contact_email, contact_phone, bank, clabe, credit_days, category, active, diot_operation)
        values (${v.rfc}, ${v.name}, ${v.taxRegime}, ${v.postalCode}, ${v.contactName}, ${v.contactEmail}, ${v.contactPhone},
                ${v.bank}, ${v.clabe}, ${v.creditDays}, ${v.category}, ${v.active}, ${v.diotOperation ?? '85'})
        returning id`,
  );
  return rows[0].id;
}

/** Optimistic update: false when the version did not match. */
export async function updateSupplier(ex: Executor, id: number, version: number, v: Partial<SupplierValues>): Promise<boolean> {
  const sets: SQL[] = [];
  const cols: Record<keyof SupplierValues, string> = {
    rfc: 'rfc', name: 'name', taxRegime: 'tax_regime', postalCode: 'postal_code', contactName: 'contact_name',
    contactEmail: 'contact_email', contactPhone: 'contact_phone', bank: 'bank', clabe: 'clabe', creditDays: 'credit_days',
    category: 'category', active: 'active', diotOperation: 'diot_operation',
  };
  for (const [key, value] of Object.entries(v) as [keyof SupplierValues, unknown][]) {
    if (value !== undefined) sets.push(sql`${sql.identifier(cols[key])} = ${value}`);
  }
  const rows = await queryRows<{ id: number }>(
    ex,
    sql`update suppliers set ${sql.join([...sets, sql`version = version + 1`], sql`, `)}
        where id = ${id} and version = ${version} returning id`,
  );
  return rows.length === 1;
}

/** The active supplier whose razón social (any case) or RFC is exactly `name`, lowest id first. */
export async function activeSupplierIdByNameOrRfc(ex: Executor, name: string): Promise<number | null> {
  const rows = await queryRows<{ id: number }>(ex, sql`select id from suppliers where active and (lower(name) = lower(${name}) or rfc = upper(${name})) order by id limit 1`);
  return rows[0]?.id ?? null;
}

export async function supplierOptions(ex: Executor, activeOnly: boolean) {
  return queryRows<{ id: number; name: string; rfc: string; creditDays: number; active: boolean }>(
    ex,
    sql`select id, name, rfc, credit_days as "creditDays", active from suppliers ${activeOnly ? sql`where active` : sql``} order by name, id`,
  );
}

export async function supplierCategories(ex: Executor): Promise<string[]> {
  const rows = await queryRows<{ c: string }>(ex, sql`select distinct category as c from suppliers where category <> '' order by 1`);
  return rows.map((r) => r.c);
}
