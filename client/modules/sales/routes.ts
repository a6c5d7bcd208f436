// Ventas screens (ROUTES.md).
import { defineModuleRoutes, form, screen } from '../../app/routing/define';

export const salesRoutes = defineModuleRoutes('sales', '/system/salesModule/', [
  screen('clients', 'Clientes', 'Clientes', { load: () => import('./pages/ClientsPage').then((m) => m.ClientsPage) }),
  form('clients/clients-form', 'Formulario de Clientes', 'Clientes', 'clients', { load: () => import('./pages/ClientFormPage').then((m) => m.ClientFormPage) }),
  screen('quotes', 'Cotizaciones', 'Cotizaciones', { load: () => import('./pages/QuotesPage').then((m) => m.QuotesPage) }),
  form('quotes/quotes-form', 'Formulario de Cotizaciones', 'Cotizaciones', 'quotes', { load: () => import('./pages/QuoteFormPage').then((m) => m.QuoteFormPage) }),
  screen('contracts', 'Contratos', 'Contratos', { load: () => import('./pages/ContractsPage').then((m) => m.ContractsPage) }),
  form('contracts/contracts-form', 'Formulario de Contratos', 'Contratos', 'contracts', { load: () => import('./pages/ContractFormPage').then((m) => m.ContractFormPage) }),
  screen('orders-service', 'Órdenes de Servicio', 'Órdenes de Servicio', { load: () => import('./pages/OrdersPage').then((m) => m.OrdersPage) }),
  form('orders-service/orders-service-form', 'Formulario de Órdenes de Servicio', 'Órdenes de Servicio', 'orders-service', { load: () => import('./pages/OrderFormPage').then((m) => m.OrderFormPage) }),
  screen('generators', 'Generadores', 'Generadores', { load: () => import('./pages/GeneratorsPage').then((m) => m.GeneratorsPage) }),
  form('generators/generators-form', 'Formulario de Generadores', 'Generadores', 'generators', { load: () => import('./pages/GeneratorFormPage').then((m) => m.GeneratorFormPage) }),
  screen('bills', 'Facturas', 'Facturas', { load: () => import('./pages/BillsPage').then((m) => m.BillsPage) }),
  form('bills/bills-form', 'Formulario de Facturas', 'Facturas', 'bills', { load: () => import('./pages/BillFormPage').then((m) => m.BillFormPage) }),
  screen('payments', 'Pagos', 'Pagos', { load: () => import('./pages/PaymentsPage').then((m) => m.PaymentsPage) }),
  form('paymentsForm', 'Formulario de Pagos', 'Pagos', 'payments', { load: () => import('./pages/PaymentFormPage').then((m) => m.PaymentFormPage) }),
  screen('delivery-orders', 'Entrega de Órdenes', 'Entrega de Órdenes', { load: () => import('./pages/DeliveryOrdersPage').then((m) => m.DeliveryOrdersPage) }),
  screen('others-earnings', 'Otros Ingresos', 'Otros Ingresos', { load: () => import('./pages/OtherEarningsPage').then((m) => m.OtherEarningsPage) }),
  screen('reports', 'Reportes', 'Reportes', { load: () => import('./pages/ReportsPage').then((m) => m.ReportsPage) }),
  screen('job-cost', 'Costos por contrato', 'Costos', { load: () => import('./pages/JobCostReportPage').then((m) => m.JobCostReportPage) }),
]);
