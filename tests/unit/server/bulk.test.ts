// The bulk helper's rules that need no server: the ids a call takes, the
// Spanish reason of a failed row, rows that fail alone, and several PDFs
// rendered into one file (one document's pages after the other's).
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_COMPANY, toCompanyProfile } from '../../../server/lib/company';
import { BULK_MAX_IDS, bulkFailureOf, bulkIds, runBulk } from '../../../server/lib/bulk';
import { appError, badInput, conflict, forbidden, notFound } from '../../../server/lib/errors';
import { renderPdf, renderPdfBundle, type PdfDocumentSpec } from '../../../server/lib/pdf';
import type { RequestContext } from '../../../server/context';

const fieldsOf = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return (error as { extensions: { code: string; fields: Record<string, string> } }).extensions;
  }
  throw new Error('expected an error');
};

describe('bulkIds', () => {
  it('keeps the order, drops repeats, refuses none and more than the cap in Spanish', () => {
    expect(bulkIds(['3', '1', '3', ' 2 '])).toEqual(['3', '1', '2']);
    expect(fieldsOf(() => bulkIds([]))).toEqual({ code: 'BAD_USER_INPUT', fields: { ids: 'Selecciona al menos un registro.' } });
    expect(bulkIds(Array.from({ length: BULK_MAX_IDS }, (_, i) => String(i + 1)))).toHaveLength(500);
    expect(fieldsOf(() => bulkIds(Array.from({ length: 501 }, (_, i) => String(i + 1))))).toEqual({
      code: 'BAD_USER_INPUT',
      fields: { ids: 'Se pueden procesar hasta 500 registros por operación; divide la selección.' },
    });
    expect(fieldsOf(() => bulkIds(['1', '2', '3'], 2)).fields.ids).toBe('Se pueden procesar hasta 2 registros por operación; divide la selección.');
  });
});

describe('bulkFailureOf', () => {
  it('keeps the code and the Spanish message; a form error reads as its field messages', () => {
    expect(bulkFailureOf(forbidden())).toEqual({ code: 'FORBIDDEN', message: 'No tienes permiso para realizar esta acción.' });
    expect(bulkFailureOf(notFound('La requisición'))).toEqual({ code: 'NOT_FOUND', message: 'La requisición no existe.' });
    expect(bulkFailureOf(conflict())).toMatchObject({ code: 'CONFLICT' });
    expect(bulkFailureOf(badInput({ a: 'Falta el área.', b: 'Falta la fecha.', c: 'Falta el área.' }))).toEqual({ code: 'BAD_USER_INPUT', message: 'Falta el área. Falta la fecha.' });
    expect(bulkFailureOf(appError('UNAUTHENTICATED', 'Inicia sesión.'))).toEqual({ code: 'UNAUTHENTICATED', message: 'Inicia sesión.' });
    expect(bulkFailureOf(new Error('select * from x'))).toBeNull();
  });
});

describe('runBulk', () => {
  it('runs every row, reports each failure with its reference, and hides unexpected errors', async () => {
    const error = vi.fn();
    const ctx = { requestId: 'r1', app: { logger: { error } } } as unknown as RequestContext;
    const result = await runBulk(
      ctx,
      ['1', '2', '3', '4'],
      async (id) => {
        if (id === '2') throw conflict('Ya está autorizada.');
        if (id === '4') throw new Error('relation "x" does not exist');
      },
      { references: async (ids) => new Map(ids.map((id) => [id, `REQ-00000${id}`])) },
    );
    expect(result).toEqual({
      applied: ['1', '3'],
      failures: [
        { id: '2', reference: 'REQ-000002', code: 'CONFLICT', message: 'Ya está autorizada.' },
        { id: '4', reference: 'REQ-000004', code: 'INTERNAL_SERVER_ERROR', message: 'No se pudo aplicar por un error inesperado.' },
      ],
    });
    expect(error).toHaveBeenCalledTimes(1);
  });
});

describe('renderPdfBundle', () => {
  const company = toCompanyProfile(DEFAULT_COMPANY);
  const pages = (pdf: Buffer) => (pdf.toString('latin1').match(/\/Type \/Page\b(?!s)/g) ?? []).length;
  const spec = (title: string, breaks: number): PdfDocumentSpec => ({
    company,
    title,
    blocks: [{ kind: 'text', text: 'Uno' }, ...Array.from({ length: breaks }, () => [{ kind: 'pageBreak' as const }, { kind: 'text' as const, text: 'Otra' }]).flat()],
  });

  it('puts each document on pages of its own, one after the other', async () => {
    const [a, b] = [spec('Factura A-1', 0), spec('Factura A-2', 2)];
    expect(pages(await renderPdf(a))).toBe(1);
    expect(pages(await renderPdf(b))).toBe(3);
    const bundle = await renderPdfBundle([a, b, a], 'Facturas');
    expect(bundle.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pages(bundle)).toBe(5);
  });
});
