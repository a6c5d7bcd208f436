// Anticipo and factura global rules (schema/sales/anticipos): the anticipo's fixed concept, what is
// left of it, and InformacionGlobal's meses against its periodicidad.
import { describe, expect, it } from 'vitest';
import { anticipoAppliedLine, anticipoAvailable, anticipoLine, globalInfoErrors, isPublicoEnGeneral, mesesFor } from '../../../schema/sales/anticipos';

describe('anticipo rules', () => {
  it('one concept 84111506 ACT; its application says so; what is left is subtotal − applied', () => {
    expect(anticipoLine('10000.00')).toMatchObject({ prodServKey: '84111506', unitKey: 'ACT', description: 'Anticipo del bien o servicio', quantity: '1', unitPrice: '10000.00', objetoImp: '02' });
    expect(anticipoAppliedLine('2500').description).toBe('Aplicación de anticipo');
    // 10,000.00 − 6,000.00 − 4,000.00 = 0.00; 10,000.00 − 2,500.50 = 7,499.50.
    expect(anticipoAvailable('10000', '10000')).toBe('0.00');
    expect(anticipoAvailable('10000.00', '2500.50')).toBe('7499.50');
  });
});

describe('factura global', () => {
  it('meses 01–12 for periodicidad 01–04, bimesters 13–18 for 05', () => {
    expect(mesesFor('04').map((m) => m.code)).toEqual(['01', '02', '03', '04', '05', '06', '07', '08', '09', '10', '11', '12']);
    expect(mesesFor('05').map((m) => m.code)).toEqual(['13', '14', '15', '16', '17', '18']);
    expect(globalInfoErrors({ periodicidad: '01', meses: '12', anio: 2026 }, 2026)).toEqual({});
    expect(globalInfoErrors({ periodicidad: '05', meses: '18', anio: 2021 }, 2026)).toEqual({});
    expect(Object.keys(globalInfoErrors({ periodicidad: '03', meses: '13', anio: 2026 }, 2026))).toEqual(['globalMeses']);
    expect(Object.keys(globalInfoErrors({ periodicidad: '05', meses: '12', anio: 2026 }, 2026))).toEqual(['globalMeses']);
    expect(Object.keys(globalInfoErrors({ periodicidad: '06', meses: '01', anio: 2020 }, 2026))).toEqual(['globalPeriodicidad', 'globalAnio']);
    expect(globalInfoErrors(null, 2026)).toEqual({ globalPeriodicidad: 'La factura global requiere periodicidad, mes y año.' });
  });

  it('público en general is XAXX010101000 named PUBLICO EN GENERAL', () => {
    expect(isPublicoEnGeneral('xaxx010101000', ' Publico en general ')).toBe(true);
    expect(isPublicoEnGeneral('XAXX010101000', 'MOSTRADOR')).toBe(false);
    expect(isPublicoEnGeneral('XEXX010101000', 'PUBLICO EN GENERAL')).toBe(false);
  });
});
