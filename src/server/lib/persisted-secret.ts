import { randomBytes } from 'node:crypto';
import { link, mkdir, readFile, unlink } from 'node:fs/promises';
import path from 'node:path';
import { syncFolder, writeNewFileDurably } from './durable-files';
import { ConfigError } from './env';

/**
 * A secret kept in `${dataDir}/${fileName}` (32 random bytes, written on first start, so that what it signs
 * survives restarts), for settings such as JWT_SECRET that are generated when not configured. `setting` names
 * that variable in the message when the file holds no usable secret.
 */
export async function persistedSecret(dataDir: string, fileName: string, setting: string): Promise<string> {
  const file = path.join(dataDir, fileName);
  try {
    const stored = (await readFile(file, 'utf8')).trim();
    if (stored.length < 32) throw new ConfigError(`${file} holds no usable secret; delete it or set ${setting}`);
    return stored;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await mkdir(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  // Written whole under another name and then linked into place, so that another instance starting at the same
  // time never reads a half-written file; the first link wins and everyone uses its secret.
  const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  await writeNewFileDurably(draft, `${secret}\n`);
  try {
    await link(draft, file);
    await syncFolder(dataDir);
    return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return (await readFile(file, 'utf8')).trim();
  } finally {
    await unlink(draft);
  }
}
