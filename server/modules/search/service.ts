// Búsqueda rápida (Ctrl+K): records by folio, RFC, number or name across the
// modules. Each kind is a source its module declares in the registry
// (`contributions.searchSources`, server/lib/contributions.ts), searched
// through that module's own list (same search rule as its screen) and only
// for users with `ver` on that screen; a kind the user cannot see is never
// queried.
import type { RequestContext } from '../../context';
import type { QuickSearchHit } from '../../lib/contributions';
import { badInput } from '../../lib/errors';
import { contributions } from '../index';

export const QUICK_SEARCH_MSG = { tooShort: 'Escribe al menos 2 caracteres.', tooLong: 'Máximo 80 caracteres.' };

/** Up to `limit` hits per kind of record the user may see, kinds in their declared `sequence`. */
export async function quickSearch(ctx: RequestContext, termRaw: string, limitRaw: number | null | undefined): Promise<QuickSearchHit[]> {
  const term = termRaw.trim();
  if (term.length < 2) throw badInput({ term: QUICK_SEARCH_MSG.tooShort });
  if (term.length > 80) throw badInput({ term: QUICK_SEARCH_MSG.tooLong });
  const limit = Math.min(Math.max(limitRaw ?? 5, 1), 10);
  const ability = ctx.auth!.ability;
  const allowed = contributions().searchSources.filter((s) => ability.can('ver', s.subject));
  const found = await Promise.all(allowed.map((s) => s.find(ctx, term, limit)));
  return found.flat();
}
