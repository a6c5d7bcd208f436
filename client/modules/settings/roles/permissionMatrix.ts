// The role permission matrix as data: the granted permissions are a set of
// "submoduleId:permission" keys, and every check box of the screen (one
// permission, a submodule's "todo", a module's "Seleccionar todo") is a pure
// function over that set. Nothing here knows about React or GraphQL.

/** Matrix columns, in the order the screen shows them. */
export const PERMISSION_COLUMNS = ['ver', 'crear', 'editar', 'eliminar', 'autorizar', 'exportar'] as const;

export type MatrixSubmodule = {
  id: string;
  name: string;
  active: boolean;
  /** Permission names the submodule offers. */
  permissions: readonly string[];
};

export type MatrixModule = {
  id: string;
  name: string;
  active: boolean;
  submodules: readonly MatrixSubmodule[];
};

export type Grant = { submoduleId: string; permission: string };
export type GrantSet = ReadonlySet<string>;

/** all: every offered permission granted; some: part of them; none: nothing (or nothing offered). */
export type CheckState = 'all' | 'some' | 'none';

export const grantKey = (submoduleId: string, permission: string): string => `${submoduleId}:${permission}`;

export function grantSetOf(grants: readonly Grant[]): Set<string> {
  return new Set(grants.map((g) => grantKey(g.submoduleId, g.permission)));
}

export function isGranted(grants: GrantSet, submoduleId: string, permission: string): boolean {
  return grants.has(grantKey(submoduleId, permission));
}

function keysOfSubmodule(sub: MatrixSubmodule): string[] {
  return sub.permissions.map((p) => grantKey(sub.id, p));
}

function keysOfModule(mod: MatrixModule): string[] {
  return mod.submodules.flatMap(keysOfSubmodule);
}

function stateOf(grants: GrantSet, keys: readonly string[]): CheckState {
  const granted = keys.filter((key) => grants.has(key)).length;
  if (granted === 0) return 'none';
  return granted === keys.length ? 'all' : 'some';
}

export const submoduleState = (grants: GrantSet, sub: MatrixSubmodule): CheckState => stateOf(grants, keysOfSubmodule(sub));

export const moduleState = (grants: GrantSet, mod: MatrixModule): CheckState => stateOf(grants, keysOfModule(mod));

/** Check box props of a "todo" / "Seleccionar todo" box. */
export function checkboxState(state: CheckState): { checked: boolean; indeterminate: boolean } {
  return { checked: state === 'all', indeterminate: state === 'some' };
}

/** Granted and offered permissions of a module (the "3 de 12" counter). */
export function moduleCount(grants: GrantSet, mod: MatrixModule): { granted: number; offered: number } {
  const keys = keysOfModule(mod);
  return { granted: keys.filter((key) => grants.has(key)).length, offered: keys.length };
}

function withKeys(grants: GrantSet, keys: readonly string[], on: boolean): Set<string> {
  const next = new Set(grants);
  for (const key of keys) {
    if (on) next.add(key);
    else next.delete(key);
  }
  return next;
}

/** Flips one permission of one submodule. */
export function toggle(grants: GrantSet, submoduleId: string, permission: string): Set<string> {
  const key = grantKey(submoduleId, permission);
  return withKeys(grants, [key], !grants.has(key));
}

/** A row's "todo": complete rows clear, partial or empty rows fill up. */
export function toggleSubmodule(grants: GrantSet, sub: MatrixSubmodule): Set<string> {
  return withKeys(grants, keysOfSubmodule(sub), submoduleState(grants, sub) !== 'all');
}

/** A module's "Seleccionar todo": same rule over every submodule of the module. */
export function toggleModule(grants: GrantSet, mod: MatrixModule): Set<string> {
  return withKeys(grants, keysOfModule(mod), moduleState(grants, mod) !== 'all');
}

/** Some permission granted but not "ver": the role could never open the screen. */
export function missingVer(grants: GrantSet, sub: MatrixSubmodule): boolean {
  if (!sub.permissions.includes('ver') || isGranted(grants, sub.id, 'ver')) return false;
  return sub.permissions.some((p) => isGranted(grants, sub.id, p));
}

export function sameGrants(a: GrantSet, b: GrantSet): boolean {
  if (a.size !== b.size) return false;
  for (const key of a) if (!b.has(key)) return false;
  return true;
}

/**
 * The full list RoleSetPermissions takes, in catalog order. Only permissions
 * the catalog still offers are sent: a grant left over from a submodule that
 * no longer offers it would otherwise make the whole save fail.
 */
export function grantsToSave(grants: GrantSet, catalog: readonly MatrixModule[]): Grant[] {
  const out: Grant[] = [];
  for (const mod of catalog) {
    for (const sub of mod.submodules) {
      for (const permission of PERMISSION_COLUMNS) {
        if (sub.permissions.includes(permission) && isGranted(grants, sub.id, permission)) {
          out.push({ submoduleId: sub.id, permission });
        }
      }
      // Names outside the usual six (should the catalog grow) keep their own order.
      for (const permission of sub.permissions) {
        if (!(PERMISSION_COLUMNS as readonly string[]).includes(permission) && isGranted(grants, sub.id, permission)) {
          out.push({ submoduleId: sub.id, permission });
        }
      }
    }
  }
  return out;
}

/** Only what the catalog offers: the baseline to compare the edited set with. */
export function offeredGrants(grants: GrantSet, catalog: readonly MatrixModule[]): Set<string> {
  return new Set(grantsToSave(grants, catalog).map((g) => grantKey(g.submoduleId, g.permission)));
}

