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
