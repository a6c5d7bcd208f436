// Combustible (issue 28), pure: km/l of a load, the band outside which a load
// is «atípica», price per litre and the period's cost per km. Shared by the
// server (which computes the same km/l in SQL for the list and its filter) and
// the SPA (the form's preview). Exact decimals throughout.
import { dec, money, sum } from '../money';

export type FuelBand = { minKmPerLitre: string; maxKmPerLitre: string };

/** The general band when no row says otherwise (the migration seeds the same figures). */
export const DEFAULT_FUEL_BAND: FuelBand = { minKmPerLitre: '2.000', maxKmPerLitre: '25.000' };

/** Litres carry 3 decimals; the amount 2; km/l and price per litre are shown with 3. */
export const LITRES_PLACES = 3;
export const KML_PLACES = 3;

/** Amount ÷ litres to 3 decimals (half-up); null without litres. */
export const pricePerLitre = (amount: string, litres: string): string | null => (dec(litres).gt(0) ? money(dec(amount).div(litres), 3) : null);

/** Distance ÷ litres to 3 decimals (half-up); null without litres. */
export const kmPerLitre = (km: number, litres: string): string | null => (dec(litres).gt(0) ? money(dec(km).div(litres), KML_PLACES) : null);

export type FuelLoadPoint = { id: string | number; odometerKm: number; litres: string; fullTank: boolean; loadedOn: string };
export type FuelEfficiency = { id: string | number; km: number | null; litresSince: string | null; kmPerLitre: string | null };

/**
 * km/l of each load of one vehicle (full-tank method): a full load measures
 * the distance since the previous full load over the litres loaded after it up
 * to and including this one (partial loads in between add their litres). The
 * first full load, and every partial one, has no km/l. Loads are taken in
 * odometer order (then date, then id), as the log never decreases.
 */
export function fuelEfficiency(loads: readonly FuelLoadPoint[]): FuelEfficiency[] {
  const ordered = [...loads].sort((a, b) => a.odometerKm - b.odometerKm || a.loadedOn.localeCompare(b.loadedOn) || Number(a.id) - Number(b.id));
  const out = new Map<string, FuelEfficiency>();
  let lastFull: FuelLoadPoint | null = null;
  let litres = dec(0);
  for (const load of ordered) {
    litres = litres.plus(load.litres);
    if (!load.fullTank) {
      out.set(String(load.id), { id: load.id, km: null, litresSince: null, kmPerLitre: null });
      continue;
    }
    if (lastFull) {
      const km = load.odometerKm - lastFull.odometerKm;
      const since = litres.toFixed(LITRES_PLACES);
      out.set(String(load.id), { id: load.id, km, litresSince: since, kmPerLitre: kmPerLitre(km, since) });
    } else {
      out.set(String(load.id), { id: load.id, km: null, litresSince: null, kmPerLitre: null });
    }
    lastFull = load;
    litres = dec(0);
  }
  return loads.map((l) => out.get(String(l.id))!);
}

/** The band for a vehicle type: its own row (any case), else the general row (''), else the defaults. */
export function bandFor(vehicleType: string, bands: readonly (FuelBand & { vehicleType: string })[]): FuelBand {
  const own = bands.find((b) => b.vehicleType !== '' && b.vehicleType.toLowerCase() === vehicleType.trim().toLowerCase());
  return own ?? bands.find((b) => b.vehicleType === '') ?? DEFAULT_FUEL_BAND;
}

/** «Atípica»: a km/l below the band's minimum or above its maximum (the bounds themselves are normal). No km/l, no flag. */
export const isFuelOutlier = (kml: string | null, band: FuelBand): boolean => kml !== null && (dec(kml).lt(band.minKmPerLitre) || dec(kml).gt(band.maxKmPerLitre));

/** A band is a minimum of 0 or more below a maximum (3 decimals). */
export function bandError(band: FuelBand): { minKmPerLitre?: string; maxKmPerLitre?: string } | null {
  if (dec(band.minKmPerLitre).lt(0)) return { minKmPerLitre: FUEL_TEXT.bandMin };
  if (!dec(band.maxKmPerLitre).gt(band.minKmPerLitre)) return { maxKmPerLitre: FUEL_TEXT.bandOrder };
  return null;
}

/** Cost per km of a period: (fuel + maintenance) ÷ km, to cents (half-up); null without km. */
export function totalCostPerKm(fuelCost: string, maintenanceCost: string, km: number): { totalCost: string; costPerKm: string | null } {
  const totalCost = money(sum([fuelCost, maintenanceCost]));
  return { totalCost, costPerKm: km > 0 ? money(dec(totalCost).div(km)) : null };
}

export const FUEL_TEXT = {
  outlier: 'Atípica',
  outlierHint: (kml: string, band: FuelBand) => `${kml} km/l fuera del rango ${band.minKmPerLitre}–${band.maxKmPerLitre} km/l`,
  bandMin: 'El mínimo debe ser 0 o mayor.',
  bandOrder: 'El máximo debe ser mayor que el mínimo.',
  general: 'General (tipos sin rango propio)',
} as const;
