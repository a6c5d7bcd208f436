// The route table must hold every path of ROUTES.md with its exact title
// (tests/routes-contract.ts is copied by hand from ROUTES.md, not derived from code).
import { describe, expect, it } from 'vitest';
import { MODULE_CATALOG } from '../../../schema/catalog';
import { ROUTE_CONTRACT } from '../../routes-contract';
import { appRoutes, findRoute, moduleScreens, redirectRoutes } from '../../../client/app/routes';

const EXPECTED = ROUTE_CONTRACT;

const labels = (path: string): string[] => findRoute(path)?.breadcrumbs.map((c) => c.label) ?? [];

describe('route table', () => {
  it.each(EXPECTED)('%s exists with title "%s"', (path, title) => {
    const route = findRoute(path);
    expect(route, path).toBeDefined();
    expect(route?.title).toBe(title);
    expect(route?.path).toBe(path);
  });

  it('holds no screen outside ROUTES.md, so the e2e walk (title, breadcrumb, phone fit) reaches every one', () => {
    // tests/e2e/platform.spec.ts walks ROUTE_CONTRACT at 390×844: a route added to the table but not
    // to the contract would never be swept for overflow. Change-password is the one screen of its own.
    const contract = new Set(EXPECTED.map(([path]) => path));
    const outside = appRoutes.map((r) => r.path).filter((path) => !contract.has(path) && path !== '/system/change-password');
    expect(outside).toEqual([]);
  });

  it('declares each path once', () => {
    const paths = appRoutes.map((r) => r.path);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('redirects / and /home to the landing page', () => {
    expect(redirectRoutes).toContainEqual({ path: '/', to: '/home/landing-page' });
    expect(redirectRoutes).toContainEqual({ path: '/home', to: '/home/landing-page' });
  });

  it('has the change-password screen', () => {
    expect(findRoute('/system/change-password')?.title).toBe('Cambiar contraseña');
  });

  it('builds breadcrumbs: module > screen, forms add their list', () => {
    expect(labels('/system/salesModule/clients')).toEqual(['Ventas', 'Clientes']);
    expect(labels('/system/salesModule/clients/clients-form')).toEqual(['Ventas', 'Clientes', 'Formulario de Clientes']);
    expect(findRoute('/system/salesModule/clients/clients-form')?.breadcrumbs).toEqual([
      { label: 'Ventas', path: '/system/sales' },
      { label: 'Clientes', path: '/system/salesModule/clients' },
      { label: 'Formulario de Clientes' },
    ]);
    expect(labels('/system/salesModule/paymentsForm')).toEqual(['Ventas', 'Pagos', 'Formulario de Pagos']);
    expect(labels('/system/form-user')).toEqual(['Configuración', 'Usuarios', 'Formulario de Usuarios']);
    expect(labels('/system/sub-modules')).toEqual(['Configuración', 'Módulos', 'Submódulos']);
    expect(labels('/system/rol/settings')).toEqual(['Configuración', 'Roles', 'Configuración de Permisos por Rol']);
  });

  it('uses the Mantenimiento breadcrumbs of the table', () => {
    expect(labels('/system/maintenanceModule/servicesCatalog')).toEqual(['Mantenimiento', 'Catálogo de servicios']);
    expect(labels('/system/maintenanceModule/breackdownService')).toEqual(['Mantenimiento', 'Programación de servicios']);
    expect(labels('/system/maintenanceModule/reportManagement')).toEqual(['Mantenimiento', 'Gestión de reportes']);
  });

  it('starts every Almacén trail with "Almacén"', () => {
    const warehouse = appRoutes.filter((r) => r.path.startsWith('/system/warehouseModule/'));
    expect(warehouse).toHaveLength(10);
    for (const route of warehouse) expect(route.breadcrumbs[0]?.label).toBe('Almacén');
  });

  it('gives every module screen its landing page as parent path', () => {
    const prefixes: Record<string, string> = {
      '/system/rh/': '/system/human-resources',
      '/system/vehicleParks/': '/system/vehiclePark',
      '/system/securityModule/': '/system/security',
      '/system/salesModule/': '/system/sales',
      '/system/shoppingModule/': '/system/shopping',
      '/system/cashModule/': '/system/cash',
      '/system/maintenanceModule/': '/system/maintenance',
      '/system/warehouseModule/': '/system/warehouse',
    };
    for (const route of appRoutes) {
      const prefix = Object.keys(prefixes).find((p) => route.path.startsWith(p));
      if (prefix) expect(route.parentPath, route.path).toBe(prefixes[prefix]);
    }
    for (const path of ['/system/users', '/system/form-user', '/system/modules', '/system/sub-modules', '/system/roles', '/system/rol/settings']) {
      expect(findRoute(path)?.parentPath).toBe('/system/settings');
    }
    expect(findRoute('/login')?.parentPath).toBeUndefined();
  });

  it('needs `ver` on "<Módulo>-<Submódulo>" with names from the catalog', () => {
    const subjects = new Set(MODULE_CATALOG.flatMap((m) => [m.name, ...m.submodules.map((s) => `${m.name}-${s.name}`)]));
    for (const route of appRoutes) {
      if (typeof route.access === 'object') {
        expect(route.access.action, route.path).toBe('ver');
        expect(subjects.has(route.access.subject), `${route.path} → ${route.access.subject}`).toBe(true);
      }
    }
    expect(findRoute('/system/maintenanceModule/breackdownService')?.access).toEqual({
      action: 'ver',
      subject: 'Mantenimiento-Programación de servicios',
    });
    expect(findRoute('/system/shoppingModule/applications')?.access).toEqual({
      action: 'ver',
      subject: 'Compras-Solicitudes de pago',
    });
  });

  it('marks public routes public and the rest signed-in', () => {
    for (const path of ['/login', '/loginOld', '/home/landing-page', '/components', '/preview']) {
      expect(findRoute(path)?.access).toBe('public');
    }
    expect(findRoute('/system/dashboard')?.access).toBe('signedIn');
    for (const route of appRoutes.filter((r) => r.path.startsWith('/system/'))) {
      expect(route.access, route.path).not.toBe('public');
      expect(route.layout).toBe('shell');
    }
  });

  it('offers cards for lists and reports, not for forms or details', () => {
    const sales = moduleScreens('Ventas').map((r) => r.title);
    expect(sales).toContain('Clientes');
    expect(sales).not.toContain('Formulario de Clientes');
    expect(sales).not.toContain('Formulario de Pagos');
    const maintenance = moduleScreens('Mantenimiento').map((r) => r.title);
    expect(maintenance).not.toContain('Desglose de servicios');
    expect(moduleScreens('Configuración').map((r) => r.title)).toEqual(['Usuarios', 'Módulos', 'Roles', 'Empresa']);
  });

  it('loads every screen lazily', () => {
    for (const route of appRoutes) expect(typeof route.load).toBe('function');
  });
});
