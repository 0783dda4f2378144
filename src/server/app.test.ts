import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { languageCookie } from '../shared/language-cookie';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from './errors';
import { buildTestApp } from './testing/harness';

const CSP =
  "default-src 'self';script-src 'self';style-src 'self' 'unsafe-inline';img-src 'self' data: blob:;" +
  "media-src 'self' blob:;font-src 'self';connect-src 'self';frame-ancestors 'none';base-uri 'self';" +
  "form-action 'self';object-src 'none';report-to csp-endpoint;report-uri /api/eta/csp-report";

function expectSecurityHeaders(headers: Record<string, unknown>) {
  expect(headers['content-security-policy']).toBe(CSP);
  expect(headers['strict-transport-security']).toBe('max-age=63072000; includeSubDomains');
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('no-referrer');
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['permissions-policy']).toBe('camera=(self), microphone=(), geolocation=()');
  expect(headers['cross-origin-opener-policy']).toBe('same-origin');
  expect(headers['reporting-endpoints']).toBe('csp-endpoint="/api/eta/csp-report"');
  // helmet's other defaults, kept.
  expect(headers['origin-agent-cluster']).toBe('?1');
  expect(headers['x-permitted-cross-domain-policies']).toBe('none');
  expect(headers['x-dns-prefetch-control']).toBe('off');
  // An API on another origin may serve the portal's images and files.
  expect(headers['cross-origin-resource-policy']).toBeUndefined();
}

