// The users list reads no password hash: not as it opens (the prepared, unfiltered page) and not
// searched or filtered. The SQL is caught with drizzle's logger on a database with no connection.
import { drizzle } from 'drizzle-orm/node-postgres';
import { describe, expect, it } from 'vitest';
import type { Executor } from '../../../server/db/database';
import * as schema from '../../../server/db/schema';
import { readList } from '../../../server/lib/list';
import { listUsers, USER_SORTS } from '../../../server/modules/settings/data';

async function statementsOf(list: Record<string, unknown>, filter: { roleId: number | null; active: boolean | null }): Promise<string[]> {
  const issued: string[] = [];
  const mock = drizzle.mock({ schema, logger: { logQuery: (text) => issued.push(text) } });
  await listUsers(mock as unknown as Executor, readList(list, USER_SORTS, 'name'), filter).catch(() => undefined);
  return issued;
}

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
});
