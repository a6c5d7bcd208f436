// The payment complement as Pagos shows it (state from the payment's row) and the names of the
// CFDI files a person downloads.
import { describe, expect, it } from 'vitest';
import { cfdiFileBase, PAYMENT_COMPLEMENT_LABELS, paymentComplementStatus } from '../../../schema/sales/paymentComplement';

describe('paymentComplementStatus', () => {
  const base = { status: 'aplicado' as const, needsComplement: true, stampStatus: null, refused: false };
  it('every state from the row', () => {
    expect(paymentComplementStatus({ ...base, stampStatus: 'timbrada' })).toBe('timbrado');
    expect(paymentComplementStatus({ ...base, stampStatus: 'pendiente' })).toBe('pendiente');
    expect(paymentComplementStatus(base)).toBe('sin_emitir');
    expect(paymentComplementStatus({ ...base, refused: true })).toBe('rechazado');
    expect(paymentComplementStatus({ ...base, needsComplement: false })).toBe('no_requerido');
  });
  it('a cancelled payment never issued needs none; one stamped had its complement cancelled before SAT', () => {
    expect(paymentComplementStatus({ ...base, status: 'cancelado', refused: true })).toBe('no_requerido');
    expect(paymentComplementStatus({ ...base, status: 'cancelado', stampStatus: 'timbrada' })).toBe('cancelado');
  });
  it('each state has its Spanish label', () => {
    expect(PAYMENT_COMPLEMENT_LABELS).toEqual({ no_requerido: 'No requerido', sin_emitir: 'Sin emitir', pendiente: 'Pendiente de timbrar', timbrado: 'Timbrado', rechazado: 'Rechazado por el PAC', cancelado: 'Cancelado ante el SAT' });
  });
});

describe('cfdiFileBase', () => {
  it('kind, serie-folio and UUID; nothing a file system chokes on', () => {
    expect(cfdiFileBase('Factura', 'A', 12, '5FB2822E-396D-4725-8521-CDC4BDD20CCF')).toBe('Factura-A-12-5FB2822E-396D-4725-8521-CDC4BDD20CCF');
    expect(cfdiFileBase('ComplementoPago', 'CP', 7, null)).toBe('ComplementoPago-CP-7');
    expect(cfdiFileBase('Factura', 'A/B ñ', '3', null)).toBe('Factura-AB-3');
  });
});
