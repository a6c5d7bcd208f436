// What the payment form proposes to apply to each ticked invoice. An amount
// the person typed (or «Liquidar») stands; the others were proposed by the
// form and follow the payment: in the order they were ticked, each takes what
// is left of the payment up to its balance. So a payment opened from an
// invoice (ticked with its whole balance) follows a smaller amount received.
import { equivalence, inPaymentCurrency, type Currency } from '../../../../schema/sales/currency';
import { toDecimal, UiDecimal, type UiDecimalValue } from '../../../components/decimal';

export type OpenInvoice = { id: string; balance: string; currency: Currency };

export type PaymentDraft = {
  /** The amount received, in the payment's currency ('' while not captured). */
  amount: string;
  currency: Currency;
  /** Pesos per dollar ('' while not captured). */
  exchangeRate: string;
  /** invoice id → amount applied, in the invoice's currency. */
  apply: Record<string, string>;
};

/** An amount in an invoice's currency, in the payment's (null while the rate a conversion needs is missing). */
export function toPaymentCurrency(amount: string, invoiceCurrency: Currency, paymentCurrency: Currency, rate: string): string | null {
  if (invoiceCurrency === paymentCurrency) return amount;
  if (!(Number(rate) > 0) || toDecimal(amount) === null) return null;
  return inPaymentCurrency(amount, equivalence(paymentCurrency, invoiceCurrency, rate));
}

/**
 * The applications with every proposed one (`proposed`, in tick order) re-proposed from the
 * payment: what is left after the typed applications and the proposals before it, in the
 * invoice's currency, up to its balance; the whole balance while no amount is captured or a
 * conversion lacks its rate. A proposal of nothing leaves the invoice ticked with ''.
 */
export function proposeApplications(draft: PaymentDraft, proposed: readonly string[], invoices: readonly OpenInvoice[]): Record<string, string> {
  const byId = new Map(invoices.map((inv) => [inv.id, inv]));
  const currencyOf = (id: string): Currency => byId.get(id)?.currency ?? 'MXN';
  const inPayment = (id: string, amount: string): UiDecimalValue =>
    toDecimal(toPaymentCurrency(amount || '0', currencyOf(id), draft.currency, draft.exchangeRate)) ?? new UiDecimal(0);
  const received = toDecimal(draft.amount);
  const next = { ...draft.apply };
  let left: UiDecimalValue | null = received;
  if (left) for (const [id, amount] of Object.entries(draft.apply)) if (!proposed.includes(id)) left = left.minus(inPayment(id, amount));
  for (const id of proposed) {
    const invoice = byId.get(id);
    if (!invoice || !(id in draft.apply)) continue;
    const balance = new UiDecimal(invoice.balance);
    const sameCurrency = invoice.currency === draft.currency;
    const leftHere = left === null ? null : sameCurrency ? left : Number(draft.exchangeRate) > 0 ? left.times(equivalence(draft.currency, invoice.currency, draft.exchangeRate)) : null;
    const proposal = leftHere === null ? balance : UiDecimal.max(0, UiDecimal.min(balance, leftHere.toDecimalPlaces(2, UiDecimal.ROUND_DOWN)));
    next[id] = proposal.gt(0) ? proposal.toFixed(2) : '';
    if (left !== null) left = left.minus(inPayment(id, next[id]));
  }
  return next;
}
