// What Recursos Humanos contributes to the platform, all its features
// together (registered in ../index.ts): the Tablero card of employees'
// documents, Ctrl+K over employees, and how its audited records are named.
import { searchPage, type ModuleContributions } from '../../lib/contributions';
import { folio, joined, named, name } from '../../lib/references';
import { documentAlertIndicator, listEmployees } from './employees/service';
import * as data from './data';

const SETTINGS = 'Recursos Humanos-Configuración RH';

export const rhContributions: ModuleContributions = {
  indicators: [{ group: 'hr', name: 'documents', ability: ['ver', 'Recursos Humanos-Empleados'], indicator: (today) => documentAlertIndicator(today) }],
  searchSources: [
    {
      entity: 'rh_employee',
      subject: 'Recursos Humanos-Empleados',
      sequence: 60,
      find: async (ctx, s, n) =>
        (await listEmployees(ctx, searchPage(s, n), null)).items.map((e) => ({ entity: 'rh_employee', id: String(e.id), label: `${e.number} · ${e.fullName}`, description: `Empleado · ${e.rfc}` })),
    },
  ],
  auditReferences: {
    rh_fiscal_year: { parts: data.referenceParts.rh_fiscal_year, label: (p) => (p.folio ? `Tablas fiscales ${p.folio}` : ''), historySubject: SETTINGS },
    rh_area: { parts: named('rh_areas'), label: name, historySubject: SETTINGS },
    rh_position: { parts: named('rh_positions'), label: name, historySubject: SETTINGS },
    rh_workplace: { parts: data.referenceParts.rh_workplace, label: (p) => (p.name ? `Plaza ${p.name}` : ''), historySubject: SETTINGS },
    rh_employer_registration: { parts: data.referenceParts.rh_employer_registration, label: (p) => (p.name ? `Registro patronal ${p.name}` : ''), historySubject: SETTINGS },
    rh_state_payroll_tax_rate: { parts: data.referenceParts.rh_state_payroll_tax_rate, label: (p) => (p.name ? `Impuesto sobre nóminas ${p.name}` : ''), historySubject: SETTINGS },
    rh_document_type: { parts: named('rh_document_types'), label: name, historySubject: SETTINGS },
    rh_concept: { parts: data.referenceParts.rh_concept, label: name, historySubject: SETTINGS },
    rh_imss_movement: { parts: data.referenceParts.rh_imss_movement, label: (p) => (p.name ? `Movimiento IMSS ${p.name}` : ''), historySubject: 'Recursos Humanos-Movimientos IMSS' },
    rh_sbc_update: { parts: data.referenceParts.rh_sbc_update, label: (p) => (p.name ? `Actualización del SBC, ${p.name}` : ''), historySubject: 'Recursos Humanos-Movimientos IMSS' },
    rh_employee: { parts: data.referenceParts.rh_employee, label: name, historySubject: 'Recursos Humanos-Empleados' },
    rh_agreement: { parts: data.referenceParts.rh_agreement, label: (p) => joined(`Convenio ${folio(p)}`, p.name), historySubject: 'Recursos Humanos-Convenios' },
    rh_vacation_request: { parts: data.referenceParts.rh_vacation_request, label: (p) => joined(`Vacaciones ${folio(p)}`, p.name), historySubject: 'Recursos Humanos-Vacaciones' },
    rh_incapacity: { parts: data.referenceParts.rh_incapacity, label: (p) => joined(`Incapacidad ${folio(p)}`, p.name), historySubject: 'Recursos Humanos-Empleados' },
    rh_payroll: { parts: data.referenceParts.rh_payroll, label: (p) => joined(`Nómina ${folio(p)}`, p.name), historySubject: ['Recursos Humanos-Nóminas', 'Recursos Humanos-Nóminas Fiscales'] },
  },
};
