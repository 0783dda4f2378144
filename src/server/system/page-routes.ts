import { readRouteManifest } from '../lib/route-manifest';
import { routesWithPaths, type RouteNode } from '../../shared/manifest-routes';
import { STAFF_ROUTES } from '../../shared/staff-routes';

/**
 * The parameter a form's own pages have below their route's address (`/applications/application/personal-details`),
 * as the browser's router names it (FORM_PAGE_PARAM of src/engine/form-address.ts).
 */
const FORM_PAGE_PATTERN = ':formPage';

interface PageRoute extends RouteNode<PageRoute> {
  form?: string;
}

interface Pattern {
  route: string;
  segments: string[];
}

const segmentsOf = (path: string) => path.split('/').filter((segment) => segment !== '');

/** A segment of an address as the router reads it: decoded (as written when it cannot be). */
function decodedSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * The route patterns of every page of the route manifest (schemas/routes.manifest.json) and of the staff's pages
 * (src/shared/staff-routes.ts), as fastify and the browser's
 * router write them: each route's address, and `/applications/application/:formPage` for the pages of a form
 * without child routes (the browser's router gives each of its pages an address). The server serves each by a route
 * of its own (src/server/pages/page-route-registry.ts), so that its metrics and traces name it.
 */
export function pageRoutePatterns(schemasDir: string): string[] {
  const manifest = readRouteManifest(schemasDir) as { routes?: PageRoute[] };
  const patterns: string[] = [];
  for (const { route, fullPath } of routesWithPaths<PageRoute>([...(manifest.routes ?? []), ...STAFF_ROUTES])) {
    patterns.push(fullPath);
    if (route.form && !route.children?.length) patterns.push(`${fullPath.replace(/\/$/, '')}/${FORM_PAGE_PATTERN}`);
  }
  return [...new Set(patterns)];
}

/**
 * Names the page an address shows by its route pattern (pageRoutePatterns), for the metrics and the traces of an
 * address the router of the server leaves to its not-found handler although the browser's router takes it: another
 * letter case (`/FAQ`), a trailing slash, a parameter longer than the server's router takes. Undefined for an
 * address no route has. Only patterns of the manifest are answered, never the address itself, so that the metrics'
 * labels stay as few as the routes.
 */
export function pageRouteMatcher(schemasDir: string): (pathname: string) => string | undefined {
  const patterns: Pattern[] = pageRoutePatterns(schemasDir).map((route) => ({ route, segments: segmentsOf(route) }));
  // An address a route names in full is that route's, before any pattern with a parameter takes it.
  const parameters = (pattern: Pattern) => pattern.segments.filter((segment) => segment.startsWith(':')).length;
  patterns.sort((a, b) => parameters(a) - parameters(b));
  return (pathname) => {
    const asked = segmentsOf(pathname).map(decodedSegment);
    // As the browser's router matches: letter case aside, a parameter takes any one segment.
    const found = patterns.find(
      ({ segments }) =>
        segments.length === asked.length &&
        segments.every((segment, i) => segment.startsWith(':') || segment.toLowerCase() === asked[i].toLowerCase()),
    );
    return found?.route;
  };
}
