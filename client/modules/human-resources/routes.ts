// Recursos Humanos screens (ROUTES.md). Replace `load` with the module's own
// page as each screen is implemented.
import { defineModuleRoutes, detail, form, screen } from '../../app/routing/define';

export const humanResourcesRoutes = defineModuleRoutes('human-resources', '/system/rh/', [
  screen('employees', 'Empleados', 'Empleados'),
  form('employees/employees-form', 'Formulario de Empleados', 'Empleados', 'employees'),
  screen('agreements', 'Convenios', 'Convenios', { load: () => import('./agreements/AgreementsPage'), description: 'Préstamos y descuentos por nómina con su saldo' }),
  form('agreements/agreements-form', 'Formulario de Convenios', 'Convenios', 'agreements', { load: () => import('./agreements/AgreementFormPage') }),
  screen('payroll', 'Nóminas', 'Nóminas', { load: () => import('./payroll/PayrollsPage'), description: 'Incidencias, cálculo, cierre y recibos de cada periodo' }),
  detail('payroll/payroll-detail', 'Creación de Nómina', 'Nóminas', 'payroll', { load: () => import('./payroll/PayrollDetailPage') }),
  screen('fiscalPayroll', 'Nóminas Fiscales', 'Nóminas Fiscales', {
    load: () => import('./fiscal/FiscalPayrollsPage'),
    description: 'ISR, subsidio e IMSS de cada nómina calculada; calculadora fiscal.',
  }),
  detail('fiscalPayroll/payroll-detail', 'Nómina Fiscal', 'Nóminas Fiscales', 'fiscalPayroll', { load: () => import('./fiscal/FiscalPayrollDetailPage') }),
  screen('settings', 'Configuración RH', 'Configuración RH'),
  screen('settings/areas', 'Áreas', 'Configuración RH'),
  screen('settings/positions', 'Puestos por áreas', 'Configuración RH'),
  screen('settings/workplaces', 'Plazas', 'Configuración RH'),
  form('settings/workplaces/workplace-form', 'Formulario de Plazas', 'Configuración RH', 'settings/workplaces'),
  screen('settings/documents', 'Documentos', 'Configuración RH'),
  screen('settings/concepts', 'Conceptos', 'Configuración RH'),
  screen('reports', 'Informes', 'Informes'),
]);
