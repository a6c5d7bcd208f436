// Spreadsheet imports of the Almacén screens: header mapping and how the
// server's per-row messages are shown against the file's rows.
import { describe, expect, it } from 'vitest';
import { rowMessages, toImportRows } from '../../../client/components/ImportDialog';
import { ARTICLE_FIELD_LABELS, ARTICLE_IMPORT_HEADERS, ARTICLE_IMPORT_REQUIRED } from '../../../client/modules/warehouse/components/ArticleImport';
import { countSheetEntries } from '../../../client/modules/warehouse/components/countSheet';

describe('article import', () => {
  const rows = (grid: string[][]) => toImportRows(grid, ARTICLE_IMPORT_HEADERS, ARTICLE_IMPORT_REQUIRED);

  it('maps Spanish headers whatever their accents, case or order', () => {
    expect(rows([['Nombre', 'SKU', 'Línea', 'UNIDAD', 'Mínimo', 'Máximo', 'Punto de reorden', 'Código de barras'], ['Guante', 'EPP-9', 'EPP', 'Par', '10', '50', '', '']])).toEqual([
      { name: 'Guante', sku: 'EPP-9', line: 'EPP', unit: 'Par', minStock: '10', maxStock: '50', reorderPoint: '', barcode: '' },
    ]);
  });

  it('needs SKU, name, line and unit', () => {
    expect(rows([['SKU', 'Nombre', 'Unidad'], ['A', 'B', 'C']])).toBeNull();
  });

  it('lists the server messages by spreadsheet row and column (the header is row 1)', () => {
    expect(rowMessages({ 'rows.4.unit': 'Unidad de medida no válida.', 'rows.1.sku': 'Ya existe un artículo con ese SKU.' }, ARTICLE_FIELD_LABELS)).toEqual([
      'Fila 3 · SKU: Ya existe un artículo con ese SKU.',
      'Fila 6 · Unidad: Unidad de medida no válida.',
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
