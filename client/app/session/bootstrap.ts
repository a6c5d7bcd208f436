// Session start-up and live rules. A restored token is worthless until the
// server confirms who it belongs to and what they may open, so guarded routes
// wait for `me` + `myRules`. While signed in, `rulesChanged` keeps the
// abilities current (an admin saved the role) without signing the user out.
import { MeDocument, MyRulesDocument, RulesChangedDocument } from '../../../generated/app/graphql';
import { apolloClient, restartSubscriptions, sessionStore } from './session';

let pending: Promise<void> | null = null;

async function loadSession(): Promise<void> {
  const token = sessionStore.getState().token;
  const results = await Promise.all([
    apolloClient.query({ query: MeDocument, fetchPolicy: 'network-only' }),
    apolloClient.query({ query: MyRulesDocument, fetchPolicy: 'network-only' }),
  ]).catch((error: unknown) => {
    // An expired token was already signed out by the error link (which also
    // navigates to /login): nothing left to load. Anything else is a failure.
    if (sessionStore.getState().token !== token) return null;
    throw error;
  });
  if (!results) return;
  const [me, rules] = results;
  // Signed out (or in as someone else) while the requests were in flight.
  if (sessionStore.getState().token !== token) return;
  if (!me.data?.me) {
    await sessionStore.logout();
    return;
  }
  sessionStore.setUserData(token, me.data.me);
  sessionStore.setRules(rules.data?.myRules ?? []);
}

/**
 * Resolves once a stored session is confirmed (or found invalid). Rejects on
 * network failure so the route error page can offer a retry.
 */
export function ensureSessionLoaded(): Promise<void> {
  const { token, rulesLoaded } = sessionStore.getState();
  if (token === '' || rulesLoaded) return Promise.resolve();
  if (!pending) {
    pending = loadSession().finally(() => {
      pending = null;
    });
  }
  return pending;
}

/** Keeps one rulesChanged subscription open while a session exists; returns a stop function. */
export function startRulesSubscription(): () => void {
  let active: { unsubscribe: () => void } | null = null;
  let subscribedToken = '';

  const sync = (): void => {
    const { token } = sessionStore.getState();
    if (token === subscribedToken) return;
    const hadConnection = active !== null;
    active?.unsubscribe();
    active = null;
    subscribedToken = token;
    // A new token (changePassword, another sign-in) must reach the socket's
    // connectionParams, which are only read when it (re)connects.
    if (hadConnection) restartSubscriptions();
    if (token === '') return;
    active = apolloClient.subscribe({ query: RulesChangedDocument }).subscribe({
      next: (result) => {
        if (result.data?.rulesChanged) sessionStore.setRules(result.data.rulesChanged);
      },
      // Dropped subscriptions are retried by graphql-ws; a final error only
      // means live updates stop, the next navigation still rebuilds abilities.
      error: () => undefined,
    });
  };

  const unsubscribeStore = sessionStore.subscribe(sync);
  sync();
  return () => {
    unsubscribeStore();
    active?.unsubscribe();
    active = null;
  };
}
