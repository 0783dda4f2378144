import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { stepsOf } from '../../src/shared/forms/journey';
import { beforeFirstPaint, checkRenderedAhead, renderedAheadRoutes } from './first-paint';
import {
  appChunks,
  closure,
  entryKeyOf,
  type FlatEntry,
  flattenManifest,
  formComponentModules,
  lazyComponentModules,
  localeKey,
  type ManifestEntry,
  pageModules,
  routeAssets,
  type ViteManifest,
} from '../../src/server/static/route-assets';

export interface RouteBundle {
  route: string;
  page: string;
  form?: string;
  /** The route manifest's `titleKey` (its page's heading). */
  titleKey?: string;
  /** Whether the route manifest flags the page to be rendered ahead (see first-paint.ts). */
  prerender: boolean;
  /** JavaScript the route loads to run (or hydrate): entry, page, form and the route's texts (English). */
  interactive: { gzip: number; brotli: number };
  cssGzip: number;
}

const sizes = new Map<string, { gzip: number; brotli: number }>();

function compressedSize(dist: string, file: string): { gzip: number; brotli: number } {
  let size = sizes.get(file);
  if (size === undefined) {
    const content = readFileSync(join(dist, file));
    size = {
      gzip: gzipSync(content, { level: 9 }).length,
      brotli: brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
    };
    sizes.set(file, size);
  }
  return size;
}

/** Sizes (gzip and brotli, as the server sends them) of what each route loads to run. */
export function routeBundles(root: string): {
  entryJs: number;
  entryJsBrotli: number;
  entryCss: number;
  routes: RouteBundle[];
} {
  const dist = join(root, 'dist');
  const manifestPath = join(dist, '.vite', 'manifest.json');
  if (!existsSync(manifestPath)) throw new Error('dist/.vite/manifest.json is missing: run `npm run build` first.');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as ViteManifest;
  if (!entryKeyOf(manifest)) throw new Error('The Vite manifest names no entry chunk.');
  const entryKeys = appChunks(manifest).app;
  const files = (keys: Iterable<string>) => {
    const js = new Set<string>();
    const css = new Set<string>();
    for (const key of keys) {
      js.add(manifest[key].file);
      for (const sheet of manifest[key].css ?? []) css.add(sheet);
    }
    return { js, css };
  };
  const sum = (set: Set<string>, kind: 'gzip' | 'brotli') =>
    [...set].reduce((n, f) => n + compressedSize(dist, f)[kind], 0);

  const routesJson = JSON.parse(readFileSync(join(root, 'schemas/routes.manifest.json'), 'utf8')) as {
    routes: (ManifestEntry & { prerender?: boolean })[];
  };
  const flat: (FlatEntry & { prerender?: boolean })[] = flattenManifest(routesJson.routes);
  const lazy = lazyComponentModules(readFileSync(join(root, 'src/engine/registry.ts'), 'utf8'));
  const assets = routeAssets(
    manifest,
    pageModules(readFileSync(join(root, 'src/routing/page-registry.ts'), 'utf8')),
    flat,
    stepsOf(routesJson),
    (formId) =>
      formComponentModules(
        lazy,
        JSON.parse(readFileSync(join(root, `schemas/${formId}.schema.json`), 'utf8')),
        existsSync(join(root, `schemas/${formId}.ui.json`))
          ? JSON.parse(readFileSync(join(root, `schemas/${formId}.ui.json`), 'utf8'))
          : {},
      ),
  );
  const routes = flat.map((route) => {
    const own = assets.get(route.fullPath);
    const keys = new Set([...entryKeys, ...(own?.keys ?? [])]);
    for (const ns of own?.namespaces ?? []) closure(manifest, localeKey('en', ns), keys);
    const { js, css } = files(keys);
    return {
      route: route.fullPath,
      page: route.page ?? 'not-available',
      form: route.form,
      titleKey: route.titleKey,
      prerender: route.prerender === true,
      interactive: { gzip: sum(js, 'gzip'), brotli: sum(js, 'brotli') },
      cssGzip: sum(css, 'gzip'),
    };
  });
  const entry = files(entryKeys);
  return {
    entryJs: sum(entry.js, 'gzip'),
    entryJsBrotli: sum(entry.js, 'brotli'),
    entryCss: sum(entry.css, 'gzip'),
    routes,
  };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

/**
 * The bundle section of `npm run bench`: per route, the JavaScript before its first paint (none for a page seen
 * rendered ahead in Chromium without JavaScript on the running portal at `base`) and to interactive, gzip and
 * brotli. The budgets are judged on the first.
 */
export async function bundleSection(
  root: string,
  base: string,
  chromePath: string,
  budget: { home: number; heaviestFormRoute: number },
  report: (figure: string, value: string, budgetText: string, met: boolean) => void,
): Promise<void> {
  const bundles = routeBundles(root);
  const flagged = bundles.routes.filter((r) => r.prerender && r.titleKey);
  const checks = await checkRenderedAhead(
    base,
    chromePath,
    flagged.map((r) => ({ path: r.route, titleKey: r.titleKey as string })),
  );
  const ahead = renderedAheadRoutes(checks);
  console.log('Pages flagged `prerender`, opened in Chromium with JavaScript disabled (h1 and content in <main>):');
  for (const c of checks) {
    const missing = c.missing.map((m) => `${m.language} (main: ${m.found})`).join(', ');
    console.log(`  ${c.path}: shown in ${c.shown.join(' ') || 'no language'}${missing ? `; NOT in ${missing}` : ''}`);
  }
  console.log(
    `\nentry (every route): JS ${kb(bundles.entryJs)} / ${kb(bundles.entryJsBrotli)}, CSS ${kb(bundles.entryCss)}\n` +
      `${'route'.padEnd(38)} ${'page (form)'.padEnd(40)} ${'first paint gz / br'.padStart(21)} ${'interactive gz / br'.padStart(21)}`,
  );
  const rows = bundles.routes.map((r) => ({ ...r, firstPaint: beforeFirstPaint(r.route, r.interactive, ahead) }));
  const pair = (s: { gzip: number; brotli: number }) => `${kb(s.gzip)} / ${kb(s.brotli)}`.padStart(21);
  for (const r of rows) {
    const page = r.form ? `${r.page} (${r.form})` : r.page;
    console.log(`${r.route.padEnd(38)} ${page.padEnd(40)} ${pair(r.firstPaint)} ${pair(r.interactive)}`);
  }
  const judge = (label: string, r: (typeof rows)[number], maxKb: number) =>
    report(
      `JS before first paint, ${label} (gzip${ahead.has(r.route) ? ', rendered ahead' : ''})`,
      `${kb(r.firstPaint.gzip)} (brotli ${kb(r.firstPaint.brotli)}; to interactive ${kb(r.interactive.gzip)})`,
      `<= ${maxKb} kB`,
      r.firstPaint.gzip / 1024 <= maxKb,
    );
  const home = rows.find((r) => r.route === '/');
  if (home) judge('/', home, budget.home);
  const heaviestForm = rows.filter((r) => r.form).sort((a, b) => b.firstPaint.gzip - a.firstPaint.gzip)[0];
  if (heaviestForm) judge(`${heaviestForm.route}, heaviest form route`, heaviestForm, budget.heaviestFormRoute);
}
