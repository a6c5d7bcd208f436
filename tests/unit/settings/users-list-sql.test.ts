// The users list reads no password hash: not as it opens (the prepared, unfiltered page) and not
// searched or filtered. The SQL is caught with drizzle's logger on a database with no connection.
import { drizzle } from 'drizzle-orm/node-postgres';
import { describe, expect, it } from 'vitest';
import type { Executor } from '../../../server/db/database';
import * as schema from '../../../server/db/schema';
import { readList } from '../../../server/lib/list';
import { listUsers, USER_SORTS } from '../../../server/modules/settings/data';

async function issuedBy(list: Record<string, unknown>, filter: { roleId: number | null; active: boolean | null }): Promise<{ text: string; params: unknown[] }[]> {
  const issued: { text: string; params: unknown[] }[] = [];
  const mock = drizzle.mock({ schema, logger: { logQuery: (text, params) => issued.push({ text, params }) } });
  await listUsers(mock as unknown as Executor, readList(list, USER_SORTS, 'name'), filter).catch(() => undefined);
  return issued;
}
const statementsOf = async (list: Record<string, unknown>, filter: { roleId: number | null; active: boolean | null }): Promise<string[]> =>
  (await issuedBy(list, filter)).map((s) => s.text);
const NO_FILTER = { roleId: null, active: null };

describe('users list SQL', () => {
  it('selects the listed columns and never password_hash, opened, searched or filtered', async () => {
    const opened = await statementsOf({ page: 1, pageSize: 50, sortBy: 'name' }, { roleId: null, active: null });
    const searched = await statementsOf({ page: 2, pageSize: 20, search: 'ana', sortBy: 'email' }, { roleId: 3, active: true });
    // As it opens, the page carries its total (the kept row count) in the same statement; searched or
    // filtered, the page and a count of the matches.
    expect(opened).toHaveLength(1);
    expect(opened[0]).toContain('(select "row_counts"."n" from "row_counts" where "row_counts"."table_name" = \'users\')');
    expect(searched).toHaveLength(2);
    expect(searched[1]).toMatch(/^select count\(\*\) from "users" where/);
    for (const statements of [opened, searched]) {
      expect(statements[0]).toContain('"users"."last_sign_in_at"');
      expect(statements[0]).toContain('"roles"."name"');
      expect(statements.join('\n')).not.toContain('password_hash');
    }
  });

  it('writes the size of a first page the screens offer into its statement, and binds any other page', async () => {
    // Without parameters PostgreSQL plans the statement once per connection; with LIMIT and OFFSET
    // bound it plans it on every run (its generic plan assumes a tenth of the table is wanted).
    const [first] = await issuedBy({ page: 1, pageSize: 50, sortBy: 'email', sortDirection: 'DESC' }, NO_FILTER);
    expect(first.params).toEqual([]);
    expect(first.text).toMatch(/ order by "users"\."email" desc, "users"\."id" asc limit 50$/);
    const [second] = await issuedBy({ page: 2, pageSize: 50, sortBy: 'email', sortDirection: 'DESC' }, NO_FILTER);
    expect(second.params).toEqual([50, 50]);
    expect(second.text).toBe(first.text.replace(/limit 50$/, 'limit $1 offset $2'));
    // A size no screen offers (schema/lists.ts) would be one more statement per connection: bound instead.
    const [odd] = await issuedBy({ page: 1, pageSize: 7, sortBy: 'email', sortDirection: 'DESC' }, NO_FILTER);
    expect(odd).toEqual({ text: second.text, params: [7, 0] });
  });
});
