// Combustible's pure rules: km/l by the full-tank method, the «atípica» band,
// price per litre and cost per km. Figures computed by hand in the comments.
import { describe, expect, it } from 'vitest';
import { bandError, bandFor, DEFAULT_FUEL_BAND, fuelEfficiency, isFuelOutlier, kmPerLitre, pricePerLitre, totalCostPerKm } from '../../../schema/vehicle-park/fuel';

const load = (id: number, odometerKm: number, litres: string, fullTank = true, loadedOn = '2026-03-01') => ({ id, odometerKm, litres, fullTank, loadedOn });

describe('fuelEfficiency (full-tank method)', () => {
  it('the first full load has no km/l; the next measures distance ÷ litres', () => {
    // 10,000 → 10,480 km = 480 km over 40.000 L = 12.000 km/l
    expect(fuelEfficiency([load(1, 10_000, '40.000'), load(2, 10_480, '40.000')])).toEqual([
      { id: 1, km: null, litresSince: null, kmPerLitre: null },
      { id: 2, km: 480, litresSince: '40.000', kmPerLitre: '12.000' },
    ]);
  });

  it('partial loads add their litres to the next full one and have no km/l themselves', () => {
    // full 10,000; partial 10,200 (15.500 L); full 10,610 (30.250 L): 610 km / 45.750 L = 13.3333… → 13.333
    const r = fuelEfficiency([load(1, 10_000, '50.000'), load(2, 10_200, '15.500', false), load(3, 10_610, '30.250')]);
    expect(r[1]).toEqual({ id: 2, km: null, litresSince: null, kmPerLitre: null });
    expect(r[2]).toEqual({ id: 3, km: 610, litresSince: '45.750', kmPerLitre: '13.333' });
  });

  it('takes loads in odometer order whatever the order given, and answers in the order given', () => {
    // 5,000 → 5,300 over 25.000 L = 12.000; 5,300 → 5,301 over 40.000 L = 0.025 (a load that implies an impossible km/l)
    const r = fuelEfficiency([load(3, 5_301, '40.000', true, '2026-03-03'), load(1, 5_000, '30.000', true, '2026-03-01'), load(2, 5_300, '25.000', true, '2026-03-02')]);
    expect(r.map((x) => [x.id, x.kmPerLitre])).toEqual([
      [3, '0.025'],
      [1, null],
      [2, '12.000'],
    ]);
  });

  it('rounds half-up to 3 decimals', () => {
    // 100 km / 3.000 L = 33.3333… → 33.333; 200 / 3 = 66.6666… → 66.667; 1 / 8 = 0.125
    expect(kmPerLitre(100, '3.000')).toBe('33.333');
    expect(kmPerLitre(200, '3')).toBe('66.667');
    expect(kmPerLitre(1, '8')).toBe('0.125');
    expect(kmPerLitre(10, '0')).toBeNull();
  });
});

describe('atípica', () => {
  const bands = [
    { vehicleType: '', minKmPerLitre: '2.000', maxKmPerLitre: '25.000' },
    { vehicleType: 'Tractocamión', minKmPerLitre: '1.500', maxKmPerLitre: '4.000' },
  ];
  it('uses the vehicle type’s own band (any case), else the general, else the defaults', () => {
    expect(bandFor('tractocamión ', bands)).toMatchObject({ minKmPerLitre: '1.500', maxKmPerLitre: '4.000' });
    expect(bandFor('Sedán', bands)).toMatchObject({ minKmPerLitre: '2.000', maxKmPerLitre: '25.000' });
    expect(bandFor('Sedán', [])).toEqual(DEFAULT_FUEL_BAND);
  });
  it('flags below the minimum and above the maximum, not on the bounds, and never without km/l', () => {
    const band = { minKmPerLitre: '2.000', maxKmPerLitre: '25.000' };
    expect(isFuelOutlier('1.999', band)).toBe(true);
    expect(isFuelOutlier('2.000', band)).toBe(false);
    expect(isFuelOutlier('12.000', band)).toBe(false);
    expect(isFuelOutlier('25.000', band)).toBe(false);
    expect(isFuelOutlier('25.001', band)).toBe(true);
    expect(isFuelOutlier(null, band)).toBe(false);
  });
  it('a band needs 0 ≤ min < max', () => {
    expect(bandError({ minKmPerLitre: '3', maxKmPerLitre: '12' })).toBeNull();
    expect(bandError({ minKmPerLitre: '-1', maxKmPerLitre: '12' })).toEqual({ minKmPerLitre: 'El mínimo debe ser 0 o mayor.' });
    expect(bandError({ minKmPerLitre: '12', maxKmPerLitre: '12' })).toEqual({ maxKmPerLitre: 'El máximo debe ser mayor que el mínimo.' });
  });
});

describe('price per litre and cost per km', () => {
  it('price per litre to 3 decimals', () => {
    // $920.00 / 40.000 L = 23.000; $1,000.00 / 41.237 L = 24.25006… → 24.250
    expect(pricePerLitre('920.00', '40.000')).toBe('23.000');
    expect(pricePerLitre('1000.00', '41.237')).toBe('24.250');
  });
  it('(fuel + maintenance) ÷ km to cents; null without km', () => {
    // $1,840.00 + $1,160.00 = $3,000.00 over 480 km = 6.25
    expect(totalCostPerKm('1840.00', '1160.00', 480)).toEqual({ totalCost: '3000.00', costPerKm: '6.25' });
    // $100.00 / 3 km = 33.333… → 33.33
    expect(totalCostPerKm('100.00', '0.00', 3)).toEqual({ totalCost: '100.00', costPerKm: '33.33' });
    expect(totalCostPerKm('100.00', '0.00', 0)).toEqual({ totalCost: '100.00', costPerKm: null });
  });
});
