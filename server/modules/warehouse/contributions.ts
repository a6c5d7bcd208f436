// What Almacén contributes to the platform (registered in ../index.ts):
// Tablero cards, Ctrl+K sources, and how its audited records are named.
import { searchPage, type ModuleContributions } from '../../lib/contributions';
import { joined, named, name } from '../../lib/references';
import { formatCountFolio, formatMovementFolio, formatPdmFolio, formatRequisitionFolio, listArticles, pdmToSendIndicator } from './service';
import * as data from './data/contributions';

export const warehouseContributions: ModuleContributions = {
  indicators: [
    { group: 'warehouse', name: 'belowMinimumCount', ability: ['ver', 'Almacén-Existencias'], indicator: () => ({ sql: data.belowMinimumCountSql(), read: Number }) },
    { group: 'warehouse', name: 'pendingRequisitions', ability: ['ver', 'Almacén-Requisiciones'], indicator: () => ({ sql: data.pendingRequisitionsSql(), read: Number }) },
    { group: 'warehouse', name: 'pdmToSend', ability: ['autorizar', 'Almacén-Solicitud PDM'], indicator: () => pdmToSendIndicator() },
  ],
  searchSources: [
    {
      entity: 'article',
      subject: 'Almacén-Artículos',
      sequence: 100,
      find: async (ctx, s, n) => (await listArticles(ctx, searchPage(s, n), null)).items.map((a) => ({ entity: 'article', id: String(a.id), label: `${a.sku} · ${a.name}`, description: 'Artículo' })),
    },
  ],
  auditReferences: {
    warehouse: { parts: named('wh_warehouses'), label: name, historySubject: 'Almacén-Almacenes' },
    product_line: { parts: named('wh_product_lines'), label: name, historySubject: 'Almacén-Líneas' },
    stock_concept: { parts: named('wh_concepts'), label: name, historySubject: 'Almacén-Conceptos' },
    article: { parts: data.referenceParts.article, label: (p) => joined(p.serie, p.name), historySubject: 'Almacén-Artículos' },
    stock_movement: { parts: data.referenceParts.stock_movement, label: (p) => (p.folio ? formatMovementFolio(p.serie ?? '', p.folio) : ''), historySubject: 'Almacén-Movimientos' },
    requisition: { parts: data.referenceParts.requisition, label: (p) => joined(p.folio ? formatRequisitionFolio(p.folio) : '', p.name), historySubject: 'Almacén-Requisiciones' },
    pdm_request: { parts: data.referenceParts.pdm_request, label: (p) => joined(p.folio ? formatPdmFolio(p.folio) : '', p.name), historySubject: 'Almacén-Solicitud PDM' },
    inventory_count: { parts: data.referenceParts.inventory_count, label: (p) => joined(p.folio ? formatCountFolio(p.folio) : '', p.name), historySubject: 'Almacén-Inventario' },
  },
};
