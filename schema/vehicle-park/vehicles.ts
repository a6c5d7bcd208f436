// Vehicle rules shared by the SPA and the server: labels of status, fuel and
// odometer source, and the state of a vehicle document (the same rule as an
// employee's: faltante, vencido, por vencer within the warning days, vigente).
import { documentState, DOCUMENT_STATE_LABELS, type DocumentState } from '../rh/employees';

export type VehicleStatus = 'activo' | 'en_taller' | 'baja';
export type VehicleFuel = 'gasolina' | 'diesel' | 'gas_lp' | 'electrico' | 'hibrido';
export type OdometerSource = 'manual' | 'orden' | 'combustible';

export const VEHICLE_STATUS_LABELS: Readonly<Record<VehicleStatus, string>> = { activo: 'Activo', en_taller: 'En taller', baja: 'Baja' };
export const VEHICLE_FUEL_LABELS: Readonly<Record<VehicleFuel, string>> = {
  gasolina: 'Gasolina',
  diesel: 'Diésel',
  gas_lp: 'Gas LP',
  electrico: 'Eléctrico',
  hibrido: 'Híbrido',
};
export const ODOMETER_SOURCE_LABELS: Readonly<Record<OdometerSource, string>> = { manual: 'Manual', orden: 'Orden de mantenimiento', combustible: 'Combustible' };

/** How the expiring-documents report names a policy expiry captured on the vehicle while no policy document is uploaded. */
export const INSURANCE_WITHOUT_DOCUMENT_LABEL = 'Póliza de seguro (vencimiento del vehículo, sin documento)';

export type VehicleDocumentState = DocumentState;
export const VEHICLE_DOCUMENT_STATE_LABELS = DOCUMENT_STATE_LABELS;

/** faltante without a file; vencido past the expiry; por vencer from `warningDays` before it; else vigente. */
export const vehicleDocumentState = documentState;
