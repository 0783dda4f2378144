import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { loadAssetFiles, registerAssetFiles } from './asset-files';

export const ASSETS_PREFIX = '/assets/';
/** Where the build writes the server itself (serverBundlePlugin in vite.config.ts), under the portal's files. */
const SERVER_BUILD_PREFIX = '/server/';
/** Files under assets/ carry a content hash in their name, so they never change. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Serves the built portal's files from `distDir`: the hashed files under assets/ from memory, cached as immutable;
 * the others from disk, revalidated; precompressed copies to clients that accept them. Never the server's own build.
 */
export async function servePortalFiles(app: FastifyInstance, distDir: string): Promise<void> {
  await app.register(fastifyStatic, {
    root: distDir,
    prefix: '/',
    index: false,
    wildcard: true,
    // The build writes .br and .gz copies of every text file (tools/build/precompress.ts): they are sent
    // as they are, with Content-Encoding and Vary: Accept-Encoding, to clients that accept them.
    preCompressed: true,
    cacheControl: false,
    dotfiles: 'ignore',
    // Folders (a path ending in "/") are pages of the portal, answered by the page routes. The server's own
    // build (dist/server: its code and source maps) is never sent.
    allowedPath: (pathname) =>
      !pathname.endsWith('/') && !path.posix.normalize(pathname).startsWith(SERVER_BUILD_PREFIX),
    setHeaders: (res, filePath) => {
      const relative = path.relative(distDir, filePath).split(path.sep).join('/');
      // The same address answers brotli, gzip or plain bytes depending on the request's Accept-Encoding.
      res.setHeader('vary', 'Accept-Encoding');
      res.setHeader('cache-control', `/${relative}`.startsWith(ASSETS_PREFIX) ? IMMUTABLE : 'no-cache');
    },
  });
  // The hashed files themselves from memory, read once here; the file server above answers the rest.
  registerAssetFiles(app, {
    prefix: ASSETS_PREFIX,
    files: await loadAssetFiles(path.join(distDir, ASSETS_PREFIX)),
    cacheControl: IMMUTABLE,
  });
}
