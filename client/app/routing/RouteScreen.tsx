// The element of every table route: re-checks the guard against the live
// session (rules can change while the screen is open) and shows the screen,
// or the "Sin permiso" page.
import { ForbiddenPage } from '../pages/ForbiddenPage';
import { CHANGE_PASSWORD_PATH } from '../routes';
import { useSession } from '../session/session';
import { guardStateOf } from '../session/guardState';
import { decideNavigation } from './guard';
import { ScreenHost } from './ScreenHost';
import type { AppRoute } from './types';

export function RouteScreen({ route }: { route: AppRoute }) {
  const session = useSession();
  const decision = decideNavigation(route, guardStateOf(session), CHANGE_PASSWORD_PATH);
  // A redirect here means the session ended under an open screen; whoever
  // ended it (sign-out, expiry handler) is already navigating away, and a
  // second navigation from here would race with theirs.
  if (decision.outcome === 'redirect') return null;
  if (decision.outcome === 'forbidden') return <ForbiddenPage />;
  return <ScreenHost load={route.load} />;
}
