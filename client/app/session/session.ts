// The page's one session store and Apollo client, wired to each other: the
// links read the token from the store, logout empties the Apollo cache, and
// an expired session signs out and hands over to whoever registered a handler
// (main.tsx: notice + go to /login).
import { useSyncExternalStore } from 'react';
import { setFileTokenSource } from '../../components/fileAuth';
import { createApolloSetup } from '../apollo/createApolloClient';
import { createSessionStore, type SessionState } from './sessionStore';

function browserStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

let expiredHandler: () => void = () => undefined;

/** main.tsx registers what the user sees when the server ends the session. */
export function onSessionExpired(handler: () => void): void {
  expiredHandler = handler;
}

export const sessionStore = createSessionStore({
  storage: browserStorage(),
  clearCache: () => apolloClient.clearStore(),
});

const apolloSetup = createApolloSetup({
  getToken: () => sessionStore.getState().token,
  onSessionExpired: () => {
    void sessionStore.logout();
    expiredHandler();
  },
});

export const apolloClient = apolloSetup.client;
setFileTokenSource(() => sessionStore.getState().token);
export const restartSubscriptions = apolloSetup.restartSubscriptions;

export function useSession(): SessionState {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.getState);
}
