// What a client may see of an error: known codes with their Spanish message,
// GraphQL syntax/validation problems, or a generic message with a reference.
// Never a stack trace or SQL text.
import type { GraphQLFormattedError } from 'graphql';
import { unwrapResolverError } from '@apollo/server/errors';
import { GraphQLError } from 'graphql';
import { KNOWN_CODES } from '../lib/errors';
import { isLimitMessage, translateDocumentError, translateVariableError } from './inputErrors';

export const GENERIC_MESSAGE = 'Ocurrió un error inesperado. Intenta de nuevo o avisa al administrador.';

const CLIENT_ERROR_CODES = new Set(['GRAPHQL_PARSE_FAILED', 'GRAPHQL_VALIDATION_FAILED', 'BAD_REQUEST', 'OPERATION_RESOLUTION_FAILURE', 'PERSISTED_QUERY_NOT_SUPPORTED']);

/**
 * The request an unexpected error happened in, noted by the server's didEncounterErrors hook and
 * read when the error is formatted: the error itself is never written to (another plugin, or the
 * executor, may hold it read-only or share its extensions with the error it wraps).
 */
const requestIds = new WeakMap<object, string>();

export function noteRequestId(error: object, requestId: string): void {
  requestIds.set(error, requestId);
}

/** True when the error is not one of ours or a client mistake: it gets logged. */
export function isUnexpected(error: unknown): boolean {
  const original = unwrapResolverError(error);
  if (original instanceof GraphQLError) {
    const code = original.extensions?.code;
    if (typeof code === 'string' && (KNOWN_CODES.includes(code) || CLIENT_ERROR_CODES.has(code))) return false;
    if (!code && !original.originalError) return false; // graphql-js validation/coercion
  }
  return true;
}

export function formatError(formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError {
  const original = unwrapResolverError(error);
  const code = formatted.extensions?.code;
  // A variable of the wrong type: graphql-js says it in English, without the field.
  const variable = original instanceof GraphQLError ? translateVariableError(original) : null;
  if (variable) return { message: variable.message, extensions: { code: 'BAD_USER_INPUT', fields: variable.fields } };
  if (typeof code === 'string' && KNOWN_CODES.includes(code) && original instanceof GraphQLError && !isUnexpected(error)) {
    const fields = original.extensions?.fields;
    // A PAC's refusal also names its code and the CFDI node (server/lib/companyCsd.ts pacRefusal).
    const pac = typeof original.extensions?.pacCode === 'string' ? { pacCode: original.extensions.pacCode, ...(typeof original.extensions.cfdiField === 'string' ? { cfdiField: original.extensions.cfdiField } : {}) } : {};
    return { message: formatted.message, path: formatted.path, extensions: fields ? { code, fields, ...pac } : { code, ...pac } };
  }
  if (!isUnexpected(error)) {
    const syntax = formatted.message.startsWith('Syntax Error') && !isLimitMessage(formatted.message);
    const clientCode = syntax
      ? 'GRAPHQL_PARSE_FAILED'
      : typeof code === 'string' && (code === 'BAD_USER_INPUT' || CLIENT_ERROR_CODES.has(code))
        ? code
        : 'GRAPHQL_VALIDATION_FAILED';
    return { message: translateDocumentError(formatted.message), locations: formatted.locations, extensions: { code: clientCode } };
  }
  const requestId = typeof error === 'object' && error !== null ? requestIds.get(error) : undefined;
  return {
    message: requestId ? `${GENERIC_MESSAGE} Referencia: ${requestId}` : GENERIC_MESSAGE,
    path: formatted.path,
    extensions: { code: 'INTERNAL_SERVER_ERROR', ...(requestId ? { requestId } : {}) },
  };
}
