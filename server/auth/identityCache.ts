// The identity lookups every request makes, remembered a few seconds
// (ERP_SESSION_CACHE_MS, issue 12): a session token's live session row and a
// service-account token's account. What changes an answer drops it everywhere
// before the change is answered: the service calls `invalidate` after its
// transaction commits (this process forgets at once, the others hear
// sessionsChanged), and a saved role (rulesChanged) drops the entries of its role.
import type { AppEvents, SessionsChangedEvent } from '../lib/events';
import { createLookupCache, type LookupCache } from './lookupCache';

/** Entries per cache; past it the least recently used goes. */
const MAX_ENTRIES = 10_000;

export type IdentityCache<Session extends { sessionId: string; userId: number; roleId: number }, ServiceToken extends { id: number; roleId: number }> = {
  /** Live session rows, by session id. */
  sessions: LookupCache<Session>;
  /** Live service accounts, by token hash. */
  serviceTokens: LookupCache<ServiceToken>;
  /** After a committed change: forgotten here at once, and in every other process by the time it resolves. */
  invalidate(event: SessionsChangedEvent): Promise<void>;
};

export function createIdentityCache<Session extends { sessionId: string; userId: number; roleId: number }, ServiceToken extends { id: number; roleId: number }>(
  events: AppEvents,
  ttlMs: number,
): IdentityCache<Session, ServiceToken> {
  // While the LISTEN connection is being restored another process's revocation could go unheard.
  const options = { ttlMs, max: MAX_ENTRIES, trusted: () => events.listening() };
  const sessions = createLookupCache<Session>(options);
  const serviceTokens = createLookupCache<ServiceToken>(options);

  const forget = (event: SessionsChangedEvent) => {
    if (event.all) {
      sessions.drop('all');
      serviceTokens.drop('all');
      return;
    }
    const sessionIds = new Set(event.sessionIds ?? []);
    const userIds = new Set(event.userIds ?? []);
    const accountIds = new Set(event.serviceAccountIds ?? []);
    if (sessionIds.size || userIds.size) sessions.drop((s) => sessionIds.has(s.sessionId) || userIds.has(s.userId));
    if (accountIds.size) serviceTokens.drop((t) => accountIds.has(t.id));
  };

  events.onSessionsChanged(forget);
  // A role's name and version are part of both answers.
  events.onRulesChanged(({ roleIds }) => {
    if (roleIds === 'all') return forget({ all: true });
    const ids = new Set(roleIds);
    sessions.drop((s) => ids.has(s.roleId));
    serviceTokens.drop((t) => ids.has(t.roleId));
  });

  return {
    sessions,
    serviceTokens,
    invalidate(event) {
      forget(event);
      return events.publishSessionsChanged(event);
    },
  };
}
