// The payment complement's state as Pagos shows it, from what the payment row knows: whether it
// settles stamped PPD invoices, its stamp, and the PAC's last refusal (kept on the payment row when
// the PAC refused it and the seal was cleared). Shared by the server (the field) and the SPA (labels).
import type { IncomeStatus } from './labels';

/** Serie of the payment complements (the payments' own folio counter numbers them). */
export const PAYMENT_CFDI_SERIE = 'CP';

export type PaymentComplementStatus = 'no_requerido' | 'sin_emitir' | 'pendiente' | 'timbrado' | 'rechazado' | 'cancelado';

export const PAYMENT_COMPLEMENT_LABELS: Record<PaymentComplementStatus, string> = {
  no_requerido: 'No requerido',
  sin_emitir: 'Sin emitir',
  pendiente: 'Pendiente de timbrar',
  timbrado: 'Timbrado',
  rechazado: 'Rechazado por el PAC',
  cancelado: 'Cancelado ante el SAT',
};

export function paymentComplementStatus(p: {
  status: IncomeStatus;
  needsComplement: boolean;
  stampStatus: 'pendiente' | 'timbrada' | null;
  refused: boolean;
}): PaymentComplementStatus {
  // A payment is cancelled only once SAT cancelled its stamped complement (billing.cancelPayment).
  if (p.stampStatus === 'timbrada') return p.status === 'cancelado' ? 'cancelado' : 'timbrado';
  if (p.stampStatus === 'pendiente') return 'pendiente';
  // A cancelled payment never issued needs none any more.
  if (!p.needsComplement || p.status === 'cancelado') return 'no_requerido';
  return p.refused ? 'rechazado' : 'sin_emitir';
}

/** Files of a stamped CFDI are named by what a person looks for: kind, serie-folio and folio fiscal. */
export function cfdiFileBase(kind: 'Factura' | 'ComplementoPago', serie: string, folio: number | string | null, uuid: string | null): string {
  const safe = (s: string) => s.replace(/[^A-Za-z0-9_-]+/g, '');
  return [kind, safe(serie), folio === null ? '' : safe(String(folio)), uuid ? safe(uuid) : ''].filter(Boolean).join('-');
}
