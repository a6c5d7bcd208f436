// What drops a remembered identity lookup (issue 12): a sessionsChanged names
// sessions, users, roles, service accounts or everything; a rulesChanged drops
// the entries of its roles. In-memory events here (the PGlite deployment).
import { describe, expect, it } from 'vitest';
import { createIdentityCache } from '../../../server/auth/identityCache';
import { createEvents } from '../../../server/lib/events';

type Session = { sessionId: string; userId: number; roleId: number };
type Token = { id: number; roleId: number };

async function filled() {
  const events = createEvents();
  const cache = createIdentityCache<Session, Token>(events, 5_000);
  const sessions: Session[] = [
    { sessionId: 's1', userId: 1, roleId: 10 },
    { sessionId: 's2', userId: 1, roleId: 10 },
    { sessionId: 's3', userId: 2, roleId: 20 },
  ];
  const tokens: Token[] = [
    { id: 7, roleId: 10 },
    { id: 8, roleId: 30 },
  ];
  for (const s of sessions) await cache.sessions.get(s.sessionId, async () => s);
  for (const t of tokens) await cache.serviceTokens.get(`hash-${t.id}`, async () => t);
  /** Which keys are still answered from memory. */
  const remembered = async () => {
    const out: string[] = [];
    for (const s of sessions) await cache.sessions.get(s.sessionId, async () => (out.push(`-${s.sessionId}`), s));
    for (const t of tokens) await cache.serviceTokens.get(`hash-${t.id}`, async () => (out.push(`-${t.id}`), t));
    return out;
  };
  return { events, cache, remembered };
}

describe('identity cache invalidation', () => {
  it('one session, every session of a user, one service account', async () => {
    const a = await filled();
    await a.cache.invalidate({ sessionIds: ['s2'] });
    expect(await a.remembered()).toEqual(['-s2']);
    const b = await filled();
    await b.cache.invalidate({ userIds: [1], serviceAccountIds: [8] });
    expect(await b.remembered()).toEqual(['-s1', '-s2', '-8']);
  });

  it('a role: its users and its service accounts, by sessionsChanged or by rulesChanged', async () => {
    const a = await filled();
    await a.cache.invalidate({ roleIds: [10] });
    expect(await a.remembered()).toEqual(['-s1', '-s2', '-7']);
    const b = await filled();
    b.events.publishRulesChanged({ roleIds: [20, 30] });
    expect(await b.remembered()).toEqual(['-s3', '-8']);
  });

  it('everything, by sessionsChanged or by a rulesChanged of all roles', async () => {
    const a = await filled();
    await a.cache.invalidate({ all: true });
    expect(await a.remembered()).toHaveLength(5);
    const b = await filled();
    b.events.publishRulesChanged({ roleIds: 'all' });
    expect(await b.remembered()).toHaveLength(5);
  });
});
