// What the command palette (Ctrl+K) offers: the screens the user may open,
// matched without regard to accents or case, and where each kind of record
// found by the server opens. Data only, so unit tests read it.
import { appRoutes } from '../routes';
import type { AppRoute } from '../routing/types';

/** The form or screen that opens a record found by quickSearch (with `?id=`). */
export const RECORD_PATHS: Readonly<Record<string, string>> = {
  client: '/system/salesModule/clients/clients-form',
  quote: '/system/salesModule/quotes/quotes-form',
  invoice: '/system/salesModule/bills/bills-form',
  supplier: '/system/shoppingModule/suppliers/suppliers-form',
  expense: '/system/shoppingModule/expenses/expenses-form',
  purchase_order: '/system/shoppingModule/purchase-orders/purchase-orders-form',
  viatico: '/system/shoppingModule/viaticos/viaticos-form',
  rh_employee: '/system/rh/employees/employees-form',
  article: '/system/warehouseModule/articlesCatalogue',
  vehicle: '/system/vehicleParks/vehicles/vehicles-form',
  mt_order: '/system/maintenanceModule/maintenanceOrders',
  sec_inspection: '/system/securityModule/inspections/inspections-detail',
};

export const recordPath = (entity: string, id: string): string | null => (RECORD_PATHS[entity] ? `${RECORD_PATHS[entity]}?id=${encodeURIComponent(id)}` : null);

export type PaletteScreen = { path: string; label: string; description: string; keywords: string };

/** "Catálogo" and "catalogo" are the same word to someone typing fast. */
export const fold = (text: string): string => text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();

/** Screens of the route table a user may open: the Tablero, module landings, screens, and "new record" forms. */
export function paletteScreens(can: (action: string, subject: string) => boolean, routes: readonly AppRoute[] = appRoutes): PaletteScreen[] {
  return routes
    .filter((r) => r.layout === 'shell' && (r.kind === 'landing' || r.kind === 'screen' || r.kind === 'form'))
    .filter((r) => r.access === 'signedIn' || (typeof r.access === 'object' && can(r.access.action, r.access.subject)))
    .map((r) => {
      const trail = r.breadcrumbs.slice(0, -1).map((c) => c.label).join(' › ');
      const label = r.kind === 'form' ? `${r.title} (nuevo)` : r.title;
      return { path: r.path, label, description: trail || 'Pantalla', keywords: fold(`${label} ${trail} ${r.module ?? ''}`) };
    });
}

/** The screens whose words all appear in the label, trail or module (accents and case ignored). */
export function matchScreens(screens: readonly PaletteScreen[], query: string, limit = 8): PaletteScreen[] {
  const words = fold(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return screens.filter((s) => !s.label.endsWith('(nuevo)')).slice(0, limit);
  return screens.filter((s) => words.every((w) => s.keywords.includes(w))).slice(0, limit);
}
