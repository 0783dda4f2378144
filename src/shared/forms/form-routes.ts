import { routesWithPaths } from '../manifest-routes';
import { stepsOf, type JourneyStep } from './journey';

/**
 * What serves a route of the route manifest (schemas/routes.manifest.json), decided in one place for the browser's
 * router and the API: a route that names a `page` is served by that page; a route that names only a `form` is
 * served by a generic page, the step-form page when a step of the journey names that form, else the public-form
 * page, whose answers the API accepts as submissions.
 */

/** Page registry name of the generic page of a form step of the journey. */
export const STEP_FORM_PAGE = 'step-form';

/** Page registry name of the generic page of a public form (a form that is not part of an application). */
export const PUBLIC_FORM_PAGE = 'public-form';

/** The parts of a manifest route that decide what serves it. */
export interface FormRoute {
  path: string;
  page?: string;
  form?: string;
  titleKey?: string;
  children?: readonly FormRoute[];
}

/** The page registry name that serves a route: its own page, or the generic page of its form. */
export function pageOfRoute(route: FormRoute, steps: readonly Pick<JourneyStep, 'form'>[]): string | undefined {
  if (route.page) return route.page;
  if (!route.form) return undefined;
  return steps.some((s) => s.form === route.form) ? STEP_FORM_PAGE : PUBLIC_FORM_PAGE;
}

/** A public form of the manifest, with the route that shows it. */
export interface PublicForm {
  formId: string;
  /** The route's absolute path. */
  path: string;
  /** i18n key of the route's title (the page heading and the e-mail's subject). */
  titleKey?: string;
}

/** Every public form of a route manifest, in manifest order: the forms whose answers the API takes as submissions. */
export function publicFormsOf(manifest: unknown): PublicForm[] {
  const routes = manifest && typeof manifest === 'object' ? (manifest as { routes?: unknown }).routes : undefined;
  const steps = stepsOf(manifest);
  const found: PublicForm[] = [];
  for (const { route, fullPath } of Array.isArray(routes) ? routesWithPaths(routes as FormRoute[]) : []) {
    if (route.form && pageOfRoute(route, steps) === PUBLIC_FORM_PAGE && !found.some((f) => f.formId === route.form))
      found.push({ formId: route.form, path: fullPath, titleKey: route.titleKey });
  }
  return found;
}
