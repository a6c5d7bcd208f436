// The loader every table route runs before it renders (SPEC §1 "before every
// navigation"): restore the session, rebuild the abilities from the rules,
// redirect or continue, then apply the parent-path rule.
import { redirect } from 'react-router-dom';
import { CHANGE_PASSWORD_PATH } from '../routes';
import { ensureSessionLoaded } from '../session/bootstrap';
import { guardStateOf } from '../session/guardState';
import { sessionStore } from '../session/session';
import { decideNavigation, SIGNED_OUT_REDIRECT } from './guard';
import { withNext } from './returnTo';
import type { AppRoute } from './types';

/** `requestUrl`: the address being opened, kept in `?next=` when the visitor must sign in first. */
export async function runGuard(route: Pick<AppRoute, 'path' | 'access' | 'parentPath'>, requestUrl?: string): Promise<null> {
  if (route.access === 'public') {
    // Public screens work without the server; the session only matters for
    // the forced-password rule, which the stored user already carries.
    await ensureSessionLoaded().catch(() => undefined);
  } else {
    await ensureSessionLoaded();
  }
  sessionStore.rebuildAbilities();
  const decision = decideNavigation(route, guardStateOf(sessionStore.getState()), CHANGE_PASSWORD_PATH);
  if (decision.outcome === 'redirect') {
    if (decision.to === SIGNED_OUT_REDIRECT && requestUrl) {
      const wanted = new URL(requestUrl);
      throw redirect(withNext(decision.to, `${wanted.pathname}${wanted.search}`));
    }
    throw redirect(decision.to);
  }
  sessionStore.applyRouteParentPath(route.parentPath);
  return null;
}
