import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { precompressDir } from './precompress';

describe('precompressDir', () => {
  let dir: string | undefined;
  afterEach(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('writes brotli and gzip copies of text files that decompress to the original, and leaves the rest', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'eta-precompress-'));
    await mkdir(path.join(dir, 'assets'));
    const script = `export const text = ${JSON.stringify('travel '.repeat(400))};`;
    await writeFile(path.join(dir, 'assets', 'page-abc.js'), script);
    await writeFile(path.join(dir, 'assets', 'tiny-abc.js'), 'export {};');
    await writeFile(path.join(dir, 'assets', 'font-abc.woff2'), Buffer.alloc(4096, 1));

    const result = await precompressDir(dir);

    expect(result.files).toBe(1);
    expect(brotliDecompressSync(await readFile(path.join(dir, 'assets', 'page-abc.js.br'))).toString()).toBe(script);
    expect(gunzipSync(await readFile(path.join(dir, 'assets', 'page-abc.js.gz'))).toString()).toBe(script);
    expect(existsSync(path.join(dir, 'assets', 'tiny-abc.js.br'))).toBe(false);
    expect(existsSync(path.join(dir, 'assets', 'font-abc.woff2.br'))).toBe(false);
  });
});
