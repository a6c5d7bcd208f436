// Smaller pieces of the Configuración screens: button gating from the CASL
// ability, export paging, server field messages and the `?id=` reader.
import { describe, expect, it } from 'vitest';
import { buildAbility } from '../../../schema/abilities';
import { screenAccess, settingsSubject } from '../../../client/modules/settings/access';
import { fetchAllPages } from '../../../client/components/fetchAllPages';
import { errorForForm, placedFields, unplacedMessages } from '../../../client/components/serverErrors';
import { idParam, rolePermissionsPath, submodulesPath, userFormPath } from '../../../client/modules/settings/paths';
import type { AppError } from '../../../client/components/graphqlErrors';

describe('screenAccess', () => {
  const ability = buildAbility([
    {
      module: 'Configuración',
      submodules: [
        { id: '1', name: 'Usuarios', permitions: [{ name: 'ver' }, { name: 'crear' }, { name: 'exportar' }] },
        { id: '3', name: 'Roles', permitions: [{ name: 'ver' }] },
      ],
    },
  ]);

  it('reads each action on "Configuración-<screen>"', () => {
    expect(settingsSubject('Módulos')).toBe('Configuración-Módulos');
    expect(screenAccess(ability, 'Usuarios')).toEqual({ ver: true, crear: true, editar: false, eliminar: false, autorizar: false, exportar: true });
    expect(screenAccess(ability, 'Roles')).toEqual({ ver: true, crear: false, editar: false, eliminar: false, autorizar: false, exportar: false });
    expect(screenAccess(ability, 'Módulos').ver).toBe(false);
  });
});

describe('fetchAllPages', () => {
  const rows = Array.from({ length: 450 }, (_, i) => i + 1);
  const server = (calls: number[][]) => (page: number, pageSize: number) => {
    calls.push([page, pageSize]);
    return Promise.resolve({ items: rows.slice((page - 1) * pageSize, page * pageSize), total: rows.length });
  };

  it('pages through at 200 until the total is reached', async () => {
    const calls: number[][] = [];
    const all = await fetchAllPages(server(calls));
    expect(all).toEqual(rows);
    expect(calls).toEqual([
      [1, 200],
      [2, 200],
      [3, 200],
    ]);
  });

  it('stops on a short page even if the total said more', async () => {
    const all = await fetchAllPages((page) => Promise.resolve({ items: page === 1 ? [1, 2] : [], total: 10 }), 5);
    expect(all).toEqual([1, 2]);
  });

  it('makes one call for an empty list', async () => {
    const calls: number[][] = [];
    expect(await fetchAllPages((page, size) => (calls.push([page, size]), Promise.resolve({ items: [], total: 0 })))).toEqual([]);
    expect(calls).toHaveLength(1);
  });
});

describe('server field messages', () => {
  const lockout: AppError = {
    code: 'BAD_USER_INPUT',
    message: 'Revisa los datos capturados.',
    fields: { grants: 'Debe quedar al menos un usuario activo que pueda editar roles.' },
  };

  it('shows messages no input can show as the banner text', () => {
    expect(errorForForm(lockout, []).message).toBe('Debe quedar al menos un usuario activo que pueda editar roles.');
    expect(unplacedMessages(lockout, ['grants'])).toEqual([]);
  });

  it('keeps the generic message when every field has its input', () => {
    const taken: AppError = { code: 'BAD_USER_INPUT', message: 'Revisa los datos capturados.', fields: { email: 'El correo ya está registrado.' } };
    expect(errorForForm(taken, ['email', 'name'])).toEqual(taken);
    expect(placedFields(taken, ['email'])).toEqual({ email: 'El correo ya está registrado.' });
    expect(placedFields(taken, ['name'])).toEqual({});
  });

  it('leaves other codes untouched', () => {
    const conflict: AppError = { code: 'CONFLICT', message: 'Otro usuario modificó este registro.', fields: {} };
    expect(errorForForm(conflict, [])).toBe(conflict);
  });
});

describe('paths', () => {
  it('opens records by query string', () => {
    expect(userFormPath()).toBe('/system/form-user');
    expect(userFormPath('12')).toBe('/system/form-user?id=12');
    expect(submodulesPath('4')).toBe('/system/sub-modules?moduleId=4');
    expect(rolePermissionsPath('2')).toBe('/system/rol/settings?id=2');
  });

  it('accepts only positive integer ids', () => {
    expect(idParam('42')).toBe('42');
    expect(idParam(null)).toBeNull();
    expect(idParam('0')).toBeNull();
    expect(idParam('-3')).toBeNull();
    expect(idParam('abc')).toBeNull();
    expect(idParam('1e3')).toBeNull();
  });
});
