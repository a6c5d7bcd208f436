// The command palette offers only the screens a user may open, finds them
// without regard to accents, and opens every kind of record the server's
// quick search returns on a screen that exists.
import { describe, expect, it } from 'vitest';
import { findRoute } from '../../../client/app/routes';
import { fold, matchScreens, paletteScreens, RECORD_PATHS, recordPath } from '../../../client/app/search/palette';

describe('command palette', () => {
  it('opens every kind of record on a route of the table', () => {
    for (const [entity, path] of Object.entries(RECORD_PATHS)) expect(findRoute(path), entity).toBeDefined();
    expect(recordPath('invoice', '42')).toBe('/system/salesModule/bills/bills-form?id=42');
    expect(recordPath('session', '1')).toBeNull();
  });

  it('lists the Tablero and only the screens the abilities allow', () => {
    const screens = paletteScreens((action, subject) => action === 'ver' && (subject === 'Ventas' || subject === 'Ventas-Clientes'));
    const paths = screens.map((s) => s.path);
    expect(paths).toContain('/system/dashboard');
    expect(paths).toContain('/system/sales');
    expect(paths).toContain('/system/salesModule/clients');
    expect(paths).toContain('/system/salesModule/clients/clients-form');
    expect(paths).not.toContain('/system/salesModule/bills');
    expect(paths.some((p) => p.startsWith('/system/shoppingModule'))).toBe(false);
    expect(paths).not.toContain('/login');
  });

  it('matches every typed word, accents and case aside', () => {
    const screens = paletteScreens(() => true);
    expect(fold('Catálogo de Artículos')).toBe('catalogo de articulos');
    const found = matchScreens(screens, 'catalogo articulos');
    expect(found[0]).toMatchObject({ path: '/system/warehouseModule/articlesCatalogue', label: 'Catálogo de Artículos' });
    expect(matchScreens(screens, 'clientes nuevo').map((s) => s.label)).toEqual(['Formulario de Clientes (nuevo)']);
    expect(matchScreens(screens, 'zzzz')).toEqual([]);
  });
});
