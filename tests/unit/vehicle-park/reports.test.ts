// Report rules shared by the server and the SPA (schema/vehicle-park/reports.ts):
// month arithmetic of the km report, its pivot per vehicle, and the totals of
// the vehicle counts, and cost per km of the maintenance-cost report.
import { describe, expect, it } from 'vitest';
import { costPerKm, isMonth, maintenanceCostTotals, kmPivot, monthSpan, monthsBefore, monthsBetween, vehicleCountTotals } from '../../../schema/vehicle-park/reports';

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

describe('maintenance cost per km', () => {
  it('divides exactly and rounds half-up to cents; null without km', () => {
    expect(costPerKm('2859.10', 2_200)).toBe('1.30'); // 1.29959…
    expect(costPerKm('0.10', 8)).toBe('0.01'); // 0.0125
    expect(costPerKm('0.30', 40)).toBe('0.01'); // 0.0075 → half-up
    expect(costPerKm('100.00', 0)).toBeNull();
    expect(costPerKm('0.00', 500)).toBe('0.00');
  });

  it('totals add the columns and divide the sums (not an average of the rows)', () => {
    expect(
      maintenanceCostTotals([
        { orders: 2, partsCost: '0.10', labourCost: '1359.10', externalCost: '1500.00', total: '2859.20', km: 2_200, fuelLitres: '40.000', fuelCost: '900.00', totalCost: '3759.20' },
        { orders: 1, partsCost: '0.20', labourCost: '0.00', externalCost: '0.00', total: '0.20', km: 0, fuelLitres: '0.000', fuelCost: '0.00', totalCost: '0.20' },
        { orders: 0, partsCost: '0.00', labourCost: '0.00', externalCost: '0.00', total: '0.00', km: 300, fuelLitres: '25.500', fuelCost: '600.50', totalCost: '600.50' },
      ]),
    ).toEqual({
      orders: 3,
      partsCost: '0.30',
      labourCost: '1359.10',
      externalCost: '1500.00',
      total: '2859.40',
      km: 2_500,
      costPerKm: '1.14',
      // 40.000 + 25.500 L; $900.00 + $600.50; $2,859.40 + $1,500.50 = $4,359.90 over 2,500 km = 1.74396 → 1.74
      fuelLitres: '65.500',
      fuelCost: '1500.50',
      totalCost: '4359.90',
      totalCostPerKm: '1.74',
    });
    expect(maintenanceCostTotals([])).toEqual({ orders: 0, partsCost: '0.00', labourCost: '0.00', externalCost: '0.00', total: '0.00', km: 0, costPerKm: null, fuelLitres: '0.000', fuelCost: '0.00', totalCost: '0.00', totalCostPerKm: null });
  });
});
