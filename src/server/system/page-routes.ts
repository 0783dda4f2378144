import { readRouteManifest } from '../lib/route-manifest';
import { routesWithPaths, type RouteNode } from '../../shared/manifest-routes';

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
 * Names the page an address shows by its route in the route manifest (schemas/routes.manifest.json), for the
 * metrics and the traces: `/applications/application` for that route's address, `/applications/application/:formPage`
 * for a page of its form, and undefined for an address no route has. Only patterns of the manifest are answered,
 * never the address itself, so that the metrics' labels stay as few as the routes.
 */
export function pageRouteMatcher(schemasDir: string): (pathname: string) => string | undefined {
  const manifest = readRouteManifest(schemasDir) as { routes?: PageRoute[] };
  const patterns: Pattern[] = [];
  for (const { route, fullPath } of routesWithPaths(manifest.routes ?? [])) {
    patterns.push({ route: fullPath, segments: segmentsOf(fullPath) });
    // The browser's router gives a form without child routes an address for each of its pages.
    if (route.form && !route.children?.length) {
      const own = `${fullPath.replace(/\/$/, '')}/${FORM_PAGE_PATTERN}`;
      patterns.push({ route: own, segments: segmentsOf(own) });
    }
  }
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
