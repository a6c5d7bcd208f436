// @vitest-environment jsdom
// The page's store and Apollo client are wired: logout empties the Apollo
// cache (apolloClient.clearStore) and the persisted key.
import { describe, expect, it, vi } from 'vitest';
import { apolloClient, sessionStore } from '../../../client/app/session/session';
import { SESSION_STORAGE_KEY } from '../../../client/app/session/sessionStore';

describe('session wiring', () => {
  it('logout calls apolloClient.clearStore()', async () => {
    const clearStore = vi.spyOn(apolloClient, 'clearStore');
    sessionStore.setSession({
      token: 'tok',
      user: { id: '1', email: 'a@demo.mx', name: 'A', forcedPasswordReset: false, role: { id: '1', name: 'Administrador' } },
      rules: [{ module: 'Caja', submodules: [] }],
    });
    expect(window.localStorage.getItem(SESSION_STORAGE_KEY)).not.toBeNull();
    await sessionStore.logout();
    expect(clearStore).toHaveBeenCalledTimes(1);
    expect(window.localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    expect(sessionStore.getState().rules).toEqual([]);
  });
});
