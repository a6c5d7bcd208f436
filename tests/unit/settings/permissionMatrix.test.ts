// The role permission matrix: every check box of the screen is a pure
// function over the set of granted "submoduleId:permission" keys.
import { describe, expect, it } from 'vitest';
import {
  checkboxState,
  grantKey,
  grantSetOf,
  grantsToSave,
  isGranted,
  missingVer,
  moduleCount,
  moduleState,
  offeredGrants,
  sameGrants,
  submoduleState,
  toggle,
  toggleModule,
  toggleSubmodule,
  type MatrixModule,
} from '../../../client/modules/settings/roles/permissionMatrix';

const users = { id: '1', name: 'Usuarios', active: true, permissions: ['ver', 'crear', 'editar', 'eliminar', 'exportar'] };
const roles = { id: '2', name: 'Roles', active: true, permissions: ['ver', 'editar'] };
const report = { id: '3', name: 'Reportes', active: true, permissions: ['ver', 'exportar'] };

const settings: MatrixModule = { id: '10', name: 'Configuración', active: true, submodules: [users, roles] };
const sales: MatrixModule = { id: '20', name: 'Ventas', active: true, submodules: [report] };
const empty: MatrixModule = { id: '30', name: 'Vacío', active: true, submodules: [] };
const catalog = [settings, sales];

const set = (...keys: string[]) => new Set(keys);

describe('toggle', () => {
  it('adds a missing permission and removes a granted one', () => {
    const once = toggle(new Set(), '1', 'ver');
    expect(isGranted(once, '1', 'ver')).toBe(true);
    expect(isGranted(toggle(once, '1', 'ver'), '1', 'ver')).toBe(false);
  });

  it('never mutates the set it is given', () => {
    const start = set('1:ver');
    toggle(start, '1', 'crear');
    toggleSubmodule(start, users);
    toggleModule(start, settings);
    expect([...start]).toEqual(['1:ver']);
  });
});

describe('submodule row ("Todo")', () => {
  it('is none, some or all of what the submodule offers', () => {
    expect(submoduleState(new Set(), roles)).toBe('none');
    expect(submoduleState(set('2:ver'), roles)).toBe('some');
    expect(submoduleState(set('2:ver', '2:editar'), roles)).toBe('all');
  });

  it('fills a partial or empty row and clears a full one', () => {
    expect(toggleSubmodule(new Set(), roles)).toEqual(set('2:ver', '2:editar'));
    expect(toggleSubmodule(set('2:editar'), roles)).toEqual(set('2:editar', '2:ver'));
    expect(toggleSubmodule(set('2:ver', '2:editar'), roles)).toEqual(new Set());
  });

  it('leaves other rows alone', () => {
    expect(toggleSubmodule(set('1:ver', '3:exportar'), roles)).toEqual(set('1:ver', '3:exportar', '2:ver', '2:editar'));
    expect(toggleSubmodule(set('1:ver', '2:ver', '2:editar'), roles)).toEqual(set('1:ver'));
  });
});

describe('module block ("Seleccionar todo")', () => {
  it('is indeterminate while only part of the module is granted', () => {
    const partial = set('1:ver', '2:ver', '2:editar');
    expect(moduleState(partial, settings)).toBe('some');
    expect(checkboxState(moduleState(partial, settings))).toEqual({ checked: false, indeterminate: true });
    expect(checkboxState(moduleState(new Set(), settings))).toEqual({ checked: false, indeterminate: false });
  });

  it('selects every permission of every submodule, then clears them', () => {
    const all = toggleModule(set('1:ver'), settings);
    expect(all.size).toBe(users.permissions.length + roles.permissions.length);
    expect(moduleState(all, settings)).toBe('all');
    expect(checkboxState('all')).toEqual({ checked: true, indeterminate: false });
    expect(toggleModule(all, settings)).toEqual(new Set());
  });

  it('does not touch other modules', () => {
    const next = toggleModule(set('3:ver'), settings);
    expect(isGranted(next, '3', 'ver')).toBe(true);
    expect(toggleModule(next, settings)).toEqual(set('3:ver'));
  });

  it('counts granted over offered, and a module without screens is "none"', () => {
    expect(moduleCount(set('1:ver', '2:ver', '3:ver'), settings)).toEqual({ granted: 2, offered: 7 });
    expect(moduleState(new Set(), empty)).toBe('none');
    expect(toggleModule(set('1:ver'), empty)).toEqual(set('1:ver'));
  });
});

describe('saving', () => {
  it('sends the whole list in catalog and column order', () => {
    const grants = set('3:exportar', '2:editar', '1:exportar', '1:ver', '2:ver');
    expect(grantsToSave(grants, catalog)).toEqual([
      { submoduleId: '1', permission: 'ver' },
      { submoduleId: '1', permission: 'exportar' },
      { submoduleId: '2', permission: 'ver' },
      { submoduleId: '2', permission: 'editar' },
      { submoduleId: '3', permission: 'exportar' },
    ]);
  });

  it('drops grants the catalog no longer offers (they would make the save fail)', () => {
    const stale = grantSetOf([
      { submoduleId: '2', permission: 'eliminar' },
      { submoduleId: '99', permission: 'ver' },
      { submoduleId: '2', permission: 'ver' },
    ]);
    expect(grantsToSave(stale, catalog)).toEqual([{ submoduleId: '2', permission: 'ver' }]);
    expect(offeredGrants(stale, catalog)).toEqual(set(grantKey('2', 'ver')));
  });

  it('compares sets regardless of order (the dirty check)', () => {
    expect(sameGrants(set('1:ver', '2:ver'), set('2:ver', '1:ver'))).toBe(true);
    expect(sameGrants(set('1:ver'), set('1:ver', '2:ver'))).toBe(false);
    expect(sameGrants(set('1:ver'), set('2:ver'))).toBe(false);
  });
});

describe('missingVer', () => {
  it('flags a screen with permissions but without "ver"', () => {
    expect(missingVer(set('1:crear'), users)).toBe(true);
    expect(missingVer(set('1:crear', '1:ver'), users)).toBe(false);
    expect(missingVer(new Set(), users)).toBe(false);
  });
});
