// Spreadsheet imports of the Almacén screens: header mapping and how the
// server's per-row messages are shown against the file's rows.
import { describe, expect, it } from 'vitest';
import { mapHeaders, rowMessages, toImportRows } from '../../../client/modules/warehouse/components/ArticleImport';
import { countSheetEntries } from '../../../client/modules/warehouse/components/countSheet';

describe('article import', () => {
  it('maps Spanish headers whatever their accents, case or order', () => {
    const columns = mapHeaders(['Nombre', 'SKU', 'Línea', 'UNIDAD', 'Mínimo', 'Máximo', 'Punto de reorden', 'Código de barras']);
    expect(columns).toEqual({ name: 0, sku: 1, line: 2, unit: 3, minStock: 4, maxStock: 5, reorderPoint: 6, barcode: 7 });
    expect(toImportRows([['Guante', 'EPP-9', 'EPP', 'Par', '10', '50', '', '']], columns!)).toEqual([
      { name: 'Guante', sku: 'EPP-9', line: 'EPP', unit: 'Par', minStock: '10', maxStock: '50', reorderPoint: '', barcode: '' },
    ]);
  });

  it('needs SKU, name, line and unit', () => {
    expect(mapHeaders(['SKU', 'Nombre', 'Unidad'])).toBeNull();
  });

  it('lists the server messages by spreadsheet row (the header is row 1)', () => {
    expect(rowMessages({ 'rows.4.unit': 'Unidad de medida no válida.', 'rows.1.sku': 'Ya existe un artículo con ese SKU.' })).toEqual([
      'Fila 2 · SKU: Ya existe un artículo con ese SKU.',
      'Fila 5 · Unidad: Unidad de medida no válida.',
    ]);
  });
});

describe('count import', () => {
  it('reads SKU and counted quantity columns and skips empty rows', () => {
    expect(countSheetEntries([['SKU', 'Cantidad contada'], ['FER-0001', '12'], ['', ''], ['FER-0002', ' 3 ']])).toEqual([
      { sku: 'FER-0001', countedQuantity: '12' },
      { sku: 'FER-0002', countedQuantity: '3' },
    ]);
    expect(countSheetEntries([['Artículo', 'Cantidad']])).toBeNull();
  });
});
