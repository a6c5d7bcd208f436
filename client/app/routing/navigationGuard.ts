// The loader every table route runs before it renders (SPEC §1 "before every
// navigation"): restore the session, rebuild the abilities from the rules,
// redirect or continue, then apply the parent-path rule.
import { redirect } from 'react-router-dom';
import { CHANGE_PASSWORD_PATH } from '../routes';
import { ensureSessionLoaded } from '../session/bootstrap';
import { guardStateOf } from '../session/guardState';
import { sessionStore } from '../session/session';
import { decideNavigation } from './guard';
import type { AppRoute } from './types';

export async function runGuard(route: Pick<AppRoute, 'path' | 'access' | 'parentPath'>): Promise<null> {
  if (route.access === 'public') {
    // Public screens work without the server; the session only matters for
    // the forced-password rule, which the stored user already carries.
    await ensureSessionLoaded().catch(() => undefined);
  } else {
    await ensureSessionLoaded();
  }
  sessionStore.rebuildAbilities();
  const decision = decideNavigation(route, guardStateOf(sessionStore.getState()), CHANGE_PASSWORD_PATH);
  if (decision.outcome === 'redirect') throw redirect(decision.to);
  sessionStore.applyRouteParentPath(route.parentPath);
  return null;
}
