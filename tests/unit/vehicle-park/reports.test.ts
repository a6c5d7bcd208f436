// Report rules shared by the server and the SPA (schema/vehicle-park/reports.ts):
// month arithmetic of the km report, its pivot per vehicle, and the totals of
// the vehicle counts.
import { describe, expect, it } from 'vitest';
import { isMonth, kmPivot, monthSpan, monthsBefore, monthsBetween, vehicleCountTotals } from '../../../schema/vehicle-park/reports';

describe('months', () => {
  it('validates YYYY-MM and counts months inclusively across years', () => {
    expect([isMonth('2026-01'), isMonth('2026-12'), isMonth('2026-13'), isMonth('2026-1'), isMonth('26-01')]).toEqual([true, true, false, false, false]);
    expect(monthSpan('2025-11', '2026-02')).toBe(4);
    expect(monthSpan('2026-02', '2026-02')).toBe(1);
    expect(monthSpan('2026-03', '2026-02')).toBe(0);
  });
  it('steps back over the new year and lists the months in order', () => {
    expect(monthsBefore('2026-02', 3)).toBe('2025-11');
    expect(monthsBefore('2026-12', 11)).toBe('2026-01');
    expect(monthsBetween('2025-11', '2026-02')).toEqual(['2025-11', '2025-12', '2026-01', '2026-02']);
    expect(monthsBetween('2026-03', '2026-02')).toEqual([]);
  });
});

describe('kmPivot', () => {
  it('makes one row per vehicle with its months, total and highest closing figure', () => {
    const rows = kmPivot([
      { vehicleId: '1', economicNumber: 'ECO-001', month: '2026-01', closingKm: 1_400, km: 400 },
      { vehicleId: '2', economicNumber: 'ECO-002', month: '2026-02', closingKm: 9_000, km: 0 },
      { vehicleId: '1', economicNumber: 'ECO-001', month: '2026-02', closingKm: 2_300, km: 900 },
    ]);
    expect(rows).toEqual([
      { vehicleId: '1', economicNumber: 'ECO-001', months: { '2026-01': 400, '2026-02': 900 }, total: 1_300, closingKm: 2_300 },
      { vehicleId: '2', economicNumber: 'ECO-002', months: { '2026-02': 0 }, total: 0, closingKm: 9_000 },
    ]);
  });
});

describe('vehicleCountTotals', () => {
  it('adds each status column', () => {
    expect(
      vehicleCountTotals([
        { label: 'Reparto', activo: 7, enTaller: 0, baja: 1, total: 8 },
        { label: 'Carga pesada', activo: 5, enTaller: 2, baja: 0, total: 7 },
      ]),
    ).toEqual({ activo: 12, enTaller: 2, baja: 1, total: 15 });
  });
});
