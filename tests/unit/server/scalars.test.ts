import { describe, expect, it } from 'vitest';
import { isoInstant, scalarResolvers } from '../../../server/graphql/scalars';

// A small deterministic generator, so a failure names the same instants on every run.
function* instants(seed: number, count: number, from: number, to: number): Generator<number> {
  let state = seed;
  for (let i = 0; i < count; i += 1) {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    const high = state / 2 ** 32;
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    yield Math.floor(from + (high + state / 2 ** 64) * (to - from));
  }
}

describe('DateTime serialisation (isoInstant)', () => {
  it('writes what toISOString writes, across the four-digit years and at their edges', () => {
    const edges = [
      -62_167_219_200_000, // 0000-01-01T00:00:00.000Z
      -62_167_219_200_001, // the millisecond before: toISOString's six-digit year
      253_402_300_799_999, // 9999-12-31T23:59:59.999Z
      253_402_300_800_000, // +010000-01-01
      0,
      -1,
      951_782_400_000, // 2000-02-29
      951_868_799_999,
      4_107_542_400_000, // 2100-03-01 (2100 is not a leap year)
      Date.UTC(2026, 10, 29, 13, 20, 15, 7),
    ];
    const differing: string[] = [];
    for (const ms of [...edges, ...instants(2026, 200_000, -62_167_219_200_000 * 1.01, 253_402_300_800_000 * 1.01)]) {
      const d = new Date(ms);
      if (isoInstant(d) !== d.toISOString()) differing.push(`${ms}: ${isoInstant(d)} ≠ ${d.toISOString()}`);
    }
    expect(differing).toEqual([]);
  });

  it('throws on an invalid date, as toISOString does', () => {
    expect(() => isoInstant(new Date(Number.NaN))).toThrow(RangeError);
  });

  it('is what the DateTime scalar answers, from a Date or from text', () => {
    expect(scalarResolvers.DateTime.serialize(new Date(Date.UTC(2026, 0, 5, 6, 7, 8, 9)))).toBe('2026-01-05T06:07:08.009Z');
    expect(scalarResolvers.DateTime.serialize('2026-11-29 13:20:15.123456+00')).toBe('2026-11-29T13:20:15.123Z');
    expect(scalarResolvers.DateTime.serialize('2026-11-29T07:20:15-06:00')).toBe('2026-11-29T13:20:15.000Z');
  });
});
