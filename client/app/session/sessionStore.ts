// Client session state (SPEC §1): token, userData, hasAuthentication, rules,
// parentPath, modulesShow and the CASL ability built from the rules. Only the
// token and the user are persisted, together, under one localStorage key; the
// rules are always fetched fresh so a role change can't be hidden by a stale
// copy. Written as a plain store (no React) so the route loaders, the Apollo
// links and the tests all share it.
import {
  buildAbility,
  modulesShown,
  rulesToAbilityRules,
  type AppAbility,
  type RuleModule,
} from '../../../schema/abilities';
import { nextParentPath } from '../routing/parentPath';

export const SESSION_STORAGE_KEY = 'erp.session';

export type SessionRole = { id: string; name: string };
export type SessionUser = {
  id: string;
  email: string;
  name: string;
  forcedPasswordReset: boolean;
  role: SessionRole;
};

export type SessionState = {
  token: string;
  userData: SessionUser | null;
  hasAuthentication: boolean;
  rules: RuleModule[];
  /** False until the rules of a restored session arrive from the server. */
  rulesLoaded: boolean;
  parentPath: string | null;
  modulesShow: string[];
  /** One instance for the whole life of the page; `update` notifies @casl/react. */
  ability: AppAbility;
};

export type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export type SessionStoreOptions = {
  storage: StorageLike | null;
  /** Empties the GraphQL cache on logout (apolloClient.clearStore). */
  clearCache?: () => Promise<unknown>;
};

export type SessionStore = {
  getState: () => SessionState;
  subscribe: (listener: () => void) => () => void;
  /** Token + user; both present means signed in. Persisted. */
  setUserData: (token: string, user: SessionUser | null) => void;
  /** A full session as login/changePassword return it. */
  setSession: (session: { token: string; user: SessionUser; rules: readonly RuleModule[] }) => void;
  setRules: (rules: readonly RuleModule[]) => void;
  /** Rebuilds the abilities and modulesShow from the stored rules. */
  rebuildAbilities: () => void;
  applyRouteParentPath: (routeParentPath: string | undefined) => void;
  clearParentPath: () => void;
  logout: () => Promise<void>;
};

type Persisted = { token: string; userData: SessionUser | null };

function isSessionUser(value: unknown): value is SessionUser {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  const role = v.role as Record<string, unknown> | null | undefined;
  return (
    typeof v.id === 'string' && typeof v.email === 'string' && typeof v.name === 'string' &&
    typeof v.forcedPasswordReset === 'boolean' && typeof role === 'object' && role !== null &&
    typeof role.id === 'string' && typeof role.name === 'string'
  );
}

/** Reads the persisted part; anything malformed counts as signed out. */
export function readPersisted(storage: StorageLike | null): Persisted {
  const empty: Persisted = { token: '', userData: null };
  if (!storage) return empty;
  try {
    const raw = storage.getItem(SESSION_STORAGE_KEY);
    if (!raw) return empty;
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== 'object' || parsed === null) return empty;
    const { token, userData } = parsed as Record<string, unknown>;
    if (typeof token !== 'string' || !isSessionUser(userData)) return empty;
    return { token, userData };
  } catch {
    return empty;
  }
}

/** Keeps only the fields of SessionUser (GraphQL results carry __typename). */
function pickUser(user: SessionUser): SessionUser {
  return {
    id: user.id, email: user.email, name: user.name, forcedPasswordReset: user.forcedPasswordReset,
    role: { id: user.role.id, name: user.role.name },
  };
}

function pickRules(rules: readonly RuleModule[]): RuleModule[] {
  return rules.map((m) => ({
    module: m.module,
    submodules: m.submodules.map((s) => ({ id: s.id, name: s.name, permitions: s.permitions.map((p) => ({ name: p.name })) })),
  }));
}

export function createSessionStore(options: SessionStoreOptions): SessionStore {
  const listeners = new Set<() => void>();
  const ability = buildAbility([]);
  const persisted = readPersisted(options.storage);
  let state: SessionState = {
    token: persisted.token,
    userData: persisted.userData,
    hasAuthentication: persisted.token !== '' && persisted.userData !== null,
    rules: [],
    rulesLoaded: false,
    parentPath: null,
    modulesShow: [],
    ability,
  };

  const emit = (): void => listeners.forEach((l) => l());
  const set = (patch: Partial<SessionState>): void => {
    state = { ...state, ...patch };
    emit();
  };
  const persist = (): void => {
    if (!options.storage) return;
    try {
      if (state.token === '' && state.userData === null) {
        options.storage.removeItem(SESSION_STORAGE_KEY);
      } else {
        const value: Persisted = { token: state.token, userData: state.userData };
        options.storage.setItem(SESSION_STORAGE_KEY, JSON.stringify(value));
      }
    } catch {
      // Private mode or a full quota: the session still works for this tab.
    }
  };
  const abilityFor = (rules: readonly RuleModule[]): Pick<SessionState, 'modulesShow'> => {
    ability.update(rulesToAbilityRules(rules));
    return { modulesShow: modulesShown(rules) };
  };

  const store: SessionStore = {
    getState: () => state,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    setUserData: (token, user) => {
      const userData = user ? pickUser(user) : null;
      set({ token, userData, hasAuthentication: token !== '' && userData !== null });
      persist();
    },
    setSession: (session) => {
      const rules = pickRules(session.rules);
      const userData = pickUser(session.user);
      set({
        token: session.token, userData, hasAuthentication: session.token !== '',
        rules, rulesLoaded: true, ...abilityFor(rules),
      });
      persist();
    },
    setRules: (rules) => {
      const copy = pickRules(rules);
      set({ rules: copy, rulesLoaded: true, ...abilityFor(copy) });
    },
    rebuildAbilities: () => {
      set(abilityFor(state.rules));
    },
    applyRouteParentPath: (routeParentPath) => {
      const next = nextParentPath(state.parentPath, routeParentPath);
      if (next !== state.parentPath) set({ parentPath: next });
    },
    clearParentPath: () => {
      if (state.parentPath !== null) set({ parentPath: null });
    },
    logout: async () => {
      set({
        token: '', userData: null, hasAuthentication: false, rules: [], rulesLoaded: false,
        parentPath: null, ...abilityFor([]),
      });
      persist();
      await options.clearCache?.();
    },
  };
  return store;
}
