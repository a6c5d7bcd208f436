// The shared spreadsheet import: header matching and the server's per-row
// messages against the file's rows (the header is row 1).
import { describe, expect, it } from 'vitest';
import { rowMessages, toImportRows } from '../../../client/components/ImportDialog';

describe('ImportDialog helpers', () => {
  it('matches folded headers, skips blank rows and refuses a sheet without a required column', () => {
    const headers = { clave: 'code', nombre: 'name' } as const;
    expect(toImportRows([['Clave', 'Nombre', 'Otra'], ['A-1', ' Uno ', 'x'], ['', ''], ['A-2']], headers, ['code'])).toEqual([
      { code: 'A-1', name: 'Uno' },
      { code: 'A-2', name: '' },
    ]);
    expect(toImportRows([['Nombre'], ['Uno']], headers, ['code'])).toBeNull();
  });

  it('numbers messages by spreadsheet row, with the column when it is named', () => {
    const fields = { 'rows.2.rfc': 'RFC no válido.', 'rows.0.name': 'Obligatorio.', rows: 'Sin filas.' };
    expect(rowMessages(fields)).toEqual(['Sin filas.', 'Fila 2: Obligatorio.', 'Fila 4: RFC no válido.']);
    expect(rowMessages(fields, { rfc: 'RFC' })).toEqual(['Sin filas.', 'Fila 2: Obligatorio.', 'Fila 4 · RFC: RFC no válido.']);
  });
});
