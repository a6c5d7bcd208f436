import { describe, expect, it } from 'vitest';
import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { errorCodes, isSessionExpired } from '../../../client/app/apollo/sessionExpiry';

const unauthenticated = new CombinedGraphQLErrors({
  data: null,
  errors: [{ message: 'Tu sesión expiró.', extensions: { code: 'UNAUTHENTICATED' } }],
});
const forbidden = new CombinedGraphQLErrors({
  data: null,
  errors: [{ message: 'Sin permiso.', extensions: { code: 'FORBIDDEN' } }],
});

describe('session expiry detection', () => {
  it('reads the extension codes of GraphQL errors', () => {
    expect(errorCodes(unauthenticated)).toEqual(['UNAUTHENTICATED']);
    expect(errorCodes(new Error('Failed to fetch'))).toEqual([]);
  });

  it('ends the session on UNAUTHENTICATED while a token is held', () => {
    expect(isSessionExpired(unauthenticated, 'Me', true)).toBe(true);
  });

  it('ignores other codes, signed-out requests and failed sign-ins', () => {
    expect(isSessionExpired(forbidden, 'Me', true)).toBe(false);
    expect(isSessionExpired(unauthenticated, 'Me', false)).toBe(false);
    expect(isSessionExpired(unauthenticated, 'Login', true)).toBe(false);
    expect(isSessionExpired(unauthenticated, 'LoginWithFirebase', true)).toBe(false);
  });
});
