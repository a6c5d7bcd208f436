// The shared date-time input keeps an ISO instant as its value, and no screen
// takes a date or a time through the browser's native field (it showed
// `11/27/2026, 0…` on an English phone: month first, the time cut).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { instantOf, pickerValueOf } from '../../../client/components/DateTimeField';

const CLIENT = resolve(__dirname, '../../../client');
const filesUnder = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : /\.tsx?$/.test(path) ? [path] : [];
  });

describe('date-time input', () => {
  it('shows an instant in the local time of the browser and gives back the same instant', () => {
    const iso = new Date(2026, 10, 27, 8, 5).toISOString();
    expect(pickerValueOf(iso)).toBe('2026-11-27 08:05:00');
    expect(instantOf('2026-11-27 08:05:00')).toBe(iso);
  });

  it('reads nothing as empty, and an unreadable value as none', () => {
    expect(pickerValueOf('')).toBeNull();
    expect(pickerValueOf(null)).toBeNull();
    expect(pickerValueOf('mañana')).toBeNull();
    expect(instantOf(null)).toBe('');
    expect(instantOf('')).toBe('');
  });

  it('no screen uses a native date, time or date-time field', () => {
    const native = filesUnder(CLIENT).filter((f) => /type=["'{]+(?:datetime-local|date|time|month|week)["'}]/.test(readFileSync(f, 'utf8')));
    expect(native.map((f) => relative(CLIENT, f))).toEqual([]);
  });
});
