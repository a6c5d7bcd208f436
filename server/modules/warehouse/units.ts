// The fixed catalogue of units of measure (SAT c_ClaveUnidad codes) and how
// many decimals a quantity in each may carry: pieces are whole, kilograms and
// litres go to grams and millilitres, metres to centimetres.
export type UnitOfMeasure = { code: string; name: string; decimals: number };

export const UNITS: readonly UnitOfMeasure[] = [
  { code: 'H87', name: 'Pieza', decimals: 0 },
  { code: 'XBX', name: 'Caja', decimals: 0 },
  { code: 'PR', name: 'Par', decimals: 0 },
  { code: 'SET', name: 'Juego', decimals: 0 },
  { code: 'XRO', name: 'Rollo', decimals: 0 },
  { code: 'XBJ', name: 'Cubeta', decimals: 0 },
  { code: 'KGM', name: 'Kilogramo', decimals: 3 },
  { code: 'GRM', name: 'Gramo', decimals: 0 },
  { code: 'TNE', name: 'Tonelada', decimals: 3 },
  { code: 'LTR', name: 'Litro', decimals: 3 },
  { code: 'MLT', name: 'Mililitro', decimals: 0 },
  { code: 'GLL', name: 'Galón', decimals: 2 },
  { code: 'MTR', name: 'Metro', decimals: 2 },
  { code: 'MTK', name: 'Metro cuadrado', decimals: 2 },
  { code: 'MTQ', name: 'Metro cúbico', decimals: 3 },
];

const byCode = new Map(UNITS.map((u) => [u.code, u]));
const byName = new Map(UNITS.map((u) => [foldUnit(u.name), u]));

function foldUnit(text: string): string {
  return text.normalize('NFD').replace(/\p{Diacritic}/gu, '').trim().toLowerCase();
}

export const unitByCode = (code: string): UnitOfMeasure | undefined => byCode.get(code);

/** A unit from a spreadsheet cell: its code ("H87") or its name ("pieza", "Galon"). */
export const findUnit = (text: string): UnitOfMeasure | undefined => byCode.get(text.trim().toUpperCase()) ?? byName.get(foldUnit(text));

/** The unit of a stored article; an unknown code (never written by the service) reads as whole pieces. */
export const unitOf = (code: string): UnitOfMeasure => byCode.get(code) ?? { code, name: code, decimals: 0 };
