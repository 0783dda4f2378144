import { randomBytes } from 'node:crypto';
import { access, constants, mkdir, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { syncFolder, writeNewFileDurably } from '../lib/durable-files';
import { assertObjectFolder, assertObjectKey, type ObjectStorage, type StoredObject } from './object-storage';

/** The names objects are stored under (the random part of a key); temporary files end in ".tmp". */
const OBJECT_NAME = /^[0-9a-f]{64}$/;
const SHARD = /^[0-9a-f]{2}$/;

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/** The entries of a folder, none when it does not exist (yet, or any more). */
async function entriesOf(folder: string): Promise<string[]> {
  try {
    return await readdir(folder);
  } catch (error) {
    if (isMissing(error)) return [];
    throw error;
  }
}

/**
 * Objects as files under `root`: "photos/ab12…" is stored as `root/photos/ab/ab12…`, the two-character level
 * keeping folders small. Writes go to a temporary name first, held by the disk (fsync), and are renamed into place,
 * the folder held too: a reader never sees half a file, and an object the database names survives a power cut.
 * Several instances may share the folder (a network volume).
 */
export class LocalDiskStorage implements ObjectStorage {
  /** Folders this instance has made or found, so that a write does not ask for them again. */
  private readonly folders = new Set<string>();

  constructor(readonly root: string) {}

  async check(): Promise<void> {
    await mkdir(this.root, { recursive: true });
    await access(this.root, constants.R_OK | constants.W_OK);
  }

  /** The file that holds `key`. */
  fileOf(key: string): string {
    assertObjectKey(key);
    const [folder, name] = key.split('/');
    return path.join(this.root, folder, name.slice(0, 2), name);
  }

  // A file keeps no content type; callers store it beside the key (e.g. applicant_photos.content_type).
  async put(key: string, data: Buffer, _contentType?: string): Promise<void> {
    const file = this.fileOf(key);
    const folder = path.dirname(file);
    if (!this.folders.has(folder)) {
      await mkdir(folder, { recursive: true });
      this.folders.add(folder);
    }
    const temporary = `${file}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      try {
        await writeNewFileDurably(temporary, data);
      } catch (error) {
        // The folder was removed since (by hand, or a restore): made again once.
        if (!isMissing(error)) throw error;
        await mkdir(folder, { recursive: true });
        await writeNewFileDurably(temporary, data);
      }
      await rename(temporary, file);
      await syncFolder(folder);
    } catch (error) {
      // A half-written copy of a photo must not stay behind on a full disk or a failed rename.
      await rm(temporary, { force: true }).catch(() => undefined);
      throw error;
    }
  }

  async get(key: string): Promise<Buffer | undefined> {
    try {
      return await readFile(this.fileOf(key));
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.fileOf(key), { force: true });
  }

  // Only names an object key can have: temporary files of writes in progress are not objects.
  async *list(folder: string): AsyncIterable<StoredObject> {
    assertObjectFolder(folder);
    const base = path.join(this.root, folder);
    for (const shard of await entriesOf(base)) {
      if (!SHARD.test(shard)) continue;
      for (const name of await entriesOf(path.join(base, shard))) {
        if (!OBJECT_NAME.test(name) || !name.startsWith(shard)) continue;
        let storedAt: Date;
        try {
          storedAt = (await stat(path.join(base, shard, name))).mtime;
        } catch (error) {
          // Removed since the folder was read.
          if (isMissing(error)) continue;
          throw error;
        }
        yield { key: `${folder}/${name}`, storedAt };
      }
    }
  }
}
