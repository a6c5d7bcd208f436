// When does a GraphQL error mean "your session is over"? Kept pure for tests:
// the error link only acts on it.
import { CombinedGraphQLErrors, ServerError } from '@apollo/client/errors';

/** Operations that run without a session; their UNAUTHENTICATED is a wrong password, not an expiry. */
export const SIGN_IN_OPERATIONS: ReadonlySet<string> = new Set(['Login', 'LoginWithFirebase', 'AuthConfig']);

export function errorCodes(error: unknown): string[] {
  if (CombinedGraphQLErrors.is(error)) {
    return error.errors
      .map((e) => e.extensions?.code)
      .filter((code): code is string => typeof code === 'string');
  }
  if (ServerError.is(error) && error.statusCode === 401) return ['UNAUTHENTICATED'];
  return [];
}

export function isSessionExpired(error: unknown, operationName: string | undefined, hadToken: boolean): boolean {
  if (!hadToken) return false;
  if (operationName && SIGN_IN_OPERATIONS.has(operationName)) return false;
  return errorCodes(error).includes('UNAUTHENTICATED');
}
