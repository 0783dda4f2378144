import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Setting } from '../../shared/contract';
import { stepsOf } from '../../shared/forms/journey';
import {
  IDLE_MODULES,
  IDLE_MODULES_ID,
  IDLE_TEXTS,
  type IdleModule,
  MAIN_CONTENT_ID,
  ROUTE_MODULES_ID,
} from '../../shared/rendered-page';
import { STAFF_ROUTES } from '../../shared/staff-routes';
import { DEFAULT_SCHEMAS_DIR } from '../validation/schema-files';
import {
  appChunks,
  chunkKeyOf,
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
import { paintFirst, scriptSafeJson, withPage } from './page-html';
import { loadServerEntry, type RenderedPage, type ServerEntry } from './server-entry';

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
  /**
   * Preload links of the page's own fonts (Poppins latin), so they are there for its first paint: they are used only
   * then (tools/build/font-display-plugin.ts).
   */
  fontLinks: string;
  routes: Map<string, RouteAssets>;
  /** The idle modules of each route and language (see idleModulesOf), worked out on first need. */
  idle: Map<string, Partial<Record<IdleModule, string[]>>>;
  /** index.html for each route and language, without the page (see shellOf). */
  shells: Map<string, string>;
  /** The build's server-side entry, loaded on first need. */
  entry?: Promise<ServerEntry | undefined>;
}

function readJson<T>(file: string): T | undefined {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as T;
  } catch {
    return undefined;
  }
}

