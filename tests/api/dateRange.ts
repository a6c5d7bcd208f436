// The date range every dated list takes (filter.from / filter.to, or Ventas'
// dateFrom / dateTo), checked the same way on each: rows of the list's own
// data on both boundary days are in, rows a day outside are out (exact ids,
// and the count query agrees), and an inverted range is BAD_USER_INPUT on the
// end field with the Spanish message. A file calls it with its own server.
import { expect } from 'vitest';
import type { TestServer } from './harness';

export type DateRangeCase = {
  /** Root field of the list query (`cashMovements`). */
  field: string;
  /** GraphQL type of its filter argument (`CashMovementFilter`). */
  filterType: string;
  /** The row's calendar date field (`date`, `openedOn`…). */
  dateField: string;
  keys?: { from: string; to: string };
  /** Filter values that stay on (a period, a status) so the rows are the caller's. */
  baseFilter?: Record<string, unknown>;
};

export async function checkDateRange(s: TestServer, token: string, c: DateRangeCase) {
  const keys = c.keys ?? { from: 'from', to: 'to' };
  const query = `query($f:${c.filterType}){ ${c.field}(list:{page:1,pageSize:200}, filter:$f){ total items { id ${c.dateField} } } }`;
  const run = (range: Record<string, string>) => s.gql(query, { f: { ...c.baseFilter, ...range } }, token);
  const all = await run({});
  expect(all.errors).toBeUndefined();
  const listed = all.data![c.field].items as Record<string, string | null>[];
  expect(all.data![c.field].total).toBe(listed.length);
  // A row without the date (a vehicle with no acquisition date) is outside every range.
  const rows = listed.filter((r) => r[c.dateField]).map((r) => ({ id: r.id!, date: r[c.dateField]!.slice(0, 10) }));
  const days = [...new Set(rows.map((r) => r.date))].sort();
  // A day before the range and a day after it must have rows, or the boundaries prove nothing.
  expect(days.length).toBeGreaterThanOrEqual(3);
  const from = days[1];
  const to = days[days.length - 2];
  const expected = rows.filter((r) => r.date >= from && r.date <= to).map((r) => r.id).sort();

  const within = await run({ [keys.from]: from, [keys.to]: to });
  expect(within.errors).toBeUndefined();
  const got = (within.data![c.field].items as { id: string }[]).map((r) => r.id).sort();
  expect(got).toEqual(expected);
  expect(within.data![c.field].total).toBe(expected.length);
  // Both boundary days are in; the days just outside are out.
  expect(got).toEqual(expect.arrayContaining(rows.filter((r) => r.date === from || r.date === to).map((r) => r.id)));
  expect(got).not.toEqual(expect.arrayContaining([rows.find((r) => r.date === days[0])!.id]));
  expect(got).not.toEqual(expect.arrayContaining([rows.find((r) => r.date === days[days.length - 1])!.id]));

  // One open end at a time.
  const since = await run({ [keys.from]: from });
  expect((since.data![c.field].items as { id: string }[]).map((r) => r.id).sort()).toEqual(rows.filter((r) => r.date >= from).map((r) => r.id).sort());
  const until = await run({ [keys.to]: to });
  expect((until.data![c.field].items as { id: string }[]).map((r) => r.id).sort()).toEqual(rows.filter((r) => r.date <= to).map((r) => r.id).sort());

  const inverted = await run({ [keys.from]: days[days.length - 1], [keys.to]: days[0] });
  expect(inverted.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
  expect(inverted.errors?.[0].extensions?.fields).toEqual({ [`filter.${keys.to}`]: 'La fecha final no puede ser anterior a la inicial.' });
  return { from, to, inside: expected.length, total: listed.length };
}
