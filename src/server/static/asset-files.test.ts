import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseVariant, loadAssetFiles, registerAssetFiles, type AssetFile } from './asset-files';

const CACHE = 'public, max-age=31536000, immutable';
const script = `export const text = ${JSON.stringify('a chunk of the portal '.repeat(200))};`;

describe('hashed files answered from memory', () => {
  let dist: string;
  let app: FastifyInstance;
  let files: Map<string, AssetFile>;

  beforeAll(async () => {
    // The build's folder (`site`) inside a folder of the test's own, which holds a file beside it.
    dist = path.join(await mkdtemp(path.join(tmpdir(), 'eta-assets-test-')), 'site');
    const assets = path.join(dist, 'assets');
    await mkdir(assets, { recursive: true });
    await writeFile(path.join(dist, '..', 'outside.txt'), 'beside the build');
    await writeFile(path.join(assets, 'chunk-abc.js'), script);
    await writeFile(path.join(assets, 'chunk-abc.js.br'), brotliCompressSync(script));
    await writeFile(path.join(assets, 'chunk-abc.js.gz'), gzipSync(script));
    await writeFile(path.join(assets, 'font-def.woff2'), Buffer.from([0x77, 0x4f, 0x46, 0x32, 1, 2, 3]));
    await writeFile(path.join(assets, 'notes-ghi.txt'), 'not a type kept in memory');
    files = await loadAssetFiles(assets);
    app = Fastify();
    await app.register(fastifyStatic, { root: dist, prefix: '/', wildcard: true, preCompressed: true });
    registerAssetFiles(app, { prefix: '/assets/', files, cacheControl: CACHE });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await rm(path.dirname(dist), { recursive: true, force: true });
  });

  it('holds each script, style and font with its compressed copies, and leaves other types on disk', () => {
    expect([...files.keys()].sort()).toEqual(['chunk-abc.js', 'font-def.woff2']);
    expect(Object.keys(files.get('chunk-abc.js')!.encoded).sort()).toEqual(['br', 'gzip']);
    expect(files.get('font-def.woff2')!.encoded).toEqual({});
  });

  it('answers what was read at start, even once the file on disk has changed', async () => {
    await writeFile(path.join(dist, 'assets', 'font-def.woff2'), 'changed on disk');
    const response = await app.inject({ url: '/assets/font-def.woff2' });
    expect(response.statusCode).toBe(200);
    expect([...response.rawPayload]).toEqual([0x77, 0x4f, 0x46, 0x32, 1, 2, 3]);
    expect(response.headers['content-type']).toBe('font/woff2');
    expect(response.headers['content-length']).toBe('7');
    expect(response.headers['cache-control']).toBe(CACHE);
  });

  it('sends the brotli copy, the gzip copy or the plain bytes as the client accepts', async () => {
    const br = await app.inject({ url: '/assets/chunk-abc.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(br.headers['content-type']).toBe('application/javascript; charset=utf-8');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);

    const gz = await app.inject({ url: '/assets/chunk-abc.js', headers: { 'accept-encoding': 'br;q=0, gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);

    const plain = await app.inject({ url: '/assets/chunk-abc.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('answers 304 without a body to a client that holds the same copy, and 200 to one whose copy differs', async () => {
    const first = await app.inject({ url: '/assets/chunk-abc.js', headers: { 'accept-encoding': 'br' } });
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/"[0-9a-f]+-[0-9a-f]+"$/);
    const again = await app.inject({
      url: '/assets/chunk-abc.js',
      headers: { 'accept-encoding': 'br', 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    // The gzip copy is another representation, with another tag.
    const other = await app.inject({
      url: '/assets/chunk-abc.js',
      headers: { 'accept-encoding': 'gzip', 'if-none-match': etag },
    });
    expect(other.statusCode).toBe(200);
    expect(gunzipSync(other.rawPayload).toString()).toBe(script);
    const since = await app.inject({
      url: '/assets/chunk-abc.js',
      headers: { 'if-modified-since': String(first.headers['last-modified']) },
    });
    expect(since.statusCode).toBe(304);
  });

  it('answers HEAD with the headers and no body', async () => {
    const response = await app.inject({ method: 'HEAD', url: '/assets/chunk-abc.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-length']).toBe(String(Buffer.byteLength(script)));
    expect(response.body).toBe('');
  });

  it('leaves a byte range, a file written after start and a type not held to the file server on disk', async () => {
    const range = await app.inject({ url: '/assets/chunk-abc.js', headers: { range: 'bytes=0-5' } });
    expect(range.statusCode).toBe(206);
    expect(range.body).toBe(script.slice(0, 6));

    await writeFile(path.join(dist, 'assets', 'later-jkl.js'), 'console.log("later");');
    const later = await app.inject({ url: '/assets/later-jkl.js' });
    expect(later.statusCode).toBe(200);
    expect(later.body).toBe('console.log("later");');

    const text = await app.inject({ url: '/assets/notes-ghi.txt' });
    expect(text.statusCode).toBe(200);
    expect(text.body).toBe('not a type kept in memory');

    expect((await app.inject({ url: '/assets/missing-000.js' })).statusCode).toBe(404);
  });

  it('leaves a path that climbs out of the build to the file server, which refuses it', async () => {
    for (const url of ['/assets/..%2f..%2foutside.txt', '/assets/%2e%2e/%2e%2e/outside.txt']) {
      const response = await app.inject({ url });
      expect([403, 404], url).toContain(response.statusCode);
      expect(response.body, url).not.toContain('beside the build');
    }
  });

  it('holds nothing when the build has no assets folder', async () => {
    expect((await loadAssetFiles(path.join(dist, 'no-such-folder'))).size).toBe(0);
  });
});

describe('chooseVariant', () => {
  const variant = (body: string) => ({ body: Buffer.from(body), etag: `W/"${body}"`, lastModified: '' });
  const file: AssetFile = {
    type: 'text/css; charset=utf-8',
    plain: variant('plain'),
    encoded: { br: variant('br'), gzip: variant('gzip') },
  };

  it.each([
    ['gzip, deflate, br', 'br'],
    ['br;q=0.5, gzip', 'br'],
    ['gzip', 'gzip'],
    ['*', 'br'],
    ['br;q=0, gzip;q=0', undefined],
    ['identity', undefined],
    ['', undefined],
    [undefined, undefined],
  ])('Accept-Encoding %j gets %s', (accept, expected) => {
    const { encoding, variant: chosen } = chooseVariant(file, accept);
    expect(encoding).toBe(expected);
    expect(chosen.body.toString()).toBe(expected ?? 'plain');
  });
});
