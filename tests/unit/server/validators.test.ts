import { describe, expect, it } from 'vitest';
import { isClabe, isCurp, isNss, isPostalCode, isVin, rfcKind } from '../../../schema/validators';

describe('RFC', () => {
  it('accepts personas morales and físicas with real dates', () => {
    expect(rfcKind('ABC680524P76')).toBe('moral');
    expect(rfcKind('gomj800101ab1')).toBe('fisica');
    expect(rfcKind('ÑAB000229AB1')).toBe('moral'); // 29 Feb 2000
    expect(rfcKind('ÑAB010229AB1')).toBeNull(); // 2001 is not a leap year
  });
  it('refuses impossible dates, wrong lengths and generic RFCs unless allowed', () => {
    expect(rfcKind('ABC681324P76')).toBeNull(); // month 13
    expect(rfcKind('GOMJ800231AB1')).toBeNull(); // Feb 31
    expect(rfcKind('AB680524P76')).toBeNull();
    expect(rfcKind('XAXX010101000')).toBeNull();
    expect(rfcKind('XAXX010101000', { allowGeneric: true })).toBe('generico');
  });
});

describe('CURP, NSS, CLABE, VIN, CP', () => {
  it('CURP with a real birth date', () => {
    expect(isCurp('GOMJ800101HDFRRN09')).toBe(true);
    expect(isCurp('GOMJ801301HDFRRN09')).toBe(false);
    expect(isCurp('GOMJ800101HZZRRN09')).toBe(false); // unknown state
  });
  it('NSS Luhn check digit', () => {
    expect(isNss('12345678903')).toBe(true);
    expect(isNss('12345678901')).toBe(false);
    expect(isNss('1234567890')).toBe(false);
  });
  it('CLABE 3-7-1 check digit', () => {
    expect(isClabe('002010077777777771')).toBe(true);
    expect(isClabe('002010077777777772')).toBe(false);
    expect(isClabe('00201007777777777')).toBe(false);
  });
  it('VIN check digit in position 9', () => {
    expect(isVin('1M8GDM9AXKP042788')).toBe(true);
    expect(isVin('1M8GDM9A1KP042788')).toBe(false);
    expect(isVin('1M8GDM9AXKP04278O')).toBe(false); // letter O
  });
  it('postal code', () => {
    expect(isPostalCode('06600')).toBe(true);
    expect(isPostalCode('6600')).toBe(false);
  });
});
