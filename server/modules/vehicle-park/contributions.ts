// What Parque Vehicular contributes to the platform, all its features
// together (registered in ../index.ts): the Tablero card of vehicles'
// documents, Ctrl+K over vehicles, how its audited records are named, and
// what an employee's baja releases (the vehicles they drove).
import { searchPage, type ModuleContributions } from '../../lib/contributions';
import { named, name } from '../../lib/references';
import { documentAlertIndicator, listVehicles, releaseDriverOnBaja } from './vehicles/service';
import * as data from './data';
import { fuelReferenceParts } from './fuel/data';

const SETTINGS = 'Parque Vehicular-Configuración PV';

export const vehicleParkContributions: ModuleContributions = {
  indicators: [{ group: 'vehiclePark', name: 'documents', ability: ['ver', 'Parque Vehicular-Vehículos'], indicator: (today) => documentAlertIndicator(today) }],
  searchSources: [
    {
      entity: 'vehicle',
      subject: 'Parque Vehicular-Vehículos',
      sequence: 70,
      find: async (ctx, s, n) =>
        (await listVehicles(ctx, searchPage(s, n), null)).items.map((v) => ({
          entity: 'vehicle',
          id: String(v.id),
          label: [v.economicNumber, v.plate].filter(Boolean).join(' · '),
          description: `Vehículo · ${v.brand} ${v.model} ${v.year}`,
        })),
    },
  ],
  auditReferences: {
    vehicle: { parts: data.referenceParts.vehicle, label: name, historySubject: 'Parque Vehicular-Vehículos' },
    vehicle_odometer: { parts: data.referenceParts.vehicle_odometer, label: name, historySubject: 'Parque Vehicular-Vehículos' },
    vp_group: { parts: named('vp_groups'), label: name, historySubject: SETTINGS },
    vp_location: { parts: named('vp_locations'), label: name, historySubject: SETTINGS },
    vp_document_type: { parts: named('vp_document_types'), label: name, historySubject: SETTINGS },
    vehicle_fuel_load: { parts: fuelReferenceParts.vehicle_fuel_load, label: name, historySubject: 'Parque Vehicular-Combustible' },
    vp_fuel_band: { parts: fuelReferenceParts.vp_fuel_band, label: name, historySubject: SETTINGS },
  },
  employeeReleases: [releaseDriverOnBaja],
};
