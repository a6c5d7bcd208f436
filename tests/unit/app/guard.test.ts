import { describe, expect, it } from 'vitest';
import { buildAbility } from '../../../schema/abilities';
import { decideNavigation, type GuardState } from '../../../client/app/routing/guard';

const CHANGE = '/system/change-password';
const ability = buildAbility([
  { module: 'Ventas', submodules: [{ id: '1', name: 'Clientes', permitions: [{ name: 'ver' }, { name: 'crear' }] }] },
]);
const signedIn: GuardState = { token: 'abc', forcedPasswordReset: false, can: (a, s) => ability.can(a, s) };
const signedOut: GuardState = { token: '', forcedPasswordReset: false, can: () => false };
const forced: GuardState = { ...signedIn, forcedPasswordReset: true };

const clients = { path: '/system/salesModule/clients', access: { action: 'ver', subject: 'Ventas-Clientes' } };
const quotes = { path: '/system/salesModule/quotes', access: { action: 'ver', subject: 'Ventas-Cotizaciones' } };
const dashboard = { path: '/system/dashboard', access: 'signedIn' as const };
const login = { path: '/login', access: 'public' as const };
const changePassword = { path: CHANGE, access: 'signedIn' as const };

describe('navigation guard', () => {
  it('lets anyone open public routes', () => {
    expect(decideNavigation(login, signedOut, CHANGE)).toEqual({ outcome: 'allow' });
    expect(decideNavigation(login, signedIn, CHANGE)).toEqual({ outcome: 'allow' });
  });

  it('sends a visitor without token to /home', () => {
    expect(decideNavigation(dashboard, signedOut, CHANGE)).toEqual({ outcome: 'redirect', to: '/home' });
    expect(decideNavigation(clients, signedOut, CHANGE)).toEqual({ outcome: 'redirect', to: '/home' });
  });

  it('allows a signed-in user on sign-in-only routes', () => {
    expect(decideNavigation(dashboard, signedIn, CHANGE)).toEqual({ outcome: 'allow' });
  });

  it('allows a screen whose ability the user holds', () => {
    expect(decideNavigation(clients, signedIn, CHANGE)).toEqual({ outcome: 'allow' });
  });

  it('shows "Sin permiso" when the ability is missing', () => {
    expect(decideNavigation(quotes, signedIn, CHANGE)).toEqual({ outcome: 'forbidden' });
    expect(decideNavigation({ path: '/system/sales', access: { action: 'ver', subject: 'Compras' } }, signedIn, CHANGE)).toEqual({
      outcome: 'forbidden',
    });
  });

  it('holds a user with forcedPasswordReset on the change-password screen', () => {
    expect(decideNavigation(changePassword, forced, CHANGE)).toEqual({ outcome: 'allow' });
    for (const target of [dashboard, clients, quotes, login]) {
      expect(decideNavigation(target, forced, CHANGE)).toEqual({ outcome: 'redirect', to: CHANGE });
    }
  });

  it('treats forcedPasswordReset without a token as signed out', () => {
    const stale: GuardState = { ...signedOut, forcedPasswordReset: true };
    expect(decideNavigation(changePassword, stale, CHANGE)).toEqual({ outcome: 'redirect', to: '/home' });
    expect(decideNavigation(login, stale, CHANGE)).toEqual({ outcome: 'allow' });
  });
});
