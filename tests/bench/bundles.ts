import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { stepsOf } from '../../src/shared/forms/journey';
import { beforeFirstPaint, paintedWithoutScripts } from './first-paint';
import { checkFirstPaints, type WalkPortal } from './first-paint-walk';
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
    routes: ManifestEntry[];
  };
  const flat: FlatEntry[] = flattenManifest(routesJson.routes);
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
 * The bundle section of `npm run bench`: per route, the JavaScript before its first paint (none for a route whose
 * every view was seen painted in Chromium without JavaScript on `portal`, first-paint.ts) and to interactive, gzip and
 * brotli. Before first paint is judged on every route; to interactive is reported for the heaviest form route.
 */
export async function bundleSection(
  root: string,
  portal: WalkPortal,
  chromePath: string,
  budget: { beforeFirstPaintEveryRoute: number },
  report: (figure: string, value: string, budgetText: string, met: boolean | undefined) => void,
): Promise<void> {
  const bundles = routeBundles(root);
  const checks = await checkFirstPaints(portal, chromePath);
  const painted = paintedWithoutScripts(checks);
  console.log(
    'Every route, opened as the accessibility walk opens it, in Chromium with JavaScript disabled (a visible h1 and ' +
      'content in <main>, no spinner):',
  );
  for (const c of checks) {
    const missing = c.missing.map((m) => `${m.language} (main: ${m.found})`).join(', ');
    console.log(`  ${c.view}: shown in ${c.shown.join(' ') || 'no language'}${missing ? `; NOT in ${missing}` : ''}`);
  }
  console.log(
    `\nentry (every route): JS ${kb(bundles.entryJs)} / ${kb(bundles.entryJsBrotli)}, CSS ${kb(bundles.entryCss)}\n` +
      `${'route'.padEnd(38)} ${'page (form)'.padEnd(40)} ${'first paint gz / br'.padStart(21)} ${'interactive gz / br'.padStart(21)}`,
  );
  // Routes a setting turns on (off in production) are not opened, so they are not judged either.
  const walked = new Set(checks.map((c) => c.route));
  const rows = bundles.routes
    .filter((r) => walked.has(r.route))
    .map((r) => ({ ...r, firstPaint: beforeFirstPaint(r.route, r.interactive, painted) }));
  const pair = (s: { gzip: number; brotli: number }) => `${kb(s.gzip)} / ${kb(s.brotli)}`.padStart(21);
  for (const r of rows) {
    const page = r.form ? `${r.page} (${r.form})` : r.page;
    console.log(`${r.route.padEnd(38)} ${page.padEnd(40)} ${pair(r.firstPaint)} ${pair(r.interactive)}`);
  }
  const heaviest = [...rows].sort((a, b) => b.firstPaint.gzip - a.firstPaint.gzip)[0];
  const notPainted = rows.filter((r) => !painted.has(r.route)).map((r) => r.route);
  report(
    `JS before first paint, every route (${rows.length}; heaviest ${heaviest.route})`,
    `${kb(heaviest.firstPaint.gzip)}${notPainted.length ? ` (needed by ${notPainted.join(', ')})` : ''}`,
    `<= ${budget.beforeFirstPaintEveryRoute} kB`,
    heaviest.firstPaint.gzip / 1024 <= budget.beforeFirstPaintEveryRoute,
  );
  const heaviestForm = rows.filter((r) => r.form).sort((a, b) => b.interactive.gzip - a.interactive.gzip)[0];
  if (heaviestForm)
    report(
      `JS to interactive, heaviest form route ${heaviestForm.route} (gzip)`,
      `${kb(heaviestForm.interactive.gzip)} (brotli ${kb(heaviestForm.interactive.brotli)})`,
      'reported',
      undefined,
    );
}
