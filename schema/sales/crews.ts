// Crews of service orders (issue 28): the rules of a day on site that both the
// form and the server check, with their Spanish messages. Those that need the
// database (is the employee in the crew, active that day, under 24 h across
// orders) are checked by the server with the same messages.
import { dec } from '../money';
import { formatDateMx } from '../dates';

export const CREW_MSG = {
  crewEmployee: 'El empleado no existe o está dado de baja.',
  crewRepeated: 'El empleado ya está en la cuadrilla.',
  crewHasDays: (name: string) => `${name} tiene días registrados en la orden; no se puede quitar de la cuadrilla.`,
  tooManyCrew: 'Máximo 50 empleados en la cuadrilla.',
  vehicle: 'El vehículo no existe o está dado de baja.',
  vehicleRepeated: 'El vehículo ya está en la orden.',
  tooManyVehicles: 'Máximo 20 vehículos.',
  futureDay: 'No se registran días futuros.',
  beforeStart: (start: string) => `La fecha no puede ser anterior al inicio de la orden (${formatDateMx(start)}).`,
  dayTaken: 'La orden ya tiene registrado este día; edítalo.',
  peopleRequired: 'Registra al menos una persona.',
  tooManyPeople: 'Máximo 50 personas por día.',
  hoursRange: 'Las horas van de 0 a 24.',
  overtimeOverHours: 'Las horas extra no pueden ser más que las horas trabajadas.',
  notInCrew: 'El empleado no está en la cuadrilla de la orden.',
  personRepeated: 'El empleado ya está en este día.',
  notActive: (date: string) => `El empleado no estaba activo el ${formatDateMx(date)}.`,
  over24: (date: string, others: string, where: string) =>
    `El empleado ya tiene ${others} h el ${formatDateMx(date)} en ${where}; con estas pasaría de 24 h.`,
  claimed: (payrollFolio: number) => `Las horas extra de este día ya se pagan en la nómina ${payrollFolio}; no se puede modificar ni eliminar.`,
  dayMissing: 'El día de la cuadrilla no existe.',
  vehicleNotInOrder: 'El vehículo no está asignado a la orden.',
  vehicleDayRepeated: 'El vehículo ya está en este día.',
  km: 'Los km son un entero de 0 a 5000.',
  tooManyDayVehicles: 'Máximo 20 vehículos por día.',
  payrollClosed: (folio: number) => `La nómina ${folio} de ese periodo ya está cerrada: estas horas extra no llegarían a ninguna nómina. Captúralas en las incidencias de una nómina abierta.`,
} as const;

export type CrewPersonValues = { employeeId: string | number; hours: string; overtimeHours: string };

/** Hours of one person in a day: 0 to 24, overtime among them. Keys as the server sends them (people.N.hours). */
export function validateCrewPeople(people: readonly CrewPersonValues[]): Record<string, string> {
  const fields: Record<string, string> = {};
  const seen = new Set<string>();
  people.forEach((p, i) => {
    const id = String(p.employeeId);
    if (seen.has(id)) fields[`people.${i}.employeeId`] = CREW_MSG.personRepeated;
    seen.add(id);
    const hours = dec(p.hours);
    if (hours.isNegative() || hours.gt(24)) fields[`people.${i}.hours`] = CREW_MSG.hoursRange;
    const overtime = dec(p.overtimeHours);
    if (overtime.isNegative() || overtime.gt(24)) fields[`people.${i}.overtimeHours`] = CREW_MSG.hoursRange;
    else if (!fields[`people.${i}.hours`] && overtime.gt(hours)) fields[`people.${i}.overtimeHours`] = CREW_MSG.overtimeOverHours;
  });
  return fields;
}

/** The day's date: not in the future, not before the order's start (a job that ran late may pass its planned end). */
export function validateCrewDate(date: string, scheduledStart: string, today: string): string | null {
  if (date > today) return CREW_MSG.futureDay;
  if (date < scheduledStart) return CREW_MSG.beforeStart(scheduledStart);
  return null;
}

/**
 * Km of the order's vehicles in a day, as typed (one entry per vehicle of the order; blank: the vehicle was not
 * used that day and is not sent): a whole number from 0 to 5000. Keys by the typed position (vehicles.N.km).
 */
export function validateCrewVehicleKm(km: readonly string[]): Record<string, string> {
  const fields: Record<string, string> = {};
  km.forEach((k, i) => {
    const t = k.trim();
    if (t !== '' && !(/^\d+$/.test(t) && Number(t) <= 5000)) fields[`vehicles.${i}.km`] = CREW_MSG.km;
  });
  return fields;
}
