import type { Readable } from "node:stream";

export type StoredFile = { body: Readable; size: number; contentType: string };

/**
 * Where uploaded images are kept, by key (a random file name). Local disk is the default adapter;
 * an object store (S3 and the like) implements the same three calls.
 */
export interface UploadStorage {
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The stored file, or undefined when there is none under that key. */
  get(key: string): Promise<StoredFile | undefined>;
  /** Removes the file; a key with no file is not an error. */
  delete(key: string): Promise<void>;
}

/** Keys are one name (no slash, no leading dot), so no adapter lets a key leave its folder or prefix. */
export function assertSafeKey(key: string): void {
  if (!/^[A-Za-z0-9][A-Za-z0-9_-]*(\.[A-Za-z0-9_-]+)*$/.test(key)) {
    throw new Error(`Unsafe storage key: ${JSON.stringify(key)}`);
  }
}
