// Job cost figures (issue 28), computed by hand.
import { describe, expect, it } from 'vitest';
import { jobCostFigures } from '../../../schema/sales/jobCost';

describe('jobCostFigures', () => {
  it('margin against billed and the projection at completion', () => {
    // cost 8,300 + 850 + 3,000 + 512 = 12,662; margin 50,000 − 12,662 = 37,338 (74.676 % → 74.68); 12,662 ÷ 50 % = 25,324
    expect(jobCostFigures({ labour: '8300', materials: '850', expenses: '3000', vehicles: '512' }, '50000', '50')).toEqual({ cost: '12662.00', margin: '37338.00', marginPercent: '74.68', projectedCost: '25324.00' });
  });
  it('no margin % without billing, no projection without progress; a loss is negative', () => {
    expect(jobCostFigures({ labour: '100', materials: '0', expenses: '0', vehicles: '0' }, '0', '0')).toEqual({ cost: '100.00', margin: '-100.00', marginPercent: null, projectedCost: null });
    // 1,000 billed, 1,333.33 cost: −333.33 ÷ 1,000 = −33.333 % → −33.33
    expect(jobCostFigures({ labour: '1333.33', materials: '0', expenses: '0', vehicles: '0' }, '1000', '12.5').marginPercent).toBe('-33.33');
  });
});
