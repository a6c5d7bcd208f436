// Pure Compras rules shared by the server and the SPA (no database, no I/O):
// expense totals per MX_FISCAL.md, due dates and the aging buckets of accounts
// payable. The régimen fiscal catalogue is schema/sat.ts.
import { addDays, daysBetween } from '../dates';
import { dec, money, sum, type DecimalLike } from '../money';

/** IVA rates a supplier invoice may carry: 16 % general, 8 % región fronteriza, 0 % tasa cero / exento. */
export const IVA_RATES = ['0.16', '0.08', '0'] as const;
/** ISR retained: 10 % (honorarios/arrendamiento by a persona física), 1.25 % (RESICO 626 billing a persona moral). */
export const ISR_RETENTION_RATES = ['0', '0.10', '0.0125'] as const;
/** IVA retained: 2/3 of 16 % (servicios profesionales/arrendamiento), 4 % (autotransporte de carga). */
export const IVA_RETENTION_RATES = ['0', '0.106667', '0.04'] as const;

export type ExpenseLineValues = { quantity: DecimalLike; unitPrice: DecimalLike };

export type ExpenseTotals = {
  lineAmounts: string[];
  subtotal: string;
  iva: string;
  isrRetention: string;
  ivaRetention: string;
  total: string;
};

/**
 * Totals of a supplier invoice. The base is kept at full precision (Σ quantity ×
 * unit price); each tax amount is computed on it and rounded half-up to
 * centavos once, at the end, and Total = SubTotal + IVA − retenciones of the
 * rounded figures, so what the screen shows always adds up (CFDI rule).
 * Without lines, `subtotal` is the base.
 */
export function computeExpenseTotals(input: {
  lines?: readonly ExpenseLineValues[] | null;
  subtotal?: DecimalLike | null;
  ivaRate: DecimalLike;
  isrRetentionRate: DecimalLike;
  ivaRetentionRate: DecimalLike;
}): ExpenseTotals {
  const lines = input.lines ?? [];
  const exact = lines.map((l) => dec(l.quantity).times(l.unitPrice));
  const base = lines.length ? sum(exact) : dec(input.subtotal ?? 0);
  const subtotal = money(base);
  const iva = money(base.times(input.ivaRate));
  const isrRetention = money(base.times(input.isrRetentionRate));
  const ivaRetention = money(base.times(input.ivaRetentionRate));
  const total = money(dec(subtotal).plus(iva).minus(isrRetention).minus(ivaRetention));
  return { lineAmounts: exact.map((a) => money(a)), subtotal, iva, isrRetention, ivaRetention, total };
}

/** The invoice is due `creditDays` after its date (0 = cash: due the same day). */
export const dueDateFor = (invoiceDate: string, creditDays: number): string => addDays(invoiceDate, creditDays);

export const AGING_BUCKETS = ['current', 'd1to30', 'd31to60', 'd61to90', 'over90'] as const;
export type AgingBucket = (typeof AGING_BUCKETS)[number];
export const AGING_LABELS: Record<AgingBucket, string> = {
  current: 'Corriente',
  d1to30: '1–30 días',
  d31to60: '31–60 días',
  d61to90: '61–90 días',
  over90: 'Más de 90 días',
};

/** Bucket of an open balance as of `asOf`: not yet due (or due that day) is corriente. */
export function agingBucket(dueDate: string, asOf: string): AgingBucket {
  const late = daysBetween(dueDate, asOf);
  if (late <= 0) return 'current';
  if (late <= 30) return 'd1to30';
  if (late <= 60) return 'd31to60';
  if (late <= 90) return 'd61to90';
  return 'over90';
}
