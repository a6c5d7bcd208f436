// The rules of a day on site both the form and the server check (schema/sales/crews.ts).
import { describe, expect, it } from 'vitest';
import { CREW_MSG, validateCrewDate, validateCrewPeople, validateCrewVehicleKm } from '../../../schema/sales/crews';

describe('validateCrewPeople', () => {
  it('hours 0–24, overtime among them, nobody twice', () => {
    expect(validateCrewPeople([{ employeeId: 1, hours: '10', overtimeHours: '3' }, { employeeId: 2, hours: '0', overtimeHours: '0' }])).toEqual({});
    expect(
      validateCrewPeople([
        { employeeId: 1, hours: '24.5', overtimeHours: '0' },
        { employeeId: 2, hours: '4', overtimeHours: '4.25' },
        { employeeId: 2, hours: '2', overtimeHours: '-1' },
      ]),
    ).toEqual({
      'people.0.hours': CREW_MSG.hoursRange,
      'people.1.overtimeHours': CREW_MSG.overtimeOverHours,
      'people.2.employeeId': CREW_MSG.personRepeated,
      'people.2.overtimeHours': CREW_MSG.hoursRange,
    });
  });
});

describe('validateCrewDate', () => {
  it('not in the future, not before the start; after the planned end is allowed', () => {
    expect(validateCrewDate('2026-11-28', '2026-11-01', '2026-11-27')).toBe('No se registran días futuros.');
    expect(validateCrewDate('2026-10-31', '2026-11-01', '2026-11-27')).toBe('La fecha no puede ser anterior al inicio de la orden (01/11/2026).');
    expect(validateCrewDate('2026-11-27', '2026-11-01', '2026-11-27')).toBeNull();
  });
});

describe('validateCrewVehicleKm', () => {
  it('a whole number of km from 0 to 5000; blank is a vehicle not used that day', () => {
    expect(validateCrewVehicleKm(['80', '', '0', '5000'])).toEqual({});
    expect(validateCrewVehicleKm(['80.5', '5001', '-3', 'x'])).toEqual({
      'vehicles.0.km': CREW_MSG.km,
      'vehicles.1.km': CREW_MSG.km,
      'vehicles.2.km': CREW_MSG.km,
      'vehicles.3.km': CREW_MSG.km,
    });
  });
});
