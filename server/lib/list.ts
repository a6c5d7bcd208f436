// The list contract: page from 1, pageSize up to 200, whitelisted sort keys.
import { sql, type SQL } from 'drizzle-orm';
import { dateRangeError, type DateRange } from '../../schema/dates';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../../schema/lists';
import { queryRows, type Executor } from '../db/database';
import { badInput } from './errors';

export type { DateRange };

export type ListInput = {
  page?: number | null;
  pageSize?: number | null;
  search?: string | null;
  sortBy?: string | null;
  sortDirection?: 'ASC' | 'DESC' | null;
};

export type ListQuery<S extends string> = {
  limit: number;
  offset: number;
  search: string | null;
  sortBy: S;
  desc: boolean;
};

export function readList<S extends string>(input: ListInput | null | undefined, sortable: readonly S[], fallback: S): ListQuery<S> {
  const page = input?.page ?? 1;
  const pageSize = input?.pageSize ?? DEFAULT_PAGE_SIZE;
  const fields: Record<string, string> = {};
  if (!Number.isInteger(page) || page < 1) fields['list.page'] = 'La página debe ser 1 o mayor.';
  if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > MAX_PAGE_SIZE)
    fields['list.pageSize'] = `El tamaño de página debe estar entre 1 y ${MAX_PAGE_SIZE}.`;
  const sortBy = (input?.sortBy ?? fallback) as S;
  if (!sortable.includes(sortBy)) fields['list.sortBy'] = 'No se puede ordenar por ese campo.';
  const search = input?.search?.trim() ?? '';
  if (search.length > 200) fields['list.search'] = 'La búsqueda admite máximo 200 caracteres.';
  if (Object.keys(fields).length) throw badInput(fields);
  return {
    limit: pageSize,
    offset: (page - 1) * pageSize,
    search: search || null,
    sortBy,
    desc: input?.sortDirection === 'DESC',
  };
}

/** Escape LIKE wildcards so a search for "50%" means the text "50%". */
export const likePattern = (search: string): string => `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * A list filter's date range, checked with the rule the SPA shares
 * (schema/dates.ts): `to` before `from` is BAD_USER_INPUT on `filter.<to key>`.
 * Pass the filter's own key names (`dateFrom`/`dateTo` in Ventas).
 */
export function readDateRange(
  filter: Record<string, unknown> | null | undefined,
  keys: { from: string; to: string } = { from: 'from', to: 'to' },
): DateRange {
  const from = (filter?.[keys.from] as string | null | undefined) || null;
  const to = (filter?.[keys.to] as string | null | undefined) || null;
  const error = dateRangeError(from, to);
  if (error) throw badInput({ [`filter.${keys[error.end]}`]: error.message });
  return { from, to };
}

/** SQL conditions keeping rows whose calendar-date `column` is within the range, both days included. */
export function withinDates(column: SQL, range: DateRange): SQL[] {
  const conds: SQL[] = [];
  if (range.from) conds.push(sql`${column} >= ${range.from}::date`);
  if (range.to) conds.push(sql`${column} <= ${range.to}::date`);
  return conds;
}

/** `where a and b …` of a list's conditions, or nothing when there are none. */
export const where = (conds: SQL[]): SQL => (conds.length ? sql`where ${sql.join(conds, sql` and `)}` : sql``);

/**
 * The ORDER BY of a list: the chosen column (blanks first going up, last
 * going down), then `tie` in the same direction, so rows with equal values
 * keep one order and pages never overlap. For a list to read its page in
 * order instead of sorting every row, the column needs an index declared as
 * `(column NULLS FIRST, id)` (read backwards for the descending sort): a
 * plain `(column)` index keeps NULLs last, and PostgreSQL does not use it for
 * this order even on a NOT NULL column.
 */
export const orderBy = (column: SQL, desc: boolean, tie: SQL): SQL =>
  desc ? sql`order by ${column} desc nulls last, ${tie} desc` : sql`order by ${column} asc nulls first, ${tie} asc`;

/**
 * One page of a list and its total, sent together. `countFrom` is the FROM of
 * the total when it can be lighter than the page's: the list's own table when
 * the conditions read no joined table (each join being to a NOT NULL foreign
 * key, or a left join to a primary key, it cannot change the count and only
 * costs a pass over the joined rows).
 */
export async function listPage<T>(
  ex: Executor,
  select: SQL,
  from: SQL,
  conds: SQL[],
  order: SQL,
  q: { limit: number; offset: number },
  countFrom: SQL = from,
): Promise<{ items: T[]; total: number }> {
  const [items, totals] = await Promise.all([
    queryRows<T>(ex, sql`${select} ${from} ${where(conds)} ${order} limit ${q.limit} offset ${q.offset}`),
    queryRows<{ n: number }>(ex, sql`select count(*)::int as n ${countFrom} ${where(conds)}`),
  ]);
  return { items, total: Number(totals[0].n) };
}
