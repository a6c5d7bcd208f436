// Paths of the Ventas screens (ROUTES.md); records open with `?id=`, and a
// document made from another says where it comes from (`?quoteId=`, …).
const BASE = '/system/salesModule';

export const SALES_PATHS = {
  landing: '/system/sales',
  clients: `${BASE}/clients`,
  clientForm: `${BASE}/clients/clients-form`,
  quotes: `${BASE}/quotes`,
  quoteForm: `${BASE}/quotes/quotes-form`,
  contracts: `${BASE}/contracts`,
  contractForm: `${BASE}/contracts/contracts-form`,
  orders: `${BASE}/orders-service`,
  orderForm: `${BASE}/orders-service/orders-service-form`,
  generators: `${BASE}/generators`,
  generatorForm: `${BASE}/generators/generators-form`,
  bills: `${BASE}/bills`,
  billForm: `${BASE}/bills/bills-form`,
  payments: `${BASE}/payments`,
  paymentForm: `${BASE}/paymentsForm`,
  deliveries: `${BASE}/delivery-orders`,
  otherIncome: `${BASE}/others-earnings`,
  reports: `${BASE}/reports`,
  jobCost: `${BASE}/job-cost`,
} as const;

/** Records of other modules a job-cost line opens (Almacén, Compras, Parque Vehicular; `?id=`). */
export const JOB_COST_SOURCES = {
  requisition: '/system/warehouseModule/requisitionDetail',
  expense: '/system/shoppingModule/expenses/expenses-form',
  vehicle: '/system/vehicleParks/vehicles/vehicles-form',
  viatico: '/system/shoppingModule/viaticos/viaticos-form',
} as const;

/** A path with query parameters; empty values are left out. */
export function withQuery(path: string, params: Record<string, string | null | undefined> = {}): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value) query.set(key, value);
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

export const recordPath = (path: string, id?: string | null): string => withQuery(path, { id });

/** A positive integer id from the query string, or null. */
export function idParam(raw: string | null): string | null {
  return raw !== null && /^[1-9]\d{0,15}$/.test(raw) ? raw : null;
}
