import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Setting } from '../../shared/contract';
import { stepsOf } from '../../shared/forms/journey';
import { LANGUAGE_COOKIE } from '../../shared/language-cookie';
import { DEFAULT_SCHEMAS_DIR } from '../validation/schema-files';
import {
  appChunks,
  closure,
  entryKeyOf,
  flattenManifest,
  formComponentModules,
  lazyComponentModules,
  localeKey,
  type ManifestEntry,
  pageModules,
  type RouteAssets,
  routeAssets,
  type ViteManifest,
} from './route-assets';
import { type Encoding, paintFirst, scriptSafeJson, withPage } from './page-html';
import { pageLanguage, type PageRequest } from './page-language';
import { cookieValue, loadServerEntry, type PrerenderedPage, type ServerEntry } from './server-entry';

const PAGE_REGISTRY = fileURLToPath(new URL('../../routing/page-registry.ts', import.meta.url));
const ENGINE_REGISTRY = fileURLToPath(new URL('../../engine/registry.ts', import.meta.url));
const REPOSITORY = fileURLToPath(new URL('../../../', import.meta.url));

interface Build {
  /** index.html's modification time when read. */
  mtimeMs: number;
  html: string;
  manifest?: ViteManifest;
  /** The chunks index.html names itself (the entry and its imports). */
  entryKeys: Set<string>;
  /** The chunks every route runs: the entry's and the app's (see appChunks). */
  appKeys: Set<string>;
  /** Preload links of the page's own fonts (Poppins latin), so text does not reflow when they arrive late. */
  fontLinks: string;
  routes: Map<string, RouteAssets>;
  /** The build's server-side entry, loaded on first need. */
  entry?: Promise<ServerEntry | undefined>;
  /** Pages rendered ahead, per route and language, rendered on first request. */
  pages: Map<string, Promise<PrerenderedPage | undefined>>;
}

function readJson<T>(file: string): T | undefined {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as T;
  } catch {
    return undefined;
  }
}

/**
 * The portal's page (dist/index.html) as the server sends it: with the runtime settings written in as a data
 * block (the answer of `GET /envs`, so the browser starts without asking) and `modulepreload` links to the
 * app the entry loads and the chunks and texts the requested route needs (its page, its form and their imports,
 * its text namespaces in the visitor's language), so they download with the entry instead of one after another.
 * A page rendered ahead gets none of them: it paints without scripts, and loads the app after its first paint. Pages are kept in memory,
 * compressed, per route, language and encoding; a new build (index.html changed) is picked up on the next
 * request.
 */
