import type { FastifyInstance } from 'fastify';
import { isPageRoute } from '../pages/page-route-registry';

interface KnownPath {
  pattern: RegExp;
  /** Positions of the path's parameters among its segments. */
  parameters: number[];
  methods: Set<string>;
}

/** What the registered routes say of a path the router did not answer. */
export interface PathMethods {
  /** Methods registered for the path, sorted ([] for an unknown path). */
  allowed: string[];
  /** True when the path names a route of the request's method but a parameter is longer than the router accepts. */
  parameterTooLong: boolean;
}

function knownPath(url: string): KnownPath {
  const segments = url.split('/');
  const source = segments
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  const parameters = segments.flatMap((segment, index) => (segment.startsWith(':') ? [index] : []));
  return { pattern: new RegExp(`^${source}$`), parameters, methods: new Set<string>() };
}

/**
 * Lists the methods of every route as it is registered, so that a request for a known path with another method is
 * answered 405 with `Allow` rather than 404, and one whose parameter is longer than the router's limit 414 even
 * where the portal's catch-all took it. Catch-all routes (the portal's files) and the portal's pages are left out:
 * an unknown path, or a method a page does not take, stays 404. Call before the routes are registered.
 */
export function trackRouteMethods(app: FastifyInstance): (method: string, pathname: string) => PathMethods {
  const known = new Map<string, KnownPath>();
  const maxParamLength = app.initialConfig.maxParamLength ?? 100;
  app.addHook('onRoute', (route) => {
    if (route.url.includes('*') || isPageRoute(route)) return;
    const entry = known.get(route.url) ?? knownPath(route.url);
    for (const method of [route.method].flat()) entry.methods.add(method);
    known.set(route.url, entry);
  });
  return (method, pathname) => {
    const allowed = new Set<string>();
    let parameterTooLong = false;
    const segments = pathname.split('/');
    for (const entry of known.values()) {
      if (!entry.pattern.test(pathname)) continue;
      entry.methods.forEach((m) => allowed.add(m));
      if (entry.methods.has(method) && entry.parameters.some((index) => segments[index].length > maxParamLength))
        parameterTooLong = true;
    }
    return { allowed: [...allowed].sort(), parameterTooLong };
  };
}
