// Saved views of list screens: a person names the current search, filters,
// sort and page size of a list (its query string) and finds it again in the
// list's "Vistas" menu. Each person sees and changes only their own views;
// an integrator's service account has none.
import { writeAudit } from '../../db/audit';
import { actorOf, type AuthUser, type RequestContext } from '../../context';
import { forbidden, notFound } from '../../lib/errors';
import { parseInput, z } from '../../lib/validation';
import * as data from './data';

export const VIEW_MSG = {
  personOnly: 'Las vistas guardadas son de cada persona; una cuenta de servicio no tiene.',
  path: 'Ruta de pantalla no válida.',
  nameRequired: 'Ponle nombre a la vista.',
  nameTooLong: 'Máximo 60 caracteres.',
  query: 'La vista no es válida.',
};

const PATH_RE = /^\/system\/[A-Za-z0-9/_-]{1,200}$/;

const pathRule = z.string({ error: VIEW_MSG.path }).regex(PATH_RE, VIEW_MSG.path);
const viewInput = z.object({
  path: pathRule,
  name: z.string({ error: VIEW_MSG.nameRequired }).trim().min(1, VIEW_MSG.nameRequired).max(60, VIEW_MSG.nameTooLong),
  query: z.string({ error: VIEW_MSG.query }).max(2000, VIEW_MSG.query),
});

/** The list state worth keeping: every parameter but the page number (a view starts on page 1). */
export function normaliseViewQuery(query: string): string {
  const params = new URLSearchParams(query.startsWith('?') ? query.slice(1) : query);
  params.delete('page');
  params.sort();
  return params.toString();
}

function personOf(auth: AuthUser): number {
  if (auth.id === null) throw forbidden(VIEW_MSG.personOnly);
  return auth.id;
}

export async function listViews(auth: AuthUser, ctx: RequestContext, path: string) {
  const userId = personOf(auth);
  const p = parseInput(z.object({ path: pathRule }), { path });
  return data.savedViewsOf(ctx.app.database.db, userId, p.path);
}

export async function saveView(auth: AuthUser, ctx: RequestContext, input: unknown) {
  const userId = personOf(auth);
  const v = parseInput(viewInput, input);
  const query = normaliseViewQuery(v.query);
  return ctx.app.database.db.transaction(async (tx) => {
    const view = await data.upsertSavedView(tx, { userId, path: v.path, name: v.name, query });
    await writeAudit(tx, actorOf(ctx), { entity: 'saved_view', entityId: view.id, action: 'update', after: { path: v.path, name: v.name, query } });
    return view;
  });
}

export async function deleteView(auth: AuthUser, ctx: RequestContext, id: string) {
  const userId = personOf(auth);
  return ctx.app.database.db.transaction(async (tx) => {
    const removed = await data.deleteSavedView(tx, userId, Number(id));
    // Someone else's view is as good as missing.
    if (!removed) throw notFound('La vista');
    await writeAudit(tx, actorOf(ctx), { entity: 'saved_view', entityId: removed.id, action: 'delete', before: removed });
    return true;
  });
}
