// Object keys are relative paths such as `employees/12/ine-2024.pdf`. They are
// checked, never repaired: a key that could leave the storage root (`..`,
// absolute paths, backslashes, NUL) is refused outright.
import { StorageError } from './errors';

const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;
const MAX_KEY_LENGTH = 512;

export function assertStorageKey(key: string): string {
  const refuse = () => new StorageError('invalid-argument', 'La ruta del archivo no es válida.');
  if (typeof key !== 'string' || key.length === 0 || key.length > MAX_KEY_LENGTH) throw refuse();
  const segments = key.split('/');
  if (!segments.every((segment) => SEGMENT.test(segment))) throw refuse();
  return key;
}

/**
 * Turns free text (a person's file name, a folio) into one safe key segment:
 * accents removed, anything else outside [A-Za-z0-9._-] becomes `-`.
 */
export function toKeySegment(text: string, fallback = 'archivo'): string {
  const segment = text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/-+\./g, '.')
    .replace(/^[^A-Za-z0-9]+/, '')
    .replace(/[-.]+$/, '')
    .slice(0, 100);
  return SEGMENT.test(segment) ? segment : fallback;
}
