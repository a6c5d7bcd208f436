// @vitest-environment jsdom
// The loader every route runs: redirects, rebuilt abilities, parent path.
import { beforeEach, describe, expect, it } from 'vitest';
import { findRoute } from '../../../client/app/routes';
import { runGuard } from '../../../client/app/routing/navigationGuard';
import { sessionStore } from '../../../client/app/session/session';
import type { SessionUser } from '../../../client/app/session/sessionStore';

const user: SessionUser = { id: '1', email: 'v@demo.mx', name: 'Vendedora', forcedPasswordReset: false, role: { id: '5', name: 'Vendedor' } };
const rules = [{ module: 'Ventas', submodules: [{ id: '10', name: 'Clientes', permitions: [{ name: 'ver' }] }] }];

function route(path: string) {
  const found = findRoute(path);
  if (!found) throw new Error(path);
  return found;
}

async function redirectOf(promise: Promise<unknown>): Promise<string | null> {
  try {
    await promise;
    return null;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.headers.get('Location');
    throw thrown;
  }
}

beforeEach(async () => {
  await sessionStore.logout();
});

describe('route guard loader', () => {
  it('sends visitors without a session to /home', async () => {
    expect(await redirectOf(runGuard(route('/system/dashboard')))).toBe('/home');
    expect(await redirectOf(runGuard(route('/system/salesModule/clients')))).toBe('/home');
    expect(await redirectOf(runGuard(route('/login')))).toBeNull();
  });

  it('keeps the page asked for in ?next= so signing in can return to it', async () => {
    const asked = 'http://localhost/system/salesModule/clients/clients-form?id=42';
    expect(await redirectOf(runGuard(route('/system/salesModule/clients/clients-form'), asked))).toBe(
      '/home?next=%2Fsystem%2FsalesModule%2Fclients%2Fclients-form%3Fid%3D42',
    );
  });

  it('lets a signed-in user through, storing the parent path; a public route resets it', async () => {
    sessionStore.setSession({ token: 'tok', user, rules });
    expect(await redirectOf(runGuard(route('/system/salesModule/clients')))).toBeNull();
    expect(sessionStore.getState().parentPath).toBe('/system/sales');
    // Forbidden screens still load: the element shows "Sin permiso".
    expect(await redirectOf(runGuard(route('/system/salesModule/quotes')))).toBeNull();
    await runGuard(route('/home/landing-page'));
    expect(sessionStore.getState().parentPath).toBeNull();
  });

  it('rebuilds abilities from the rules on every navigation', async () => {
    sessionStore.setSession({ token: 'tok', user, rules });
    const { ability } = sessionStore.getState();
    ability.update([]);
    await runGuard(route('/system/dashboard'));
    expect(ability.can('ver', 'Ventas-Clientes')).toBe(true);
  });

  it('holds a user with forcedPasswordReset on the change-password screen', async () => {
    sessionStore.setSession({ token: 'tok', user: { ...user, forcedPasswordReset: true }, rules });
    expect(await redirectOf(runGuard(route('/system/salesModule/clients')))).toBe('/system/change-password');
    expect(await redirectOf(runGuard(route('/home/landing-page')))).toBe('/system/change-password');
    expect(await redirectOf(runGuard(route('/system/change-password')))).toBeNull();
  });
});
