// The identity lookups every request makes, remembered a few seconds
// (ERP_SESSION_CACHE_MS, issue 12): a session token's live session row and a
// service-account token's account. What changes an answer drops it everywhere
// before the change is answered: the service calls `invalidate` after its
// transaction commits (this process forgets at once, the others hear
// sessionsChanged before it resolves). rulesChanged drops the entries of its
// roles too, so a rules change published without `invalidate` (or replayed
// after a lost LISTEN connection) is not missed.
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
    // A role's name and version are part of both answers.
    const roleIds = new Set(event.roleIds ?? []);
    if (sessionIds.size || userIds.size || roleIds.size) sessions.drop((s) => sessionIds.has(s.sessionId) || userIds.has(s.userId) || roleIds.has(s.roleId));
    if (accountIds.size || roleIds.size) serviceTokens.drop((t) => accountIds.has(t.id) || roleIds.has(t.roleId));
  };

  events.onSessionsChanged(forget);
  events.onRulesChanged(({ roleIds }) => forget(roleIds === 'all' ? { all: true } : { roleIds }));

  return {
    sessions,
    serviceTokens,
    invalidate(event) {
      forget(event);
      return events.publishSessionsChanged(event);
    },
  };
}
