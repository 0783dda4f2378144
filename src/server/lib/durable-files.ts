import { open } from 'node:fs/promises';

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
