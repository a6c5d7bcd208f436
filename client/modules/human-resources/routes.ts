// Recursos Humanos screens (ROUTES.md). Replace `load` with the module's own
// page as each screen is implemented.
import { defineModuleRoutes, detail, form, screen } from '../../app/routing/define';

export const humanResourcesRoutes = defineModuleRoutes('human-resources', '/system/rh/', [
  screen('employees', 'Empleados', 'Empleados', {
    load: () => import('./employees/EmployeesPage').then((m) => m.EmployeesPage),
    description: 'Plantilla: datos personales, puesto, salario, SDI, documentos y movimientos.',
  }),
  form('employees/employees-form', 'Formulario de Empleados', 'Empleados', 'employees', { load: () => import('./employees/EmployeeFormPage').then((m) => m.EmployeeFormPage) }),
  screen('agreements', 'Convenios', 'Convenios', { load: () => import('./agreements/AgreementsPage').then((m) => m.AgreementsPage), description: 'Préstamos y descuentos por nómina con su saldo' }),
  form('agreements/agreements-form', 'Formulario de Convenios', 'Convenios', 'agreements', { load: () => import('./agreements/AgreementFormPage').then((m) => m.AgreementFormPage) }),
  screen('vacations', 'Vacaciones', 'Vacaciones', { load: () => import('./vacations/VacationsPage').then((m) => m.VacationsPage), description: 'Solicitudes, autorización y saldo por aniversario (art. 76 LFT)' }),
  form('vacations/vacations-form', 'Formulario de Vacaciones', 'Vacaciones', 'vacations', { load: () => import('./vacations/VacationFormPage').then((m) => m.VacationFormPage) }),
  screen('payroll', 'Nóminas', 'Nóminas', { load: () => import('./payroll/PayrollsPage').then((m) => m.PayrollsPage), description: 'Incidencias, cálculo, cierre y recibos de cada periodo' }),
  detail('payroll/payroll-detail', 'Creación de Nómina', 'Nóminas', 'payroll', { load: () => import('./payroll/PayrollDetailPage').then((m) => m.PayrollDetailPage) }),
  screen('fiscalPayroll', 'Nóminas Fiscales', 'Nóminas Fiscales', {
    load: () => import('./fiscal/FiscalPayrollsPage').then((m) => m.FiscalPayrollsPage),
    description: 'ISR, subsidio e IMSS de cada nómina calculada; calculadora fiscal.',
  }),
  detail('fiscalPayroll/payroll-detail', 'Nómina Fiscal', 'Nóminas Fiscales', 'fiscalPayroll', { load: () => import('./fiscal/FiscalPayrollDetailPage').then((m) => m.FiscalPayrollDetailPage) }),
  screen('imss-movements', 'Movimientos IMSS', 'Movimientos IMSS', {
    load: () => import('./imss-movements/ImssMovementsPage').then((m) => m.ImssMovementsPage),
    description: 'Altas, bajas y modificaciones de salario por presentar en IDSE, con su fecha límite y el archivo para la carga por lote.',
  }),
  screen('settings', 'Configuración RH', 'Configuración RH', {
    load: () => import('./settings/SettingsLandingPage').then((m) => m.SettingsLandingPage),
    description: 'Áreas, puestos, plazas, documentos del expediente, conceptos de nómina y registros patronales.',
  }),
  screen('settings/areas', 'Áreas', 'Configuración RH', { within: 'settings', load: () => import('./settings/AreasPage').then((m) => m.AreasPage), description: 'Las áreas de la empresa; agrupan puestos y empleados.' }),
  screen('settings/positions', 'Puestos por áreas', 'Configuración RH', { within: 'settings', load: () => import('./settings/PositionsPage').then((m) => m.PositionsPage), description: 'Puestos de cada área y su salario diario base.' }),
  screen('settings/workplaces', 'Plazas', 'Configuración RH', { within: 'settings', load: () => import('./settings/WorkplacesPage').then((m) => m.WorkplacesPage), description: 'Plazas autorizadas por puesto, vacantes u ocupadas, y su titular.' }),
  form('settings/workplaces/workplace-form', 'Formulario de Plazas', 'Configuración RH', 'settings/workplaces', { within: 'settings', load: () => import('./settings/WorkplaceFormPage').then((m) => m.WorkplaceFormPage) }),
  screen('settings/documents', 'Documentos', 'Configuración RH', { within: 'settings', load: () => import('./settings/DocumentTypesPage').then((m) => m.DocumentTypesPage), description: 'Documentos del expediente: obligatorios, con vencimiento y días de aviso.' }),
  screen('settings/concepts', 'Conceptos', 'Configuración RH', { within: 'settings', load: () => import('./settings/ConceptsPage').then((m) => m.ConceptsPage), description: 'Conceptos de nómina con su clave SAT y su tratamiento fiscal.' }),
  screen('settings/employer-registrations', 'Registros patronales', 'Configuración RH', {
    within: 'settings',
    load: () => import('./settings/EmployerRegistrationsPage').then((m) => m.EmployerRegistrationsPage),
    description: 'Registros patronales del IMSS con su prima de riesgo, y la tasa del impuesto sobre nóminas de cada estado.',
  }),
  screen('reports', 'Informes', 'Informes', {
    load: () => import('./reports/ReportsPage').then((m) => m.ReportsPage),
    description: 'Plantilla y costo mensual, documentos por atender, aniversarios, costo de nómina por concepto y cuotas patronales por bimestre.',
  }),
]);
