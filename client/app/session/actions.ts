// What the screens do with a session: start one from a login/changePassword
// result, and end it (server revocation first, while the token still works).
import { LogoutDocument } from '../../../generated/app/graphql';
import { CHANGE_PASSWORD_PATH, DASHBOARD_PATH } from '../routes';
import type { SessionState, SessionStore } from './sessionStore';
import { apolloClient, sessionStore } from './session';

type SessionPayload = Parameters<SessionStore['setSession']>[0];

/** Stores the session and says where to go next. */
export function startSession(session: SessionPayload): string {
  sessionStore.setSession(session);
  return session.user.forcedPasswordReset ? CHANGE_PASSWORD_PATH : DASHBOARD_PATH;
}

export async function signOut(): Promise<void> {
  if (sessionStore.getState().token !== '') {
    try {
      await apolloClient.mutate({ mutation: LogoutDocument });
    } catch {
      // Revocation failed (offline, already expired): the local sign-out
      // below still removes the token from this browser.
    }
  }
  await sessionStore.logout();
  // The Firebase SDK only ever loaded when that provider was used.
  if (firebaseLoaded) {
    const { signOutFromFirebase } = await import('../auth/firebase');
    await signOutFromFirebase().catch(() => undefined);
  }
}

let firebaseLoaded = false;

/** Loads the Firebase sign-in module on demand (keeps the SDK out of the entry chunk). */
export async function loadFirebaseAuth(): Promise<typeof import('../auth/firebase')> {
  const mod = await import('../auth/firebase');
  firebaseLoaded = true;
  return mod;
}

export function displayName(state: SessionState): string {
  return state.userData?.name || state.userData?.email || '';
}
