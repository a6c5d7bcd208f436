// Client-side checks of the Configuración forms mirror the server's rules and
// wording; the inputs sent to the API are trimmed and normalised.
import { describe, expect, it } from 'vitest';
import {
  activeFilter,
  EMPTY_USER,
  toCreateInput,
  toUpdateInput,
  userValues,
  validateEmail,
  validateName,
  validatePassword,
  validateRole,
} from '../../../client/modules/settings/users/userForm';
import {
  orderedPermissions,
  toModuleInput,
  toSubmoduleInput,
  validateIcon,
  validatePermissions,
} from '../../../client/modules/settings/modules/moduleForms';
import { toRoleInput, validateRoleDescription, validateRoleName } from '../../../client/modules/settings/roles/roleForm';
import { validateSortOrder } from '../../../client/modules/settings/validation';

describe('user form', () => {
  it('requires a name and a well-formed e-mail', () => {
    expect(validateName('  ')).toBe('Este campo es obligatorio.');
    expect(validateName('Ana López')).toBeNull();
    expect(validateName('x'.repeat(121))).toBe('Máximo 120 caracteres.');
    expect(validateEmail('')).toBe('El correo es obligatorio.');
    expect(validateEmail('ana@')).toBe('Correo electrónico no válido.');
    expect(validateEmail('ana@demo')).toBe('Correo electrónico no válido.');
    expect(validateEmail(' ana@demo.mx ')).toBeNull();
    expect(validateRole('')).toBe('Selecciona un rol.');
    expect(validateRole('3')).toBeNull();
  });

  it('accepts an empty initial password (generated) but not a short one', () => {
    expect(validatePassword('')).toBeNull();
    expect(validatePassword('1234567')).toBe('La contraseña debe tener al menos 8 caracteres.');
    expect(validatePassword('12345678')).toBeNull();
    expect(validatePassword('x'.repeat(129))).toBe('Máximo 128 caracteres.');
  });

  it('sends the password only when one was typed', () => {
    const values = { ...EMPTY_USER, name: ' Ana ', email: ' Ana@Demo.MX ', roleId: '2' };
    expect(toCreateInput(values)).toEqual({ name: 'Ana', email: 'ana@demo.mx', roleId: '2' });
    expect(toCreateInput({ ...values, password: 'secreta-123' })).toMatchObject({ password: 'secreta-123' });
  });

  it('edits name, e-mail, role and active from the loaded user', () => {
    const user = {
      id: '7',
      name: 'Ana',
      email: 'ana@demo.mx',
      role: { id: '2', name: 'Vendedor' },
      active: true,
      forcedPasswordReset: false,
      lastSignInAt: null,
      createdAt: '2026-01-01T00:00:00.000Z',
      version: 3,
    };
    const values = userValues(user);
    expect(values).toEqual({ name: 'Ana', email: 'ana@demo.mx', roleId: '2', active: true, password: '' });
    expect(toUpdateInput({ ...values, active: false })).toEqual({ name: 'Ana', email: 'ana@demo.mx', roleId: '2', active: false });
  });

  it('reads the status filter of the URL', () => {
    expect(activeFilter('true')).toBe(true);
    expect(activeFilter('false')).toBe(false);
    expect(activeFilter('')).toBeUndefined();
    expect(activeFilter('quizá')).toBeUndefined();
  });
});

describe('module and screen forms', () => {
  it('checks the menu order like the server (whole number 0..9999)', () => {
    expect(validateSortOrder('')).toBe('Este campo es obligatorio.');
    expect(validateSortOrder('1.5')).toBe('Debe ser un número entero.');
    expect(validateSortOrder('-1')).toBe('Debe ser 0 o mayor.');
    expect(validateSortOrder('10000')).toBe('Máximo 9999.');
    expect(validateSortOrder('0')).toBeNull();
  });

  it('accepts icon keys of lowercase letters, digits and dashes', () => {
    expect(validateIcon('building-warehouse')).toBeNull();
    expect(validateIcon('Camión')).toBe('Usa minúsculas, números y guiones.');
    expect(validateIcon('')).toBe('Este campo es obligatorio.');
  });

  it('requires "ver" among the offered permissions', () => {
    expect(validatePermissions(['crear'])).toBe('Toda pantalla debe ofrecer el permiso "ver".');
    expect(validatePermissions(['ver'])).toBeNull();
  });

  it('sends numbers as numbers and permissions in column order', () => {
    expect(toModuleInput({ name: ' Almacén ', icon: 'building-warehouse', sortOrder: '20', active: true })).toEqual({
      name: 'Almacén',
      icon: 'building-warehouse',
      sortOrder: 20,
      active: true,
    });
    expect(toSubmoduleInput({ name: 'Pagos', sortOrder: '3', active: false, permissions: ['exportar', 'ver', 'autorizar'] })).toEqual({
      name: 'Pagos',
      sortOrder: 3,
      active: false,
      permissions: ['ver', 'autorizar', 'exportar'],
    });
    expect(orderedPermissions(['eliminar', 'ver', 'crear'])).toEqual(['ver', 'crear', 'eliminar']);
  });
});

describe('role form', () => {
  it('requires a name; the description is optional', () => {
    expect(validateRoleName(' ')).toBe('Este campo es obligatorio.');
    expect(validateRoleDescription('')).toBeNull();
    expect(validateRoleDescription('x'.repeat(501))).toBe('Máximo 500 caracteres.');
    expect(toRoleInput({ name: ' Auditor ', description: ' Solo lectura ' })).toEqual({ name: 'Auditor', description: 'Solo lectura' });
  });
});
