// Historial of a record: who created, changed, sent, authorised, emitted, paid
// or cancelled it and when, with the fields that changed (read from the audit
// log's before/after), plus free-text notes people leave on it. One query
// shape for every audited entity; reading it needs `ver` on the screen that
// shows the record (the `historySubject` its module declares), and so does leaving a note (a note is a
// conversation about the record, not a change to it).
import { writeAudit } from '../../db/audit';
import { actorOf, type AuthUser, type RequestContext } from '../../context';
import { badInput, forbidden, notFound } from '../../lib/errors';
import { parseInput, z } from '../../lib/validation';
import { dec } from '../../../schema/money';
import { auditReference, auditReferences, historySubjectsOf } from './auditReferences';
import * as data from './data';

export const HISTORY_LIMIT = 200;

export const HISTORY_MSG = {
  noHistory: 'Este tipo de registro no tiene historial.',
  noteRequired: 'Escribe la nota.',
};

/** Keys never shown as changes: bookkeeping, and secrets that must not travel even hashed. */
const HIDDEN_KEYS = new Set(['version', 'updatedAt', 'createdAt', 'password', 'passwordHash', 'tokenHash', 'token', 'sessionId']);

export type FieldChange = { field: string; before: string | null; after: string | null };

const MAX_VALUE = 160;

/** A value as a person reads it in one line: text as is, Sí/No, "3 elementos" for a list, compact JSON otherwise. */
export function displayValue(value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'boolean') return value ? 'Sí' : 'No';
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (Array.isArray(value)) return value.length === 1 ? '1 elemento' : `${value.length} elementos`;
  const text = JSON.stringify(value);
  return text.length > MAX_VALUE ? `${text.slice(0, MAX_VALUE - 1)}…` : text;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The fields an audit entry changed: keys present in before or after whose
 * values differ. A creation (no before) or a deletion (no after) lists none:
 * the action already says it all.
 */
export function fieldChanges(before: unknown, after: unknown): FieldChange[] {
  if (!isObject(before) || !isObject(after)) return [];
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((k) => !HIDDEN_KEYS.has(k));
  return keys
    .filter((k) => k in after && JSON.stringify(canonical(before[k])) !== JSON.stringify(canonical(after[k])))
    .map((field) => ({ field, before: displayValue(canonical(before[field])), after: displayValue(canonical(after[field])) }));
}

const DECIMAL_TEXT = /^-?(0|[1-9]\d*)(\.\d+)?$/;

/**
 * One spelling per value, so that what only changed form is no change: empty
 * text, an empty list and a missing value are all empty; a decimal read back
 * from NUMERIC ("0.160000") equals the one typed ("0.16").
 */
function canonical(value: unknown): unknown {
  if (value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0)) return null;
  if (typeof value === 'number' && Number.isFinite(value)) return dec(value).toFixed();
  if (typeof value === 'string' && DECIMAL_TEXT.test(value.trim())) return dec(value.trim()).toFixed();
  return value;
}

function guard(auth: AuthUser, entity: string): void {
  const subjects = historySubjectsOf(entity);
  if (!subjects.length) throw badInput({ entity: HISTORY_MSG.noHistory });
  if (!subjects.some((subject) => auth.ability.can('ver', subject))) throw forbidden();
}

const recordIdOf = (entityId: string): number => {
  if (!/^[0-9]{1,15}$/.test(entityId)) throw notFound('El registro');
  return Number(entityId);
};

export async function recordHistory(auth: AuthUser, ctx: RequestContext, entity: string, entityId: string) {
  guard(auth, entity);
  const id = recordIdOf(entityId);
  const ex = ctx.app.database.db;
  const [parts, entries, notes] = await Promise.all([
    data.recordReferenceParts(ex, auditReferences()[entity]?.parts, id),
    data.recordAuditEntries(ex, entity, String(id), HISTORY_LIMIT),
    data.recordNotesOf(ex, entity, String(id), HISTORY_LIMIT),
  ]);
  // A record that never existed has no history to show; a deleted one keeps its entries.
  if (!parts && entries.length === 0) throw notFound('El registro');
  return {
    entity,
    entityId: String(id),
    reference: auditReference(entity, parts),
    entries: entries.map(({ before, after, ...e }) => ({ ...e, changes: fieldChanges(before, after) })),
    notes,
  };
}

const noteInput = z.object({
  body: z.string({ error: HISTORY_MSG.noteRequired }).trim().min(1, HISTORY_MSG.noteRequired).max(2000, 'Máximo 2000 caracteres.'),
});

export async function addRecordNote(auth: AuthUser, ctx: RequestContext, entity: string, entityId: string, body: unknown) {
  guard(auth, entity);
  const id = recordIdOf(entityId);
  const v = parseInput(noteInput, { body });
  const ex = ctx.app.database.db;
  if (!(await data.recordReferenceParts(ex, auditReferences()[entity]?.parts, id))) throw notFound('El registro');
  return ex.transaction(async (tx) => {
    const note = await data.insertRecordNote(tx, {
      entity,
      entityId: String(id),
      userId: auth.id,
      serviceAccountId: auth.serviceAccount?.id ?? null,
      body: v.body,
    });
    await writeAudit(tx, actorOf(ctx), { entity: 'record_note', entityId: note.id, action: 'create', after: { entity, entityId: String(id), body: v.body } });
    return note;
  });
}
