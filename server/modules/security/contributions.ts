// What Seguridad contributes to the platform (registered in ../index.ts):
// Tablero cards, Ctrl+K over inspections, and how its audited records are
// named.
import { searchPage, type ModuleContributions } from '../../lib/contributions';
import { formattedFolio, named, name } from '../../lib/references';
import { formatDeliveryFolio, formatInspectionFolio, formatPermitFolio } from '../../../schema/security/labels';
import { expiringPermitsIndicator, listInspections, overdueInspectionsIndicator, permitsToAuthorizeIndicator } from './service';
import * as data from './data/contributions';

export const securityContributions: ModuleContributions = {
  indicators: [
    { group: 'security', name: 'overdueInspections', ability: ['ver', 'Seguridad-Programación'], indicator: (today) => overdueInspectionsIndicator(today) },
    { group: 'security', name: 'expiringPermits', ability: ['ver', 'Seguridad-Permisos'], indicator: () => expiringPermitsIndicator() },
    { group: 'security', name: 'permitsToAuthorize', ability: ['autorizar', 'Seguridad-Permisos'], indicator: () => permitsToAuthorizeIndicator() },
  ],
  searchSources: [
    {
      entity: 'sec_inspection',
      subject: 'Seguridad-Inspecciones',
      sequence: 90,
      find: async (ctx, s, n) =>
        (await listInspections(ctx, searchPage(s, n), null)).items.map((i) => ({
          entity: 'sec_inspection',
          id: String(i.id),
          label: `${formatInspectionFolio(i.folio)} · ${i.typeName}`,
          description: `Inspección · ${i.area}`,
        })),
    },
  ],
  auditReferences: {
    sec_inspection_type: { parts: named('sec_inspection_types'), label: name, historySubject: 'Seguridad-Tipos' },
    sec_schedule: { parts: data.referenceParts.sec_schedule, label: name, historySubject: 'Seguridad-Programación' },
    sec_inspection: { parts: data.referenceParts.sec_inspection, label: formattedFolio(formatInspectionFolio), historySubject: 'Seguridad-Inspecciones' },
    sec_permit: { parts: data.referenceParts.sec_permit, label: formattedFolio(formatPermitFolio), historySubject: 'Seguridad-Permisos' },
    sec_tool: { parts: data.referenceParts.sec_tool, label: name, historySubject: 'Seguridad-Herramientas' },
    sec_delivery: { parts: data.referenceParts.sec_delivery, label: formattedFolio(formatDeliveryFolio), historySubject: 'Seguridad-Entrega de Equipo' },
  },
};
