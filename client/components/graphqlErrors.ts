// Reads whatever Apollo Client 4 hands a screen as `error` into one shape the
// UI can act on: a code (the server's `extensions.code` contract), a Spanish
// message to show, and the per-field messages of BAD_USER_INPUT to put under
// the inputs. Raw English texts from transports are never shown.
import type { GraphQLFormattedError } from 'graphql';
import {
  CombinedGraphQLErrors,
  CombinedProtocolErrors,
  ServerError,
  ServerParseError,
} from '@apollo/client/errors';

export type AppErrorCode =
  | 'UNAUTHENTICATED'
  | 'FORBIDDEN'
  | 'BAD_USER_INPUT'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'INTERNAL'
  | 'NETWORK';

export type AppError = {
  code: AppErrorCode;
  message: string;
  /** Field path ("email", "lines.0.quantity") → Spanish message. */
  fields: Record<string, string>;
};

export const ERROR_MESSAGES: Record<AppErrorCode, string> = {
  UNAUTHENTICATED: 'Tu sesión expiró. Inicia sesión de nuevo.',
  FORBIDDEN: 'No tienes permiso para realizar esta acción.',
  BAD_USER_INPUT: 'Revisa los datos marcados.',
  NOT_FOUND: 'El registro no existe o fue eliminado.',
  CONFLICT: 'Otro usuario modificó este registro. Recarga la página para ver los cambios.',
  INTERNAL: 'Ocurrió un error inesperado. Intenta de nuevo más tarde.',
  NETWORK: 'No se pudo conectar con el servidor.',
};

const SERVER_CODES: ReadonlySet<string> = new Set([
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'BAD_USER_INPUT',
  'NOT_FOUND',
  'CONFLICT',
]);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function codeOf(error: GraphQLFormattedError): AppErrorCode {
  const code = error.extensions?.code;
  return typeof code === 'string' && SERVER_CODES.has(code) ? (code as AppErrorCode) : 'INTERNAL';
}

function fieldsOf(error: GraphQLFormattedError): Record<string, string> {
  const fields = error.extensions?.fields;
  const result: Record<string, string> = {};
  if (!isRecord(fields)) return result;
  for (const [path, message] of Object.entries(fields)) {
    if (typeof message === 'string' && message !== '') result[path] = message;
  }
  return result;
}

/**
 * The first error decides the code (servers put the meaningful one first);
 * field messages of every BAD_USER_INPUT error are merged. Messages of known
 * codes are the server's Spanish text; anything else gets a generic one so
 * an unexpected English or technical text never reaches the user.
 */
export function fromGraphQLErrors(errors: ReadonlyArray<GraphQLFormattedError>): AppError {
  const list = errors.filter((error): error is GraphQLFormattedError => isRecord(error));
  const first = list[0];
  if (first === undefined) return { code: 'INTERNAL', message: ERROR_MESSAGES.INTERNAL, fields: {} };
  const code = codeOf(first);
  const fields: Record<string, string> = {};
  for (const error of list) {
    if (codeOf(error) === 'BAD_USER_INPUT') Object.assign(fields, fieldsOf(error));
  }
  const message = code !== 'INTERNAL' && first.message.trim() !== '' ? first.message : ERROR_MESSAGES[code];
  return { code, message, fields };
}

function fromStatus(statusCode: number): AppError {
  const code: AppErrorCode =
    statusCode === 401
      ? 'UNAUTHENTICATED'
      : statusCode === 403
        ? 'FORBIDDEN'
        : statusCode === 404
          ? 'NOT_FOUND'
          : statusCode === 409
            ? 'CONFLICT'
            : // A proxy answering for a server that is down or restarting.
              statusCode === 502 || statusCode === 503 || statusCode === 504
              ? 'NETWORK'
              : 'INTERNAL';
  return { code, message: ERROR_MESSAGES[code], fields: {} };
}

/** A non-2xx answer may still carry a GraphQL body (e.g. 400 with `errors`). */
function errorsInBody(bodyText: string): ReadonlyArray<GraphQLFormattedError> | null {
  try {
    const body: unknown = JSON.parse(bodyText);
    if (isRecord(body) && Array.isArray(body.errors) && body.errors.length > 0) {
      return body.errors as GraphQLFormattedError[];
    }
  } catch {
    // Not JSON: an HTML error page from a proxy, for instance.
  }
  return null;
}

function looksLikeNetworkFailure(error: Error): boolean {
  // fetch rejects with a TypeError whose text differs per browser
  // ("Failed to fetch", "NetworkError when…", "Load failed", "fetch failed").
  if (error.name === 'TypeError' || error.name === 'NetworkError') return true;
  return /failed to fetch|networkerror|load failed|fetch failed|network request failed|ECONNREFUSED/i.test(
    error.message,
  );
}

const APP_CODES: ReadonlySet<string> = new Set(Object.keys(ERROR_MESSAGES));

export function isAppError(value: unknown): value is AppError {
  return (
    isRecord(value) &&
    typeof value.code === 'string' &&
    APP_CODES.has(value.code) &&
    typeof value.message === 'string' &&
    isRecord(value.fields)
  );
}

/** null/undefined in, null out, so `readGraphQLError(result.error)` can be used directly. */
export function readGraphQLError(error: unknown): AppError | null {
  if (error === null || error === undefined) return null;
  if (isAppError(error)) return error;
  if (CombinedGraphQLErrors.is(error) || CombinedProtocolErrors.is(error)) {
    return fromGraphQLErrors(error.errors);
  }
  if (ServerError.is(error)) {
    const errors = errorsInBody(error.bodyText);
    return errors ? fromGraphQLErrors(errors) : fromStatus(error.statusCode);
  }
  if (ServerParseError.is(error)) {
    return fromStatus(error.statusCode);
  }
  if (isRecord(error) && Array.isArray(error.errors)) {
    return fromGraphQLErrors(error.errors as GraphQLFormattedError[]);
  }
  if (error instanceof Error && looksLikeNetworkFailure(error)) {
    return { code: 'NETWORK', message: ERROR_MESSAGES.NETWORK, fields: {} };
  }
  if (typeof navigator !== 'undefined' && navigator.onLine === false) {
    return { code: 'NETWORK', message: ERROR_MESSAGES.NETWORK, fields: {} };
  }
  return { code: 'INTERNAL', message: ERROR_MESSAGES.INTERNAL, fields: {} };
}
