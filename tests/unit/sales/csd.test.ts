import { describe, expect, it } from 'vitest';
import { CSD_WARNING_DAYS, csdExpiry, daysToExpiry } from '../../../schema/sales/csd';

describe('CSD expiry (one rule for the CSD dialog and the Tablero)', () => {
  const validTo = new Date('2027-05-18T11:43:51Z');

  it('counts whole days left, 0 on the last day and negative once expired', () => {
    expect(daysToExpiry(validTo, new Date('2027-04-18T11:43:51Z'))).toBe(30);
    expect(daysToExpiry(validTo, new Date('2027-04-18T11:43:52Z'))).toBe(29);
    expect(daysToExpiry(validTo, new Date('2027-05-18T00:00:00Z'))).toBe(0);
    expect(daysToExpiry(validTo, new Date('2027-05-18T11:43:52Z'))).toBe(-1);
  });

  it('warns from CSD_WARNING_DAYS days before and refuses once expired', () => {
    expect(CSD_WARNING_DAYS).toBe(30);
    expect(csdExpiry(31)).toBe('vigente');
    expect(csdExpiry(30)).toBe('por_vencer');
    expect(csdExpiry(0)).toBe('por_vencer');
    expect(csdExpiry(-1)).toBe('vencido');
  });
});
