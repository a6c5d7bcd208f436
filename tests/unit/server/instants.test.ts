import { describe, expect, it } from 'vitest';
import { scalarResolvers } from '../../../server/graphql/scalars';
import { isCanonicalInstant, isoInstant, pgInstantToIso } from '../../../server/lib/instants';

/** A small deterministic generator (a failure names the same cases on every run): numbers in [0, 1). */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

const FIRST = -62_167_219_200_000; // 0000-01-01T00:00:00.000Z
const LAST = 253_402_300_799_999; // 9999-12-31T23:59:59.999Z

function instants(seed: number, count: number): number[] {
  const next = random(seed);
  return Array.from({ length: count }, () => Math.floor(FIRST * 1.01 + (next() + next() / 2 ** 32) * (LAST - FIRST * 1.01) * 1.01));
}

/** What toISOString gives, or null where it throws. */
const reference = (d: Date) => (Number.isNaN(d.getTime()) ? null : d.toISOString());

describe('isoInstant', () => {
  it('writes what toISOString writes, across the four-digit years and at their edges', () => {
    const edges = [FIRST, FIRST - 1, LAST, LAST + 1, 0, -1, 951_782_400_000 /* 2000-02-29 */, 951_868_799_999, 4_107_542_400_000 /* 2100-03-01 */];
    const differing: string[] = [];
    for (const ms of [...edges, ...instants(2026, 200_000)]) {
      const d = new Date(ms);
      if (isoInstant(d) !== d.toISOString()) differing.push(`${ms}: ${isoInstant(d)} ≠ ${d.toISOString()}`);
    }
    expect(differing).toEqual([]);
  });

  it('throws on an invalid date, as toISOString does', () => {
    expect(() => isoInstant(new Date(Number.NaN))).toThrow(RangeError);
  });
});

describe('isCanonicalInstant', () => {
  it('holds for what isoInstant writes', () => {
    expect(instants(7, 20_000).filter((ms) => !isCanonicalInstant(isoInstant(new Date(ms))) && ms >= FIRST && ms <= LAST)).toEqual([]);
  });

  it('holds exactly for the texts Date reads back unchanged: impossible days, hours past 23 and other shapes do not', () => {
    const next = random(11);
    const two = (max: number) => String(Math.floor(next() * max)).padStart(2, '0');
    const texts = Array.from({ length: 50_000 }, () => `${String(Math.floor(next() * 10_000)).padStart(4, '0')}-${two(14)}-${two(33)}T${two(26)}:${two(62)}:${two(62)}.${String(Math.floor(next() * 1000)).padStart(3, '0')}Z`);
    texts.push('2024-02-29T00:00:00.000Z', '2026-02-29T00:00:00.000Z', '2026-02-30T00:00:00.000Z', '2024-02-29T24:00:00.000Z', '2026-1x-01T00:00:00.000Z', '2026-11-29T13:20:15.123', '2026-11-29 13:20:15.123Z', ' 2026-11-29T13:20:15.12Z');
    const differing = texts.filter((text) => isCanonicalInstant(text) !== (reference(new Date(text)) === text));
    expect(differing).toEqual([]);
    // The sample has both kinds.
    expect(texts.filter(isCanonicalInstant).length).toBeGreaterThan(1000);
    expect(texts.filter((text) => !isCanonicalInstant(text)).length).toBeGreaterThan(1000);
  });
});

describe('pgInstantToIso', () => {
  /** An instant as PostgreSQL's text output writes it: microseconds with trailing zeros left out, the offset's hours, minutes only when not zero. */
  const pgText = (ms: number, micros: number, offsetMinutes: number) => {
    const local = new Date(ms + offsetMinutes * 60_000).toISOString();
    const fraction = `${local.slice(20, 23)}${String(micros).padStart(3, '0')}`.replace(/0+$/, '');
    const sign = offsetMinutes < 0 ? '-' : '+';
    const abs = Math.abs(offsetMinutes);
    const offset = `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}${abs % 60 ? `:${String(abs % 60).padStart(2, '0')}` : ''}`;
    return `${local.slice(0, 10)} ${local.slice(11, 19)}${fraction ? `.${fraction}` : ''}${offset}`;
  };

  it('gives what Date and toISOString give for the same text, in UTC and at other offsets', () => {
    const next = random(3);
    const offsets = [0, 0, 0, -360, 330, -600];
    // From year 100: Date's parser reads the years below it as 1950-2049 (next test).
    const texts = instants(5, 50_000)
      .filter((ms) => ms >= Date.UTC(100, 0, 2) && ms <= LAST - 86_400_000)
      .map((ms, i) => pgText(ms, i % 4 === 0 ? 0 : Math.floor(next() * 1000), offsets[i % offsets.length]));
    texts.push('2026-11-29 13:20:15+00', '2026-11-29 13:20:15.5+00', '2026-11-29 13:20:15.123999+00', '2026-11-29 07:20:15.1-06', '2024-02-29 23:59:59.999+00');
    const differing = texts.filter((text) => pgInstantToIso(text) !== new Date(text).toISOString()).map((text) => `${text}: ${pgInstantToIso(text)}`);
    expect(differing).toEqual([]);
    expect(pgInstantToIso('2026-11-29 13:20:15.123456+00')).toBe('2026-11-29T13:20:15.123Z');
    expect(pgInstantToIso('2026-11-29 07:20:15-06')).toBe('2026-11-29T13:20:15.000Z');
  });

  it("keeps the year PostgreSQL wrote where Date's parser misreads it (years below 100)", () => {
    expect(new Date('0010-05-06 10:20:30+00').toISOString()).toBe('2006-10-05T10:20:30.000Z');
    expect(pgInstantToIso('0010-05-06 10:20:30+00')).toBe('0010-05-06T10:20:30.000Z');
  });

  it('throws on a text that is no instant, as the Date path does', () => {
    expect(() => pgInstantToIso('infinity')).toThrow(RangeError);
    expect(() => pgInstantToIso('2026-13-29 13:20:15+00')).toThrow(RangeError);
  });
});

describe('the DateTime scalar', () => {
  it('writes a Date, a text in its own form and any other text Date reads', () => {
    const { serialize } = scalarResolvers.DateTime;
    expect(serialize(new Date(Date.UTC(2026, 0, 5, 6, 7, 8, 9)))).toBe('2026-01-05T06:07:08.009Z');
    expect(serialize('2026-01-05T06:07:08.009Z')).toBe('2026-01-05T06:07:08.009Z');
    // Not its own form (an impossible day): read by Date, as before.
    expect(serialize('2026-02-30T00:00:00.000Z')).toBe('2026-03-02T00:00:00.000Z');
    expect(serialize('2026-11-29 13:20:15.123456+00')).toBe('2026-11-29T13:20:15.123Z');
    expect(serialize('2026-11-29T07:20:15-06:00')).toBe('2026-11-29T13:20:15.000Z');
  });
});
