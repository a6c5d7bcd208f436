// Configuración RH is a screen with its own landing: its catalogues are listed
// there (not on the Recursos Humanos landing) and their trails pass through it.
import { describe, expect, it } from 'vitest';
import { findRoute, moduleScreens, screensWithin } from '../../../client/app/routes';

const labels = (path: string): string[] => findRoute(path)?.breadcrumbs.map((c) => c.label) ?? [];

describe('Configuración RH routes', () => {
  it('trails go Recursos Humanos > Configuración RH > screen (> form)', () => {
    expect(labels('/system/rh/settings')).toEqual(['Recursos Humanos', 'Configuración RH']);
    expect(findRoute('/system/rh/settings/areas')?.breadcrumbs).toEqual([
      { label: 'Recursos Humanos', path: '/system/human-resources' },
      { label: 'Configuración RH', path: '/system/rh/settings' },
      { label: 'Áreas' },
    ]);
    expect(labels('/system/rh/settings/workplaces/workplace-form')).toEqual(['Recursos Humanos', 'Configuración RH', 'Plazas', 'Formulario de Plazas']);
  });

  it('the catalogues get their cards on the Configuración RH landing, not on the module landing', () => {
    const within = screensWithin('/system/rh/settings').map((r) => r.path);
    expect(within).toEqual(['/system/rh/settings/areas', '/system/rh/settings/positions', '/system/rh/settings/workplaces', '/system/rh/settings/documents', '/system/rh/settings/concepts', '/system/rh/settings/employer-registrations']);
    const onModule = moduleScreens('Recursos Humanos').map((r) => r.path);
    expect(onModule).toContain('/system/rh/settings');
    for (const path of within) expect(onModule).not.toContain(path);
    for (const path of within) expect(findRoute(path)?.description).toBeTruthy();
  });
});
