// Typed dates are read day first (DD/MM/AAAA), as Mexico writes them.
import { describe, expect, it } from 'vitest';
import { parseTypedDate } from '../../../client/components/DateField';

describe('typed dates', () => {
  it('reads DD/MM/AAAA day first, with or without leading zeros and other separators', () => {
    expect(parseTypedDate('24/11/2026')).toBe('2026-11-24');
    expect(parseTypedDate('1/2/2026')).toBe('2026-02-01');
    expect(parseTypedDate('05-03-2026')).toBe('2026-03-05');
    expect(parseTypedDate('05.03.2026')).toBe('2026-03-05');
    expect(parseTypedDate('05032026')).toBe('2026-03-05');
    expect(parseTypedDate(' 31/12/2025 ')).toBe('2025-12-31');
  });

  it('keeps AAAA-MM-DD as it is', () => {
    expect(parseTypedDate('2026-11-24')).toBe('2026-11-24');
  });

  it('refuses dates that do not exist and month-first readings', () => {
    expect(parseTypedDate('11/24/2026')).toBeNull();
    expect(parseTypedDate('31/04/2026')).toBeNull();
    expect(parseTypedDate('29/02/2025')).toBeNull();
    expect(parseTypedDate('29/02/2028')).toBe('2028-02-29');
    expect(parseTypedDate('00/01/2026')).toBeNull();
    expect(parseTypedDate('mañana')).toBeNull();
    expect(parseTypedDate('')).toBeNull();
  });
});
