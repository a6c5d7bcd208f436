// What Mantenimiento contributes to the platform (registered in ../index.ts):
// the Tablero card of services due, Ctrl+K over orders, and how its audited
// records are named.
import { searchPage, type ModuleContributions } from '../../lib/contributions';
import { formattedFolio, named, name } from '../../lib/references';
import { ORDER_LIFECYCLE } from '../../../schema/maintenance/orders';
import { formatFailureReportFolio, formatOrderFolio, listOrders, scheduleDueIndicator } from './service';
import * as data from './data/contributions';

const SCHEDULE = 'Mantenimiento-Programación de servicios';

export const maintenanceContributions: ModuleContributions = {
  indicators: [{ group: 'maintenance', name: 'schedule', ability: ['ver', SCHEDULE], indicator: (today) => scheduleDueIndicator(today) }],
  searchSources: [
    {
      entity: 'mt_order',
      subject: 'Mantenimiento-Órdenes de mantenimiento',
      sequence: 80,
      find: async (ctx, s, n) =>
        (await listOrders(ctx, searchPage(s, n), null)).items.map((o) => ({
          entity: 'mt_order',
          id: String(o.id),
          label: formatOrderFolio(o.folio),
          description: `Orden de mantenimiento · ${ORDER_LIFECYCLE.labels[o.status]}`,
        })),
    },
  ],
  auditReferences: {
    mt_failure_report: { parts: data.referenceParts.mt_failure_report, label: formattedFolio((f) => formatFailureReportFolio(f)), historySubject: 'Mantenimiento-Gestión de reportes' },
    mt_service: { parts: named('mt_services'), label: name, historySubject: 'Mantenimiento-Catálogo de servicios' },
    mt_settings: { parts: data.referenceParts.mt_settings, label: name, historySubject: SCHEDULE },
    mt_schedule: { parts: data.referenceParts.mt_schedule, label: name, historySubject: SCHEDULE },
    mt_order: { parts: data.referenceParts.mt_order, label: formattedFolio((f) => formatOrderFolio(f)), historySubject: 'Mantenimiento-Órdenes de mantenimiento' },
  },
};
