import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { routeFullPath } from '../../src/shared/manifest-routes';
import { listFormIds } from '../../src/server/validation/precompile';
import { isObject, readJson, registeredNames } from './catalogue-files';
import { DEFAULT_DIRS } from './dirs';
import type { CatalogueDirs, Finding } from './finding';
import { didYouMean } from './suggest';

// What the manifest names exists: its forms, its pages and the routes of its steps (its shape is checked by
// manifest-checks.ts).

/** Manifest forms exist; pages are registered (pages not built yet are reported as warnings). */
export function checkManifest(dirs: CatalogueDirs = DEFAULT_DIRS): Finding[] {
  const findings: Finding[] = [];
  if (!existsSync(dirs.manifest)) return findings;
  const file = 'schemas/routes.manifest.json';
  const registry = existsSync(dirs.pageRegistry) ? readFileSync(dirs.pageRegistry, 'utf8') : undefined;
  const pages = registry ? new Set(registeredNames(registry, 'pageRegistry')) : undefined;
  const constants = registry
    ? Object.fromEntries([...registry.matchAll(/export const ([A-Z_]+) = '([^']+)'/g)].map((m) => [m[1], m[2]]))
    : {};
  const pageNames = pages ? new Set([...pages].map((p) => constants[p] ?? p)) : undefined;
  const walk = (routes: unknown, prefix: string) => {
    if (!Array.isArray(routes)) return;
    for (const r of routes) {
      if (!isObject(r)) continue;
      const full = routeFullPath(String(r.path ?? ''), prefix);
      if (typeof r.form === 'string' && !existsSync(join(dirs.schemas, `${r.form}.schema.json`))) {
        findings.push({
          file,
          message: `route ${full} names the form "${r.form}" but schemas/${r.form}.schema.json does not exist: add the form or correct the name`,
        });
      }
      if (typeof r.page === 'string' && pageNames && !pageNames.has(r.page)) {
        findings.push({
          file,
          warning: true,
          message: `route ${full} names the page "${r.page}", which is not in src/routing/page-registry.ts yet: it shows the "not available yet" page until it is registered`,
        });
      }
      walk(r.children, full);
    }
  };
  const manifestJson = readJson(dirs.manifest) as { routes?: unknown; steps?: unknown };
  walk(manifestJson.routes, '');
  // Each step of the step flow is served by a route of the manifest.
  const paths = new Set<string>();
  const collect = (routes: unknown, prefix: string) => {
    if (!Array.isArray(routes)) return;
    for (const r of routes) {
      if (!isObject(r)) continue;
      const full = routeFullPath(String(r.path ?? ''), prefix);
      paths.add(full);
      collect(r.children, full);
    }
  };
  collect(manifestJson.routes, '');
  if (Array.isArray(manifestJson.steps)) {
    for (const s of manifestJson.steps) {
      if (isObject(s) && typeof s.path === 'string' && !paths.has(s.path)) {
        findings.push({
          file,
          message: `step ${String(s.step)} names the path ${s.path}, which is no route of the manifest: add the route or correct the path`,
        });
      }
      if (isObject(s) && typeof s.form === 'string' && !listFormIds(dirs.schemas).includes(s.form)) {
        findings.push({
          file,
          message: `step ${String(s.step)} names the form "${s.form}", which does not exist${didYouMean(s.form, listFormIds(dirs.schemas))}: correct the name, or add schemas/${s.form}.schema.json`,
        });
      }
    }
  }
  return findings;
}
