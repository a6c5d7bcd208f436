// Ventas screens (ROUTES.md).
import { defineModuleRoutes, form, screen } from '../../app/routing/define';

export const salesRoutes = defineModuleRoutes('sales', '/system/salesModule/', [
  screen('clients', 'Clientes', 'Clientes'),
  form('clients/clients-form', 'Formulario de Clientes', 'Clientes', 'clients'),
  screen('quotes', 'Cotizaciones', 'Cotizaciones'),
  form('quotes/quotes-form', 'Formulario de Cotizaciones', 'Cotizaciones', 'quotes'),
  screen('contracts', 'Contratos', 'Contratos'),
  form('contracts/contracts-form', 'Formulario de Contratos', 'Contratos', 'contracts'),
  screen('orders-service', 'Órdenes de Servicio', 'Órdenes de Servicio'),
  form('orders-service/orders-service-form', 'Formulario de Órdenes de Servicio', 'Órdenes de Servicio', 'orders-service'),
  screen('generators', 'Generadores', 'Generadores'),
  form('generators/generators-form', 'Formulario de Generadores', 'Generadores', 'generators'),
  screen('bills', 'Facturas', 'Facturas'),
  form('bills/bills-form', 'Formulario de Facturas', 'Facturas', 'bills'),
  screen('payments', 'Pagos', 'Pagos'),
  form('paymentsForm', 'Formulario de Pagos', 'Pagos', 'payments'),
  screen('delivery-orders', 'Entrega de Órdenes', 'Entrega de Órdenes'),
  screen('others-earnings', 'Otros Ingresos', 'Otros Ingresos'),
  screen('reports', 'Reportes', 'Reportes'),
]);
