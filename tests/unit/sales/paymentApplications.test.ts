import { describe, expect, it } from 'vitest';
import { proposeApplications, type OpenInvoice } from '../../../client/modules/sales/components/paymentApplications';

const invoices: OpenInvoice[] = [
  { id: 'a', balance: '6960.00', currency: 'MXN' },
  { id: 'b', balance: '1500.00', currency: 'MXN' },
  { id: 'u', balance: '100.00', currency: 'USD' },
];
const mxn = { currency: 'MXN' as const, exchangeRate: '' };

describe('proposeApplications (Pagos: what each ticked invoice receives)', () => {
  it('opened from an invoice: its whole balance while no amount is captured, then the smaller amount received', () => {
    expect(proposeApplications({ ...mxn, amount: '', apply: { a: '' } }, ['a'], invoices)).toEqual({ a: '6960.00' });
    expect(proposeApplications({ ...mxn, amount: '2000', apply: { a: '6960.00' } }, ['a'], invoices)).toEqual({ a: '2000.00' });
    // More than the balance: the balance, the rest stays unapplied.
    expect(proposeApplications({ ...mxn, amount: '7000', apply: { a: '2000.00' } }, ['a'], invoices)).toEqual({ a: '6960.00' });
  });

  it('in tick order, each proposal takes what is left after the typed amounts and the proposals before it', () => {
    // 8,000 received; b typed at 500 → 7,500 left: a (ticked first) takes its 6,960.00, u is not ticked.
    expect(proposeApplications({ ...mxn, amount: '8000', apply: { a: '', b: '500' } }, ['a'], invoices)).toEqual({ a: '6960.00', b: '500' });
    // 7,000 received, a then b proposed: a 6,960.00, b the 40.00 left.
    expect(proposeApplications({ ...mxn, amount: '7000', apply: { a: '', b: '' } }, ['a', 'b'], invoices)).toEqual({ a: '6960.00', b: '40.00' });
    // 6,000: a takes it all, b stays ticked with nothing proposed.
    expect(proposeApplications({ ...mxn, amount: '6000', apply: { a: '1', b: '1' } }, ['a', 'b'], invoices)).toEqual({ a: '6000.00', b: '' });
    // A typed amount over the payment leaves nothing for the proposals (never negative).
    expect(proposeApplications({ ...mxn, amount: '100', apply: { a: '', b: '300' } }, ['a'], invoices)).toEqual({ a: '', b: '300' });
  });

  it('converts what is left into a USD invoice at the rate, rounding down to the cent; its balance while the rate is missing', () => {
    // 1,000.00 MXN at 17.50: EquivalenciaDR = 1 / 17.5 = 0.0571428571 (10 places) → 57.142857… USD → 57.14.
    expect(proposeApplications({ amount: '1000', currency: 'MXN', exchangeRate: '17.50', apply: { u: '' } }, ['u'], invoices)).toEqual({ u: '57.14' });
    expect(proposeApplications({ amount: '1000', currency: 'MXN', exchangeRate: '', apply: { u: '' } }, ['u'], invoices)).toEqual({ u: '100.00' });
    // A USD payment of 50.00 to a USD invoice needs no rate.
    expect(proposeApplications({ amount: '50', currency: 'USD', exchangeRate: '', apply: { u: '' } }, ['u'], invoices)).toEqual({ u: '50.00' });
  });
});
