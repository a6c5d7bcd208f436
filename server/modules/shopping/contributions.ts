// What Compras contributes to the platform (registered in ../index.ts):
// Tablero cards, Ctrl+K sources, and how its audited records are named.
import { searchPage, type ModuleContributions } from '../../lib/contributions';
import { readDues, readMonths } from '../../lib/indicators';
import { document, folio, formattedFolio, joined, named, name, withName } from '../../lib/references';
import { formatPurchaseOrderFolio } from '../../../schema/shopping/purchaseOrders';
import { listPurchaseOrders } from './purchaseOrders';
import { listExpenses, listSuppliers } from './service';
import * as data from './data/contributions';
import { viaticosOverdueSql } from './data/viaticos';
import { formatViaticoFolio } from '../../../schema/shopping/viaticos';
import { money } from '../../../schema/money';

const readViaticosOverdue = (value: unknown) => {
  const r = value as { count: number; amount: string; days: number };
  return { count: Number(r.count), amount: money(String(r.amount)), days: Number(r.days) };
};

export const shoppingContributions: ModuleContributions = {
  indicators: [
    { group: 'shopping', name: 'payables', ability: ['ver', 'Compras-Gastos'], indicator: (today) => ({ sql: data.payablesSql(today), read: readDues }) },
    { group: 'shopping', name: 'spentByMonth', ability: ['ver', 'Compras-Gastos'], indicator: (today) => ({ sql: data.spentByMonthSql(today), read: readMonths }) },
    {
      group: 'shopping',
      name: 'paymentRequestsToApprove',
      ability: ['autorizar', 'Compras-Solicitudes de pago'],
      indicator: () => ({ sql: data.pendingPaymentRequestsSql(), read: Number }),
    },
    { group: 'shopping', name: 'viaticosOverdue', ability: ['ver', 'Compras-Viáticos'], indicator: (today) => ({ sql: viaticosOverdueSql(today), read: readViaticosOverdue }) },
  ],
  searchSources: [
    {
      entity: 'supplier',
      subject: 'Compras-Proveedores',
      sequence: 40,
      find: async (ctx, s, n) => (await listSuppliers(ctx, searchPage(s, n), null)).items.map((x) => ({ entity: 'supplier', id: String(x.id), label: x.name, description: `Proveedor · ${x.rfc}` })),
    },
    {
      entity: 'expense',
      subject: 'Compras-Gastos',
      sequence: 50,
      find: async (ctx, s, n) =>
        (await listExpenses(ctx, searchPage(s, n), null)).items.map((e) => ({
          entity: 'expense',
          id: String(e.id),
          label: `Gasto ${e.folio} · ${e.supplierName}`,
          description: `Gasto · factura ${[e.invoiceSerie, e.invoiceFolio].filter(Boolean).join('-')}`,
        })),
    },
    {
      entity: 'purchase_order',
      subject: 'Compras-Órdenes de compra',
      sequence: 55,
      find: async (ctx, s, n) =>
        (await listPurchaseOrders(ctx, searchPage(s, n), null)).items.map((o) => ({
          entity: 'purchase_order',
          id: String(o.id),
          label: `Orden de compra ${formatPurchaseOrderFolio(o.folio)} · ${o.supplierName}`,
          description: `Orden de compra · entrega ${o.deliveryDate.split('-').reverse().join('/')}`,
        })),
    },
  ],
  auditReferences: {
    supplier: { parts: named('suppliers'), label: name, historySubject: 'Compras-Proveedores' },
    company_account: { parts: named('company_accounts'), label: name, historySubject: 'Compras-Cuentas' },
    account_entry: { parts: data.referenceParts.account_entry, label: name, historySubject: 'Compras-Cuentas' },
    account_transfer: { parts: data.referenceParts.account_transfer, label: (p) => joined(`Traspaso ${folio(p)}`, p.name), historySubject: 'Compras-Cuentas' },
    expense: { parts: document('expenses x join suppliers n on n.id = x.supplier_id'), label: withName(folio), historySubject: 'Compras-Gastos' },
    supplier_payment: { parts: document('supplier_payments x join suppliers n on n.id = x.supplier_id'), label: withName(folio), historySubject: 'Compras-Pagos' },
    payment_request: { parts: data.referenceParts.payment_request, label: withName(folio), historySubject: 'Compras-Solicitudes de pago' },
    shopping_settings: { parts: data.referenceParts.shopping_settings, label: name, historySubject: 'Compras-Viáticos' },
    viatico: { parts: data.referenceParts.viatico, label: formattedFolio(formatViaticoFolio), historySubject: 'Compras-Viáticos' },
    purchase_order: { parts: document('purchase_orders x join suppliers n on n.id = x.supplier_id'), label: formattedFolio(formatPurchaseOrderFolio), historySubject: 'Compras-Órdenes de compra' },
  },
};
