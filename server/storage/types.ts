export type StorageBackend = 'local' | 'bucket';

export type StoredObject = {
  key: string;
  size: number;
  contentType: string;
  /** Hex SHA-256 of the bytes as stored. */
  sha256: string;
  backend: StorageBackend;
};

export type PutOptions = {
  contentType?: string;
  /** Expected hex SHA-256; a mismatch is refused as `invalid-checksum` before anything is written. */
  sha256?: string;
  signal?: AbortSignal;
};

export type TransferOptions = { signal?: AbortSignal };

export type FileStorage = {
  readonly backend: StorageBackend;
  put(key: string, bytes: Uint8Array, options?: PutOptions): Promise<StoredObject>;
  /** Throws StorageError `object-not-found` when the key holds nothing. */
  get(key: string, options?: TransferOptions): Promise<Buffer>;
  /** Throws StorageError `object-not-found` when the key holds nothing. */
  remove(key: string, options?: TransferOptions): Promise<void>;
  exists(key: string, options?: TransferOptions): Promise<boolean>;
};
