import { componentsUsed } from '../../shared/forms/form-needs';
import { pageOfRoute } from '../../shared/forms/form-routes';
import type { JourneyStep } from '../../shared/forms/journey';
import { routesWithPaths } from '../../shared/manifest-routes';
import { routeNamespaces } from '../../shared/route-namespaces';

/** One entry of Vite's build manifest (dist/.vite/manifest.json). */
export interface ViteChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
  assets?: string[];
}

export type ViteManifest = Record<string, ViteChunk>;

/** The parts of a route manifest entry (schemas/routes.manifest.json) the server reads. */
export interface ManifestEntry {
  path: string;
  page?: string;
  form?: string;
  titleKey?: string;
  children?: ManifestEntry[];
}

/** A route with its absolute path, as the browser's router matches it. */
export interface FlatEntry extends ManifestEntry {
  fullPath: string;
}

/** Registry name of the page shown for a route whose screen is not built yet (src/routing/page-registry.ts). */
export const NOT_AVAILABLE_PAGE = 'not-available';

/** Every route of the manifest, depth first, with absolute paths (children's paths are relative). */
export function flattenManifest(routes: readonly ManifestEntry[]): FlatEntry[] {
  return routesWithPaths(routes).map(({ route, fullPath }) => ({ ...route, fullPath }));
}

/**
 * Page name -> source module (e.g. home -> src/features/home/home-page), read from the page registry's lazy
 * imports: the registry stays the one list of pages.
 */
