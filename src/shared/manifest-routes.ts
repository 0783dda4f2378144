/**
 * The addresses of the routes of the route manifest (schemas/routes.manifest.json), worked out in this one place for
 * the browser's router, the server, the portal's links (route-paths.ts) and the tests. A top-level route's `path` is
 * its address; a child's `path` is relative to its parent's address.
 */

/** The parts of a manifest route its address is made of. */
export interface RouteNode<R> {
  path: string;
  children?: readonly R[];
}

/** A route of the manifest with its address, and its parent's (none for a top-level route). */
export interface RouteAt<R> {
  fullPath: string;
  route: R;
  parent?: RouteAt<R>;
}

/** The address of a route whose `path` is `path`, below a parent at `parentPath` ('' for a top-level route). */
export function routeFullPath(path: string, parentPath = ''): string {
  return path.startsWith('/') ? path : `${parentPath.replace(/\/$/, '')}/${path}`;
}

/** Every route of a manifest's `routes` with its address, depth first (a parent before its children). */
export function routesWithPaths<R extends RouteNode<R>>(routes: readonly R[], parent?: RouteAt<R>): RouteAt<R>[] {
  return routes.flatMap((route) => {
    const at: RouteAt<R> = { fullPath: routeFullPath(route.path, parent?.fullPath), route, parent };
    return [at, ...routesWithPaths(route.children ?? [], at)];
  });
}

/** The parts of a manifest route its name is made of. */
export interface NamedRoute extends RouteNode<NamedRoute> {
  page?: string;
  form?: string;
}

/**
 * The name code links to a route by (PATHS of route-paths.ts): its page registry name in camelCase
 * (`capture-start` → `captureStart`), or its form's when it names no page (`contact-form` → `contactForm`).
 */
export function routeName(route: Pick<NamedRoute, 'page' | 'form'>): string | undefined {
  const name = route.page ?? route.form;
  return name?.replace(/-([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());
}

/**
 * Every named route's address by its name (`routeName`), in manifest order. A page shown at more than one address
 * is named by its first route: the others are the same page at another address.
 */
export function routePathsOf(routes: readonly NamedRoute[]): Record<string, string> {
  const paths: Record<string, string> = {};
  for (const { route, fullPath } of routesWithPaths(routes)) {
    const name = routeName(route);
    if (name !== undefined && !Object.hasOwn(paths, name)) paths[name] = fullPath;
  }
  return paths;
}

/** The parts of a manifest route that say which addresses it answers. */
export interface AddressedRoute extends RouteNode<AddressedRoute> {
  form?: string;
}

const segmentPattern = (segment: string) =>
  segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Whether `pathname` is the address of a route of the manifest (a parameter matching any one segment); a form's route
 * answers one more segment, the address of each of its pages. The not-found route (`*`) answers no address.
 */
export function isRouteAddress(routes: readonly AddressedRoute[], pathname: string): boolean {
  return routesWithPaths(routes).some(({ route, fullPath }) => {
    if (fullPath.includes('*')) return false;
    const pattern = fullPath.split('/').filter(Boolean).map(segmentPattern).join('/');
    const pageOfForm = route.form && !route.children?.length ? '(/[^/]+)?' : '';
    return new RegExp(`^/${pattern}${pageOfForm}/?$`).test(pathname);
  });
}
