import Negotiator from 'negotiator';
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * The build's hashed files (`dist/assets`: scripts, styles, fonts), read once when the server starts and answered
 * from memory. Their names change whenever their content does, so what was read stays true for the build the server
 * was started with; a page asks for sixty to ninety of them while it starts, and reading each from disk (a stat for
 * each compressed copy, then open, read and close) was most of the server's work per file.
 *
 * A file not held (one written after the server started, or of a type not listed below) and a request for a byte
 * range go to the static file server on disk instead (`reply.sendFile`), which answers the same headers.
 */

/** The types of the files held in memory; anything else is read from disk when asked for. */
const CONTENT_TYPES: Record<string, string> = {
  '.js': 'application/javascript; charset=utf-8',
  '.mjs': 'application/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.wasm': 'application/wasm',
  '.png': 'image/png',
  '.webp': 'image/webp',
};

/** The compressed copies the build writes beside a text file (tools/build/precompress.ts), best first. */
const ENCODINGS = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
] as const;

type EncodingName = (typeof ENCODINGS)[number]['name'];

interface Variant {
  body: Buffer;
  /** As the file server on disk would send it: weak, from the size and modification time. */
  etag: string;
  lastModified: string;
}

export interface AssetFile {
  type: string;
  plain: Variant;
  encoded: Partial<Record<EncodingName, Variant>>;
}

async function variantOf(file: string): Promise<Variant | undefined> {
  const info = await stat(file).catch(() => undefined);
  if (!info?.isFile()) return undefined;
  return {
    body: await readFile(file),
    etag: `W/"${info.size.toString(16)}-${info.mtime.getTime().toString(16)}"`,
    lastModified: info.mtime.toUTCString(),
  };
}

/** Reads every file of a type listed above directly in `dir`, with its compressed copies; none when `dir` is absent. */
export async function loadAssetFiles(dir: string): Promise<Map<string, AssetFile>> {
  const files = new Map<string, AssetFile>();
  const names = new Set(await readdir(dir).catch(() => [] as string[]));
  await Promise.all(
    [...names].map(async (name) => {
      const type = CONTENT_TYPES[path.extname(name).toLowerCase()];
      if (!type) return;
      const plain = await variantOf(path.join(dir, name));
      if (!plain) return;
      const encoded: AssetFile['encoded'] = {};
      for (const { name: encoding, suffix } of ENCODINGS) {
        if (!names.has(name + suffix)) continue;
        const variant = await variantOf(path.join(dir, name + suffix));
        if (variant) encoded[encoding] = variant;
      }
      files.set(name, { type, plain, encoded });
    }),
  );
  return files;
}

/** The copy to send: the best compressed one the client accepts (by the server's order), else the plain bytes. */
export function chooseVariant(
  file: AssetFile,
  acceptEncoding: string | undefined,
): { variant: Variant; encoding?: EncodingName } {
  const negotiator = new Negotiator({ headers: { 'accept-encoding': acceptEncoding } });
  for (const { name } of ENCODINGS) {
    const variant = file.encoded[name];
    if (variant && acceptEncoding && negotiator.encodings([name]).length > 0) return { variant, encoding: name };
  }
  return { variant: file.plain };
}

/** Whether the client's copy (If-None-Match, else If-Modified-Since) is the one it would be sent. */
function isFresh(request: FastifyRequest, variant: Variant): boolean {
  const noneMatch = request.headers['if-none-match'];
  if (noneMatch !== undefined) {
    const weak = (tag: string) => tag.trim().replace(/^W\//, '');
    return noneMatch.trim() === '*' || noneMatch.split(',').some((tag) => weak(tag) === weak(variant.etag));
  }
  const since = Date.parse(request.headers['if-modified-since'] ?? '');
  return !Number.isNaN(since) && Date.parse(variant.lastModified) <= since;
}

/**
 * Answers GET and HEAD `<prefix>*` from `files`, with the headers the file server on disk sends (`cacheControl` for
 * every file under the prefix). Registered beside @fastify/static, which answers whatever is not held here.
 */
export function registerAssetFiles(
  app: FastifyInstance,
  options: { prefix: string; files: ReadonlyMap<string, AssetFile>; cacheControl: string },
): void {
  const { prefix, files, cacheControl } = options;
  app.get(`${prefix}*`, async (request: FastifyRequest<{ Params: { '*': string } }>, reply: FastifyReply) => {
    const name = request.params['*'];
    const file = files.get(name);
    // As asked for, not normalised: the file server refuses a path that climbs out (`..`) as it always has.
    if (!file || request.headers.range !== undefined) return reply.sendFile(`${prefix}${name}`);
    const { variant, encoding } = chooseVariant(file, request.headers['accept-encoding']);
    reply
      .header('vary', 'Accept-Encoding')
      .header('cache-control', cacheControl)
      .header('etag', variant.etag)
      .header('last-modified', variant.lastModified)
      .type(file.type);
    if (encoding) reply.header('content-encoding', encoding);
    if (isFresh(request, variant)) return reply.code(304).send();
    return reply.header('content-length', variant.body.length).send(variant.body);
  });
}