export function createPortalPages(options: {
  distDir: string;
  settings: readonly Setting[];
  /** The forms and route manifest the portal was built from (SCHEMAS_DIR; default the repository's schemas/). */
  schemasDir?: string;
  /** The texts the portal was built from (LOCALES_DIR; default the repository's locales/). */
  localesDir?: string;
  /** Loads the build's server-side entry (default: the one in distDir; tests give the source module). */
  loadEntry?: () => Promise<ServerEntry | undefined>;
  /** Told when a page could not be rendered ahead (it is sent as the plain portal page then). */
  onRenderError?: (error: unknown) => void;
}) {
  const schemasDir = options.schemasDir ?? DEFAULT_SCHEMAS_DIR;
  const routesManifest = path.join(schemasDir, 'routes.manifest.json');
  const localesPath = path
    .relative(REPOSITORY, options.localesDir ?? path.join(REPOSITORY, 'locales'))
    .split(path.sep)
    .join('/');
  const indexFile = path.join(options.distDir, 'index.html');
  const manifestFile = path.join(options.distDir, '.vite', 'manifest.json');
  const settingsBlock = `<script type="application/json" id="eta-settings">${scriptSafeJson(options.settings)}</script>`;
  let build: Build | undefined;
  const cache = new Map<string, Buffer | string>();

  function load(): Build | undefined {
    if (!existsSync(indexFile)) return undefined;
    const { mtimeMs } = statSync(indexFile);
    if (build && build.mtimeMs === mtimeMs) return build;
    cache.clear();
    const manifest = readJson<ViteManifest>(manifestFile);
    const routesJson = readJson<{ routes: ManifestEntry[] }>(routesManifest);
    const registry = existsSync(PAGE_REGISTRY) ? readFileSync(PAGE_REGISTRY, 'utf8') : '';
    const lazy = lazyComponentModules(existsSync(ENGINE_REGISTRY) ? readFileSync(ENGINE_REGISTRY, 'utf8') : '');
    const formComponents = (formId: string) =>
      formComponentModules(
        lazy,
        readJson(path.join(schemasDir, `${formId}.schema.json`)),
        readJson(path.join(schemasDir, `${formId}.ui.json`)),
      );
    const entryKey = manifest && entryKeyOf(manifest);
    const chunks = manifest ? appChunks(manifest) : { entry: new Set<string>(), app: new Set<string>() };
    build = {
      mtimeMs,
      html: readFileSync(indexFile, 'utf8'),
      manifest,
      entryKeys: chunks.entry,
      appKeys: chunks.app,
      fontLinks: ((manifest && entryKey && manifest[entryKey].assets) || [])
        .filter((file) => /-latin-\d+-normal-[\w-]+\.woff2$/.test(file))
        .map((file) => `<link rel="preload" as="font" type="font/woff2" crossorigin href="/${file}">`)
        .join('\n    '),
      routes:
        manifest && routesJson
          ? routeAssets(
              manifest,
              pageModules(registry),
              flattenManifest(routesJson.routes),
              stepsOf(routesJson),
              formComponents,
            )
          : new Map(),
      pages: new Map(),
    };
    return build;
  }

  function preloadLinks(current: Build, pathname: string, language: string): string {
    const assets = current.routes.get(pathname);
    const { manifest } = current;
    if (!assets || !manifest) return '';
    const keys = new Set([...current.appKeys, ...assets.keys]);
    for (const ns of assets.namespaces) closure(manifest, localeKey(language, ns, localesPath), keys);
    const links: string[] = [];
    for (const key of keys) {
      // The entry and its imports are named by the page already.
      if (current.entryKeys.has(key)) continue;
      links.push(`<link rel="modulepreload" crossorigin href="/${manifest[key].file}">`);
      for (const sheet of manifest[key].css ?? []) links.push(`<link rel="stylesheet" crossorigin href="/${sheet}">`);
    }
    return links.join('\n    ');
  }

  /** The page rendered ahead for `route` in `language`, when the build has one and the visitor has no session. */
  async function renderedAhead(
    current: Build,
    route: string,
    language: string,
    request: PageRequest,
  ): Promise<PrerenderedPage | undefined> {
    current.entry ??= (options.loadEntry ?? (() => loadServerEntry(options.distDir)))().catch((error: unknown) => {
      options.onRenderError?.(error);
      return undefined;
    });
    const entry = await current.entry;
    if (!entry || !entry.prerenderPaths().includes(route) || !entry.prerenderLanguages.includes(language)) {
      return undefined;
    }
    if (entry.SESSION_COOKIES.some((name) => cookieValue(request.cookie, name) !== undefined)) return undefined;
    const key = `${route}|${language}`;
    let page = current.pages.get(key);
    if (!page) {
      page = entry.renderPage(route, language, options.settings).catch((error: unknown) => {
        options.onRenderError?.(error);
        return undefined;
      });
      current.pages.set(key, page);
    }
    return page;
  }

  return {
    /** Whether the portal is built (index.html exists). */
    available(): boolean {
      return existsSync(indexFile);
    },
    /**
     * The page for `pathname`, in `encoding`, in the language the browser will pick (see pageLanguage;
     * `negotiated` is the Accept-Language match); undefined when the portal is not built. A route the manifest
     * flags `prerender` comes rendered, to a visitor without a session. A path that is no route gets the page
     * without preloads (the router shows its not-found page).
     */
    async render(
      pathname: string,
      negotiated: string,
      encoding: Encoding,
      request: PageRequest = {},
    ): Promise<Buffer | string | undefined> {
      const current = load();
      if (!current) return undefined;
      const route = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
      const known = current.routes.has(route);
      const language = pageLanguage(negotiated, request, LANGUAGE_COOKIE);
      const ahead = known ? await renderedAhead(current, route, language, request) : undefined;
      const cacheKey = `${known ? route : ''}|${language}|${encoding}|${ahead ? 'ahead' : 'shell'}`;
      const hit = cache.get(cacheKey);
      if (hit !== undefined) return hit;
      // A page rendered ahead loads the app after its first paint (src/main.tsx): nothing is preloaded for it.
      const links = [current.fontLinks, known && !ahead ? preloadLinks(current, route, language) : '']
        .filter(Boolean)
        .join('\n    ');
      const shell = current.html.replace(
        '</head>',
        () => `  ${settingsBlock}\n    ${links}${links ? '\n' : ''}  </head>`,
      );
      const html = ahead ? paintFirst(withPage(shell, ahead, route)) : shell;
      const body =
        encoding === 'br'
          ? brotliCompressSync(html, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: 11,
                [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
              },
            })
          : encoding === 'gzip'
            ? gzipSync(html, { level: 9 })
            : html;
      // Unknown paths share one entry per language and encoding, so the cache stays bounded.
      cache.set(cacheKey, body);
      return body;
    },
  };
}

export type PortalPages = ReturnType<typeof createPortalPages>;
