import { beforeAll, describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatMoney, formatNumber } from '../../../client/components/format';

beforeAll(() => {
  // A zone west of UTC is where a calendar date would slip a day if parsed as UTC.
  process.env.TZ = 'America/Mexico_City';
});

describe('formatNumber', () => {
  it('groups thousands with "," and uses "." for decimals', () => {
    expect(formatNumber(1234567.891)).toBe('1,234,567.89');
    expect(formatNumber('1234.5')).toBe('1,234.50');
    expect(formatNumber(0)).toBe('0.00');
    expect(formatNumber(999)).toBe('999.00');
    expect(formatNumber('1000')).toBe('1,000.00');
  });

  it('rounds half-up on the decimal value', () => {
    expect(formatNumber('1.005')).toBe('1.01');
    expect(formatNumber(2.675)).toBe('2.68');
    expect(formatNumber('0.125', 2)).toBe('0.13');
    expect(formatNumber(0.1 + 0.2)).toBe('0.30');
  });

  it('handles precision, capped at 20', () => {
    expect(formatNumber('1234.5678', 0)).toBe('1,235');
    expect(formatNumber('1234.5678', 3)).toBe('1,234.568');
    expect(formatNumber('1', 25)).toBe('1.00000000000000000000');
    expect(formatNumber('0.123456789012345678901234', 30)).toBe('0.12345678901234567890');
  });

  it('formats negatives and huge Decimal strings exactly', () => {
    expect(formatNumber(-1234.5)).toBe('-1,234.50');
    expect(formatNumber('-0.001')).toBe('0.00');
    expect(formatNumber('123456789012345678901234.555')).toBe('123,456,789,012,345,678,901,234.56');
  });

  it('returns "" for empty or invalid input', () => {
    expect(formatNumber(null)).toBe('');
    expect(formatNumber(undefined)).toBe('');
    expect(formatNumber('')).toBe('');
    expect(formatNumber('abc')).toBe('');
    expect(formatNumber(Number.NaN)).toBe('');
    expect(formatNumber('0x10')).toBe('');
  });
});

describe('formatMoney', () => {
  it('prefixes "$" and puts the sign first', () => {
    expect(formatMoney(1234.5)).toBe('$1,234.50');
    expect(formatMoney('-1234.5')).toBe('-$1,234.50');
    expect(formatMoney('1234567.891')).toBe('$1,234,567.89');
    expect(formatMoney(0)).toBe('$0.00');
    expect(formatMoney(null)).toBe('');
  });
});

describe('formatDate / formatDateTime', () => {
  it('shows a calendar date as DD/MM/AAAA without shifting it', () => {
    expect(formatDate('2026-11-21')).toBe('21/11/2026');
    expect(formatDate('2026-01-01')).toBe('01/01/2026');
    expect(formatDate('2026-02-30')).toBe('');
  });

  it('shows instants in the local zone', () => {
    expect(formatDate('2026-11-21T03:00:00Z')).toBe('20/11/2026');
    expect(formatDate('2026-11-21T14:05:00')).toBe('21/11/2026');
    expect(formatDateTime('2026-11-21T14:05:00')).toBe('21/11/2026 14:05');
    expect(formatDateTime('2026-11-21T20:05:00.000Z')).toBe('21/11/2026 14:05');
    expect(formatDate(new Date(2026, 10, 21, 9, 30))).toBe('21/11/2026');
  });

  it('returns "" for empty or invalid input', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate('')).toBe('');
    expect(formatDate('no es fecha')).toBe('');
    expect(formatDateTime(undefined)).toBe('');
  });
});
