import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { persistedSecret } from './persisted-secret';

describe('persistedSecret', () => {
  let dataDir: string;
  beforeEach(async () => {
    dataDir = path.join(await mkdtemp(path.join(tmpdir(), 'eta-secret-')), 'data');
  });
  afterEach(async () => {
    await rm(path.dirname(dataDir), { recursive: true, force: true });
  });

  it('generates a secret once, readable by the server only, and gives it again after a restart', async () => {
    const secret = await persistedSecret(dataDir, 'jwt-secret', 'JWT_SECRET');
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await readFile(path.join(dataDir, 'jwt-secret'), 'utf8')).toBe(`${secret}\n`);
    expect((await stat(path.join(dataDir, 'jwt-secret'))).mode & 0o777).toBe(0o600);
    expect(await persistedSecret(dataDir, 'jwt-secret', 'JWT_SECRET')).toBe(secret);
  });

  it('gives instances starting at once the same secret, and leaves no draft behind', async () => {
    const secrets = await Promise.all(
      Array.from({ length: 6 }, () => persistedSecret(dataDir, 'jwt-secret', 'JWT_SECRET')),
    );
    expect(new Set(secrets).size).toBe(1);
    expect(await readdir(dataDir)).toEqual(['jwt-secret']);
  });

  it('refuses a file that holds no usable secret, naming the setting', async () => {
    await persistedSecret(dataDir, 'other', 'OTHER');
    await writeFile(path.join(dataDir, 'jwt-secret'), '\n');
    await expect(persistedSecret(dataDir, 'jwt-secret', 'JWT_SECRET')).rejects.toThrow(
      /holds no usable secret; delete it or set JWT_SECRET/,
    );
  });
});
