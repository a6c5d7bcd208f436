// Long-lived services built once at start-up and shared by every request.
import { buildAbility, type AppAbility, type RuleModule } from '../schema/abilities';
import type { Config } from './config';
import type { Database, Executor } from './db/database';
import type { Logger } from './lib/logger';
import { createEvents, type AppEvents } from './lib/events';
import { createThrottle, type Throttle } from './auth/throttle';
import type { TokenSigner } from './auth/tokens';
import { loadRoleRules } from './modules/settings/data';

export type RulesCache = {
  /** Rules and ability of a role at a given version; a saved role bumps its version. */
  get(ex: Executor, roleId: number, roleVersion: number): Promise<{ rules: RuleModule[]; ability: AppAbility }>;
};

export type AppServices = {
  config: Config;
  logger: Logger;
  database: Database;
  tokens: TokenSigner;
  throttle: Throttle;
  events: AppEvents;
  rulesCache: RulesCache;
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
  };
}

export function createServices(parts: { config: Config; logger: Logger; database: Database; tokens: TokenSigner }): AppServices {
  return { ...parts, throttle: createThrottle(parts.database.db, { perAccount: parts.config.loginMaxAttempts, perIp: parts.config.loginMaxAttemptsPerIp, windowMs: 15 * 60_000 }), events: createEvents(), rulesCache: createRulesCache() };
}
