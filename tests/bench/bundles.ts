import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

type ViteManifest = Record<string, ManifestChunk>;

export interface RouteBundle {
  route: string;
  page: string;
  form?: string;
  jsGzip: number;
  cssGzip: number;
}

const gzipSizes = new Map<string, number>();

function gzipSize(dist: string, file: string): number {
  let size = gzipSizes.get(file);
  if (size === undefined) {
    size = gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
    gzipSizes.set(file, size);
  }
  return size;
}

/** Files a chunk needs before it runs: itself and its static imports, transitively (not its lazy imports). */
function closure(manifest: ViteManifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key) || !manifest[key]) return seen;
  seen.add(key);
  for (const dep of manifest[key].imports ?? []) closure(manifest, dep, seen);
  return seen;
}

function filesOf(manifest: ViteManifest, keys: Iterable<string>): { js: Set<string>; css: Set<string> } {
  const js = new Set<string>();
  const css = new Set<string>();
  for (const key of keys) {
    js.add(manifest[key].file);
    for (const sheet of manifest[key].css ?? []) css.add(sheet);
  }
  return { js, css };
}

/** Page name -> source module, read from the page registry's lazy imports. */
function pageModules(root: string): Map<string, string> {
  const registry = readFileSync(join(root, 'src/routing/page-registry.ts'), 'utf8');
  const pages = new Map<string, string>();
  const entry = /['"]?([\w-]+)['"]?\s*:\s*lazyWithTimeout[^(]*\(\s*\(\)\s*=>\s*import\(\s*['"]@\/([^'"]+)['"]\s*\)/g;
  for (const match of registry.matchAll(entry)) pages.set(match[1], `src/${match[2]}`);
  const notAvailable = /\[NOT_AVAILABLE_PAGE\]\s*:\s*lazyWithTimeout[^(]*\(\s*\(\)\s*=>\s*import\(\s*['"]@\/([^'"]+)['"]/.exec(registry);
  if (notAvailable) pages.set('not-available', `src/${notAvailable[1]}`);
  return pages;
}

interface Route { path: string; page?: string; form?: string; children?: Route[] }

function flatten(routes: Route[], prefix = ''): Route[] {
  return routes.flatMap((r) => {
    const path = prefix ? `${prefix}/${r.path}` : r.path;
    return [{ ...r, path }, ...flatten(r.children ?? [], path)];
  });
}

/** gzip size of the JavaScript and CSS each route loads: the entry's closure plus its page chunk's closure. */
export function routeBundles(root: string): { entryJs: number; entryCss: number; routes: RouteBundle[] } {
  const dist = join(root, 'dist');
  const manifestPath = join(dist, '.vite', 'manifest.json');
  if (!existsSync(manifestPath)) throw new Error('dist/.vite/manifest.json is missing: run `npm run build` first.');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as ViteManifest;
  const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
  if (!entryKey) throw new Error('The Vite manifest names no entry chunk.');
  const entry = filesOf(manifest, closure(manifest, entryKey));
  const sum = (files: Set<string>) => [...files].reduce((n, f) => n + gzipSize(dist, f), 0);

  const modules = pageModules(root);
  const manifestRoutes = flatten(
    (JSON.parse(readFileSync(join(root, 'schemas/routes.manifest.json'), 'utf8')) as { routes: Route[] }).routes,
  );
  const routes: RouteBundle[] = manifestRoutes.map((route) => {
    const page = route.page ?? 'not-available';
    const source = modules.get(page);
    const key = source && Object.keys(manifest).find((k) => /\.[cm]?[jt]sx?$/.test(k) && k.replace(/\.[cm]?[jt]sx?$/, '') === source);
    // A form route also loads its form's chunk: schema, UI schema and precompiled validators.
    const formKey = route.form ? `virtual:eta-forms/${route.form}` : undefined;
    const keys = new Set<string>();
    if (key) closure(manifest, key, keys);
    if (formKey && manifest[formKey]) closure(manifest, formKey, keys);
    const own = filesOf(manifest, keys);
    const js = new Set([...entry.js, ...own.js]);
    const css = new Set([...entry.css, ...own.css]);
    return { route: route.path, page, form: route.form, jsGzip: sum(js), cssGzip: sum(css) };
  });
  return { entryJs: sum(entry.js), entryCss: sum(entry.css), routes };
}
