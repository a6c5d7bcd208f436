// One place turning a failed sign-in into the Spanish text to show: Firebase
// errors carry their own Spanish message; server errors are read with the
// shared GraphQL error reader (the server's message is already Spanish).
import { readGraphQLError } from '../../../components/graphqlErrors';

export function signInErrorMessage(error: unknown): string {
  // Checked by name so this file doesn't pull the Firebase SDK into the bundle.
  if (error instanceof Error && error.name === 'FirebaseSignInError') return error.message;
  return readGraphQLError(error)?.message ?? 'No se pudo iniciar sesión.';
}
