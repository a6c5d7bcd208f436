// Invoices and payments in pesos or dollars (CFDI Moneda / TipoCambio, Pagos 2.0 MonedaP /
// TipoCambioP / EquivalenciaDR). Shared by the server (validation, the CFDI) and the SPA (forms,
// labels). Amounts of a USD invoice are in dollars; a figure that adds money across invoices
// converts each to pesos with the invoice's own TipoCambio.
import { dec, Decimal } from '../money';

export const CURRENCIES = ['MXN', 'USD'] as const;
export type Currency = (typeof CURRENCIES)[number];

export const CURRENCY_LABELS: Record<Currency, string> = { MXN: 'MXN (pesos)', USD: 'USD (dólares)' };

/** TipoCambio as SAT takes it: more than zero, up to 6 decimals. */
export const EXCHANGE_RATE_PLACES = 6;

export const CURRENCY_MSG = {
  rateRequired: 'El tipo de cambio es obligatorio para dólares (USD).',
  rateInvalid: 'Tipo de cambio no válido: escribe pesos por dólar, p. ej. 17.2500.',
  ratePositive: 'El tipo de cambio debe ser mayor a cero.',
  ratePlaces: `El tipo de cambio admite máximo ${EXCHANGE_RATE_PLACES} decimales.`,
  rateTooBig: 'El tipo de cambio es demasiado grande.',
  currencyUnknown: 'Moneda no válida: elige MXN o USD.',
} as const;

/**
 * The Spanish message for a TipoCambio given with `currency`, or null when it is right. MXN takes
 * none (its TipoCambio is 1); USD requires one.
 */
export function exchangeRateError(currency: Currency, rate: string | null | undefined): string | null {
  if (currency === 'MXN') return null;
  const text = (rate ?? '').trim();
  if (text === '') return CURRENCY_MSG.rateRequired;
  if (!/^\d+(\.\d+)?$/.test(text)) return /^-/.test(text) ? CURRENCY_MSG.ratePositive : CURRENCY_MSG.rateInvalid;
  const v = dec(text);
  if (!v.gt(0)) return CURRENCY_MSG.ratePositive;
  if (v.decimalPlaces() > EXCHANGE_RATE_PLACES) return CURRENCY_MSG.ratePlaces;
  if (v.gt('999999')) return CURRENCY_MSG.rateTooBig;
  return null;
}

/** The stored TipoCambio: 1 for pesos, the given rate (6 decimals) for dollars. */
export const storedRate = (currency: Currency, rate: string | null | undefined): string => (currency === 'MXN' ? '1.000000' : dec(rate as string).toFixed(EXCHANGE_RATE_PLACES));

/** An amount in the document's currency converted to pesos at its TipoCambio, half-up to cents. */
export const toMxn = (amount: string | Decimal, rate: string | Decimal): string => dec(amount).times(rate).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);

/** TipoCambio as the CFDI writes it: the stored 6 decimals without trailing zeros beyond the fourth. */
export const cfdiRate = (rate: string | Decimal): string => dec(rate).toFixed(EXCHANGE_RATE_PLACES).replace(/(\.\d{4}\d*?)0+$/, '$1');

/** EquivalenciaDR keeps up to 10 decimals (Pagos 2.0 XSD: t_Importe-like decimal, SAT's guide uses 10). */
export const EQUIVALENCE_PLACES = 10;

/**
 * EquivalenciaDR: units of the document's currency per unit of the payment's, given the pesos per
 * dollar of the payment's day. Same currency: 1; MXN payment of a USD invoice: 1 / rate; USD
 * payment of an MXN invoice: rate.
 */
export function equivalence(payment: Currency, document: Currency, pesosPerDollar: string | Decimal): string {
  if (payment === document) return '1';
  const v = payment === 'MXN' ? dec(1).dividedBy(pesosPerDollar) : dec(pesosPerDollar);
  return v.toDecimalPlaces(EQUIVALENCE_PLACES, Decimal.ROUND_HALF_UP).toFixed();
}

/** What an amount in the document's currency costs in the payment's: amount / EquivalenciaDR, half-up to cents. */
export const inPaymentCurrency = (docAmount: string | Decimal, equiv: string | Decimal): string =>
  dec(docAmount).dividedBy(equiv).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);
