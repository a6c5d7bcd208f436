// Mexican identifier formats (MX_FISCAL.md), shared by the SPA forms and the
// server services so both give the same Spanish message for the same input.

const RFC_MORAL = /^[A-ZÑ&]{3}\d{6}[A-Z\d]{2}[A\d]$/;
const RFC_FISICA = /^[A-ZÑ&]{4}\d{6}[A-Z\d]{2}[A\d]$/;
export const RFC_GENERIC = ['XAXX010101000', 'XEXX010101000'] as const;

const realYyMmDd = (s: string): boolean => {
  const yy = Number(s.slice(0, 2));
  const mm = Number(s.slice(2, 4));
  const dd = Number(s.slice(4, 6));
  if (mm < 1 || mm > 12 || dd < 1) return false;
  // The century is ambiguous in an RFC/CURP; both candidates share month lengths except Feb 29.
  const days = [31, yy % 4 === 0 ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][mm - 1];
  return dd <= days;
};

export type RfcKind = 'moral' | 'fisica' | 'generico';

/** The kind of a valid RFC, or null. Generic RFCs only when allowed. */
export function rfcKind(value: string, opts: { allowGeneric?: boolean } = {}): RfcKind | null {
  const v = value.trim().toUpperCase();
  if ((RFC_GENERIC as readonly string[]).includes(v)) return opts.allowGeneric ? 'generico' : null;
  if (RFC_MORAL.test(v) && realYyMmDd(v.slice(3, 9))) return 'moral';
  if (RFC_FISICA.test(v) && realYyMmDd(v.slice(4, 10))) return 'fisica';
  return null;
}

export const RFC_MESSAGE = 'RFC no válido: 12 caracteres (persona moral) o 13 (persona física) con fecha real.';

const CURP_RE =
  /^[A-Z][AEIOUX][A-Z]{2}\d{6}[HMX](AS|BC|BS|CC|CL|CM|CS|CH|DF|DG|GT|GR|HG|JC|MC|MN|MS|NT|NL|OC|PL|QT|QR|SP|SL|SR|TC|TS|TL|VZ|YN|ZS|NE)[B-DF-HJ-NP-TV-Z]{3}[0-9A-Z]\d$/;
export const isCurp = (value: string): boolean => {
  const v = value.trim().toUpperCase();
  return CURP_RE.test(v) && realYyMmDd(v.slice(4, 10));
};
export const CURP_MESSAGE = 'CURP no válida: 18 caracteres con fecha de nacimiento real.';

/** NSS: 11 digits, the last is a Luhn check digit over the first 10. */
export function isNss(value: string): boolean {
  const v = value.trim();
  if (!/^\d{11}$/.test(v)) return false;
  let total = 0;
  for (let i = 0; i < 10; i++) {
    let d = Number(v[i]) * (i % 2 === 0 ? 1 : 2);
    if (d > 9) d -= 9;
    total += d;
  }
  return (10 - (total % 10)) % 10 === Number(v[10]);
}
export const NSS_MESSAGE = 'NSS no válido: 11 dígitos con dígito verificador.';

/** CLABE: 18 digits; weights 3,7,1 over the first 17; check = (10 − Σ mod 10) mod 10. */
export function isClabe(value: string): boolean {
  const v = value.trim();
  if (!/^\d{18}$/.test(v)) return false;
  const weights = [3, 7, 1];
  let total = 0;
  for (let i = 0; i < 17; i++) total += ((Number(v[i]) * weights[i % 3]) % 10);
  return (10 - (total % 10)) % 10 === Number(v[17]);
}
export const CLABE_MESSAGE = 'CLABE no válida: 18 dígitos con dígito verificador.';

/** VIN: 17 characters without I, O, Q; position 9 is the North-American check digit. */
export function isVin(value: string): boolean {
  const v = value.trim().toUpperCase();
  if (!/^[A-HJ-NPR-Z0-9]{17}$/.test(v)) return false;
  const map: Record<string, number> = { A: 1, B: 2, C: 3, D: 4, E: 5, F: 6, G: 7, H: 8, J: 1, K: 2, L: 3, M: 4, N: 5, P: 7, R: 9, S: 2, T: 3, U: 4, V: 5, W: 6, X: 7, Y: 8, Z: 9 };
  const weights = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];
  let total = 0;
  for (let i = 0; i < 17; i++) total += (/\d/.test(v[i]) ? Number(v[i]) : map[v[i]]) * weights[i];
  const check = total % 11 === 10 ? 'X' : String(total % 11);
  return v[8] === check;
}
export const VIN_MESSAGE = 'VIN no válido: 17 caracteres sin I, O ni Q y dígito verificador correcto.';

export const isPostalCode = (value: string): boolean => /^\d{5}$/.test(value.trim());
export const POSTAL_CODE_MESSAGE = 'Código postal no válido: 5 dígitos.';
