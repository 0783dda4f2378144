import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { assertObjectKey, type ObjectStorage } from './object-storage';

/**
 * Objects as files under `root`: "photos/ab12…" is stored as `root/photos/ab/ab12…`, the two-character level
 * keeping folders small. Writes go to a temporary name first and are renamed into place, so a reader never
 * sees half a file. Several instances may share the folder (a network volume).
 */
export class LocalDiskStorage implements ObjectStorage {
  constructor(readonly root: string) {}

  /** The file that holds `key`. */
  fileOf(key: string): string {
    assertObjectKey(key);
    const [folder, name] = key.split('/');
    return path.join(this.root, folder, name.slice(0, 2), name);
  }

  // A file keeps no content type; callers store it beside the key (e.g. applicant_photos.content_type).
  async put(key: string, data: Buffer, _contentType?: string): Promise<void> {
    const file = this.fileOf(key);
    await mkdir(path.dirname(file), { recursive: true });
    const temporary = `${file}.${randomBytes(6).toString('hex')}.tmp`;
    await writeFile(temporary, data, { mode: 0o600, flag: 'wx' });
    await rename(temporary, file);
  }

  async get(key: string): Promise<Buffer | undefined> {
    try {
      return await readFile(this.fileOf(key));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.fileOf(key), { force: true });
  }
}
