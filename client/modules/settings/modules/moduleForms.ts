// The module and screen (submodule) edit forms as data: values, checks and
// the GraphQL inputs.
import type {
  AppModuleFieldsFragment,
  AppModuleUpdateInput,
  SubmoduleFieldsFragment,
  SubmoduleUpdateInput,
} from '../../../../generated/modules/settings/graphql';
import { PERMISSION_COLUMNS } from '../roles/permissionMatrix';
import { texts } from '../texts';
import { requiredText } from '../validation';

export const NAME_MAX = 80;
export const ICON_MAX = 40;
const ICON_PATTERN = /^[a-z0-9-]+$/;

export type ModuleFormValues = { name: string; icon: string; sortOrder: string; active: boolean };
export const MODULE_FORM_FIELDS = ['name', 'icon', 'sortOrder', 'active'] as const;

export type SubmoduleFormValues = { name: string; sortOrder: string; active: boolean; permissions: string[] };
export const SUBMODULE_FORM_FIELDS = ['name', 'sortOrder', 'active', 'permissions'] as const;

export const validateModuleName = requiredText(NAME_MAX);

export function validateIcon(value: string): string | null {
  const icon = value.trim();
  if (icon === '') return texts.common.required;
  if (icon.length > ICON_MAX) return texts.common.maxLength(ICON_MAX);
  return ICON_PATTERN.test(icon) ? null : texts.modules.iconInvalid;
}

export function validatePermissions(value: readonly string[]): string | null {
  return value.includes('ver') ? null : texts.submodules.verRequired;
}

export function moduleValues(mod: AppModuleFieldsFragment): ModuleFormValues {
  return { name: mod.name, icon: mod.icon, sortOrder: String(mod.sortOrder), active: mod.active };
}

export function toModuleInput(values: ModuleFormValues): AppModuleUpdateInput {
  return { name: values.name.trim(), icon: values.icon.trim(), sortOrder: Number(values.sortOrder), active: values.active };
}

export function submoduleValues(sub: SubmoduleFieldsFragment): SubmoduleFormValues {
  return { name: sub.name, sortOrder: String(sub.sortOrder), active: sub.active, permissions: [...sub.permissions] };
}

/** Permission names in the canonical column order (the server stores them so). */
export function orderedPermissions(permissions: readonly string[]): string[] {
  const known = PERMISSION_COLUMNS.filter((p) => permissions.includes(p));
  const other = permissions.filter((p) => !(PERMISSION_COLUMNS as readonly string[]).includes(p));
  return [...known, ...other];
}

export function toSubmoduleInput(values: SubmoduleFormValues): SubmoduleUpdateInput {
  return {
    name: values.name.trim(),
    sortOrder: Number(values.sortOrder),
    active: values.active,
    permissions: orderedPermissions(values.permissions),
  };
}
