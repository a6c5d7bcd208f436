// Document totals per the CFDI 4.0 rules (MX_FISCAL.md): every line figure is
// kept with 6 decimals (what a CFDI concept may carry), document totals are
// rounded half-up to 2 decimals once, at the end, and
// Total = SubTotal − Descuento + traslados − retenciones.
// Pure (decimal.js only): the SPA imports it for the live preview in forms so
// the screen and the server can never disagree.
import Decimal from 'decimal.js';
import { ISR_RETENTION_RATE, ISR_RETENTION_RATE_RESICO, type PersonType } from '../sat';

const D = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });
type Dec = InstanceType<typeof D>;

export type TotalsLineInput = {
  quantity: string;
  unitPrice: string;
  /** Percent, 0–100. */
  discountPercent?: string | null;
  /** SAT ObjetoImp; only "02" lines carry taxes (01 no objeto, 03 sin desglose, 04 no causa). */
  objetoImp?: string | null;
};

/**
 * The rates of a document. `ivaFactor` Exento (Anexo 20 TipoFactor): the IVA traslado carries Base
 * only, no TasaOCuota nor Importe; its `iva` rate is then 0. Absent = Tasa.
 */
export type TaxRates = { iva: string; ivaFactor?: IvaFactor; isrRetention: string; ivaRetention: string };
export type IvaFactor = 'Tasa' | 'Exento';

/** SAT ObjetoImp a Ventas line may carry: 02 with its taxes, the rest without an Impuestos node. */
export const LINE_OBJETOS_IMP = ['01', '02', '03', '04'] as const;

/** The IVA trasladado of a document (its ObjetoImp 02 lines). */
export const IVA_KINDS = {
  TASA_16: { rate: '0.160000', factor: 'Tasa', label: 'IVA 16 %' },
  TASA_8: { rate: '0.080000', factor: 'Tasa', label: 'IVA 8 % (región fronteriza)' },
  TASA_0: { rate: '0.000000', factor: 'Tasa', label: 'IVA 0 %' },
  EXENTO: { rate: '0.000000', factor: 'Exento', label: 'Exento de IVA' },
} as const satisfies Record<string, { rate: string; factor: IvaFactor; label: string }>;
export type IvaKind = keyof typeof IVA_KINDS;

/** The kind a stored document's rate and factor stand for (16 % for anything else, as before kinds). */
export function ivaKindOf(rate: string, factor: string | null | undefined): IvaKind {
  if (factor === 'Exento') return 'EXENTO';
  const r = new D(rate || 0);
  if (r.eq('0.08')) return 'TASA_8';
  if (r.isZero()) return 'TASA_0';
  return 'TASA_16';
}

/**
 * The IVA withheld: two thirds of the IVA (persona física to persona moral, art. 3 RLIVA: 10.6667 %
 * at 16 %, 5.3333 % at 8 %) or 6 % of the base (servicios de personal subcontratados, art. 1-A fr. IV LIVA).
 */
export const IVA_RETENTION_KINDS = {
  DOS_TERCIOS: { label: 'Dos terceras partes del IVA' },
  SEIS: { label: '6 % (servicios de personal, art. 1-A fr. IV LIVA)' },
} as const;
export type IvaRetentionKind = keyof typeof IVA_RETENTION_KINDS;

export function ivaRetentionRate(kind: IvaRetentionKind, ivaRate: string): string {
  return kind === 'SEIS' ? '0.060000' : new D(ivaRate).times(2).dividedBy(3).toDecimalPlaces(6, D.ROUND_HALF_UP).toFixed(6);
}

/** The retention kind a stored rate stands for (null: none). */
export const ivaRetentionKindOf = (rate: string | null | undefined): IvaRetentionKind | null =>
  rate === null || rate === undefined || new D(rate || 0).isZero() ? null : new D(rate).eq('0.06') ? 'SEIS' : 'DOS_TERCIOS';

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

export type RetentionChoice = {
  isr?: boolean | null;
  iva?: boolean | null;
  /** The IVA trasladado (16 % when absent). */
  ivaKind?: IvaKind | null;
  /** Which IVA retention when one applies (two thirds when absent). */
  ivaRetentionKind?: IvaRetentionKind | null;
};

/**
 * Which withholdings apply (MX_FISCAL.md): a persona física emisor billing a
 * persona moral receptor withholds ISR 10 % (1.25 % in RESICO, régimen 626)
 * and two thirds of the IVA. The user may switch either one on or off
 * explicitly (null = follow the rule), and choose the 6 % IVA retention. With
 * IVA 0 % or exento there is no IVA to withhold: the rule withholds none (an
 * explicit one is refused by taxChoiceErrors).
 */
export function retentionRates(
  emisor: { personType: PersonType; regimenFiscal: string },
  receptorType: PersonType | 'generico',
  choice: RetentionChoice = {},
): TaxRates {
  const byRule = emisor.personType === 'fisica' && receptorType === 'moral';
  const kind = IVA_KINDS[choice.ivaKind ?? 'TASA_16'];
  const isr = choice.isr ?? byRule;
  const iva = choice.iva ?? (byRule && new D(kind.rate).gt(0));
  return {
    iva: kind.rate,
    ivaFactor: kind.factor,
    isrRetention: isr ? (emisor.regimenFiscal === '626' ? ISR_RETENTION_RATE_RESICO : ISR_RETENTION_RATE) : '0.000000',
    ivaRetention: iva ? ivaRetentionRate(choice.ivaRetentionKind ?? 'DOS_TERCIOS', kind.rate) : '0.000000',
  };
}

/**
 * Choices that contradict each other, as field messages in Spanish (empty when consistent): an IVA
 * retention on a document without IVA (0 % or exento), an IVA kind or a retention with no line
 * «Sí objeto de impuesto» (02) to apply it to, and an IVA retention above the IVA trasladado.
 */
export function taxChoiceErrors(choice: RetentionChoice, lines: Pick<TotalsLineInput, 'objetoImp'>[]): Record<string, string> {
  const errors: Record<string, string> = {};
  const kind = choice.ivaKind ?? 'TASA_16';
  const taxed = lines.some((l) => (l.objetoImp ?? '02') === '02');
  if (choice.iva === true && (kind === 'EXENTO' || kind === 'TASA_0')) {
    errors.ivaRetention = kind === 'EXENTO' ? 'Una factura exenta de IVA no lleva retención de IVA.' : 'Con IVA 0 % no hay IVA que retener: quita la retención de IVA.';
  } else if (choice.iva === true && choice.ivaRetentionKind === 'SEIS' && new D(IVA_KINDS[kind].rate).lt('0.06')) {
    errors.ivaRetentionKind = 'La retención de 6 % no puede exceder el IVA trasladado.';
  }
  if (!taxed && lines.length > 0) {
    if (kind !== 'TASA_16') errors.ivaKind = 'El tipo de IVA se aplica a renglones «Sí objeto de impuesto» (02) y ningún renglón lo es.';
    if (choice.iva === true || choice.isr === true) errors[choice.iva === true ? 'ivaRetention' : 'isrRetention'] = 'Las retenciones se aplican a renglones «Sí objeto de impuesto» (02) y ningún renglón lo es.';
  }
  return errors;
}
