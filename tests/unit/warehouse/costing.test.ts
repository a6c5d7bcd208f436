// Moving-average costing of one stock row, figures computed by hand.
import { describe, expect, it } from 'vitest';
import { applyIn, applyInValue, applyOut, applyOutValue, emptyState, type StockState } from '../../../server/modules/warehouse/costing';

const show = (s: StockState) => `${s.quantity.toFixed()}/${s.value.toFixed(2)}/${s.avgCost.toFixed(6)}`;

describe('moving average', () => {
  it('averages entradas: (q·c + q1·c1)/(q + q1)', () => {
    const a = applyIn(emptyState(), '10', '12.50');
    expect(show(a.after)).toBe('10/125.00/12.500000');
    const b = applyIn(a.after, '5', '14');
    expect(b.amount.toFixed(2)).toBe('70.00');
    expect(show(b.after)).toBe('15/195.00/13.000000');
  });

  it('keeps the average to 6 decimals and amounts to cents (half-up)', () => {
    const s = applyIn(applyIn(emptyState(), '3', '10').after, '4', '11').after;
    expect(show(s)).toBe('7/74.00/10.571429');
    const out = applyOut(s, '2.5');
    // 2.5 × 10.571429 = 26.4285725 → 26.43
    expect(out?.amount.toFixed(2)).toBe('26.43');
    expect(show(out!.after)).toBe('4.5/47.57/10.571429');
    // 1 × 0.005 rounds half-up to 0.01
    expect(applyIn(emptyState(), '1', '0.005').amount.toFixed(2)).toBe('0.01');
  });

  it('exits do not move the average; the exit that empties the row takes the value left', () => {
    const s = applyIn(applyIn(emptyState(), '3', '10').after, '4', '11').after; // 7 / 74.00 / 10.571429
    const part = applyOut(s, '0.125')!; // 1.321428625 → 1.32
    expect(show(part.after)).toBe('6.875/72.68/10.571429');
    const rest = applyOut(part.after, '6.875')!;
    expect(rest.amount.toFixed(2)).toBe('72.68');
    expect(show(rest.after)).toBe('0/0.00/10.571429');
  });

  it('refuses an exit larger than the row (null), leaving nothing half-done', () => {
    const s = applyIn(emptyState(), '2', '1').after;
    expect(applyOut(s, '2.0001')).toBeNull();
    expect(applyOut(s, '2')).not.toBeNull();
  });

  it('an entry carrying a value (traspaso, reversed exit) re-averages with exactly that value', () => {
    const target = applyIn(emptyState(), '1', '20').after; // 1 / 20.00
    const moved = applyInValue(target, '3', '39.00'); // 3 units worth 13 each
    expect(moved.unitCost.toFixed(6)).toBe('13.000000');
    expect(show(moved.after)).toBe('4/59.00/14.750000');
  });

  it('reverses an entrada at the value it brought: the average returns to what the other entries make', () => {
    // 10 @ 5 = 50, then 10 @ 8 = 80 → 20 units, 130.00, average 6.5.
    const s = applyIn(applyIn(emptyState(), '10', '5').after, '10', '8').after;
    const back = applyOutValue(s, '10', '80.00') as NonNullable<ReturnType<typeof applyOutValue>>;
    // Takes 80.00 out (8 each): 10 units, 50.00, average 50 / 10 = 5.
    expect(back.unitCost.toFixed(6)).toBe('8.000000');
    expect(show(back.after)).toBe('10/50.00/5.000000');
    // After an exit of 4 at 6.5 (26.00): 16 units, 104.00; the reversal takes 80.00 → 6 units, 24.00, average 4.
    const afterExit = (applyOut(s, '4') as NonNullable<ReturnType<typeof applyOut>>).after;
    expect(show(applyOutValue(afterExit, '10', '80.00')!.after)).toBe('6/24.00/4.000000');
    // Emptying the row takes exactly what is left; more than there is cannot leave.
    expect(show(applyOutValue(afterExit, '16', '80.00')!.after)).toBe('0/0.00/6.500000');
    expect(applyOutValue(afterExit, '17', '80.00')).toBeNull();
  });
});
