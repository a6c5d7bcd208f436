// Parque Vehicular screens (ROUTES.md; `vehicleParks` and `settingsVP` are the
// contract's spellings).
import { defineModuleRoutes, form, screen } from '../../app/routing/define';

export const vehicleParkRoutes = defineModuleRoutes('vehicle-park', '/system/vehicleParks/', [
  screen('vehicles', 'Vehículos', 'Vehículos', {
    load: () => import('./vehicles/VehiclesPage').then((m) => m.VehiclesPage),
    description: 'Flota: identificación, conductor, odómetro, documentos y estado.',
  }),
  form('vehicles/vehicles-form', 'Formulario de Vehículos', 'Vehículos', 'vehicles', { load: () => import('./vehicles/VehicleFormPage').then((m) => m.VehicleFormPage) }),
  screen('fuel', 'Combustible', 'Combustible', {
    load: () => import('./fuel/FuelLoadsPage').then((m) => m.FuelLoadsPage),
    description: 'Cargas de combustible: litros, importe, odómetro, CFDI de la estación y rendimiento km/l con cargas atípicas.',
  }),
  form('fuel/fuel-form', 'Formulario de Combustible', 'Combustible', 'fuel', { load: () => import('./fuel/FuelLoadFormPage').then((m) => m.FuelLoadFormPage) }),
  screen('settingsVP', 'Configuración PV', 'Configuración PV', {
    load: () => import('./settings/SettingsLandingPage').then((m) => m.SettingsLandingPage),
    description: 'Tipos de documento vehicular, locaciones y grupos.',
  }),
  screen('settingsVP/documents', 'Documentos', 'Configuración PV', {
    within: 'settingsVP',
    load: () => import('./settings/DocumentTypesPage').then((m) => m.DocumentTypesPage),
    description: 'Documentos de cada vehículo: obligatorios, con vencimiento y días de aviso.',
  }),
  screen('settings/locations', 'Locaciones', 'Configuración PV', {
    within: 'settingsVP',
    load: () => import('./settings/LocationsPage').then((m) => m.LocationsPage),
    description: 'Patios, sucursales y obras donde se resguardan los vehículos.',
  }),
  screen('settingsVP/fuel-bands', 'Rendimiento de combustible', 'Configuración PV', {
    within: 'settingsVP',
    load: () => import('./settings/FuelBandsPage').then((m) => m.FuelBandsPage),
    description: 'Rango normal de km/l por tipo de vehículo: fuera de él una carga es atípica.',
  }),
  screen('settings/groups', 'Grupos', 'Configuración PV', { within: 'settingsVP', load: () => import('./settings/GroupsPage').then((m) => m.GroupsPage), description: 'Grupos para clasificar la flota.' }),
  screen('reports', 'Reportes', 'Reportes', {
    load: () => import('./reports/ReportsPage').then((m) => m.ReportsPage),
    description: 'Documentos por vencer, flota por estado, grupo o locación, km por mes y costo de mantenimiento y combustible por vehículo y por km.',
  }),
]);
