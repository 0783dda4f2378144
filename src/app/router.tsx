import type { ReactNode } from 'react';
import i18next from 'i18next';
import {
  type ActionFunction,
  createBrowserRouter,
  type HydrationState,
  type LoaderFunction,
  Outlet,
  type RouteObject,
} from 'react-router-dom';
import { scopeLanguage, scopeOf } from '@/api/request-scope';
import { FORM_PAGE_PARAM } from '@/engine/form-address';
import { browserSettings } from '@/app/settings-store';
import { journeySteps } from '@/api/journey';
import { NotFoundPage } from '@/app/shell/not-found-page';
import { RootLayout } from '@/app/shell/root-layout';
import { RouteErrorElement } from '@/app/shell/route-error';
import { handleOf, portalRoutes, type Guard, type ManifestRoute } from '@/routing/manifest';
import { getPage, NOT_AVAILABLE_PAGE, type PageComponent, pageRegistry } from '@/routing/page-registry';
import type { PageAction } from '@/routing/page-actions';
import { pageLoaders } from '@/routing/page-loaders';
import { RouteGate } from '@/routing/route-gate';
import { guardLoader } from '@/routing/route-loaders';
import { pageOfRoute } from '@/shared/forms/form-routes';

export interface BuildRoutesOptions {
  routes?: readonly ManifestRoute[];
  pages?: Readonly<Record<string, PageComponent>>;
  /** Whether a runtime setting is on; routes with `enabledBySetting` exist only then. */
  isSettingOn?: (key: string) => boolean;
  /**
   * The pages' actions (src/routing/page-actions.ts), given by the server's tree (src/app/server-entry.tsx): the
   * routes then take the forms posted to them without scripts.
   */
  actions?: Readonly<Record<string, () => Promise<PageAction>>>;
}

const settingIsTrue = (key: string) => browserSettings()[key] === 'true';

/** The action of a route's page, run with the posted fields and texts in the request's language. */
function pageAction(
  route: ManifestRoute,
  actions: Required<BuildRoutesOptions>['actions'],
): ActionFunction | undefined {
  const name = pageOfRoute(route, journeySteps);
  const load = name === undefined ? undefined : actions[name];
  if (!load) return undefined;
  return async ({ request, params, context }) => {
    // The server's entry gives the routes its request's scope (only the server's tree has actions).
    const scope = scopeOf(context);
    if (!scope) throw new Error(`The action of ${route.path} runs on the server, with a request's scope`);
    const run = await load();
    const fields = await request.formData();
    return run({ request, params, fields, route, scope, t: i18next.getFixedT(scopeLanguage(scope)) });
  };
}

function pageElement(route: ManifestRoute, pages: Readonly<Record<string, PageComponent>>) {
  // A route naming a form and no page is served by the generic page of a step form or of a public form.
  const Page = getPage(pageOfRoute(route, journeySteps), pages) ?? getPage(NOT_AVAILABLE_PAGE, pages);
  if (!Page) throw new Error(`The page registry has no "${NOT_AVAILABLE_PAGE}" page`);
  return route.form ? <Page formId={route.form} titleKey={route.titleKey} /> : <Page />;
}

function toRouteObject(
  route: ManifestRoute,
  options: Required<BuildRoutesOptions>,
  topLevel: boolean,
  inherited: Guard,
): RouteObject {
  const handle = handleOf(route);
  const guard = route.guard ?? inherited;
  // The guard runs before the page, once for a route and its children (a child naming its own guard runs it too);
  // a page that reads something before it renders (src/routing/page-loaders.ts) does so only once its guard lets the
  // visitor in, the guard it inherits included (the route's loaders all run at once).
  const guardOf = guardLoader({ guard, requiresContext: route.requiresContext });
  const pageName = pageOfRoute(route, journeySteps);
  const own = pageName === undefined ? undefined : pageLoaders[pageName];
  const loader: LoaderFunction | undefined = own
    ? async (args) => {
        await guardOf(args);
        return (await own.load())(args);
      }
    : topLevel || route.guard || route.requiresContext
      ? guardOf
      : undefined;
  const shouldRevalidate = own?.shouldRevalidate;
  const errorElement = <RouteErrorElement />;
  const page = pageElement(route, options.pages);
  // A child without its own guard is already guarded by its parent's gate.
  const gate = (content: ReactNode) => (
    <RouteGate guard={route.guard ?? 'public'} requiresContext={route.requiresContext} query={route.query}>
      {content}
    </RouteGate>
  );
  const children = (route.children ?? []).filter((child) => isEnabled(child, options));
  const action = pageAction(route, options.actions);
  if (topLevel && route.path === '/') return { index: true, handle, errorElement, loader, element: gate(page) };
  const path = topLevel ? route.path.slice(1) : route.path;
  const leaf = { handle, errorElement, loader, action, shouldRevalidate, element: gate(page) };
  // A form's pages have addresses of their own below the route's (see src/engine/form-address.ts).
  if (children.length === 0 && route.form) return { path: `${path}/:${FORM_PAGE_PARAM}?`, ...leaf };
  if (children.length === 0) return { path, ...leaf };
  return {
    path,
    handle,
    errorElement,
    loader,
    // A form posted to the parent's own address (its index page) is the parent's to take.
    action,
    element: gate(<Outlet />),
    children: [
      { index: true, handle, errorElement, element: page },
      ...children.map((child) => toRouteObject(child, options, false, guard)),
    ],
  };
}

function isEnabled(route: ManifestRoute, options: Required<BuildRoutesOptions>): boolean {
  return route.enabledBySetting === undefined || options.isSettingOn(route.enabledBySetting);
}

/**
 * The route tree built from the manifest: the root layout with one route per manifest entry (guard, query
 * check, handle, lazy page or the 'not available yet' page) and the not-found page for everything else.
 */
export function buildRoutes(options: BuildRoutesOptions = {}): RouteObject[] {
  const resolved: Required<BuildRoutesOptions> = {
    routes: options.routes ?? portalRoutes,
    pages: options.pages ?? pageRegistry,
    isSettingOn: options.isSettingOn ?? settingIsTrue,
    actions: options.actions ?? {},
  };
  return [
    {
      path: '/',
      element: <RootLayout />,
      errorElement: <RouteErrorElement />,
      children: [
        ...resolved.routes
          .filter((route) => isEnabled(route, resolved))
          .map((route) => toRouteObject(route, resolved, true, 'public')),
        { path: '*', handle: { titleKey: 'common:notFound.title' }, element: <NotFoundPage /> },
      ],
    },
  ];
}

/**
 * The browser router of the portal; build it after the runtime settings have loaded. `hydrationData` is what the
 * server rendered the page with (src/app/page-data.ts), so the guards do not run again for the page on screen.
 */
export function createAppRouter(options: BuildRoutesOptions = {}, hydrationData?: HydrationState) {
  return createBrowserRouter(buildRoutes(options), hydrationData ? { hydrationData } : undefined);
}

export type AppRouter = ReturnType<typeof createAppRouter>;
