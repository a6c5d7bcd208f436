// Job cost figures (issue 28), computed by hand.
import { describe, expect, it } from 'vitest';
import { jobCostFigures } from '../../../schema/sales/jobCost';

describe('jobCostFigures', () => {
  it('margin against billed and the projection at completion', () => {
    // cost 8,300 + 850 + 3,000 + 512 + 1,750 = 14,412; margin 50,000 − 14,412 = 35,588 (71.176 % → 71.18); 14,412 ÷ 50 % = 28,824
    expect(jobCostFigures({ labour: '8300', materials: '850', expenses: '3000', vehicles: '512', viaticos: '1750' }, '50000', '50')).toEqual({ cost: '14412.00', margin: '35588.00', marginPercent: '71.18', projectedCost: '28824.00' });
  });
  it('no margin % without billing, no projection without progress; a loss is negative', () => {
    expect(jobCostFigures({ labour: '100', materials: '0', expenses: '0', vehicles: '0', viaticos: '0' }, '0', '0')).toEqual({ cost: '100.00', margin: '-100.00', marginPercent: null, projectedCost: null });
    // 1,000 billed, 1,333.33 cost: −333.33 ÷ 1,000 = −33.333 % → −33.33
    expect(jobCostFigures({ labour: '1333.33', materials: '0', expenses: '0', vehicles: '0', viaticos: '0' }, '1000', '12.5').marginPercent).toBe('-33.33');
  });
});
