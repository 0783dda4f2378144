import manifestJson from '@schemas/routes.manifest.json';
import { routesWithPaths, type RouteAt } from '@/shared/manifest-routes';
import { STAFF_ROUTES } from '@/shared/staff-routes';

export type Guard = 'public' | 'auth' | 'guest';
export type RouterContextRequirement = 'email';

/** One search parameter a route reads. */
export interface QueryParamSpec {
  required: boolean;
  /** Allowed values; any value when absent. */
  enum?: readonly string[];
}

/** One entry of schemas/routes.manifest.json (validated by schemas/meta/routes-manifest.schema.json). */
export interface ManifestRoute {
  path: string;
  /** Required on top-level routes; children inherit their parent's guard unless they name one. */
  guard?: Guard;
  page?: string;
  form?: string;
  hideHeaderFooter?: boolean;
  showCloseApplication?: boolean;
  /** Rendered ahead of time in every language and sent ready to paint to visitors without a session. */
  prerender?: boolean;
  titleKey: string;
  query?: Readonly<Record<string, QueryParamSpec>>;
  requiresContext?: RouterContextRequirement;
  enabledBySetting?: string;
  children?: readonly ManifestRoute[];
}

/** One step of the application's step flow (manifest `steps`), in the API's order. */
export interface ManifestStep {
  /** The step's name in the API (an applicant's `step`). */
  step: string;
  /** Absolute path of the route that serves the step. */
  path: string;
  /** i18n key of the step's name. */
  labelKey: string;
}

export interface RouteManifest {
  routes: readonly ManifestRoute[];
  steps?: readonly ManifestStep[];
}

/** Route handle, read by the layout through `useMatches()`. */
export interface RouteHandle {
  hideHeaderFooter?: boolean;
  titleKey?: string;
  showCloseApplication?: boolean;
  /** The form the route shows. */
  form?: string;
}

/** The route manifest as shipped. The JSON is checked against its schema by the manifest unit test. */
export const manifest: RouteManifest = manifestJson as RouteManifest;

/** The portal's routes: the manifest's, then the staff's pages (code, not configuration: src/shared/staff-routes.ts). */
export const portalRoutes: readonly ManifestRoute[] = [...manifest.routes, ...STAFF_ROUTES];

/** A manifest route with its absolute path and the guard it inherits. */
export interface FlatRoute {
  fullPath: string;
  guard: Guard;
  route: ManifestRoute;
}

/** The guard a route runs: its own, else the one it inherits from its parents ('public' when none names one). */
function guardOf(at: RouteAt<ManifestRoute>): Guard {
  return at.route.guard ?? (at.parent ? guardOf(at.parent) : 'public');
}

/** Every route of the manifest, depth first, with absolute paths and effective guards. */
export function flattenRoutes(routes: readonly ManifestRoute[] = portalRoutes): FlatRoute[] {
  return routesWithPaths(routes).map((at) => ({ fullPath: at.fullPath, guard: guardOf(at), route: at.route }));
}

/** The route handle of a manifest route. */
export function handleOf(route: ManifestRoute): RouteHandle {
  const handle: RouteHandle = { titleKey: route.titleKey };
  if (route.form) handle.form = route.form;
  if (route.hideHeaderFooter) handle.hideHeaderFooter = true;
  if (route.showCloseApplication) handle.showCloseApplication = true;
  return handle;
}
