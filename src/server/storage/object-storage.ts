import { randomBytes } from 'node:crypto';

/**
 * Where uploaded and generated files live (captured photos, later documents and PDFs). Objects are written
 * once under a key the server generates and never derives from anything a user sent, so a key reveals
 * nothing and cannot point outside the store. Local disk is the default; an S3-compatible store is one more
 * implementation of this interface.
 */
export interface ObjectStorage {
  /** Stores `data` under `key`, replacing nothing: keys are never reused. */
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** The object's bytes, or undefined when there is none under `key`. */
  get(key: string): Promise<Buffer | undefined>;
  /** Removes the object; removing one that is not there is not an error. */
  delete(key: string): Promise<void>;
  /**
   * Every object in `folder` (e.g. "photos") with the time it was stored, in no particular order. Objects
   * written or removed while the listing runs may or may not appear; housekeeping uses it to find orphans.
   */
  list(folder: string): AsyncIterable<StoredObject>;
  /** Resolves when the store can be reached and used (the folder, the bucket); throws otherwise (readiness). */
  check(): Promise<void>;
}

/** An object as a listing shows it. */
export interface StoredObject {
  key: string;
  /** When the object was written (file modification time, an object store's last-modified). */
  storedAt: Date;
}

/** Keys look like "photos/3f…c2": a folder of lower-case letters and 32 random bytes in hex. */
const KEY = /^[a-z][a-z0-9-]{0,30}\/[0-9a-f]{64}$/;
const FOLDER = /^[a-z][a-z0-9-]{0,30}$/;

/** A fresh, unguessable key in `folder` (e.g. "photos"). */
export function newObjectKey(folder: string): string {
  const key = `${folder}/${randomBytes(32).toString('hex')}`;
  assertObjectKey(key);
  return key;
}

/** Throws unless `key` has the shape newObjectKey makes (so no path can be smuggled in). */
export function assertObjectKey(key: string): void {
  if (!KEY.test(key)) throw new Error(`Not an object key: ${JSON.stringify(key)}`);
}

/** Throws unless `folder` is a folder name keys can have (e.g. "photos"). */
export function assertObjectFolder(folder: string): void {
  if (!FOLDER.test(folder)) throw new Error(`Not an object folder: ${JSON.stringify(folder)}`);
}
