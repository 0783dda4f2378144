import { randomBytes } from 'node:crypto';
import { link, open, unlink } from 'node:fs/promises';
import path from 'node:path';

/**
 * Writes `data` to `file`, a name that must not exist yet, and answers once the disk holds it (fsync), so that a
 * name renamed or linked to it afterwards never points at an empty or half-written file after a power cut or a
 * crash of the machine.
 */
export async function writeNewFileDurably(file: string, data: string | Uint8Array, mode = 0o600): Promise<void> {
  const handle = await open(file, 'wx', mode);
  try {
    await handle.writeFile(data);
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * Answers once the disk holds the entries of `folder` (fsync of the folder itself): a file renamed or linked into
 * it is then found under its new name after a power cut, not only its data.
 */
export async function syncFolder(folder: string): Promise<void> {
  const handle = await open(folder, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * Puts `data` at `file` unless a file has that name already, for a file generated on first start that several
 * instances may generate at once: written whole under a draft name beside it, held by the disk, then linked into
 * place, so that no instance ever reads half a file and the first link wins. True when this call placed it, false
 * when another had (the caller then reads that one).
 */
export async function placeFileOnce(file: string, data: string | Uint8Array): Promise<boolean> {
  const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  await writeNewFileDurably(draft, data);
  try {
    await link(draft, file);
    await syncFolder(path.dirname(file));
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return false;
  } finally {
    await unlink(draft);
  }
}
