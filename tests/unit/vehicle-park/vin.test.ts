// VIN rules (schema/vehicle-park/vin.ts): real VINs with their check digit,
// a wrong digit refused for North America and only a warning elsewhere,
// letters I, O and Q never valid.
import { describe, expect, it } from 'vitest';
import { checkVin, isNorthAmericanVin, normalizeVin, vinCheckDigit, withCheckDigit, VIN_MESSAGES } from '../../../schema/vehicle-park/vin';

describe('vinCheckDigit', () => {
  it('computes X for 1M8GDM9AXKP042788 (weights 8 7 6 5 4 3 2 10 0 9 8 7 6 5 4 3 2)', () => {
    // 1·8 + M(4)·7 + 8·6 + G(7)·5 + D(4)·4 + M(4)·3 + 9·2 + A(1)·10 + X·0 + K(2)·9 + P(7)·8 + 0·7 + 4·6 + 2·5 + 7·4 + 8·3 + 8·2
    // = 8 + 28 + 48 + 35 + 16 + 12 + 18 + 10 + 0 + 18 + 56 + 0 + 24 + 10 + 28 + 24 + 16 = 351; 351 mod 11 = 10 → X
    expect(vinCheckDigit('1M8GDM9AXKP042788')).toBe('X');
  });

  it('computes 3 for the Honda 1HGCM82633A004352 and 1 for 11111111111111111', () => {
    // 1HGCM826_3A004352: 1·8 + H(8)·7 + G(7)·6 + C(3)·5 + M(4)·4 + 8·3 + 2·2 + 6·10 + 3·9 + A(1)·8 + 0·7 + 0·6 + 4·5 + 3·4 + 5·3 + 2·2
    // = 8 + 56 + 42 + 15 + 16 + 24 + 4 + 60 + 27 + 8 + 0 + 0 + 20 + 12 + 15 + 4 = 311; 311 mod 11 = 3
    expect(vinCheckDigit('1HGCM82633A004352')).toBe('3');
    // All ones: the weights add up to 89; 89 mod 11 = 1
    expect(vinCheckDigit('11111111111111111')).toBe('1');
  });

  it('is null for a wrong length or a letter never used (I, O, Q)', () => {
    expect(vinCheckDigit('1HGCM82633A00435')).toBeNull();
    expect(vinCheckDigit('1HGCM82633A0O4352')).toBeNull();
  });
});

describe('checkVin', () => {
  it('accepts real North-American VINs with their check digit, without warning', () => {
    for (const vin of ['1HGCM82633A004352', '1M8GDM9AXKP042788', '11111111111111111']) expect(checkVin(vin)).toEqual({ ok: true, warning: null });
  });

  it('refuses a North-American VIN (WMI 1-5) whose check digit does not match, naming both digits', () => {
    expect(isNorthAmericanVin('3N1CN7AD0JL123456')).toBe(true);
    expect(checkVin('3N1CN7AD0JL123456')).toEqual({ ok: false, error: VIN_MESSAGES.checkDigit('9', '0') });
    // One character off in the Honda (last 2 → 3, weight 2): 311 + 2 = 313; 313 mod 11 = 5, the VIN still says 3.
    expect(checkVin('1HGCM82633A004353')).toEqual({ ok: false, error: VIN_MESSAGES.checkDigit('5', '3') });
  });

  it('only warns for a non-North-American VIN whose check digit does not match', () => {
    expect(isNorthAmericanVin('WVWZZZ1JZXW000001')).toBe(false);
    expect(checkVin('WVWZZZ1JZXW000001')).toEqual({ ok: true, warning: VIN_MESSAGES.warning('0', 'Z') });
    // A Japanese VIN with the right digit carries no warning.
    expect(checkVin(withCheckDigit('JHMFA16586S000001'))).toEqual({ ok: true, warning: null });
  });

  it('refuses I, O and Q anywhere, and any length but 17', () => {
    for (const vin of ['1HGCM82633A0I4352', '1HGCM82633A0O4352', 'QHGCM82633A004352']) expect(checkVin(vin)).toEqual({ ok: false, error: VIN_MESSAGES.chars });
    expect(checkVin('1HGCM82633A00435')).toEqual({ ok: false, error: VIN_MESSAGES.length });
    expect(checkVin('1HGCM82633A0043520')).toEqual({ ok: false, error: VIN_MESSAGES.length });
  });

  it('reads the VIN as people paste it: lower case, spaces and dashes', () => {
    expect(normalizeVin(' 1hgcm8-2633a 004352 ')).toBe('1HGCM82633A004352');
    expect(checkVin('1hgcm82633a004352')).toEqual({ ok: true, warning: null });
  });
});

describe('withCheckDigit', () => {
  it('puts the computed digit in position 9', () => {
    expect(withCheckDigit('1HGCM826X3A004352')).toBe('1HGCM82633A004352');
    expect(withCheckDigit('1M8GDM9A0KP042788')).toBe('1M8GDM9AXKP042788');
  });
});
