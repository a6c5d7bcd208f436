// Long-lived services built once at start-up and shared by every request.
import { buildAbility, type AppAbility, type RuleModule } from '../schema/abilities';
import type { Config } from './config';
import type { Database, Executor } from './db/database';
import type { Logger } from './lib/logger';
import { createEvents, createPostgresEvents, type AppEvents } from './lib/events';
import { announceAuditedRecords } from './db/audit';
import { createRateLimiter, type RateLimiter } from './auth/rateLimit';
import { createThrottle, type Throttle } from './auth/throttle';
import type { TokenSigner } from './auth/tokens';
import { createIdentityCache, type IdentityCache } from './auth/identityCache';
import { loadRoleRules, type ServiceTokenOwner } from './modules/settings/data';
import type { SessionAuthRow } from './modules/session/data';
import { createSatStatusClient, type SatStatusClient } from './lib/cfdi/satStatus';

export type RulesCache = {
  /** Rules and ability of a role at a given version; a saved role bumps its version. */
  get(ex: Executor, roleId: number, roleVersion: number): Promise<{ rules: RuleModule[]; ability: AppAbility }>;
  /** Drops the cached rules of these roles (a change heard from any process). */
  forget(roleIds: number[] | 'all'): void;
};

export type AppServices = {
  config: Config;
  logger: Logger;
  database: Database;
  tokens: TokenSigner;
  throttle: Throttle;
  /** Requests per minute of each integrator token, counted across every process. */
  serviceRateLimit: RateLimiter;
  events: AppEvents;
  rulesCache: RulesCache;
  /** Session and service-account lookups remembered a few seconds; `invalidate` after whatever changes them. */
  identity: IdentityCache<SessionAuthRow, ServiceTokenOwner>;
  /** SAT's «Consulta de CFDI», its definitive answers remembered per UUID (ERP_SAT_STATUS_CACHE_SECONDS). */
  satStatus: SatStatusClient;
};

function createRulesCache(): RulesCache {
  const cache = new Map<string, Promise<{ rules: RuleModule[]; ability: AppAbility }>>();
  return {
    get(ex, roleId, roleVersion) {
      const key = `${roleId}:${roleVersion}`;
      let hit = cache.get(key);
      if (!hit) {
        if (cache.size > 500) cache.clear();
        hit = loadRoleRules(ex, roleId).then((rules) => ({ rules, ability: buildAbility(rules) }));
        hit.catch(() => cache.delete(key));
        cache.set(key, hit);
      }
      return hit;
    },
    forget(roleIds) {
      if (roleIds === 'all') return cache.clear();
      for (const key of cache.keys()) if (roleIds.includes(Number(key.split(':')[0]))) cache.delete(key);
    },
  };
}

export async function createServices(parts: { config: Config; logger: Logger; database: Database; tokens: TokenSigner }): Promise<AppServices> {
  const { config, logger, database } = parts;
  // With PostgreSQL, other processes publish too: events travel through NOTIFY.
  const events = config.databaseUrl && database.kind === 'postgres' ? await createPostgresEvents({ databaseUrl: config.databaseUrl, logger }) : createEvents();
  const rulesCache = createRulesCache();
  // Entries are keyed by role version, so a saved role already misses on every
  // process; forgetting on the event frees the stale entries right away.
  events.onRulesChanged(({ roleIds }) => rulesCache.forget(roleIds));
  announceAuditedRecords(database.db, (record) => events.publishRecordChanged(record));
  const identity = createIdentityCache<SessionAuthRow, ServiceTokenOwner>(events, config.sessionCacheMs);
  const throttle = createThrottle(database.db, { perAccount: config.loginMaxAttempts, perIp: config.loginMaxAttemptsPerIp, windowMs: 15 * 60_000 });
  const serviceRateLimit = createRateLimiter(database.db, config.serviceAccountRatePerMin);
  const satStatus = createSatStatusClient(config.satStatusUrl, config.satStatusCacheSeconds);
  return { ...parts, throttle, serviceRateLimit, events, rulesCache, identity, satStatus };
}
