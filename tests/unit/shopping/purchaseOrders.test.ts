// Pure rules of the Órdenes de compra: totals, the role limit, what a receipt
// may take (tolerance included) and the status a receipt leaves.
import { describe, expect, it } from 'vitest';
import { canAct } from '../../../schema/lifecycle';
import { PURCHASE_ORDER_LIFECYCLE } from '../../../schema/shopping/lifecycles';
import {
  computePurchaseOrderTotals,
  formatPurchaseOrderFolio,
  limitCovers,
  pendingQty,
  receivableCeiling,
  receivableNow,
  statusAfterReceipt,
} from '../../../schema/shopping/purchaseOrders';

describe('order totals (the expense rules: full-precision base, taxes rounded once)', () => {
  it('articles and a service at 16 %', () => {
    // 10 × 130 = 1,300 + 1 × 500 = 1,800; IVA 288; total 2,088.
    expect(computePurchaseOrderTotals({ lines: [{ quantity: '10', unitPrice: '130' }, { quantity: '1', unitPrice: '500' }], ivaRate: '0.16', isrRetentionRate: '0', ivaRetentionRate: '0' })).toEqual({
      lineAmounts: ['1300.00', '500.00'],
      subtotal: '1800.00',
      iva: '288.00',
      isrRetention: '0.00',
      ivaRetention: '0.00',
      total: '2088.00',
    });
  });

  it('the base keeps its precision: 3 × 33.333333 = 99.999999 → subtotal 100.00, IVA 16.00', () => {
    expect(computePurchaseOrderTotals({ lines: [{ quantity: '3', unitPrice: '33.333333' }], ivaRate: '0.16', isrRetentionRate: '0', ivaRetentionRate: '0' })).toMatchObject({ subtotal: '100.00', iva: '16.00', total: '116.00' });
  });

  it('a freight service with IVA retenido 4 %', () => {
    // 2,500 + IVA 400 − 100 = 2,800.
    expect(computePurchaseOrderTotals({ lines: [{ quantity: '1', unitPrice: '2500' }], ivaRate: '0.16', isrRetentionRate: '0', ivaRetentionRate: '0.04' })).toMatchObject({ ivaRetention: '100.00', total: '2800.00' });
  });

  it('no lines is a zero order', () => {
    expect(computePurchaseOrderTotals({ lines: [], ivaRate: '0.16', isrRetentionRate: '0', ivaRetentionRate: '0' }).total).toBe('0.00');
  });
});

describe('folio and authorisation limit', () => {
  it('OC-000001', () => {
    expect(formatPurchaseOrderFolio(1)).toBe('OC-000001');
    expect(formatPurchaseOrderFolio(1234567)).toBe('OC-1234567');
  });

  it('no limit covers anything; a limit covers up to and including itself', () => {
    expect(limitCovers(null, '99999999.99')).toBe(true);
    expect(limitCovers('50000.00', '50000.00')).toBe(true);
    expect(limitCovers('50000.00', '50000.01')).toBe(false);
    expect(limitCovers('0', '0.01')).toBe(false);
  });
});

describe('what a receipt may take', () => {
  it('the ceiling is the ordered quantity plus the tolerance', () => {
    expect(receivableCeiling('10', '0')).toBe('10');
    expect(receivableCeiling('10', '10')).toBe('11');
    expect(receivableCeiling('7', '2.5')).toBe('7.175');
  });

  it('less what was received, never negative', () => {
    expect(receivableNow({ quantity: '10', receivedQty: '6' }, '0')).toBe('4');
    expect(receivableNow({ quantity: '10', receivedQty: '10' }, '10')).toBe('1');
    expect(receivableNow({ quantity: '10', receivedQty: '11' }, '0')).toBe('0');
    expect(pendingQty({ quantity: '10', receivedQty: '11' })).toBe('0');
    expect(pendingQty({ quantity: '10', receivedQty: '2.5' })).toBe('7.5');
  });

  it('recibida once every line has what it ordered (an over-receipt counts), parcial otherwise', () => {
    expect(statusAfterReceipt([{ quantity: '10', receivedQty: '5' }, { quantity: '1', receivedQty: '1' }])).toBe('recibida_parcial');
    expect(statusAfterReceipt([{ quantity: '10', receivedQty: '11' }, { quantity: '1', receivedQty: '1' }])).toBe('recibida');
    expect(statusAfterReceipt([{ quantity: '10', receivedQty: '0' }])).toBe('recibida_parcial');
  });
});

describe('lifecycle edges', () => {
  const lc = PURCHASE_ORDER_LIFECYCLE;
  it('autorizar only from borrador; recibir from autorizada and recibida parcial; cancelar before any receipt', () => {
    expect(canAct(lc, 'autorizar', 'borrador', 'autorizada')).toBe(true);
    expect(canAct(lc, 'autorizar', 'autorizada', 'autorizada')).toBe(false);
    expect(canAct(lc, 'recibir', 'borrador')).toBe(false);
    expect(canAct(lc, 'recibir', 'autorizada', 'recibida_parcial')).toBe(true);
    expect(canAct(lc, 'recibir', 'recibida_parcial', 'recibida')).toBe(true);
    expect(canAct(lc, 'recibir', 'recibida')).toBe(false);
    expect(canAct(lc, 'cancelar', 'borrador', 'cancelada')).toBe(true);
    expect(canAct(lc, 'cancelar', 'autorizada', 'cancelada')).toBe(true);
    expect(canAct(lc, 'cancelar', 'recibida_parcial', 'cancelada')).toBe(false);
    expect(canAct(lc, 'cancelar', 'recibida', 'cancelada')).toBe(false);
    expect(lc.transitions.cancelada).toEqual([]);
  });

  it('cerrar (con faltante) only from recibida parcial, and a closed order goes nowhere (no receipt, no reversal)', () => {
    expect(canAct(lc, 'cerrar', 'recibida_parcial', 'cerrada')).toBe(true);
    for (const from of ['borrador', 'autorizada', 'recibida', 'cancelada', 'cerrada'] as const) expect(canAct(lc, 'cerrar', from)).toBe(false);
    expect(lc.transitions.cerrada).toEqual([]);
    expect(lc.labels.cerrada).toBe('Cerrada con faltante');
  });

  it('revertir recepción takes a received order back to recibida parcial or autorizada, never forward nor from a closed one', () => {
    expect(canAct(lc, 'revertirRecepcion', 'recibida', 'recibida_parcial')).toBe(true);
    expect(canAct(lc, 'revertirRecepcion', 'recibida', 'autorizada')).toBe(true);
    expect(canAct(lc, 'revertirRecepcion', 'recibida_parcial', 'recibida_parcial')).toBe(true);
    expect(canAct(lc, 'revertirRecepcion', 'recibida_parcial', 'autorizada')).toBe(true);
    expect(canAct(lc, 'revertirRecepcion', 'recibida_parcial', 'recibida')).toBe(false);
    for (const from of ['borrador', 'autorizada', 'cancelada', 'cerrada'] as const) expect(canAct(lc, 'revertirRecepcion', from)).toBe(false);
    // Only a reversal leaves recibida.
    expect(lc.transitions.recibida).toEqual(['recibida_parcial', 'autorizada']);
  });
});
