// Job cost figures (issue 28), computed by hand.
import { describe, expect, it } from 'vitest';
import { jobCostByConcept, jobCostFigures } from '../../../schema/sales/jobCost';

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

describe('jobCostByConcept', () => {
  const montaje = { conceptId: 1, lineNo: 1, description: 'Montaje', contracted: '100000.00', authorized: '40000.00', invoiced: '30000.00' };
  const pintura = { conceptId: 2, lineNo: 2, description: 'Pintura', contracted: '20000.00', authorized: '8000.00', invoiced: '7999.99' };
  it('each concept against the costs that carry it; «Sin concepto» takes the rest so the rows add up to the contract', () => {
    // Contract: authorised 48,000.00, invoiced 38,500.00 (500.01 of free lines and cents), cost 7,105.50.
    // Sin concepto: authorised 48,000 − 40,000 − 8,000 = 0.00; invoiced 38,500 − 30,000 − 7,999.99 = 500.01;
    //   margin 500.01 − 7,105.50 = −6,605.49; −6,605.49 ÷ 500.01 = −1,321.07 %
    expect(jobCostByConcept([montaje, pintura], { authorized: '48000', invoiced: '38500', cost: '7105.5' })).toEqual([
      { ...montaje, cost: '0.00', margin: '30000.00', marginPercent: '100.00' },
      { ...pintura, cost: '0.00', margin: '7999.99', marginPercent: '100.00' },
      { conceptId: null, lineNo: null, description: 'Sin concepto', contracted: '0.00', authorized: '0.00', invoiced: '500.01', cost: '7105.50', margin: '-6605.49', marginPercent: '-1321.07' },
    ]);
  });
  it('leaves «Sin concepto» out when nothing is in it', () => {
    const rows = jobCostByConcept([{ ...montaje, invoiced: '0.00' }], { authorized: '40000', invoiced: '0', cost: '0' });
    expect(rows).toEqual([{ ...montaje, invoiced: '0.00', cost: '0.00', margin: '0.00', marginPercent: null }]);
  });
});
