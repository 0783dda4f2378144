import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { stepsOf } from '../../src/shared/forms/journey';
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
  routeAssets,
  type ViteManifest,
} from '../../src/server/static/route-assets';

export interface RouteBundle {
  route: string;
  page: string;
  form?: string;
  /** JavaScript the route runs before its first paint: entry, page, form and the route's texts (English). */
  jsGzip: number;
  jsBrotli: number;
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

/** Sizes (gzip and brotli, as the server sends them) of what each route loads before it shows. */
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
  const flat = flattenManifest(routesJson.routes);
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
      jsGzip: sum(js, 'gzip'),
      jsBrotli: sum(js, 'brotli'),
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
