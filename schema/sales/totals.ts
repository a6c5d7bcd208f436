// Document totals per the CFDI 4.0 rules (MX_FISCAL.md): every line figure is
// kept with 6 decimals (what a CFDI concept may carry), document totals are
// rounded half-up to 2 decimals once, at the end, and
// Total = SubTotal − Descuento + traslados − retenciones.
// Pure (decimal.js only): the SPA imports it for the live preview in forms so
// the screen and the server can never disagree.
import Decimal from 'decimal.js';
import { IVA_RATE, ISR_RETENTION_RATE, ISR_RETENTION_RATE_RESICO, IVA_RETENTION_RATE, type PersonType } from '../sat';

const D = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });
type Dec = InstanceType<typeof D>;

export type TotalsLineInput = {
  quantity: string;
  unitPrice: string;
  /** Percent, 0–100. */
  discountPercent?: string | null;
  /** SAT ObjetoImp; "01" lines carry no taxes. */
  objetoImp?: string | null;
};

export type TaxRates = { iva: string; isrRetention: string; ivaRetention: string };

export type LineTotals = {
  amount: string;
  discount: string;
  base: string;
  iva: string;
  isrRetained: string;
  ivaRetained: string;
};

export type DocumentTotals = {
  subtotal: string;
  discount: string;
  /** Sum of the bases of the taxed lines (Traslado Base at document level). */
  taxBase: string;
  iva: string;
  isrRetained: string;
  ivaRetained: string;
  total: string;
};

const six = (v: Dec): string => v.toDecimalPlaces(6, D.ROUND_HALF_UP).toFixed(6);
const two = (v: Dec): string => v.toDecimalPlaces(2, D.ROUND_HALF_UP).toFixed(2);

const toDec = (v: string | null | undefined): Dec => {
  try {
    return new D(v === null || v === undefined || String(v).trim() === '' ? 0 : String(v).trim());
  } catch {
    return new D(0);
  }
};

export function lineTotals(line: TotalsLineInput, rates: TaxRates): LineTotals {
  const amount = toDec(line.quantity).times(toDec(line.unitPrice)).toDecimalPlaces(6, D.ROUND_HALF_UP);
  const discount = amount.times(toDec(line.discountPercent)).dividedBy(100).toDecimalPlaces(6, D.ROUND_HALF_UP);
  const base = amount.minus(discount);
  const taxed = (line.objetoImp ?? '02') === '02';
  const tax = (r: string) => (taxed ? base.times(toDec(r)) : new D(0));
  return {
    amount: six(amount),
    discount: six(discount),
    base: six(base),
    iva: six(tax(rates.iva)),
    isrRetained: six(tax(rates.isrRetention)),
    ivaRetained: six(tax(rates.ivaRetention)),
  };
}

export function computeTotals(lines: TotalsLineInput[], rates: TaxRates): { lines: LineTotals[]; totals: DocumentTotals } {
  const computed = lines.map((l) => lineTotals(l, rates));
  const add = (pick: (l: LineTotals) => string, only?: (i: number) => boolean) =>
    computed.reduce((acc, l, i) => (only && !only(i) ? acc : acc.plus(pick(l))), new D(0));
  const subtotal = new D(two(add((l) => l.amount)));
  const discount = new D(two(add((l) => l.discount)));
  const iva = new D(two(add((l) => l.iva)));
  const isr = new D(two(add((l) => l.isrRetained)));
  const ivaRet = new D(two(add((l) => l.ivaRetained)));
  const taxBase = add((l) => l.base, (i) => (lines[i].objetoImp ?? '02') === '02');
  return {
    lines: computed,
    totals: {
      subtotal: subtotal.toFixed(2),
      discount: discount.toFixed(2),
      taxBase: two(taxBase),
      iva: iva.toFixed(2),
      isrRetained: isr.toFixed(2),
      ivaRetained: ivaRet.toFixed(2),
      total: subtotal.minus(discount).plus(iva).minus(isr).minus(ivaRet).toFixed(2),
    },
  };
}

export type RetentionChoice = { isr?: boolean | null; iva?: boolean | null };

/**
 * Which withholdings apply (MX_FISCAL.md): a persona física emisor billing a
 * persona moral receptor withholds ISR 10 % (1.25 % in RESICO, régimen 626)
 * and two thirds of the IVA. The user may switch either one on or off
 * explicitly (null = follow the rule).
 */
export function retentionRates(
  emisor: { personType: PersonType; regimenFiscal: string },
  receptorType: PersonType | 'generico',
  choice: RetentionChoice = {},
): TaxRates {
  const byRule = emisor.personType === 'fisica' && receptorType === 'moral';
  const isr = choice.isr ?? byRule;
  const iva = choice.iva ?? byRule;
  return {
    iva: IVA_RATE,
    isrRetention: isr ? (emisor.regimenFiscal === '626' ? ISR_RETENTION_RATE_RESICO : ISR_RETENTION_RATE) : '0.000000',
    ivaRetention: iva ? IVA_RETENTION_RATE : '0.000000',
  };
}
