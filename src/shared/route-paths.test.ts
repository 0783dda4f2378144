import { describe, expect, it } from 'vitest';
import manifest from '../../schemas/routes.manifest.json';
import { PATHS } from './route-paths';

interface ManifestRoute {
  path: string;
  children?: ManifestRoute[];
}

/** Every address of the route manifest, children joined to their parents. */
function manifestPaths(routes: ManifestRoute[], parent = ''): string[] {
  return routes.flatMap((route) => {
    const path = route.path.startsWith('/') ? route.path : `${parent.replace(/\/$/, '')}/${route.path}`;
    return [path, ...manifestPaths(route.children ?? [], path)];
  });
}

describe('route paths', () => {
  const known = new Set(manifestPaths(manifest.routes as ManifestRoute[]));

  it.each(Object.entries(PATHS))('%s (%s) is a route of the manifest', (_name, path) => {
    expect(known.has(path)).toBe(true);
  });
});