describe('the built portal', () => {
  let dist: string;
  let app: FastifyInstance;
  const html =
    '<!doctype html><html lang="en" dir="ltr"><head><script type="module" src="/assets/index-abc123.js"></script>' +
    '<link rel="modulepreload" crossorigin href="/assets/shared-ddd.js"></head><body><div id="root"></div></body></html>';
  /**
   * The built page as the server sends it: index.html in the page's language, with settings (and preloads) written
   * into its head, its scripts fetched at low priority, and the page rendered into #root.
   */
  const expectPortalPage = (body: string) => {
    expect(body).toMatch(/^<!doctype html><html lang="[a-z]{2}" dir="(ltr|rtl)">/);
    expect(body).toMatch(/<script type="module" [^>]*src="\/assets\/index-abc123\.js"/);
    expect(body).toContain('<script type="application/json" id="eta-settings">');
    expect(body).toMatch(/<div id="root" data-rendered="[^"]*">[\s\S]*<h1/);
    expect(body.endsWith('</html>')).toBe(true);
  };
  /** The modules the page names to be fetched, not run, once it is idle (IDLE_MODULES_ID). */
  const idleModules = (body: string): Record<string, string[]> =>
    JSON.parse(/<script type="application\/json" id="eta-idle-modules">(.*?)<\/script>/.exec(body)?.[1] ?? 'null');
  /** The modules the page names for the entry to ask for once it has painted (ROUTE_MODULES_ID). */
  const routeModules = (body: string): string[] =>
    JSON.parse(/<script type="application\/json" id="eta-route-modules">(.*?)<\/script>/.exec(body)?.[1] ?? 'null');
  // The parts of Vite's build manifest the server reads: the entry, a page chunk, texts per language.
  const viteManifest = {
    'index.html': {
      file: 'assets/index-abc123.js',
      isEntry: true,
      imports: ['_shared-ddd.js'],
      dynamicImports: ['src/app/boot.tsx'],
      assets: ['assets/poppins-latin-400-normal-eee.woff2', 'assets/poppins-latin-ext-400-normal-fff.woff2'],
    },
    '_shared-ddd.js': { file: 'assets/shared-ddd.js' },
    'src/app/boot.tsx': { file: 'assets/boot-ggg.js', imports: ['_shared-ddd.js', '_app-hhh.js'] },
    '_app-hhh.js': { file: 'assets/app-hhh.js' },
    'src/features/home/home-page.tsx': { file: 'assets/home-page-aaa.js', imports: ['_shared-ddd.js', 'index.html'] },
    'locales/en/common.json': { file: 'assets/common-en-bbb.js' },
    'locales/fr/common.json': { file: 'assets/common-fr-ccc.js' },
    'src/app/shell/error-dialog-view.tsx': {
      file: 'assets/error-dialog-view-iii.js',
      imports: ['_shared-ddd.js', '_app-hhh.js', '_dialog-jjj.js'],
    },
    '_dialog-jjj.js': { file: 'assets/dialog-jjj.js' },
    'locales/fr/applications.json': { file: 'assets/applications-fr-kkk.js' },
    'locales/en/applications.json': { file: 'assets/applications-en-mmm.js' },
  };
  const bigScript = `export const words = ${JSON.stringify('portal '.repeat(500))};`;

  beforeAll(async () => {
    dist = await mkdtemp(path.join(tmpdir(), 'eta-dist-test-'));
    await mkdir(path.join(dist, 'assets'));
    await writeFile(path.join(dist, 'index.html'), html);
    await mkdir(path.join(dist, '.vite'));
    await writeFile(path.join(dist, '.vite', 'manifest.json'), JSON.stringify(viteManifest));
    await writeFile(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1);');
    await writeFile(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    // The server's own build sits beside the portal's files (vite.config.ts).
    await mkdir(path.join(dist, 'server'));
    await writeFile(path.join(dist, 'server', 'main.js'), 'const secretHandling = 1;');
    await writeFile(path.join(dist, 'server', 'main.js.map'), '{"version":3}');
    // What the build's precompression writes beside a chunk.
    await writeFile(path.join(dist, 'assets', 'big-def456.js'), bigScript);
    await writeFile(path.join(dist, 'assets', 'big-def456.js.br'), brotliCompressSync(bigScript));
    await writeFile(path.join(dist, 'assets', 'big-def456.js.gz'), gzipSync(bigScript));
    app = await buildTestApp({ distDir: dist, loadServerEntry: () => import('../app/server-entry') });
    // The first page asked for loads the server's renderer (every page of the portal): once, here, not in a test.
    await app.inject({ url: '/', headers: { accept: 'text/html' } });
  }, 120_000);
  afterAll(async () => {
    await app.close();
    await rm(dist, { recursive: true, force: true });
  });

  it('answers a page route with index.html, not cached, with every security header', async () => {
    const response = await app.inject({ url: '/faq?x=1', headers: { accept: 'text/html' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expectPortalPage(response.body);
    expect(response.headers['cache-control']).toBe('private, no-cache');
    expectSecurityHeaders(response.headers);
  });

  it('writes the runtime settings into the page as a data block, so the browser starts without asking /envs', async () => {
    const response = await app.inject({ url: '/faq', headers: { accept: 'text/html' } });
    const block = /<script type="application\/json" id="eta-settings">(.*?)<\/script>/.exec(response.body);
    expect(block).not.toBeNull();
    const envs = await app.inject({ url: '/envs' });
    expect(JSON.parse(block![1])).toEqual(envs.json());
  });

  it("names the chunks and texts of the requested route, in the visitor's language, to be asked for after the first paint", async () => {
    const home = await app.inject({ url: '/', headers: { accept: 'text/html', 'accept-language': 'fr' } });
    // The page, the app the entry loads with its imports, and the route's texts; none asked for before the page shows.
    // Each comes after the chunks it imports, the order in which the entry evaluates them one at a time.
    expect(routeModules(home.body)).toEqual([
      '/assets/app-hhh.js',
      '/assets/boot-ggg.js',
      '/assets/home-page-aaa.js',
      '/assets/common-fr-ccc.js',
    ]);
    expect(home.body).not.toMatch(/<link rel="modulepreload"[^>]*(home-page|boot|app-hhh|common-fr)/);
    expect(home.body).not.toContain('/assets/common-en-bbb.js');
    // The entry's own imports are in the page already.
    expect(home.body.match(/shared-ddd\.js/g)).toHaveLength(1);
    expect(home.body).toContain(
      '<link rel="preload" as="font" type="font/woff2" crossorigin href="/assets/poppins-latin-400-normal-eee.woff2">',
    );

    const unknown = await app.inject({ url: '/no-such-page', headers: { accept: 'text/html' } });
    expect(unknown.statusCode).toBe(404);
    expect(routeModules(unknown.body)).toEqual([]);
  });

  it("names the shell's dialogs and the language's other texts, beyond what the route runs on, to be fetched once idle", async () => {
    const home = await app.inject({ url: '/', headers: { accept: 'text/html', 'accept-language': 'fr' } });
    // The dialog's chunk after the one it imports that the page does not load already; the texts of the visitor's
    // language but the route's own (common).
    expect(idleModules(home.body)).toEqual({
      errorDialogView: ['/assets/dialog-jjj.js', '/assets/error-dialog-view-iii.js'],
      texts: ['/assets/applications-fr-kkk.js'],
    });
    const english = await app.inject({ url: '/', headers: { accept: 'text/html', 'accept-language': 'en' } });
    expect(idleModules(english.body).texts).toEqual(['/assets/applications-en-mmm.js']);
    const unknown = await app.inject({ url: '/no-such-page', headers: { accept: 'text/html' } });
    expect(idleModules(unknown.body)).toEqual({});
  });

  it('remembers the language a link chooses (?lng=) in its cookie; an unknown one is ignored', async () => {
    const languageCookies = (headers: Record<string, unknown>) =>
      ([headers['set-cookie'] ?? []].flat() as string[]).filter((c) => c.startsWith('eta.language='));
    const linked = await app.inject({ url: '/faq?lng=fr', headers: { accept: 'text/html' } });
    expect(languageCookies(linked.headers)).toEqual([languageCookie('fr')]);
    for (const url of ['/faq?lng=xx', '/faq', '/faq?lng=']) {
      const other = await app.inject({ url, headers: { accept: 'text/html' } });
      expect(languageCookies(other.headers), url).toEqual([]);
    }
  });

  it('answers the page compressed with brotli or gzip when the client accepts it', async () => {
    const br = await app.inject({ url: '/faq', headers: { accept: 'text/html', 'accept-encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expectPortalPage(brotliDecompressSync(br.rawPayload).toString());
    const gz = await app.inject({ url: '/faq', headers: { accept: 'text/html', 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expectPortalPage(gunzipSync(gz.rawPayload).toString());
  });

  it('answers / and folder-like paths with the page (the not-found page for a folder of files)', async () => {
    for (const [url, status] of [
      ['/', 200],
      ['/faq/', 200],
      ['/assets', 404],
    ] as const) {
      const response = await app.inject({ url, headers: { accept: 'text/html,application/xhtml+xml' } });
      expect(response.statusCode, url).toBe(status);
      expectPortalPage(response.body);
    }
  });

  it('serves hashed assets with a long, immutable cache', async () => {
    const response = await app.inject({ url: '/assets/index-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('console.log(1);');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expectSecurityHeaders(response.headers);
  });

  it('sends the brotli or gzip copy made at build time to clients that accept it, and plain bytes otherwise', async () => {
    const br = await app.inject({ url: '/assets/big-def456.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(bigScript);

    const gz = await app.inject({ url: '/assets/big-def456.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(bigScript);

    const plain = await app.inject({ url: '/assets/big-def456.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(bigScript);
  });

  it('revalidates files that carry no hash', async () => {
    const response = await app.inject({ url: '/favicon.svg' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it("never sends the server's own build, however its address is spelt", async () => {
    for (const url of [
      '/server/main.js',
      '/server/main.js.map',
      '/./server/main.js',
      '/%2e/server/main.js',
      '/assets/..%2fserver%2fmain.js',
      '/assets/../server/main.js',
    ]) {
      const response = await app.inject({ url, headers: { accept: '*/*' } });
      expect(response.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(response.body, url).not.toContain('secretHandling');
    }
  });

  it('answers 404 for a missing asset instead of the page, so a failed chunk is seen as failed', async () => {
    const response = await app.inject({ url: '/assets/missing-000.js', headers: { accept: 'text/html' } });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('does not fall back for missing files, nor for requests that do not accept HTML', async () => {
    expect((await app.inject({ url: '/robots.txt', headers: { accept: '*/*' } })).statusCode).toBe(404);
    expect((await app.inject({ url: '/faq', headers: { accept: 'application/json' } })).statusCode).toBe(404);
    // Read as HTTP reads it, not by substring: HTML refused outright, or only named in another type's parameter.
    for (const accept of ['text/html;q=0, application/json', 'application/json; profile="text/html"']) {
      expect((await app.inject({ url: '/faq', headers: { accept } })).statusCode).toBe(404);
    }
    expect((await app.inject({ url: '/faq', headers: { accept: 'text/*' } })).statusCode).toBe(200);
  });

  it('answers the page to a client that accepts anything, as curl or a probe does', async () => {
    for (const headers of [{ accept: '*/*' }, {}]) {
      const response = await app.inject({ url: '/faq', headers });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/text\/html/);
    }
  });

  it("refuses a page form posted without the visitor's token: the page again, never the answers, never elsewhere", async () => {
    for (const url of ['/login?lng=ar', '//elsewhere.example/registration', '/\\elsewhere.example/registration']) {
      const response = await app.inject({
        method: 'POST',
        url,
        headers: { accept: 'text/html', 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'root_email=a%40example.com&root_password=Secret-123',
      });
      // Refused for its missing token, or, at an address that is no page of the portal, not read at all.
      if (url.startsWith('/login')) expect(response.statusCode, url).toBe(403);
      else expect([403, 404], url).toContain(response.statusCode);
      // Never sent to another host's address, and the password is not written back into the page.
      expect(response.headers.location).toBeUndefined();
      expect(response.body).not.toContain('Secret-123');
    }
    // Not a page: the API's answer stays a 404.
    const api = await app.inject({ method: 'POST', url: '/api/eta/nothing', headers: { accept: 'text/html' } });
    expect(api.statusCode).toBe(404);
  });

  it('never answers the page for API paths', async () => {
    for (const url of ['/api/eta/nothing', '/dev/nothing']) {
      const response = await app.inject({ url, headers: { accept: 'text/html' } });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/application\/json/);
      expect(response.headers['cache-control']).toBe('no-store');
    }
  });
});

describe('an unbuilt portal', () => {
  it('answers page requests with 503 and a plain message', async () => {
    const app = await buildTestApp();
    try {
      const response = await app.inject({ url: '/login', headers: { accept: 'text/html', 'accept-language': 'fr' } });
      expect(response.statusCode).toBe(503);
      expect(response.headers['content-type']).toMatch(/text\/plain/);
      expect(response.body).toContain('npm run build');
      expect(response.body).toContain('portail');
      expectSecurityHeaders(response.headers);
    } finally {
      await app.close();
    }
  });
});

describe('error handler', () => {
  let app: FastifyInstance;
  const logged: string[] = [];

  const testRoutes: FastifyPluginAsync = async (scope) => {
    scope.post('/api/test/echo', async (request) => ({ received: request.body }));
    scope.post(
      '/api/test/validated',
      {
        schema: {
          body: { type: 'object', required: ['name'], properties: { name: { type: 'string', minLength: 1 } } },
        },
      },
      async () => ({ ok: true }),
    );
    scope.get('/api/test/boom', async () => {
      throw new Error('database password is hunter2');
    });
    scope.get('/api/test/limited', async () => {
      throw new ApiError(429, 'TOO_MANY_REQUESTS', 'api:errors.tooManyRequests', { retryAfterSeconds: 29.2 });
    });
  };

  beforeAll(async () => {
    app = await buildTestApp({
      bodyLimit: 2048,
      logLevel: 'info',
      logStream: { write: (line) => logged.push(line) },
      plugins: [testRoutes],
    });
  });
  afterAll(async () => {
    await app.close();
  });
  afterEach(() => {
    logged.length = 0;
  });

  it('answers malformed JSON with a clean 400', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"broken": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: 'The request could not be understood. Please check it and try again.',
      code: 'BAD_REQUEST',
    });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('answers a content type it cannot parse with a clean 400', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/x-unknown' },
      payload: 'name=x',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'BAD_REQUEST' });
  });

  it('answers an oversized body with 413', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json', 'accept-language': 'fr' },
      payload: JSON.stringify({ text: 'x'.repeat(4096) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ error: 'La requête est trop volumineuse.', code: 'PAYLOAD_TOO_LARGE' });
  });

  it('accepts a body within the limit', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/test/echo', payload: { text: 'hello' } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ received: { text: 'hello' } });
  });

  it('answers validation failures with 400 VALIDATION_FAILED and the fields', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/test/validated', payload: {} });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(typeof body.error).toBe('string');
    expect(Array.isArray(body.fields)).toBe(true);
  });

  it('answers an internal failure with a generic 500 and logs the cause', async () => {
    const response = await app.inject({ url: '/api/test/boom', headers: { 'accept-language': 'fr-FR,fr;q=0.9' } });
    expect(response.statusCode).toBe(500);
    // The request's id, to quote when reporting it, is the one of the log line that holds the cause.
    const requestId = response.headers['x-request-id'];
    expect(response.json()).toEqual({
      error: 'Un problème est survenu de notre côté. Veuillez réessayer plus tard.',
      code: 'INTERNAL_ERROR',
      requestId,
    });
    expect(response.body).not.toContain('hunter2');
    expect(response.body).not.toContain('at ');
    expectSecurityHeaders(response.headers);
    expect(logged.join('')).toContain('hunter2');
    expect(logged.join('')).toContain(`"reqId":"${requestId}"`);
  });

  it('answers ApiError 429 with Retry-After in whole seconds', async () => {
    const response = await app.inject({ url: '/api/test/limited' });
    expect(response.statusCode).toBe(429);
    expect(response.headers['retry-after']).toBe('30');
    expect(response.json()).toEqual({
      error: 'Too many requests. Please wait a moment and try again.',
      code: 'TOO_MANY_REQUESTS',
    });
  });

  it('answers unknown API paths with a translated 404 body', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/eta/unknown',
      headers: { 'accept-language': 'fr' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'La ressource demandée est introuvable.', code: 'NOT_FOUND' });
    expect(response.headers['cache-control']).toBe('no-store');
    expectSecurityHeaders(response.headers);
  });

  it('writes structured request logs without credentials', async () => {
    const headers = { authorization: 'Bearer secret-token', cookie: 'authToken=secret-cookie' };
    await app.inject({ url: '/health', headers });
    // Even a route that logs the raw headers must not leak them.
    app.log.info({ headers }, 'headers seen');
    const lines = logged.map((line) => JSON.parse(line));
    expect(lines.some((line) => line.req?.url === '/health')).toBe(true);
    expect(lines.some((line) => line.res?.statusCode === 200 && typeof line.responseTime === 'number')).toBe(true);
    expect(logged.join('')).not.toContain('secret-token');
    expect(logged.join('')).not.toContain('secret-cookie');
    expect(logged.join('')).toContain('[redacted]');
  });
});

describe('closing', () => {
  it('finishes the request in flight, then closes the database', async () => {
    let release: () => void = () => {};
    const slow: FastifyPluginAsync = async (scope) => {
      scope.get('/api/test/slow', async () => {
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        return { done: true };
      });
    };
    const app = await buildTestApp({ plugins: [slow] });
    const inFlight = app.inject({ url: '/api/test/slow' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    const closing = app.close();
    release();
    const response = await inFlight;
    await closing;
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ done: true });
    await expect(app.db.selectFrom('meta').selectAll().execute()).rejects.toThrow();
  });
});
