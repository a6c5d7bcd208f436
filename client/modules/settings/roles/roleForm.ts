// The role form (name, description and the Compras purchase-order limit) as data.
import type { RoleFieldsFragment, RoleInput } from '../../../../generated/modules/settings/graphql';
import { optionalText, requiredText } from '../validation';

export const ROLE_NAME_MAX = 80;
export const ROLE_DESCRIPTION_MAX = 500;

/** `purchaseOrderLimit`: empty = no limit (Compras › Órdenes de compra). */
export type RoleFormValues = { name: string; description: string; purchaseOrderLimit?: string };
export const ROLE_FORM_FIELDS = ['name', 'description', 'purchaseOrderLimit'] as const;

export const EMPTY_ROLE: RoleFormValues = { name: '', description: '', purchaseOrderLimit: '' };

export const validateRoleName = requiredText(ROLE_NAME_MAX);
export const validateRoleDescription = optionalText(ROLE_DESCRIPTION_MAX);

export const roleValues = (role: RoleFieldsFragment): RoleFormValues => ({ name: role.name, description: role.description, purchaseOrderLimit: role.purchaseOrderLimit ?? '' });

export const toRoleInput = (values: RoleFormValues): RoleInput => ({
  name: values.name.trim(),
  description: values.description.trim(),
  ...(values.purchaseOrderLimit === undefined ? {} : { purchaseOrderLimit: values.purchaseOrderLimit.trim() || null }),
});
