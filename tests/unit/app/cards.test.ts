// Module landing cards: only allowed list/report screens; dashboard cards:
// only the modules present in the rules.
import { describe, expect, it } from 'vitest';
import { buildAbility } from '../../../schema/abilities';
import { allowedScreens, moduleCards, screenCards } from '../../../client/app/ability/cards';
import { moduleScreens } from '../../../client/app/routes';

const ability = buildAbility([
  {
    module: 'Ventas',
    submodules: [
      { id: '1', name: 'Clientes', permitions: [{ name: 'ver' }] },
      { id: '2', name: 'Pagos', permitions: [{ name: 'crear' }] },
    ],
  },
]);

describe('landing cards', () => {
  it('lists the screens of a module the user may see, without forms', () => {
    const cards = screenCards(allowedScreens(moduleScreens('Ventas'), ability), 'report-money');
    expect(cards).toEqual([{ title: 'Clientes', path: '/system/salesModule/clients', icon: 'report-money' }]);
  });

  it('shows one card per module in modulesShow, in that order', () => {
    const cards = moduleCards(['Caja', 'Ventas', 'Desconocido'], (name) => `d-${name}`);
    expect(cards).toEqual([
      { title: 'Caja', path: '/system/cash', icon: 'cash', description: 'd-Caja' },
      { title: 'Ventas', path: '/system/sales', icon: 'report-money', description: 'd-Ventas' },
    ]);
  });
});
