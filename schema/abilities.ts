// The one rules-to-abilities function. The SPA (route guard, menus, buttons)
// and the server (graphql-shield) both import it, so they cannot disagree.
import { createMongoAbility, type MongoAbility } from '@casl/ability';

export type RulePermition = { name: string };
export type RuleSubmodule = { id: string | number; name: string; permitions: RulePermition[] };
export type RuleModule = { module: string; submodules: RuleSubmodule[] };

export type AbilityRule = { action: string; subject: string };
export type AppAbility = MongoAbility<[string, string]>;

/** Subject of a submodule: "<module name>-<submodule name>". */
export const subjectOf = (module: string, submodule: string): string => `${module}-${submodule}`;

/**
 * SPEC §1: one ability per module × submodule × permition (action = permition
 * name, subject = "<module>-<submodule>") plus `ver` on every module name.
 */
export function rulesToAbilityRules(rules: readonly RuleModule[]): AbilityRule[] {
  const out: AbilityRule[] = [];
  for (const mod of rules) {
    for (const sub of mod.submodules) {
      for (const perm of sub.permitions) {
        out.push({ action: perm.name, subject: subjectOf(mod.module, sub.name) });
      }
    }
    out.push({ action: 'ver', subject: mod.module });
  }
  return out;
}

export function buildAbility(rules: readonly RuleModule[]): AppAbility {
  return createMongoAbility<[string, string]>(rulesToAbilityRules(rules));
}

/** Names of the modules present in the rules (the side menu). */
export function modulesShown(rules: readonly RuleModule[]): string[] {
  return rules.map((m) => m.module);
}
