import manifest from '@schemas/routes.manifest.json';
import type { RouteName } from './contract/schema-files.generated';
import { routePathsOf, type NamedRoute } from './manifest-routes';

/** The name of a route of the manifest (generated from it by tools/schema-types-module.ts). */
export type PathName = RouteName;

/**
 * The portal's addresses that code links to, by the name of the route's page in camelCase (`PATHS.login`,
 * `PATHS.captureStart`), or of its form when it names no page: see `routeName` of manifest-routes.ts. Each address
 * is read from schemas/routes.manifest.json, so a path an editor changes there changes every link, and the names are
 * generated from it (`RouteName`), so a link to a route the manifest does not name is a type error. A page shown at
 * more than one address is linked to at its first (`applicationsList`: /my-applications). The steps of the journey
 * are linked to through the manifest's `steps` (src/shared/forms/journey.ts): an editor may rename their forms.
 *
 * For the browser's code: the server reads the manifest from SCHEMAS_DIR as it runs and does not import this module.
 */
export const PATHS = routePathsOf(manifest.routes as NamedRoute[]) as Readonly<Record<PathName, string>>;
