// Paths of the Almacén screens (ROUTES.md); records open with `?id=`.
const BASE = '/system/warehouseModule';

export const WAREHOUSE_PATHS = {
  landing: '/system/warehouse',
  warehouses: `${BASE}/catalogues`,
  lines: `${BASE}/linesCatalogue`,
  articles: `${BASE}/articlesCatalogue`,
  concepts: `${BASE}/warehouseConceptsCatalogue`,
  movements: `${BASE}/warehouseMovements`,
  stock: `${BASE}/stock`,
  pdm: `${BASE}/maintenancePaymentRequest`,
  inventory: `${BASE}/inventory`,
  requisitions: `${BASE}/requisitions`,
  requisitionDetail: `${BASE}/requisitionDetail`,
} as const;

/** Compras' new Orden de compra pre-filled from an authorised requisition or a sent Solicitud PDM. */
export const purchaseOrderFrom = (origin: 'requisicion' | 'pdm', id: string): string =>
  `/system/shoppingModule/purchase-orders/purchase-orders-form?origin=${origin}&originId=${encodeURIComponent(id)}`;

/** An Orden de compra of Compras (what a requisition shows it was bought with). */
export const purchaseOrderPath = (id: string): string => `/system/shoppingModule/purchase-orders/purchase-orders-form?id=${encodeURIComponent(id)}`;

/** `?id=new` opens an empty form on list screens that edit in place. */
export const NEW_ID = 'new';

export const withId = (path: string, id?: string | null): string => (id ? `${path}?id=${encodeURIComponent(id)}` : path);

/** The kardex of one article in one warehouse (a view inside Existencias). */
export const kardexPath = (articleId: string, warehouseId: string): string =>
  `${WAREHOUSE_PATHS.stock}?articleId=${encodeURIComponent(articleId)}&warehouseId=${encodeURIComponent(warehouseId)}`;

/** A positive integer id from the query string, or null. */
export function idParam(raw: string | null): string | null {
  return raw !== null && /^[1-9]\d{0,15}$/.test(raw) ? raw : null;
}
