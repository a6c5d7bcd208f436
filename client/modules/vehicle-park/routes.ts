// Parque Vehicular screens (ROUTES.md; `vehicleParks` and `settingsVP` are the
// contract's spellings).
import { defineModuleRoutes, form, screen } from '../../app/routing/define';

export const vehicleParkRoutes = defineModuleRoutes('vehicle-park', '/system/vehicleParks/', [
  screen('vehicles', 'Vehículos', 'Vehículos'),
  form('vehicles/vehicles-form', 'Formulario de Vehículos', 'Vehículos', 'vehicles'),
  screen('settingsVP', 'Configuración PV', 'Configuración PV'),
  screen('settingsVP/documents', 'Documentos', 'Configuración PV'),
  screen('settings/locations', 'Locaciones', 'Configuración PV'),
  screen('settings/groups', 'Grupos', 'Configuración PV'),
  screen('reports', 'Reportes', 'Reportes'),
]);
