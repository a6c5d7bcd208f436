// The user form as data: its values, the client-side checks (the same rules
// and messages as the server's validation, so a user sees one wording) and
// the GraphQL inputs built from it.
import type { UserCreateInput, UserFieldsFragment, UserUpdateInput } from '../../../../generated/modules/settings/graphql';
import { texts } from '../texts';
import { requiredText } from '../validation';

export type UserFormValues = {
  name: string;
  email: string;
  roleId: string;
  active: boolean;
  /** Create only; empty = the server generates a temporary one. */
  password: string;
};

/** Inputs that can show a server field message. */
export const USER_FORM_FIELDS = ['name', 'email', 'roleId', 'active', 'password'] as const;

export const NAME_MAX = 120;
export const EMAIL_MAX = 254;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

export const EMPTY_USER: UserFormValues = { name: '', email: '', roleId: '', active: true, password: '' };

export function userValues(user: UserFieldsFragment): UserFormValues {
  return { name: user.name, email: user.email, roleId: user.role.id, active: user.active, password: '' };
}

export const validateName = requiredText(NAME_MAX);

export function validateEmail(value: string): string | null {
  const email = value.trim();
  if (email === '') return texts.users.validation.emailRequired;
  if (email.length > EMAIL_MAX) return texts.common.maxLength(EMAIL_MAX);
  return EMAIL_PATTERN.test(email) ? null : texts.users.validation.emailInvalid;
}

export function validateRole(value: string): string | null {
  return value === '' ? texts.users.validation.roleRequired : null;
}

/** Optional: only a typed password is checked. */
export function validatePassword(value: string): string | null {
  if (value === '') return null;
  if (value.length < PASSWORD_MIN) return texts.users.validation.passwordMin;
  return value.length > PASSWORD_MAX ? texts.users.validation.passwordMax : null;
}

export function toCreateInput(values: UserFormValues): UserCreateInput {
  const input: UserCreateInput = {
    name: values.name.trim(),
    email: values.email.trim().toLowerCase(),
    roleId: values.roleId,
  };
  if (values.password !== '') input.password = values.password;
  return input;
}

export function toUpdateInput(values: UserFormValues): UserUpdateInput {
  return {
    name: values.name.trim(),
    email: values.email.trim().toLowerCase(),
    roleId: values.roleId,
    active: values.active,
  };
}

/** "true"/"false" in the URL → the `active` filter of the users query. */
export function activeFilter(value: string): boolean | undefined {
  if (value === 'true') return true;
  if (value === 'false') return false;
  return undefined;
}
