import { join } from 'node:path';
import { routePathsOf, type NamedRoute } from '../../shared/manifest-routes';
import { readRouteManifest, ROUTE_MANIFEST_FILE } from './route-manifest';

/**
 * The portal pages the server links to (e-mails, payment return pages, the seal check address), by the name the
 * portal's code links to them by (`routeName` of src/shared/manifest-routes.ts: the route's page in camelCase).
 */
export const SERVER_LINKED_PAGES = [
  'login',
  'verifyEmail',
  'resetPassword',
  'forgotPassword',
  'applicationsList',
  'paymentOverview',
  'paymentComplete',
  'viewEta',
  'viewVisa',
  'viewNotice',
  'verifySeal',
] as const;

export type LinkedPage = (typeof SERVER_LINKED_PAGES)[number];

/** The address (path, without the portal's origin) of each page the server links to. */
export type PagePaths = Readonly<Record<LinkedPage, string>>;

const cache = new Map<string, PagePaths>();

/**
 * The addresses of the pages the server links to, read from the route manifest of a schemas folder (the server's
 * SCHEMAS_DIR) once per folder. Throws when the manifest names no route for one of them, so that a server whose
 * manifest lost a page it links to does not start.
 */
export function loadPagePaths(schemasDir: string): PagePaths {
  let found = cache.get(schemasDir);
  if (!found) {
    const manifest = readRouteManifest(schemasDir) as { routes?: NamedRoute[] };
    found = pagePathsOf(manifest.routes ?? [], join(schemasDir, ROUTE_MANIFEST_FILE));
    cache.set(schemasDir, found);
  }
  return found;
}

/** The linked pages' addresses among a manifest's routes; `source` names the manifest in the error. */
export function pagePathsOf(routes: readonly NamedRoute[], source = 'the route manifest'): PagePaths {
  const all = routePathsOf(routes);
  const missing = SERVER_LINKED_PAGES.filter((name) => !Object.hasOwn(all, name));
  if (missing.length > 0) {
    throw new Error(
      `${source} has no route for the page(s) ${missing.join(', ')}, which the server links to ` +
        '(a route\'s name is its "page" in camelCase)',
    );
  }
  return Object.fromEntries(SERVER_LINKED_PAGES.map((name) => [name, all[name]])) as Record<LinkedPage, string>;
}
