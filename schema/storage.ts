// File-transfer error codes (SPEC §1 File storage: the original product's
// storage codes, plus the two /api/files adds for sessions and permissions)
// and the Spanish message a person reads for each. The server answers with
// them; the SPA shows them, also for failures the server could not describe.
export type StorageErrorCode =
  | 'object-not-found'
  | 'unauthorized'
  | 'quota-exceeded'
  | 'invalid-checksum'
  | 'canceled'
  | 'retry-limit-exceeded'
  | 'invalid-argument'
  | 'unknown';

export type FileErrorCode = StorageErrorCode | 'unauthenticated' | 'forbidden';

export const STORAGE_MESSAGES: Readonly<Record<StorageErrorCode, string>> = {
  'object-not-found': 'El archivo no existe o fue eliminado.',
  unauthorized: 'No hay permiso para acceder al almacenamiento de archivos.',
  'quota-exceeded': 'Se agotó el espacio del almacenamiento de archivos. Avisa al administrador.',
  'invalid-checksum': 'El archivo se dañó durante la transferencia. Inténtalo de nuevo.',
  canceled: 'Se canceló la transferencia del archivo.',
  'retry-limit-exceeded': 'El almacenamiento de archivos no respondió después de varios intentos. Inténtalo más tarde.',
  'invalid-argument': 'El archivo o su nombre no son válidos.',
  unknown: 'Ocurrió un error inesperado con el almacenamiento de archivos.',
};

export const FILE_ERROR_MESSAGES: Readonly<Record<FileErrorCode, string>> = {
  ...STORAGE_MESSAGES,
  unauthenticated: 'Inicia sesión para continuar.',
  forbidden: 'No tienes permiso para ver este archivo.',
};
