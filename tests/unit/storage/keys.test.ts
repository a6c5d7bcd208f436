import { describe, expect, it } from 'vitest';
import { assertStorageKey, StorageError, toKeySegment } from '../../../server/storage';

describe('storage keys', () => {
  it.each(['employees/12/ine.pdf', 'vehicles/ECO-014/poliza_2024.pdf', 'a', 'a..b/c.d'])('accepts %s', (key) => {
    expect(assertStorageKey(key)).toBe(key);
  });

  it.each([
    '',
    '../secret',
    'employees/../../etc/passwd',
    '..',
    '.',
    './a',
    '/etc/passwd',
    'a//b',
    'a/',
    'a\\..\\b',
    'C:\\Windows\\win.ini',
    'a/\u0000b',
    '.hidden',
    'con espacios.pdf',
    'x'.repeat(513),
  ])('refuses %j', (key) => {
    expect(() => assertStorageKey(key)).toThrow(StorageError);
    try {
      assertStorageKey(key);
    } catch (error) {
      expect(error).toMatchObject({ code: 'invalid-argument', message: 'La ruta del archivo no es válida.' });
    }
  });

  it('turns free text into one safe segment', () => {
    expect(toKeySegment('Póliza de Seguro (2024).PDF')).toBe('Poliza-de-Seguro-2024.PDF');
    expect(toKeySegment('../../etc/passwd')).toBe('etc-passwd');
    expect(toKeySegment('...')).toBe('archivo');
    expect(() => assertStorageKey(`docs/${toKeySegment('Ñandú: ¿evidencia?.jpg')}`)).not.toThrow();
  });
});
