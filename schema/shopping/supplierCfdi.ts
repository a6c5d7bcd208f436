// A supplier's CFDI against an expense (pure, shared by the server and the SPA): the expense's
// values a CFDI fills (Gastos › «Leer CFDI del proveedor») and what an expense says that its CFDI
// does not (the server lists them when reading or attaching; the form, live while it is edited).
import { dec, formatMxn, money } from '../money';
import { ISR_RETENTION_RATES, IVA_RATES, IVA_RETENTION_RATES } from './fiscal';

/** The figures of a CFDI that an expense carries too (server/lib/cfdi/intake.ts reads them). */
export type CfdiFigures = {
  emisorRfc: string;
  serie: string;
  folio: string;
  /** As the CFDI writes it: local time, AAAA-MM-DDThh:mm:ss. */
  fecha: string;
  subtotal: string;
  descuento: string;
  iva: string;
  ivaRate: string | null;
  isrRetention: string;
  ivaRetention: string;
  total: string;
};

/** What an expense says that its CFDI does not, in Spanish, one line per figure. */
export function cfdiDifferences(
  cfdi: CfdiFigures,
  expense: { supplierRfc: string; subtotal: string; iva: string; isrRetention: string; ivaRetention: string; total: string },
): string[] {
  const out: string[] = [];
  if (cfdi.emisorRfc !== expense.supplierRfc.toUpperCase()) out.push(`RFC del emisor: el CFDI es de ${cfdi.emisorRfc}; el proveedor del gasto es ${expense.supplierRfc}.`);
  const figures: [string, string, string][] = [
    ['Subtotal', dec(cfdi.subtotal).minus(cfdi.descuento).toFixed(2), expense.subtotal],
    ['IVA', cfdi.iva, expense.iva],
    ['ISR retenido', cfdi.isrRetention, expense.isrRetention],
    ['IVA retenido', cfdi.ivaRetention, expense.ivaRetention],
    ['Total', cfdi.total, expense.total],
  ];
  for (const [label, inCfdi, inExpense] of figures) {
    if (!dec(inCfdi).eq(dec(inExpense))) out.push(`${label}: el CFDI dice ${formatMxn(inCfdi)}; el gasto, ${formatMxn(inExpense)}.`);
  }
  return out;
}

/** The allowed rate that gives exactly `amount` on `base` (rounded to centavos); null when none does. */
function rateGiving(rates: readonly string[], base: string, amount: string): string | null {
  return rates.find((r) => dec(money(dec(base).times(r))).eq(dec(amount))) ?? null;
}

export type ExpenseFromCfdi = {
  invoiceSerie: string;
  invoiceFolio: string;
  date: string;
  /** Subtotal less the CFDI's discount: the expense's base. */
  subtotal: string;
  ivaRate: string;
  isrRetentionRate: string;
  ivaRetentionRate: string;
  /** Figures no allowed rate reproduces (the expense then differs from the CFDI: listed by cfdiDifferences). */
  unmatched: ('IVA' | 'ISR retenido' | 'IVA retenido')[];
};

/**
 * The expense's values from its CFDI. The expense keeps rates, not amounts: each rate is the
 * allowed one that gives the CFDI's amount on the base; when none does, the CFDI's single IVA rate
 * (or 0) stays and the figure is reported as unmatched.
 */
export function expenseFromCfdi(cfdi: CfdiFigures): ExpenseFromCfdi {
  const subtotal = dec(cfdi.subtotal).minus(cfdi.descuento).toFixed(2);
  const unmatched: ExpenseFromCfdi['unmatched'] = [];
  const declared = cfdi.ivaRate !== null ? IVA_RATES.find((r) => dec(r).eq(dec(cfdi.ivaRate ?? '0'))) : undefined;
  let ivaRate = declared && dec(money(dec(subtotal).times(declared))).eq(dec(cfdi.iva)) ? declared : rateGiving(IVA_RATES, subtotal, cfdi.iva);
  if (ivaRate === null) {
    unmatched.push('IVA');
    ivaRate = declared ?? '0';
  }
  const isrRetentionRate = rateGiving(ISR_RETENTION_RATES, subtotal, cfdi.isrRetention);
  if (isrRetentionRate === null) unmatched.push('ISR retenido');
  const ivaRetentionRate = rateGiving(IVA_RETENTION_RATES, subtotal, cfdi.ivaRetention);
  if (ivaRetentionRate === null) unmatched.push('IVA retenido');
  return {
    invoiceSerie: cfdi.serie.slice(0, 25),
    invoiceFolio: cfdi.folio.slice(0, 40),
    date: cfdi.fecha.slice(0, 10),
    subtotal,
    ivaRate,
    isrRetentionRate: isrRetentionRate ?? '0',
    ivaRetentionRate: ivaRetentionRate ?? '0',
    unmatched,
  };
}
