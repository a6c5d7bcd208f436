import { describe, expect, it } from 'vitest';
import { toImportRows } from '../../../client/modules/sales/components/importRows';

describe('client import rows from a spreadsheet', () => {
  it('matches the Spanish headers ignoring accents, case and punctuation', () => {
    const rows = toImportRows([
      ['RFC', 'Razón Social', 'RÉGIMEN FISCAL', 'Código postal', 'Días de crédito', 'Límite de crédito', 'Columna extra', 'Correo contacto'],
      ['ABC010101AB1', ' CLIENTE UNO ', '601 - General de Ley', '76000', '30', '$100,000.00', 'se ignora', 'ana@uno.mx'],
    ]);
    expect(rows).toEqual([
      { rfc: 'ABC010101AB1', name: 'CLIENTE UNO', regimenFiscal: '601 - General de Ley', postalCode: '76000', creditDays: '30', creditLimit: '$100,000.00', contactEmail: 'ana@uno.mx' },
    ]);
  });

  it('refuses a sheet without RFC and razón social columns', () => {
    expect(toImportRows([['Nombre comercial', 'Teléfono'], ['X', '1']])).toBeNull();
    expect(toImportRows([])).toBeNull();
  });

  it('accepts "Nombre" as razón social and fills missing cells with empty text', () => {
    expect(toImportRows([['rfc', 'nombre', 'cp'], ['XAXX010101000']])).toEqual([{ rfc: 'XAXX010101000', name: '', postalCode: '' }]);
  });
});
