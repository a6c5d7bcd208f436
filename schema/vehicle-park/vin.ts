// NIV / VIN rules shared by the vehicle form and the server (ISO 3779 and the
// North-American check digit of 49 CFR 565): 17 characters, letters I, O and
// Q never valid; position 9 is a check digit computed from the other 16. A
// VIN built for North America (WMI starting 1-5: United States, Canada,
// Mexico) must carry the right check digit; other regions do not use it, so a
// mismatch there is only a warning. Pure.

export const VIN_MESSAGES = {
  length: 'El VIN debe tener 17 caracteres.',
  chars: 'El VIN solo admite letras y números; nunca I, O ni Q.',
  checkDigit: (expected: string, found: string) => `El dígito verificador del VIN (posición 9) no cuadra: debería ser ${expected} y es ${found}.`,
  warning: (expected: string, found: string) =>
    `El dígito verificador (posición 9) no cuadra (sería ${expected}, es ${found}); los VIN fuera de Norteamérica pueden no usarlo: revisa que esté bien capturado.`,
} as const;

const VALUES: Readonly<Record<string, number>> = {
  A: 1, B: 2, C: 3, D: 4, E: 5, F: 6, G: 7, H: 8,
  J: 1, K: 2, L: 3, M: 4, N: 5, P: 7, R: 9,
  S: 2, T: 3, U: 4, V: 5, W: 6, X: 7, Y: 8, Z: 9,
};
const WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2] as const;

/** Upper case without spaces or dashes, as people paste it. */
export const normalizeVin = (vin: string): string => vin.replace(/[\s-]/g, '').toUpperCase();

const charValue = (c: string): number => (c >= '0' && c <= '9' ? Number(c) : (VALUES[c] ?? -1));

/** The check digit (0-9 or X) the 17 characters call for; null when a character is not allowed. */
export function vinCheckDigit(vin: string): string | null {
  const v = normalizeVin(vin);
  if (v.length !== 17) return null;
  let total = 0;
  for (let i = 0; i < 17; i++) {
    const n = charValue(v[i]);
    if (n < 0) return null;
    total += n * WEIGHTS[i];
  }
  const r = total % 11;
  return r === 10 ? 'X' : String(r);
}

/** A VIN whose world manufacturer identifier starts 1-5 (United States, Canada, Mexico). */
export const isNorthAmericanVin = (vin: string): boolean => /^[1-5]/.test(normalizeVin(vin));

export type VinCheck = { ok: true; warning: string | null } | { ok: false; error: string };

/** Validates a VIN: refusal with a Spanish message, or acceptance with an optional warning. */
export function checkVin(vin: string): VinCheck {
  const v = normalizeVin(vin);
  if (v.length !== 17) return { ok: false, error: VIN_MESSAGES.length };
  if (!/^[A-HJ-NPR-Z0-9]{17}$/.test(v)) return { ok: false, error: VIN_MESSAGES.chars };
  const expected = vinCheckDigit(v)!;
  if (expected === v[8]) return { ok: true, warning: null };
  if (isNorthAmericanVin(v)) return { ok: false, error: VIN_MESSAGES.checkDigit(expected, v[8]) };
  return { ok: true, warning: VIN_MESSAGES.warning(expected, v[8]) };
}

/** The 17 characters with the right check digit put in position 9 (demo data, tests). */
export function withCheckDigit(vin: string): string {
  const v = normalizeVin(vin);
  const probe = `${v.slice(0, 8)}0${v.slice(9)}`;
  const digit = vinCheckDigit(probe);
  if (digit === null) throw new Error(`VIN inválido: ${vin}`);
  return `${v.slice(0, 8)}${digit}${v.slice(9)}`;
}
