// What the API tests read out of an answer: the data of one that must succeed, the Spanish field
// messages of a BAD_USER_INPUT, the message of a CONFLICT. One copy for every API file.
import { expect } from 'vitest';
import type { GqlResult } from './harness';

/** The data of an answer that must carry no error (the errors, whole, in the failure). */
export function okData<T = Record<string, any>>(r: GqlResult<T>): T {
  expect(r.errors, JSON.stringify(r.errors)).toBeUndefined();
  return r.data as T;
}

/** The per-field Spanish messages of a BAD_USER_INPUT answer; any other answer fails the test. */
export function fieldsOf(r: GqlResult): Record<string, string> {
  expect(r.errors?.[0]?.extensions?.code, JSON.stringify(r.errors)).toBe('BAD_USER_INPUT');
  return r.errors![0].extensions!.fields ?? {};
}

/** The message of a CONFLICT answer; any other answer fails the test. */
export function conflictMessage(r: GqlResult): string {
  expect(r.errors?.[0]?.extensions?.code, JSON.stringify(r.errors)).toBe('CONFLICT');
  return r.errors![0].message;
}