/**
 * The portal's page (dist/index.html) as the server sends it: the page the server's entry rendered for the request
 * written into #root, with its styles, title and language, the runtime settings (the answer of `GET /envs`) and the
 * data the browser takes the page over with as JSON data blocks, and `modulepreload` links to the chunks and texts
 * the route needs (fetched at low priority: the page paints before any script, see paintFirst). A new build
 * (index.html changed) is picked up on the next request.
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
  /** Told when the server-side entry could not be loaded. */
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

  function load(): Build | undefined {
    if (!existsSync(indexFile)) return undefined;
    const { mtimeMs } = statSync(indexFile);
    if (build && build.mtimeMs === mtimeMs) return build;
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
              // The staff's pages are routes of the code's own (src/shared/staff-routes.ts).
              flattenManifest([...routesJson.routes, ...STAFF_ROUTES]),
              stepsOf(routesJson),
              formComponents,
            )
          : new Map(),
      idle: new Map(),
      shells: new Map(),
    };
    return build;
  }

  /** The chunks a route runs on: the app's, its page's and form's, and its texts in `language`. */
  function routeKeys(manifest: ViteManifest, current: Build, assets: RouteAssets, language: string): Set<string> {
    const keys = new Set([...current.appKeys, ...assets.keys]);
    for (const ns of assets.namespaces) closure(manifest, localeKey(language, ns, localesPath), keys);
    return keys;
  }

  /**
   * What the route runs on beyond the entry: its stylesheets, linked in the head (the first paint needs them), and its
   * modules, which the entry asks for once the page has painted (a request made before would be counted, on a slow
   * connection, against the time the page takes to show).
   */
  function routeAssetsOf(current: Build, pathname: string, language: string): { styles: string; modules: string[] } {
    const assets = current.routes.get(pathname);
    const { manifest } = current;
    if (!assets || !manifest) return { styles: '', modules: [] };
    const keys = routeKeys(manifest, current, assets, language);
    const styles: string[] = [];
    const modules: string[] = [];
    for (const key of keys) {
      // The entry and its imports are named by the page already.
      if (current.entryKeys.has(key)) continue;
      modules.push(`/${manifest[key].file}`);
      for (const sheet of manifest[key].css ?? []) styles.push(`<link rel="stylesheet" crossorigin href="/${sheet}">`);
    }
    return { styles: styles.join('\n    '), modules };
  }

  /**
   * What the page fetches once it is idle, beyond what its route runs on (IDLE_MODULES_ID): for each of the shell's
   * IDLE_MODULES, its chunk and the chunks it imports, and under IDLE_TEXTS the chunks of the language's other texts
   * (every text file of the language the build holds: the browser's namespaces, see src/app/i18n.ts).
   */
  function idleModulesOf(current: Build, pathname: string, language: string): Partial<Record<IdleModule, string[]>> {
    const cacheKey = `${pathname}|${language}`;
    const cached = current.idle.get(cacheKey);
    if (cached) return cached;
    const { manifest } = current;
    const result: Partial<Record<IdleModule, string[]>> = {};
    const assets = current.routes.get(pathname);
    if (manifest && assets) {
      const loaded = new Set([...current.entryKeys, ...routeKeys(manifest, current, assets, language)]);
      const filesOf = (keys: Set<string>) =>
        [...keys].filter((key) => !loaded.has(key)).map((key) => `/${manifest[key].file}`);
      for (const [name, source] of Object.entries(IDLE_MODULES) as [keyof typeof IDLE_MODULES, string][]) {
        const key = chunkKeyOf(manifest, source);
        if (key) result[name] = filesOf(closure(manifest, key));
      }
      const texts = new Set<string>();
      const prefix = localeKey(language, '', localesPath).replace(/\.json$/, '');
      for (const key of Object.keys(manifest)) {
        if (key.startsWith(prefix) && key.endsWith('.json')) closure(manifest, key, texts);
      }
      result[IDLE_TEXTS] = filesOf(texts);
    }
    // Kept for the routes of the manifest only: any other address a visitor makes up must not grow the cache.
    if (assets) current.idle.set(cacheKey, result);
    return result;
  }

  /**
   * index.html for a route in a language, without the page: the settings, the route's stylesheets and font preloads
   * (before the scripts, see paintFirst) and the lists of modules it runs on and fetches when idle. The same for every
   * page of the route: made once per build for the manifest's routes. The page's own styles (only `<style>` elements)
   * are added after it, at the end of the head, where paintFirst would leave them.
   */
  function shellOf(current: Build, route: string, language: string): string {
    const cacheKey = `${route}|${language}`;
    const cached = current.shells.get(cacheKey);
    if (cached) return cached;
    const { styles, modules } = routeAssetsOf(current, route, language);
    const idle = idleModulesOf(current, route, language);
    const expectMain = `<link rel="expect" href="#${MAIN_CONTENT_ID}" blocking="render">`;
    const links = [expectMain, current.fontLinks, styles].filter(Boolean).join('\n    ');
    const shell = paintFirst(
      current.html
        .replace('</head>', () => `  ${settingsBlock}\n    ${links}${links ? '\n' : ''}  </head>`)
        .replace(
          '</body>',
          () =>
            `  <script type="application/json" id="${ROUTE_MODULES_ID}">${scriptSafeJson(modules)}</script>\n` +
            `  <script type="application/json" id="${IDLE_MODULES_ID}">${scriptSafeJson(idle)}</script>\n  </body>`,
        ),
    );
    // Kept for the routes of the manifest only: any other address a visitor makes up must not grow the cache.
    if (current.routes.has(route)) current.shells.set(cacheKey, shell);
    return shell;
  }

  return {
    /** Whether the portal is built (index.html exists). */
    available(): boolean {
      return load() !== undefined;
    },
    /** The build's version: pages kept from an older build must not be sent with a newer one. */
    version(): number | undefined {
      return load()?.mtimeMs;
    },
    /** The build's server-side entry, which renders the pages (undefined when the portal is not built). */
    async entry(): Promise<ServerEntry | undefined> {
      const current = load();
      if (!current) return undefined;
      current.entry ??= (options.loadEntry ?? (() => loadServerEntry(options.distDir)))().catch((error: unknown) => {
        options.onRenderError?.(error);
        return undefined;
      });
      return current.entry;
    },
    /**
     * The HTML of `page`, rendered for `pathname`: index.html with the page, its data and the route's preloads (none
     * for a path that is no route). Undefined when the portal is not built.
     */
    compose(pathname: string, page: RenderedPage): string | undefined {
      const current = load();
      if (!current) return undefined;
      const route = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
      return withPage(shellOf(current, route, page.lang), page, route);
    },
  };
}

export type PortalPages = ReturnType<typeof createPortalPages>;
