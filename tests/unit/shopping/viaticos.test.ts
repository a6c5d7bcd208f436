// Pure rules of the Viáticos: the status comprobantes imply, the balance
// against the advance (figures by hand) and the settlements that fit it.
import { describe, expect, it } from 'vitest';
import { formatViaticoFolio, settlementsFor, statusForComprobado, viaticoBalance } from '../../../schema/shopping/viaticos';

describe('viáticos', () => {
  it('status by what is comprobado', () => {
    expect(statusForComprobado('2000', '0')).toBe('pagado');
    expect(statusForComprobado('2000', '1999.99')).toBe('comprobado_parcial');
    expect(statusForComprobado('2000', '2000')).toBe('comprobado');
    expect(statusForComprobado('2000', '2500')).toBe('comprobado');
  });

  it('balance: 2,000.00 with a CFDI 1,000.00 + 160.00 IVA and 590.00 no deducible leaves 250.00 owed', () => {
    const proofs = [
      { kind: 'cfdi' as const, subtotal: '1000', total: '1160' },
      { kind: 'no_deducible' as const, subtotal: '590', total: '590' },
    ];
    expect(viaticoBalance('2000', proofs)).toEqual({ comprobado: '1750.00', deductible: '1000.00', nonDeductible: '590.00', remainder: '250.00', excess: '0.00' });
    // 1,500.00 advanced against 1,750.00: 250.00 owed to the employee.
    expect(viaticoBalance('1500', proofs)).toMatchObject({ remainder: '0.00', excess: '250.00' });
  });

  it('settlements that fit and the folio', () => {
    expect(settlementsFor('250', '0')).toEqual(['reintegro', 'descuento_nomina']);
    expect(settlementsFor('0', '10')).toEqual(['reembolso']);
    expect(settlementsFor('0', '0')).toEqual(['exacto']);
    expect(formatViaticoFolio(12)).toBe('VI-000012');
  });
});
