// Compras screens (ROUTES.md).
import { defineModuleRoutes, form, screen } from '../../app/routing/define';

export const shoppingRoutes = defineModuleRoutes('shopping', '/system/shoppingModule/', [
  screen('suppliers', 'Proveedores', 'Proveedores', { load: () => import('./pages/SuppliersPage').then((m) => m.SuppliersPage) }),
  form('suppliers/suppliers-form', 'Formulario de Proveedores', 'Proveedores', 'suppliers', { load: () => import('./pages/SupplierFormPage').then((m) => m.SupplierFormPage) }),
  screen('accounts', 'Cuentas', 'Cuentas', { load: () => import('./pages/AccountsPage').then((m) => m.AccountsPage) }),
  screen('expenses', 'Gastos', 'Gastos', { load: () => import('./pages/ExpensesPage').then((m) => m.ExpensesPage) }),
  form('expenses/expenses-form', 'Formulario de Gastos', 'Gastos', 'expenses', { load: () => import('./pages/ExpenseFormPage').then((m) => m.ExpenseFormPage) }),
  screen('payoffs', 'Pagos', 'Pagos', { load: () => import('./pages/PayoffsPage').then((m) => m.PayoffsPage) }),
  screen('applications', 'Solicitudes de pago de mantenimiento', 'Solicitudes de pago', { load: () => import('./pages/ApplicationsPage').then((m) => m.ApplicationsPage) }),
  screen('purchase-orders', 'Órdenes de compra', 'Órdenes de compra', { load: () => import('./pages/PurchaseOrdersPage').then((m) => m.PurchaseOrdersPage) }),
  form('purchase-orders/purchase-orders-form', 'Formulario de Órdenes de compra', 'Órdenes de compra', 'purchase-orders', {
    load: () => import('./pages/PurchaseOrderFormPage').then((m) => m.PurchaseOrderFormPage),
  }),
  screen('viaticos', 'Viáticos', 'Viáticos', { load: () => import('./pages/ViaticosPage').then((m) => m.ViaticosPage) }),
  form('viaticos/viaticos-form', 'Formulario de Viáticos', 'Viáticos', 'viaticos', { load: () => import('./pages/ViaticoFormPage').then((m) => m.ViaticoFormPage) }),
  screen('reports', 'Reportes', 'Reportes', { load: () => import('./pages/ReportsPage').then((m) => m.ReportsPage) }),
]);
