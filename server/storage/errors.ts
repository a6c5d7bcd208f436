// Storage failures use the error codes of the original product's storage layer
// (SPEC §1 File storage), each with a Spanish message a person can read.
export type StorageErrorCode =
  | 'object-not-found'
  | 'unauthorized'
  | 'quota-exceeded'
  | 'invalid-checksum'
  | 'canceled'
  | 'retry-limit-exceeded'
  | 'invalid-argument'
  | 'unknown';

export const STORAGE_MESSAGES: Readonly<Record<StorageErrorCode, string>> = {
  'object-not-found': 'El archivo no existe o fue eliminado.',
  unauthorized: 'No hay permiso para acceder al almacenamiento de archivos.',
  'quota-exceeded': 'Se agotó el espacio del almacenamiento de archivos. Avisa al administrador.',
  'invalid-checksum': 'El archivo se dañó durante la transferencia. Inténtalo de nuevo.',
  canceled: 'Se canceló la transferencia del archivo.',
  'retry-limit-exceeded':
    'El almacenamiento de archivos no respondió después de varios intentos. Inténtalo más tarde.',
  'invalid-argument': 'El archivo o su nombre no son válidos.',
  unknown: 'Ocurrió un error inesperado con el almacenamiento de archivos.',
};

export class StorageError extends Error {
  readonly code: StorageErrorCode;

  constructor(code: StorageErrorCode, message?: string, options?: { cause?: unknown }) {
    super(message ?? STORAGE_MESSAGES[code], options);
    this.name = 'StorageError';
    this.code = code;
  }
}

export const isStorageError = (error: unknown, code?: StorageErrorCode): error is StorageError =>
  error instanceof StorageError && (code === undefined || error.code === code);
