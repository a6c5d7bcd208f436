// Units of measure and the quantity rules that depend on them.
import { describe, expect, it } from 'vitest';
import { findUnit, unitByCode, UNITS } from '../../../server/modules/warehouse/units';
import { todayMx } from '../../../schema/dates';
import { decimalsProblem } from '../../../server/modules/warehouse/validation';

describe('units of measure', () => {
  it('finds a unit by SAT code or by its Spanish name, accents and case aside', () => {
    expect(findUnit('h87')?.name).toBe('Pieza');
    expect(findUnit(' galon ')?.code).toBe('GLL');
    expect(findUnit('Metro cúbico')?.decimals).toBe(3);
    expect(findUnit('docena')).toBeUndefined();
    expect(new Set(UNITS.map((u) => u.code)).size).toBe(UNITS.length);
  });

  it('refuses more decimals than the unit allows', () => {
    const pieza = unitByCode('H87')!;
    const kilo = unitByCode('KGM')!;
    expect(decimalsProblem('3', pieza)).toBeNull();
    expect(decimalsProblem('3.5', pieza)).toBe('La unidad Pieza solo admite cantidades enteras.');
    expect(decimalsProblem('1.125', kilo)).toBeNull();
    expect(decimalsProblem('1.1255', kilo)).toBe('La unidad Kilogramo admite máximo 3 decimales.');
  });

  it("today is Mexico City's date, not the server's UTC one", () => {
    // 2026-01-01 03:00 UTC is still 31 December in Mexico City (UTC-6).
    expect(todayMx(new Date('2026-01-01T03:00:00Z'))).toBe('2025-12-31');
    expect(todayMx(new Date('2026-01-01T07:00:00Z'))).toBe('2026-01-01');
  });
});
