// Búsqueda rápida (Ctrl+K): records by folio, RFC, number or name across the
// modules, each kind searched through its own module's list (same search
// rule as its screen) and only for users with `ver` on that screen; a kind
// the user cannot see is never queried.
import type { RequestContext } from '../../context';
import { badInput } from '../../lib/errors';
import { folioLabel, invoiceLabel } from '../../../schema/sales/labels';
import { listClients, listInvoices, listQuotes } from '../sales/service';
import { listExpenses, listSuppliers } from '../shopping/service';
import { listArticles } from '../warehouse/service';
import { listEmployees } from '../rh/employees/service';
import { listVehicles } from '../vehicle-park/vehicles/service';
import { formatOrderFolio, listOrders } from '../maintenance/service';
import { listInspections } from '../security/service';
import { formatInspectionFolio } from '../../../schema/security/labels';
import { ORDER_LIFECYCLE } from '../../../schema/maintenance/orders';

export type QuickSearchHit = { entity: string; id: string; label: string; description: string };

type Source = {
  entity: string;
  subject: string;
  find: (ctx: RequestContext, search: string, limit: number) => Promise<QuickSearchHit[]>;
};

const page = (search: string, limit: number) => ({ search, pageSize: limit, page: 1 });

const SOURCES: Source[] = [
  {
    entity: 'client',
    subject: 'Ventas-Clientes',
    find: async (ctx, s, n) => (await listClients(ctx, page(s, n), null)).items.map((c) => ({ entity: 'client', id: String(c.id), label: c.name, description: `Cliente · ${c.rfc}` })),
  },
  {
    entity: 'quote',
    subject: 'Ventas-Cotizaciones',
    find: async (ctx, s, n) =>
      (await listQuotes(ctx, page(s, n), null)).items.map((q) => ({ entity: 'quote', id: String(q.id), label: `${folioLabel('quote', q.folio)} · ${q.client.name}`, description: `Cotización · ${q.subject}` })),
  },
  {
    entity: 'invoice',
    subject: 'Ventas-Facturas',
    find: async (ctx, s, n) =>
      (await listInvoices(ctx, page(s, n), null)).items.map((i) => ({ entity: 'invoice', id: String(i.id), label: `${invoiceLabel(i.serie, i.folio)} · ${i.client.name}`, description: 'Factura' })),
  },
  {
    entity: 'supplier',
    subject: 'Compras-Proveedores',
    find: async (ctx, s, n) => (await listSuppliers(ctx, page(s, n), null)).items.map((x) => ({ entity: 'supplier', id: String(x.id), label: x.name, description: `Proveedor · ${x.rfc}` })),
  },
  {
    entity: 'expense',
    subject: 'Compras-Gastos',
    find: async (ctx, s, n) =>
      (await listExpenses(ctx, page(s, n), null)).items.map((e) => ({
        entity: 'expense',
        id: String(e.id),
        label: `Gasto ${e.folio} · ${e.supplierName}`,
        description: `Gasto · factura ${[e.invoiceSerie, e.invoiceFolio].filter(Boolean).join('-')}`,
      })),
  },
  {
    entity: 'rh_employee',
    subject: 'Recursos Humanos-Empleados',
    find: async (ctx, s, n) =>
      (await listEmployees(ctx, page(s, n), null)).items.map((e) => ({ entity: 'rh_employee', id: String(e.id), label: `${e.number} · ${e.fullName}`, description: `Empleado · ${e.rfc}` })),
  },
  {
    entity: 'vehicle',
    subject: 'Parque Vehicular-Vehículos',
    find: async (ctx, s, n) =>
      (await listVehicles(ctx, page(s, n), null)).items.map((v) => ({
        entity: 'vehicle',
        id: String(v.id),
        label: [v.economicNumber, v.plate].filter(Boolean).join(' · '),
        description: `Vehículo · ${v.brand} ${v.model} ${v.year}`,
      })),
  },
  {
    entity: 'mt_order',
    subject: 'Mantenimiento-Órdenes de mantenimiento',
    find: async (ctx, s, n) =>
      (await listOrders(ctx, page(s, n), null)).items.map((o) => ({
        entity: 'mt_order',
        id: String(o.id),
        label: formatOrderFolio(o.folio),
        description: `Orden de mantenimiento · ${ORDER_LIFECYCLE.labels[o.status]}`,
      })),
  },
  {
    entity: 'sec_inspection',
    subject: 'Seguridad-Inspecciones',
    find: async (ctx, s, n) =>
      (await listInspections(ctx, page(s, n), null)).items.map((i) => ({
        entity: 'sec_inspection',
        id: String(i.id),
        label: `${formatInspectionFolio(i.folio)} · ${i.typeName}`,
        description: `Inspección · ${i.area}`,
      })),
  },
  {
    entity: 'article',
    subject: 'Almacén-Artículos',
    find: async (ctx, s, n) => (await listArticles(ctx, page(s, n), null)).items.map((a) => ({ entity: 'article', id: String(a.id), label: `${a.sku} · ${a.name}`, description: 'Artículo' })),
  },
];

export const QUICK_SEARCH_MSG = { tooShort: 'Escribe al menos 2 caracteres.', tooLong: 'Máximo 80 caracteres.' };

/** Up to `limit` hits per kind of record the user may see, kinds in a fixed order. */
export async function quickSearch(ctx: RequestContext, termRaw: string, limitRaw: number | null | undefined): Promise<QuickSearchHit[]> {
  const term = termRaw.trim();
  if (term.length < 2) throw badInput({ term: QUICK_SEARCH_MSG.tooShort });
  if (term.length > 80) throw badInput({ term: QUICK_SEARCH_MSG.tooLong });
  const limit = Math.min(Math.max(limitRaw ?? 5, 1), 10);
  const ability = ctx.auth!.ability;
  const allowed = SOURCES.filter((s) => ability.can('ver', s.subject));
  const found = await Promise.all(allowed.map((s) => s.find(ctx, term, limit)));
  return found.flat();
}
