// The SPA's file helpers: what a person reads when a transfer fails, what the
// picker offers, how sizes print.
import { describe, expect, it } from 'vitest';
import { acceptFor, FileTransferError, formatFileSize, transferErrorOf } from '../../../client/components/attachments';

describe('transferErrorOf', () => {
  it("keeps the server's code and Spanish message", () => {
    const e = transferErrorOf(415, JSON.stringify({ error: { code: 'invalid-argument', message: 'El archivo está vacío.' } }));
    expect(e).toBeInstanceOf(FileTransferError);
    expect([e.code, e.message]).toEqual(['invalid-argument', 'El archivo está vacío.']);
  });

  it('names what the status says when the body is not the server’s JSON (a proxy page, a dropped connection)', () => {
    expect(transferErrorOf(413, '<html>Request Entity Too Large</html>').message).toBe('El archivo excede el tamaño máximo permitido.');
    expect(transferErrorOf(403, '').message).toBe('No tienes permiso para ver este archivo.');
    expect(transferErrorOf(404, '').message).toBe('El archivo no existe o fue eliminado.');
    expect(transferErrorOf(0, '').message).toBe('No hay conexión con el servidor. Revisa tu red e inténtalo de nuevo.');
    expect(transferErrorOf(502, 'Bad Gateway').message).toBe('Ocurrió un error inesperado con el almacenamiento de archivos.');
  });

  it('has a Spanish message for every storage error code', () => {
    for (const code of ['object-not-found', 'unauthorized', 'quota-exceeded', 'invalid-checksum', 'canceled', 'retry-limit-exceeded', 'invalid-argument', 'unknown']) {
      // Its own message, not the catch-all (except for `unknown` itself).
      if (code !== 'unknown') expect(new FileTransferError(code).message).not.toBe(new FileTransferError('no-such-code').message);
      expect(new FileTransferError(code).message).toMatch(/^[A-ZÁÉÍÓÚ].+\.$/);
    }
    expect(new FileTransferError('canceled').message).toBe('Se canceló la transferencia del archivo.');
  });
});

describe('acceptFor / formatFileSize', () => {
  it('offers only the types the record takes', () => {
    expect(acceptFor(['xml', 'pdf'])).toBe('application/xml,text/xml,.xml,application/pdf,.pdf');
    expect(acceptFor(['jpg'])).toBe('image/jpeg,.jpg,.jpeg');
  });

  it('prints sizes in KB under a megabyte and MB with one decimal above', () => {
    expect(formatFileSize(200)).toBe('1 KB');
    expect(formatFileSize(6 * 1024)).toBe('6 KB');
    expect(formatFileSize(19 * 1024 * 1024 + 9)).toBe('19 MB');
    expect(formatFileSize(3.45 * 1024 * 1024)).toBe('3.5 MB');
  });
});
