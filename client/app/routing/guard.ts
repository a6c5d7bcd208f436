// The navigation guard (SPEC §1), as a pure decision so it can be unit-tested
// and reused both before navigation (route loader) and while rendering (rules
// may change under an open screen).
import type { RouteAccess } from './types';

export const SIGNED_OUT_REDIRECT = '/home';

export type GuardState = {
  token: string;
  forcedPasswordReset: boolean;
  can: (action: string, subject: string) => boolean;
};

export type GuardDecision =
  | { outcome: 'allow' }
  | { outcome: 'redirect'; to: string }
  | { outcome: 'forbidden' };

export type GuardTarget = { path: string; access: RouteAccess };

export function decideNavigation(target: GuardTarget, state: GuardState, changePasswordPath: string): GuardDecision {
  const signedIn = state.token.length > 0;
  // A user who must choose a new password may open nothing else, public
  // screens included (they would only lead back here).
  if (signedIn && state.forcedPasswordReset && target.path !== changePasswordPath) {
    return { outcome: 'redirect', to: changePasswordPath };
  }
  if (target.access === 'public') return { outcome: 'allow' };
  if (!signedIn) return { outcome: 'redirect', to: SIGNED_OUT_REDIRECT };
  if (target.access === 'signedIn') return { outcome: 'allow' };
  return state.can(target.access.action, target.access.subject) ? { outcome: 'allow' } : { outcome: 'forbidden' };
}
