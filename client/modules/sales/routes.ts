// Ventas screens (ROUTES.md).
import { defineModuleRoutes, form, screen } from '../../app/routing/define';

export const salesRoutes = defineModuleRoutes('sales', '/system/salesModule/', [
  screen('clients', 'Clientes', 'Clientes', { load: () => import('./pages/ClientsPage') }),
  form('clients/clients-form', 'Formulario de Clientes', 'Clientes', 'clients', { load: () => import('./pages/ClientFormPage') }),
  screen('quotes', 'Cotizaciones', 'Cotizaciones', { load: () => import('./pages/QuotesPage') }),
  form('quotes/quotes-form', 'Formulario de Cotizaciones', 'Cotizaciones', 'quotes', { load: () => import('./pages/QuoteFormPage') }),
  screen('contracts', 'Contratos', 'Contratos', { load: () => import('./pages/ContractsPage') }),
  form('contracts/contracts-form', 'Formulario de Contratos', 'Contratos', 'contracts', { load: () => import('./pages/ContractFormPage') }),
  screen('orders-service', 'Órdenes de Servicio', 'Órdenes de Servicio', { load: () => import('./pages/OrdersPage') }),
  form('orders-service/orders-service-form', 'Formulario de Órdenes de Servicio', 'Órdenes de Servicio', 'orders-service', { load: () => import('./pages/OrderFormPage') }),
  screen('generators', 'Generadores', 'Generadores', { load: () => import('./pages/GeneratorsPage') }),
  form('generators/generators-form', 'Formulario de Generadores', 'Generadores', 'generators', { load: () => import('./pages/GeneratorFormPage') }),
  screen('bills', 'Facturas', 'Facturas', { load: () => import('./pages/BillsPage') }),
  form('bills/bills-form', 'Formulario de Facturas', 'Facturas', 'bills', { load: () => import('./pages/BillFormPage') }),
  screen('payments', 'Pagos', 'Pagos', { load: () => import('./pages/PaymentsPage') }),
  form('paymentsForm', 'Formulario de Pagos', 'Pagos', 'payments', { load: () => import('./pages/PaymentFormPage') }),
  screen('delivery-orders', 'Entrega de Órdenes', 'Entrega de Órdenes', { load: () => import('./pages/DeliveryOrdersPage') }),
  screen('others-earnings', 'Otros Ingresos', 'Otros Ingresos', { load: () => import('./pages/OtherEarningsPage') }),
  screen('reports', 'Reportes', 'Reportes', { load: () => import('./pages/ReportsPage') }),
]);
