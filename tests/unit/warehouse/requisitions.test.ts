// The requisition lifecycle shared by the service and the detail page, with
// "Cerrar requisición" (close short), and what a line still owes.
import { describe, expect, it } from 'vitest';
import { canCloseRequisition, pendingQuantity, REQUISITION_LIFECYCLE, TERMINAL_REQUISITION_STATUSES, type RequisitionStatus } from '../../../schema/warehouse/requisitions';
import { isRequisitionSettled } from '../../../schema/maintenance/orders';

const ALL: RequisitionStatus[] = ['PENDIENTE', 'AUTORIZADA', 'SURTIDA_PARCIAL', 'SURTIDA', 'RECHAZADA', 'CERRADA'];

describe('requisition lifecycle', () => {
  it('closes short only an authorised or partly delivered requisition', () => {
    expect(ALL.map(canCloseRequisition)).toEqual([false, true, true, false, false, false]);
    expect(canCloseRequisition('NO_EXISTE')).toBe(false);
  });

  it('CERRADA is terminal and labelled "Cerrada"; the other transitions are unchanged', () => {
    expect(REQUISITION_LIFECYCLE.labels.CERRADA).toBe('Cerrada');
    expect(REQUISITION_LIFECYCLE.transitions).toEqual({
      PENDIENTE: ['AUTORIZADA', 'RECHAZADA'],
      AUTORIZADA: ['SURTIDA_PARCIAL', 'SURTIDA', 'CERRADA'],
      SURTIDA_PARCIAL: ['SURTIDA_PARCIAL', 'SURTIDA', 'CERRADA'],
      SURTIDA: [],
      RECHAZADA: [],
      CERRADA: [],
    });
    // Exactly the states with no way out are the terminal ones.
    expect(ALL.filter((s) => REQUISITION_LIFECYCLE.transitions[s].length === 0)).toEqual([...TERMINAL_REQUISITION_STATUSES]);
  });

  it('a maintenance order counts a closed-short requisition as settled, like surtida and rechazada', () => {
    expect(ALL.map(isRequisitionSettled)).toEqual([false, false, false, true, true, true]);
  });
});

describe('pending quantity of a line', () => {
  it('is authorised minus delivered while the requisition is open, in exact decimals', () => {
    expect(pendingQuantity('AUTORIZADA', '8', '0')).toBe('8');
    expect(pendingQuantity('SURTIDA_PARCIAL', '2.750', '1.125')).toBe('1.625');
    expect(pendingQuantity('PENDIENTE', null, '0')).toBe('0');
  });

  it('is zero once closed short, rejected or delivered, whatever was authorised', () => {
    expect(pendingQuantity('CERRADA', '8', '6')).toBe('0');
    expect(pendingQuantity('CERRADA', '4', '0')).toBe('0');
    expect(pendingQuantity('RECHAZADA', null, '0')).toBe('0');
    expect(pendingQuantity('SURTIDA', '5', '5')).toBe('0');
  });
});
