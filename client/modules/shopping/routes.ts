// Compras screens (ROUTES.md).
import { defineModuleRoutes, form, screen } from '../../app/routing/define';

export const shoppingRoutes = defineModuleRoutes('shopping', '/system/shoppingModule/', [
  screen('suppliers', 'Proveedores', 'Proveedores', { load: () => import('./pages/SuppliersPage') }),
  form('suppliers/suppliers-form', 'Formulario de Proveedores', 'Proveedores', 'suppliers', { load: () => import('./pages/SupplierFormPage') }),
  screen('accounts', 'Cuentas', 'Cuentas', { load: () => import('./pages/AccountsPage') }),
  screen('expenses', 'Gastos', 'Gastos', { load: () => import('./pages/ExpensesPage') }),
  form('expenses/expenses-form', 'Formulario de Gastos', 'Gastos', 'expenses', { load: () => import('./pages/ExpenseFormPage') }),
  screen('payoffs', 'Pagos', 'Pagos', { load: () => import('./pages/PayoffsPage') }),
  screen('applications', 'Solicitudes de pago de mantenimiento', 'Solicitudes de pago', { load: () => import('./pages/ApplicationsPage') }),
  screen('reports', 'Reportes', 'Reportes', { load: () => import('./pages/ReportsPage') }),
]);
