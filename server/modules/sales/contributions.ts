// What Ventas contributes to the platform (registered in ../index.ts):
// Tablero cards, Ctrl+K sources, and how its audited records are named.
import { searchPage, type ModuleContributions } from '../../lib/contributions';
import { readDues, readMonths } from '../../lib/indicators';
import { document, joined, named, name, withName } from '../../lib/references';
import { daysToExpiry } from '../../../schema/sales/csd';
import { folioLabel, invoiceLabel } from '../../../schema/sales/labels';
import { generatorsToAuthorizeIndicator, listClients, listInvoices, listQuotes } from './service';
import * as data from './data/contributions';
import * as jobCostData from './data/jobCost';

const readCsdStatus = (value: unknown) => {
  const r = (typeof value === 'string' ? JSON.parse(value) : value) as { loaded: boolean; validTo: string | null };
  return { loaded: Boolean(r.loaded), daysToExpiry: r.validTo === null ? null : daysToExpiry(new Date(r.validTo)) };
};

export const salesContributions: ModuleContributions = {
  indicators: [
    { group: 'sales', name: 'receivables', ability: ['ver', 'Ventas-Facturas'], indicator: (today) => ({ sql: data.receivablesSql(today), read: readDues }) },
    { group: 'sales', name: 'invoicedByMonth', ability: ['ver', 'Ventas-Facturas'], indicator: (today) => ({ sql: data.invoicedByMonthSql(today), read: readMonths }) },
    { group: 'sales', name: 'generatorsToAuthorize', ability: ['autorizar', 'Ventas-Generadores'], indicator: () => generatorsToAuthorizeIndicator() },
    { group: 'sales', name: 'csd', ability: ['ver', 'Ventas-Facturas'], indicator: () => ({ sql: data.csdStatusSql(), read: readCsdStatus }) },
    { group: 'sales', name: 'contractsUnderMargin', ability: ['ver', 'Ventas-Costos'], indicator: () => ({ sql: jobCostData.underMarginSql(), read: Number }) },
    { group: 'sales', name: 'missingPaymentComplements', ability: ['ver', 'Ventas-Pagos'], indicator: (today) => ({ sql: data.missingComplementsSql(today), read: Number }) },
  ],
  searchSources: [
    {
      entity: 'client',
      subject: 'Ventas-Clientes',
      sequence: 10,
      find: async (ctx, s, n) => (await listClients(ctx, searchPage(s, n), null)).items.map((c) => ({ entity: 'client', id: String(c.id), label: c.name, description: `Cliente · ${c.rfc}` })),
    },
    {
      entity: 'quote',
      subject: 'Ventas-Cotizaciones',
      sequence: 20,
      find: async (ctx, s, n) =>
        (await listQuotes(ctx, searchPage(s, n), null)).items.map((q) => ({ entity: 'quote', id: String(q.id), label: `${folioLabel('quote', q.folio)} · ${q.client.name}`, description: `Cotización · ${q.subject}` })),
    },
    {
      entity: 'invoice',
      subject: 'Ventas-Facturas',
      sequence: 30,
      find: async (ctx, s, n) =>
        (await listInvoices(ctx, searchPage(s, n), null)).items.map((i) => ({ entity: 'invoice', id: String(i.id), label: `${invoiceLabel(i.serie, i.folio)} · ${i.client.name}`, description: 'Factura' })),
    },
  ],
  auditReferences: {
    client: { parts: named('clients'), label: name, historySubject: 'Ventas-Clientes' },
    company_profile: { parts: named('company_profile'), label: name, historySubject: 'Ventas-Facturas' },
    job_cost_settings: { parts: data.referenceParts.job_cost_settings, label: name, historySubject: 'Ventas-Costos' },
    company_csd: { parts: data.referenceParts.company_csd, label: name, historySubject: 'Ventas-Facturas' },
    quote: { parts: document('quotes x join clients n on n.id = x.client_id'), label: withName((p) => folioLabel('quote', p.folio)), historySubject: 'Ventas-Cotizaciones' },
    contract: { parts: data.referenceParts.contract, label: withName((p) => folioLabel('contract', p.folio)), historySubject: 'Ventas-Contratos' },
    service_order: { parts: document('service_orders x join clients n on n.id = x.client_id'), label: withName((p) => folioLabel('order', p.folio)), historySubject: 'Ventas-Órdenes de Servicio' },
    order_delivery: { parts: data.referenceParts.order_delivery, label: withName((p) => folioLabel('order', p.folio)), historySubject: 'Ventas-Entrega de Órdenes' },
    generator: { parts: document('generators x join clients n on n.id = x.client_id'), label: withName((p) => folioLabel('generator', p.folio)), historySubject: 'Ventas-Generadores' },
    invoice: { parts: data.referenceParts.invoice, label: (p) => joined(invoiceLabel(p.serie ?? '', p.folio), p.name), historySubject: 'Ventas-Facturas' },
    credit_note: { parts: data.referenceParts.credit_note, label: (p) => joined(invoiceLabel(p.serie ?? '', p.folio), p.name), historySubject: 'Ventas-Facturas' },
    client_payment: { parts: document('client_payments x join clients n on n.id = x.client_id'), label: withName((p) => folioLabel('payment', p.folio)), historySubject: 'Ventas-Pagos' },
    other_income: { parts: data.referenceParts.other_income, label: withName((p) => folioLabel('otherIncome', p.folio)), historySubject: 'Ventas-Otros Ingresos' },
  },
};
