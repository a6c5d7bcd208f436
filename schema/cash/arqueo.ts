// Arqueo de caja (pure, shared with the SPA): counted cash by denomination
// and its difference against the expected balance.
import { dec, money, sum } from '../money';

/** Mexican peso denominations counted in an arqueo: bills, then coins. */
export const DENOMINATIONS = ['1000', '500', '200', '100', '50', '20', '10', '5', '2', '1', '0.50'] as const;
export const BILLS: readonly string[] = ['1000', '500', '200', '100', '50', '20'];

/** Said by the server and, before asking to close, by the screen. */
export const ARQUEO_MESSAGES = { differenceReason: 'Explica la diferencia del arqueo.' } as const;

export type DenominationCount = { value: string; count: number };

export const isDenomination = (value: string): boolean => /^\d+(\.\d+)?$/.test(value) && DENOMINATIONS.some((d) => dec(d).eq(value));

export type Arqueo = { lines: { value: string; count: number; amount: string }[]; counted: string; expected: string; difference: string };

/**
 * Counted = Σ value × count; difference = counted − expected (+ sobrante,
 * − faltante). Lines come back in the canonical denomination order, one per
 * denomination (missing ones count 0).
 */
export function computeArqueo(counts: readonly DenominationCount[], expected: string): Arqueo {
  const byValue = new Map<string, number>();
  for (const c of counts) {
    const key = DENOMINATIONS.find((d) => dec(d).eq(c.value));
    if (key) byValue.set(key, (byValue.get(key) ?? 0) + c.count);
  }
  const lines = DENOMINATIONS.map((value) => {
    const count = byValue.get(value) ?? 0;
    return { value, count, amount: money(dec(value).times(count)) };
  });
  const counted = money(sum(lines.map((l) => l.amount)));
  return { lines, counted, expected: money(expected), difference: money(dec(counted).minus(expected)) };
}
