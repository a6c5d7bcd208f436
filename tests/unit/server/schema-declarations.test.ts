import { describe, expect, it } from 'vitest';
import { MODULE_CATALOG } from '../../../schema/catalog';
import { rootFieldAccess } from '../../../server/graphql/permissions';
import { buildBaseSchema } from '../../../server/graphql/schema';

const fields = rootFieldAccess(buildBaseSchema());

describe('every root field declares who may call it', () => {
  it('has exactly one of @public, @authenticated or @can', () => {
    const missing = fields.filter((f) => f.access === null).map((f) => `${f.type}.${f.field}`);
    expect(missing).toEqual([]);
  });

  it('names a real module-submodule subject and a permission that submodule offers', () => {
    const offered = new Map<string, string[]>();
    for (const m of MODULE_CATALOG) for (const s of m.submodules) offered.set(`${m.name}-${s.name}`, s.permissions);
    const wrong = fields
      .filter((f) => f.access?.kind === 'can')
      .filter((f) => {
        const a = f.access as { action: string; subject: string };
        return !offered.get(a.subject)?.includes(a.action);
      })
      .map((f) => `${f.type}.${f.field}`);
    expect(wrong).toEqual([]);
  });

  it('keeps public fields to the sign-in surface', () => {
    const pub = fields.filter((f) => f.access?.kind === 'public').map((f) => `${f.type}.${f.field}`).sort();
    expect(pub).toEqual(['Mutation._noop', 'Mutation.login', 'Mutation.loginWithFirebase', 'Query.authConfig', 'Query.ping', 'Subscription._noop']);
  });
});