export function pageModules(registrySource: string): Map<string, string> {
  const pages = new Map<string, string>();
  const entry = /['"]?([\w-]+)['"]?\s*:\s*lazyWithTimeout[^(]*\(\s*\(\)\s*=>\s*import\(\s*['"]@\/([^'"]+)['"]\s*\)/g;
  for (const match of registrySource.matchAll(entry)) pages.set(match[1], `src/${match[2]}`);
  const notAvailable =
    /\[NOT_AVAILABLE_PAGE\]\s*:\s*lazyWithTimeout[^(]*\(\s*\(\)\s*=>\s*import\(\s*['"]@\/([^'"]+)['"]/.exec(
      registrySource,
    );
  if (notAvailable) pages.set(NOT_AVAILABLE_PAGE, `src/${notAvailable[1]}`);
  return pages;
}

/** The engine's lazily loaded widgets and fields as source modules, by the names schemas use for them. */
export interface LazyComponentModules {
  /** `ui:widget` name -> source module (e.g. combobox -> src/engine/widgets/select-widget). */
  widgets: Map<string, string>;
  /** `ui:field` name -> source module. */
  fields: Map<string, string>;
  /** The select list drawn for a choice without a widget of its own. */
  choice?: string;
}

/** The text of `export const <name> ... = { ... };` in a module's source. */
function block(source: string, name: string): string {
  const start = source.indexOf(`export const ${name}`);
  if (start === -1) return '';
  const end = source.indexOf('\n};', start);
  return source.slice(start, end === -1 ? undefined : end);
}

/**
 * Reads the engine's registry (src/engine/registry.ts): its lazy widgets and fields (`lazyWidgets`, `lazyFields`,
 * each `name: lazyComponent(async () => (await import('./…')).…)`) and the names `widgets` and `fields` give them,
 * so that the registry stays the one list.
 */
export function lazyComponentModules(registrySource: string): LazyComponentModules {
  const lazy = (name: string) => {
    const found = new Map<string, string>();
    const entry =
      /([\w-]+)\s*:\s*lazyComponent\(\s*async\s*\(\)\s*=>\s*\(\s*await\s+import\(\s*['"]\.\/([^'"]+)['"]\s*\)/g;
    for (const match of block(registrySource, name).matchAll(entry)) found.set(match[1], `src/engine/${match[2]}`);
    return found;
  };
  const lazyWidgets = lazy('lazyWidgets');
  const lazyFields = lazy('lazyFields');
  const named = (name: string, from: string, modules: Map<string, string>) => {
    const found = new Map<string, string>();
    const alias = new RegExp(`['"]?([\\w-]+)['"]?\\s*:\\s*${from}\\.([\\w-]+)\\.Component`, 'g');
    for (const match of block(registrySource, name).matchAll(alias)) {
      const source = modules.get(match[2]);
      if (source) found.set(match[1], source);
    }
    return found;
  };
  return {
    widgets: named('widgets', 'lazyWidgets', lazyWidgets),
    fields: named('fields', 'lazyFields', lazyFields),
    choice: lazyWidgets.get('select'),
  };
}

/** The source modules of the lazy widgets and fields a form draws with (as the engine's `formNeeds` picks them). */
export function formComponentModules(lazy: LazyComponentModules, schema: unknown, uiSchema: unknown): string[] {
  const used = componentsUsed(schema, uiSchema);
  const modules = new Set<string | undefined>([
    ...used.widgets.map((name) => lazy.widgets.get(name)),
    ...used.fields.map((name) => lazy.fields.get(name)),
    used.hasChoice ? lazy.choice : undefined,
  ]);
  modules.delete(undefined);
  return [...modules] as string[];
}

/**
 * Keys of a chunk and its static imports, transitively (not its lazy imports), added to `seen` dependencies first:
 * each chunk comes after every chunk it imports (but for a cycle), the order in which the browser may evaluate them
 * one at a time (src/main.tsx).
 */
export function closure(manifest: ViteManifest, key: string, seen = new Set<string>()): Set<string> {
  const visiting = new Set<string>();
  const visit = (current: string) => {
    if (seen.has(current) || visiting.has(current) || !manifest[current]) return;
    visiting.add(current);
    for (const dep of manifest[current].imports ?? []) visit(dep);
    seen.add(current);
  };
  visit(key);
  return seen;
}

/** The manifest key of a source module given without extension (src/features/home/home-page). */
export function chunkKeyOf(manifest: ViteManifest, source: string): string | undefined {
  return Object.keys(manifest).find((k) => /\.[cm]?[jt]sx?$/.test(k) && k.replace(/\.[cm]?[jt]sx?$/, '') === source);
}

/** The entry chunk's key (index.html). */
export function entryKeyOf(manifest: ViteManifest): string | undefined {
  return Object.keys(manifest).find((k) => manifest[k].isEntry);
}

/** The source module of the app the entry loads (src/main.tsx imports it once it may start). */
export const APP_MODULE = 'src/app/boot';

/**
 * The chunks every route runs: the entry, the app it loads (APP_MODULE) and their static imports. `entry` holds
 * those the built index.html names itself (the entry and its imports), `app` all of them.
 */
export function appChunks(manifest: ViteManifest): { entry: Set<string>; app: Set<string> } {
  const entryKey = entryKeyOf(manifest);
  const entry = entryKey ? closure(manifest, entryKey) : new Set<string>();
  const appKey = chunkKeyOf(manifest, APP_MODULE);
  return { entry, app: appKey ? closure(manifest, appKey, new Set(entry)) : new Set(entry) };
}

export interface RouteAssets {
  /** Chunk keys the route's page needs before it shows: its page chunk and, for a form route, the form's chunk and its lazy widgets' chunks. */
  keys: Set<string>;
  /** Text namespaces the route needs before it shows. */
  namespaces: string[];
}

/** What each route loads before it shows, beyond the entry: page chunk, form chunk, their imports, its texts. */
export function routeAssets(
  manifest: ViteManifest,
  pages: Map<string, string>,
  routes: readonly FlatEntry[],
  steps: readonly Pick<JourneyStep, 'form'>[] = [],
  /** The source modules of the lazy widgets and fields a form draws with. */
  formComponents: (formId: string) => string[] = () => [],
): Map<string, RouteAssets> {
  const result = new Map<string, RouteAssets>();
  for (const route of routes) {
    // The page the browser's router picks: the route's own, or the generic page of its form.
    const source = pages.get(pageOfRoute(route, steps) ?? NOT_AVAILABLE_PAGE) ?? pages.get(NOT_AVAILABLE_PAGE);
    const keys = new Set<string>();
    const pageKey = source ? chunkKeyOf(manifest, source) : undefined;
    if (pageKey) closure(manifest, pageKey, keys);
    // A form route also loads its form's chunk: schema, UI schema and precompiled validators.
    if (route.form) {
      closure(manifest, `virtual:eta-forms/${route.form}`, keys);
      // And the heavy widgets it draws with, which the engine would otherwise ask for only once the form arrived.
      for (const source of formComponents(route.form)) {
        const key = chunkKeyOf(manifest, source);
        if (key) closure(manifest, key, keys);
      }
    }
    result.set(route.fullPath, { keys, namespaces: routeNamespaces(route) });
  }
  return result;
}

/**
 * The chunk key of a namespace's texts in a language (the browser imports them lazily). Vite names it by its path
 * from the repository: `locales/…` by default, another path when the portal was built from LOCALES_DIR.
 */
export function localeKey(language: string, namespace: string, localesPath = 'locales'): string {
  return `${localesPath}/${language}/${namespace}.json`;
}
