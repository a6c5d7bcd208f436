// Compras screens (ROUTES.md).
import { defineModuleRoutes, form, screen } from '../../app/routing/define';

export const shoppingRoutes = defineModuleRoutes('shopping', '/system/shoppingModule/', [
  screen('suppliers', 'Proveedores', 'Proveedores'),
  form('suppliers/suppliers-form', 'Formulario de Proveedores', 'Proveedores', 'suppliers'),
  screen('accounts', 'Cuentas', 'Cuentas'),
  screen('expenses', 'Gastos', 'Gastos'),
  form('expenses/expenses-form', 'Formulario de Gastos', 'Gastos', 'expenses'),
  screen('payoffs', 'Pagos', 'Pagos'),
  screen('applications', 'Solicitudes de pago de mantenimiento', 'Solicitudes de pago'),
  screen('reports', 'Reportes', 'Reportes'),
]);
