import { describe, expect, it, vi } from 'vitest';
import type { RuleModule } from '../../../schema/abilities';
import {
  createSessionStore,
  SESSION_STORAGE_KEY,
  type SessionUser,
  type StorageLike,
} from '../../../client/app/session/sessionStore';

function memoryStorage(initial: Record<string, string> = {}): StorageLike & { data: Map<string, string> } {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => {
      data.set(key, value);
    },
    removeItem: (key) => {
      data.delete(key);
    },
  };
}

const user: SessionUser = {
  id: '1',
  email: 'admin@demo.mx',
  name: 'Administradora',
  forcedPasswordReset: false,
  role: { id: '1', name: 'Administrador' },
};

const rules: RuleModule[] = [
  {
    module: 'Ventas',
    submodules: [
      { id: '10', name: 'Clientes', permitions: [{ name: 'ver' }, { name: 'crear' }] },
      { id: '11', name: 'Facturas', permitions: [{ name: 'ver' }] },
    ],
  },
  { module: 'Caja', submodules: [{ id: '20', name: 'Movimientos', permitions: [{ name: 'ver' }] }] },
];

describe('session store', () => {
  it('starts signed out: empty token, no user, no rules', () => {
    const state = createSessionStore({ storage: memoryStorage() }).getState();
    expect(state.token).toBe('');
    expect(state.userData).toBeNull();
    expect(state.hasAuthentication).toBe(false);
    expect(state.rules).toEqual([]);
    expect(state.modulesShow).toEqual([]);
    expect(state.parentPath).toBeNull();
  });

  it('signs in when user data comes with a token and a user', () => {
    const store = createSessionStore({ storage: memoryStorage() });
    store.setUserData('', user);
    expect(store.getState().hasAuthentication).toBe(false);
    store.setUserData('tok', null);
    expect(store.getState().hasAuthentication).toBe(false);
    store.setUserData('tok', user);
    expect(store.getState().hasAuthentication).toBe(true);
    expect(store.getState().userData).toEqual(user);
  });

  it('persists only token and user data, under one key', () => {
    const storage = memoryStorage();
    const store = createSessionStore({ storage });
    store.setSession({ token: 'tok', user: { ...user, forcedPasswordReset: true }, rules });
    store.applyRouteParentPath('/system/sales');
    expect([...storage.data.keys()]).toEqual([SESSION_STORAGE_KEY]);
    expect(SESSION_STORAGE_KEY).toBe('erp.session');
    expect(JSON.parse(storage.data.get(SESSION_STORAGE_KEY) ?? '')).toEqual({
      token: 'tok',
      userData: { ...user, forcedPasswordReset: true },
    });
  });

  it('restores token and user (with forcedPasswordReset) from storage, but not rules', () => {
    const storage = memoryStorage({
      [SESSION_STORAGE_KEY]: JSON.stringify({ token: 'tok', userData: { ...user, forcedPasswordReset: true } }),
    });
    const state = createSessionStore({ storage }).getState();
    expect(state.token).toBe('tok');
    expect(state.userData?.forcedPasswordReset).toBe(true);
    expect(state.hasAuthentication).toBe(true);
    expect(state.rules).toEqual([]);
    expect(state.rulesLoaded).toBe(false);
  });

  it('treats a damaged stored session as signed out', () => {
    for (const raw of ['{nope', JSON.stringify({ token: 5 }), JSON.stringify({ token: 't', userData: { id: 1 } })]) {
      const state = createSessionStore({ storage: memoryStorage({ [SESSION_STORAGE_KEY]: raw }) }).getState();
      expect(state.token).toBe('');
      expect(state.hasAuthentication).toBe(false);
    }
  });

  it('drops GraphQL extras (__typename) before storing', () => {
    const storage = memoryStorage();
    const store = createSessionStore({ storage });
    store.setUserData('tok', { ...user, __typename: 'SessionUser' } as SessionUser);
    expect(JSON.parse(storage.data.get(SESSION_STORAGE_KEY) ?? '').userData).toEqual(user);
  });

  it('builds abilities and modulesShow from the rules', () => {
    const store = createSessionStore({ storage: null });
    store.setRules(rules);
    const { ability, modulesShow } = store.getState();
    expect(ability.can('ver', 'Ventas-Clientes')).toBe(true);
    expect(ability.can('crear', 'Ventas-Clientes')).toBe(true);
    expect(ability.can('crear', 'Ventas-Facturas')).toBe(false);
    expect(ability.can('ver', 'Ventas')).toBe(true);
    expect(ability.can('ver', 'Caja')).toBe(true);
    expect(ability.can('ver', 'Compras')).toBe(false);
    expect(modulesShow).toEqual(['Ventas', 'Caja']);
  });

  it('rebuilds abilities when new rules arrive (rulesChanged) without signing out', () => {
    const store = createSessionStore({ storage: null });
    store.setSession({ token: 'tok', user, rules });
    const ability = store.getState().ability;
    store.setRules([{ module: 'Compras', submodules: [{ id: '30', name: 'Gastos', permitions: [{ name: 'ver' }] }] }]);
    const state = store.getState();
    expect(state.ability).toBe(ability);
    expect(ability.can('ver', 'Ventas-Clientes')).toBe(false);
    expect(ability.can('ver', 'Compras-Gastos')).toBe(true);
    expect(state.modulesShow).toEqual(['Compras']);
    expect(state.hasAuthentication).toBe(true);
    expect(state.token).toBe('tok');
  });

  it('rebuilds the abilities from the stored rules on demand (every navigation)', () => {
    const store = createSessionStore({ storage: null });
    store.setRules(rules);
    const { ability } = store.getState();
    ability.update([]);
    expect(ability.can('ver', 'Ventas-Clientes')).toBe(false);
    store.rebuildAbilities();
    expect(ability.can('ver', 'Ventas-Clientes')).toBe(true);
  });

  it('logout clears token, user, rules and abilities, the stored key and the Apollo cache', async () => {
    const storage = memoryStorage();
    const clearCache = vi.fn(() => Promise.resolve());
    const store = createSessionStore({ storage, clearCache });
    store.setSession({ token: 'tok', user, rules });
    store.applyRouteParentPath('/system/sales');
    await store.logout();
    const state = store.getState();
    expect(state.token).toBe('');
    expect(state.userData).toBeNull();
    expect(state.hasAuthentication).toBe(false);
    expect(state.rules).toEqual([]);
    expect(state.modulesShow).toEqual([]);
    expect(state.ability.rules).toEqual([]);
    expect(state.ability.can('ver', 'Ventas')).toBe(false);
    expect(storage.data.has(SESSION_STORAGE_KEY)).toBe(false);
    expect(clearCache).toHaveBeenCalledTimes(1);
  });

  it('notifies subscribers on every change', () => {
    const store = createSessionStore({ storage: null });
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    store.setUserData('tok', user);
    store.setRules(rules);
    unsubscribe();
    store.setRules([]);
    expect(listener).toHaveBeenCalledTimes(2);
  });
});
