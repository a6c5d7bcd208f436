// After signing in, the SPA returns to the page asked for — only within this origin.
import { describe, expect, it } from 'vitest';
import { nextFromSearch, nextSearch, safeNextPath, withNext } from '../../../client/app/routing/returnTo';

describe('return to the page asked for', () => {
  it('accepts a path of this origin with its query string', () => {
    expect(safeNextPath('/system/warehouseModule/stock?page=2')).toBe('/system/warehouseModule/stock?page=2');
  });

  it('refuses other origins, protocol-relative and backslash tricks', () => {
    for (const raw of ['https://evil.example/x', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)', 'system/x', '', null]) {
      expect(safeNextPath(raw)).toBeNull();
    }
  });

  it('does not return to the sign-in or landing pages (a loop)', () => {
    for (const raw of ['/login', '/loginOld?x=1', '/home/landing-page', '/home', '/']) expect(safeNextPath(raw)).toBeNull();
  });

  it('builds and reads the ?next= parameter', () => {
    const to = withNext('/home', '/system/cashModule/periods?id=3');
    expect(to).toBe('/home?next=%2Fsystem%2FcashModule%2Fperiods%3Fid%3D3');
    const search = to.slice(to.indexOf('?'));
    expect(nextFromSearch(search)).toBe('/system/cashModule/periods?id=3');
    expect(nextSearch(search)).toBe(search);
    expect(withNext('/home', 'https://evil.example')).toBe('/home');
    expect(nextSearch('?next=%2F%2Fevil.example')).toBe('');
  });
});
