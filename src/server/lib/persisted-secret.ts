import { randomBytes } from 'node:crypto';
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { placeFileOnce } from './durable-files';
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
  // Another instance starting at the same time may place its own first: everyone then uses that one.
  if (await placeFileOnce(file, `${secret}\n`)) return secret;
  return (await readFile(file, 'utf8')).trim();
}
