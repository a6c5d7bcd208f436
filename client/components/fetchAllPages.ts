// Exports need every matching row, not just the page on screen: ask the
// server page by page at the largest size it allows.
import { MAX_PAGE_SIZE } from './listParams';

export type PageResult<T> = { items: readonly T[]; total: number };

export async function fetchAllPages<T>(
  fetchPage: (page: number, pageSize: number) => Promise<PageResult<T>>,
  pageSize: number = MAX_PAGE_SIZE,
): Promise<T[]> {
  const rows: T[] = [];
  for (let page = 1; ; page += 1) {
    const { items, total } = await fetchPage(page, pageSize);
    rows.push(...items);
    // A short page also ends it: rows deleted meanwhile shrink the total.
    if (rows.length >= total || items.length < pageSize) return rows;
  }
}
