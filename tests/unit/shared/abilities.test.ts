// SPEC §1 "Permission rules and abilities": the one function both sides use.
import { describe, expect, it } from 'vitest';
import { buildAbility, modulesShown, rulesToAbilityRules, type RuleModule } from '../../../schema/abilities';

const RULES: RuleModule[] = [
  {
    module: 'Almacén',
    submodules: [
      { id: 1, name: 'Artículos', permitions: [{ name: 'ver' }, { name: 'crear' }] },
      { id: 2, name: 'Requisiciones', permitions: [{ name: 'autorizar' }] },
    ],
  },
  { module: 'Ventas', submodules: [] },
];

describe('rules → abilities', () => {
  it('one ability per module × submodule × permition, plus `ver` on every module', () => {
    expect(rulesToAbilityRules(RULES)).toEqual([
      { action: 'ver', subject: 'Almacén-Artículos' },
      { action: 'crear', subject: 'Almacén-Artículos' },
      { action: 'autorizar', subject: 'Almacén-Requisiciones' },
      { action: 'ver', subject: 'Almacén' },
      { action: 'ver', subject: 'Ventas' },
    ]);
  });

  it('grants exactly those abilities and nothing else', () => {
    const ability = buildAbility(RULES);
    expect(ability.can('crear', 'Almacén-Artículos')).toBe(true);
    expect(ability.can('editar', 'Almacén-Artículos')).toBe(false);
    expect(ability.can('ver', 'Almacén-Requisiciones')).toBe(false);
    expect(ability.can('autorizar', 'Almacén-Requisiciones')).toBe(true);
    expect(ability.can('ver', 'Ventas')).toBe(true);
    expect(ability.can('ver', 'Compras')).toBe(false);
  });

  it('modulesShow lists only the modules present in the rules, in order', () => {
    expect(modulesShown(RULES)).toEqual(['Almacén', 'Ventas']);
    expect(modulesShown([])).toEqual([]);
    expect(buildAbility([]).can('ver', 'Almacén')).toBe(false);
  });
});
