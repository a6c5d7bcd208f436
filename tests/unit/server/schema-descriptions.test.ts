// /api/docs is only as good as the SDL's descriptions: every root field carries one (in Spanish).
// Types and their fields are counted, not yet enforced: many still lack one (see the counts
// below); lower the counts, never raise them, and keep KNOWN_ROOT_GAPS empty.
import { isInputObjectType, isInterfaceType, isIntrospectionType, isObjectType, isSpecifiedScalarType } from 'graphql';
import { describe, expect, it } from 'vitest';
import { buildBaseSchema } from '../../../server/graphql/schema';

const schema = buildBaseSchema();
const ROOTS = ['Query', 'Mutation', 'Subscription'];

/** Root fields still without a description: none left; a new root field must come described. */
const KNOWN_ROOT_GAPS: string[] = [];

const rootFields = ROOTS.flatMap((root) => {
  const type = schema.getType(root);
  return type && isObjectType(type) ? Object.values(type.getFields()).map((f) => ({ name: `${root}.${f.name}`, described: !!f.description?.trim() })) : [];
});

describe('SDL descriptions', () => {
  it('every root field has a description (but the known gaps)', () => {
    const missing = rootFields.filter((f) => !f.described && !KNOWN_ROOT_GAPS.includes(f.name)).map((f) => f.name);
    expect(missing).toEqual([]);
  });

  it('the known gaps list only fields that exist and still lack a description', () => {
    const stale = KNOWN_ROOT_GAPS.filter((name) => rootFields.find((f) => f.name === name)?.described !== false);
    expect(stale).toEqual([]);
  });

  it('counts the types and fields still without a description (not enforced yet)', () => {
    let types = 0;
    let fields = 0;
    for (const type of Object.values(schema.getTypeMap())) {
      if (isIntrospectionType(type) || isSpecifiedScalarType(type) || ROOTS.includes(type.name)) continue;
      if (!type.description) types++;
      if (isObjectType(type) || isInterfaceType(type) || isInputObjectType(type)) fields += Object.values(type.getFields()).filter((f) => !f.description).length;
    }
    // Ratchet: these may only go down.
    expect(types).toBeLessThanOrEqual(174);
    expect(fields).toBeLessThanOrEqual(1027);
  });
});
