import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildTestApp } from '../../testing/harness';

/** The shape of Vite's index.html: the server writes each page into it. */
const INDEX =
  '<!doctype html>\n<html lang="en" dir="ltr">\n  <head>\n    <title>Electronic Travel Authorisation</title>\n' +
  '    <script type="module" crossorigin src="/assets/index-abc.js"></script>\n  </head>\n  <body>\n' +
  '    <div id="root"></div>\n  </body>\n</html>\n';

export interface PageApp {
  app: FastifyInstance;
  /** Closes the server and removes its build's folder. */
  close(): Promise<void>;
}

/**
 * A server that renders the portal's pages from source (the server's entry as the build bundles it), in front of a
 * build folder holding only index.html and Vite's manifest, for tests of pages and of forms posted to them.
 */
export async function startPageApp(env: Record<string, string> = {}): Promise<PageApp> {
  const dist = await mkdtemp(path.join(tmpdir(), 'eta-page-app-'));
  await mkdir(path.join(dist, '.vite'));
  await writeFile(path.join(dist, 'index.html'), INDEX);
  await writeFile(
    path.join(dist, '.vite', 'manifest.json'),
    JSON.stringify({ 'index.html': { file: 'assets/index-abc.js', isEntry: true } }),
  );
  const app = await buildTestApp({ distDir: dist, env, loadServerEntry: () => import('../../../app/server-entry') });
  return {
    app,
    close: async () => {
      await app.close();
      await rm(dist, { recursive: true, force: true });
    },
  };
}

/** The cookies an answer sets, as the next request sends them. */
export const cookiesOf = (headers: Record<string, unknown>): string =>
  ([headers['set-cookie'] ?? []].flat() as string[]).map((c) => c.split(';')[0]).join('; ');
