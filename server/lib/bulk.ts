// Bulk actions on a selection of list rows (authorise, deactivate…). Each row
// goes through the module's own single-record service function, which opens
// and commits its OWN transaction: a row that fails rolls back alone and
// writes nothing, the rows before and after it stay applied, and every rule,
// lock, version check and audit entry is the one of the single mutation.
// Rows run one after another (same order as given) so the result is the same
// on PGlite and PostgreSQL and a selection cannot deadlock with itself.
import { GraphQLError } from 'graphql';
import type { RequestContext } from '../context';
import { badInput, KNOWN_CODES } from './errors';

/** Most ids one bulk call takes: a page of 200 rows fits, a whole table does not. */
export const BULK_MAX_IDS = 500;

export const BULK_MSG = {
  empty: 'Selecciona al menos un registro.',
  tooMany: (max: number) => `Se pueden procesar hasta ${max} registros por operación; divide la selección.`,
  internal: 'No se pudo aplicar por un error inesperado.',
} as const;

export type BulkFailure = { id: string; reference: string | null; message: string; code: string };
export type BulkResult = { applied: string[]; failures: BulkFailure[] };

/** The ids of a bulk call: at least one, at most BULK_MAX_IDS, repeated ones once (first order kept). */
export function bulkIds(ids: readonly string[], max = BULK_MAX_IDS): string[] {
  const unique = [...new Set(ids.map((id) => id.trim()))];
  if (unique.length === 0) throw badInput({ ids: BULK_MSG.empty }, BULK_MSG.empty);
  if (unique.length > max) throw badInput({ ids: BULK_MSG.tooMany(max) }, BULK_MSG.tooMany(max));
  return unique;
}

/** The Spanish reason of a row's error: its message, or the messages of its fields for "Revisa los datos capturados.". */
export function bulkFailureOf(error: unknown): { code: string; message: string } | null {
  if (!(error instanceof GraphQLError)) return null;
  const code = typeof error.extensions.code === 'string' ? error.extensions.code : '';
  if (!KNOWN_CODES.includes(code)) return null;
  const fields = error.extensions.fields as Record<string, string> | undefined;
  const fieldMessages = fields ? [...new Set(Object.values(fields))] : [];
  const message = code === 'BAD_USER_INPUT' && fieldMessages.length ? fieldMessages.join(' ') : error.message;
  return { code, message };
}

export type BulkOptions = {
  /** Folio or name of each failed id, for the person reading the failures (missing ids are left out). */
  references?: (ids: string[]) => Promise<Map<string, string>>;
};

/**
 * Runs `row` for every id (see bulkIds) and reports which were applied and
 * why each of the others failed. Errors that are not one of the API's
 * coded errors are logged and reported with a generic Spanish message.
 */
export async function runBulk(
  ctx: RequestContext,
  ids: readonly string[],
  row: (id: string) => Promise<unknown>,
  options: BulkOptions = {},
): Promise<BulkResult> {
  const selection = bulkIds(ids);
  const applied: string[] = [];
  const failed: { id: string; code: string; message: string }[] = [];
  for (const id of selection) {
    try {
      await row(id);
      applied.push(id);
    } catch (error) {
      const known = bulkFailureOf(error);
      if (!known) ctx.app.logger.error({ requestId: ctx.requestId, err: error, id }, 'unexpected error in a bulk row');
      failed.push({ id, ...(known ?? { code: 'INTERNAL_SERVER_ERROR', message: BULK_MSG.internal }) });
    }
  }
  const references = failed.length && options.references ? await options.references(failed.map((f) => f.id)) : new Map<string, string>();
  return { applied, failures: failed.map((f) => ({ ...f, reference: references.get(f.id) ?? null })) };
}
