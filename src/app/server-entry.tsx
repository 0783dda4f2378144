/**
 * The server-side entry of the portal (built with `vite build --ssr` into dist/.ssr/, see
 * tools/build/prerender-build.ts): renders any route of the portal for one request, as the browser's first
 * render would for that visitor, so every page paints and works before any script runs, and the browser hydrates it
 * (src/app/boot.tsx).
 *
 * For one request it runs React Router's static handler (the route's guards, and the action of a form posted to the
 * page), then renders the page. The data a page reads through react-query is fetched on the server: each render
 * that leaves queries waiting fetches them from the API (in the server's own process, with the visitor's session)
 * and renders again, so the page is sent with its data, which the browser takes over without asking again.
 */
import { createDOMRenderer, RendererProvider, renderToStyleElements, SSRProvider } from '@fluentui/react-components';
import { dehydrate, type Query, type QueryClient } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import { StrictMode, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { prerender } from 'react-dom/static';
import {
  createStaticHandler,
  createStaticRouter,
  isRouteErrorResponse,
  StaticRouterProvider,
  type StaticHandler,
  type StaticHandlerContext,
} from 'react-router-dom';
import { AUTH_TOKEN_COOKIE, REFRESH_TOKEN_COOKIE } from '@/api/auth/tokens';
import { flashQueryKey } from '@/api/flash';
import { queryKeys } from '@/api/query-keys';
import { RequestScopeContext, scopedRouterContext, type RequestScope } from '@/api/request-scope';
import { settingsOf, type Settings } from '@/api/settings';
import { i18next, languages } from '@/app/i18n';
import { AppProviders } from '@/app/providers';
import { createQueryClient } from '@/app/query-client';
import { buildRoutes } from '@/app/router';
import { serializeRouteErrors, type PageData } from '@/app/page-data';
import { madeCountryLists } from '@/engine/countries';
import { flattenRoutes, type RouteHandle } from '@/routing/manifest';
import { showsProblems } from '@/engine/form-action';
import { ServerRenderContext, type ServerRenderRecorder } from '@/ui/server-render';
import { pageActions } from '@/routing/page-actions';
import { directionOf } from '@/shared/languages';
import type { Setting } from '@/shared/api-types';
import type { PageOutcome, RenderedPage } from '@/shared/rendered-page';
import { RenderedAhead } from '@/ui/rendered-ahead';
import { ready } from './server-ready';
import { settingIsOn } from '@/shared/settings';

/** The cookies of a session: a visitor who has one never gets a page rendered for another. */
export const SESSION_COOKIES: readonly string[] = [AUTH_TOKEN_COOKIE, REFRESH_TOKEN_COOKIE];

/** The languages pages are rendered in: every folder of locales/. */
export const prerenderLanguages: readonly string[] = languages;

/** The paths of the routes the manifest flags `prerender`: the same for every visitor without a session. */
export function prerenderPaths(): string[] {
  return flattenRoutes()
    .filter((r) => r.route.prerender === true)
    .map((r) => r.fullPath);
}

export type { PageOutcome, RenderedPage };
export { postPolicy } from '@/routing/post-policy';

/** The title the layout gives the document: "<page title> – <service name>". */
function documentTitle(i18n: I18n, titleKey: string | undefined): string {
  const service = i18n.t('common:serviceName');
  return titleKey && i18n.exists(titleKey)
    ? i18n.t('common:documentTitle', { page: i18n.t(titleKey), service })
    : service;
}

/** Whether a part of the page suspended: React then streams it in with an inline script (not allowed by the CSP). */
function suspended(html: string): boolean {
  return html.includes('<script') || html.includes('<template');
}

const handlers = new Map<string, StaticHandler>();
/**
 * The route tree of the manifest, with the guards' loaders and the forms' actions, built once for each set of
 * runtime settings (a route a setting turns on exists only where it is on, as in the browser).
 */
function staticHandler(settings: readonly Setting[]): StaticHandler {
  const key = JSON.stringify(settings);
  let handler = handlers.get(key);
  if (!handler) {
    const isSettingOn = (name: string) => settingIsOn(settings, name);
    handler = createStaticHandler(buildRoutes({ actions: pageActions, isSettingOn }));
    handlers.set(key, handler);
  }
  return handler;
}

/** What one render of a page is made with: all of it belongs to the request, so renders run side by side. */
interface RenderInputs {
  handler: StaticHandler;
  context: StaticHandlerContext;
  queryClient: QueryClient;
  recorder: ServerRenderRecorder;
  /** The texts in the request's language: an instance of its own, sharing the loaded texts. */
  i18n: I18n;
  settings: Settings;
  /** The request's visitor: the page's hooks read their session, router context and API caller from it. */
  scope: RequestScope;
}

async function renderBody({ handler, context, queryClient, recorder, i18n, settings, scope }: RenderInputs) {
  const router = createStaticRouter(handler.dataRoutes, context);
  const renderer = createDOMRenderer();
  const tree: ReactNode = (
    <StrictMode>
      <RendererProvider renderer={renderer}>
        <SSRProvider>
          <RenderedAhead>
            <ServerRenderContext value={recorder}>
              <RequestScopeContext value={scope}>
                <AppProviders queryClient={queryClient} formToken={scope.csrfToken} i18n={i18n} settings={settings}>
                  <StaticRouterProvider router={router} context={context} hydrate={false} />
                </AppProviders>
              </RequestScopeContext>
            </ServerRenderContext>
          </RenderedAhead>
        </SSRProvider>
      </RendererProvider>
    </StrictMode>
  );
  // prerender waits for the lazily loaded page and its texts, so the markup holds the whole page.
  // No part is held back to be streamed in later (React does that with large parts): the page is sent whole.
  const { prelude } = await prerender(tree, { progressiveChunkSize: Number.MAX_SAFE_INTEGER });
  return { html: await new Response(prelude).text(), renderer };
}

/** The queries a render asked for and that have not been fetched yet (a disabled query is not asked for). */
function waiting(queryClient: QueryClient): Query[] {
  return queryClient
    .getQueryCache()
    .getAll()
    .filter((query) => {
      // The options of the observer that made the query (a useQuery), `enabled` among them.
      const enabled = (query.options as { enabled?: boolean | ((q: Query) => boolean) }).enabled;
      const on = typeof enabled === 'function' ? enabled(query) : enabled;
      return query.state.status === 'pending' && query.state.fetchStatus === 'idle' && on !== false;
    });
}

/** At most this many renders per page: each one fetches what the previous one asked for (see renderRequest). */
const MAX_RENDERS = 4;

export interface RenderRequest {
  /** The request as the browser sent it (the body of a posted form included). */
  request: Request;
  scope: RequestScope;
  settings: readonly Setting[];
}

/** The leaf route matched a path that is no route of the manifest. */
function isNotFound(context: StaticHandlerContext): boolean {
  return context.matches.at(-1)?.route.path === '*';
}

/**
 * The status of a page whose route answered an error: a route's own answer (the router's 404 for an address its
 * patterns cannot match, such as one holding a line separator) keeps its status; anything else is the server's fault.
 */
function errorStatus(errors: NonNullable<StaticHandlerContext['errors']>): number {
  const answers = Object.values(errors).filter(isRouteErrorResponse);
  return answers.length === Object.keys(errors).length && answers.length > 0
    ? Math.max(...answers.map((a) => a.status))
    : 500;
}

/**
 * Handles one request for a page of the portal: the route's guard and, for a posted form, its action (each may
 * answer a redirect), then the page rendered with its data, in the scope's language.
 */
export async function renderRequest({ request, scope, settings }: RenderRequest): Promise<PageOutcome> {
  await ready();
  {
    const handler = staticHandler(settings);
    // The routes' loaders and actions are given the request's scope as their `context`.
    // The page's query cache: the routes' loaders fetch the page's data into it, the page is rendered with it.
    const queryClient = createQueryClient({ server: true });
    // The message a form posted without scripts left for this page is the first page's (its location key "default").
    queryClient.setQueryData(flashQueryKey('default'), scope.flash ?? null);
    // The profile, read for the page's language: a page that shows it need not ask again.
    if (scope.profile) queryClient.setQueryData(queryKeys.profile.detail(), scope.profile);
    const context = await handler.query(request, { requestContext: scopedRouterContext(scope, queryClient) });
    if (context instanceof Response) {
      const location = context.headers.get('location');
      if (location && context.status >= 300 && context.status < 400) {
        // A form posted without scripts is answered with a redirect to a page it can GET (post/redirect/get).
        return { kind: 'redirect', status: request.method === 'POST' ? 303 : context.status, location };
      }
      throw new Error(`The route answered ${context.status} without a page`);
    }
    // A form answered with a file (a document's PDF): the file goes back instead of the page.
    if (scope.responseFile) return { kind: 'file', ...scope.responseFile };
    const forms = new Set<string>();
    const countryLists = new Set<string>();
    const waits: Promise<unknown>[] = [];
    const recorder: ServerRenderRecorder = {
      wait: (loading) => waits.push(loading),
      formShown: (id) => forms.add(id),
      countriesShown: (key) => countryLists.add(key),
    };
    const inputs: RenderInputs = {
      handler,
      context,
      queryClient,
      recorder,
      i18n: i18next.cloneInstance({ lng: scope.language }),
      settings: settingsOf(settings),
      scope,
    };
    let body = await renderPage(inputs);
    let renders = 1;
    // A page whose loader left out some of its data (or a part loaded lazily) asks for it while rendering: it is
    // fetched, and the page rendered again with it. Every page of the portal renders once (its Server-Timing says).
    for (; renders < MAX_RENDERS; renders++) {
      const asked = waiting(queryClient);
      if (asked.length === 0 && waits.length === 0 && !suspended(body.html)) break;
      await Promise.allSettled([...asked.map((query) => query.fetch()), ...waits.splice(0)]);
      body = await renderPage(inputs);
    }
    const countries = madeCountryLists(countryLists);
    if (suspended(body.html)) throw new Error(`${request.url} still waits for a lazily loaded part after rendering`);
    const data: PageData = {
      language: scope.language,
      ...(scope.profileLanguage ? { profileLanguage: scope.profileLanguage } : {}),
      csrfToken: scope.csrfToken,
      routerContext: scope.routerContext,
      forms: [...forms],
      router: {
        loaderData: context.loaderData,
        actionData: context.actionData,
        errors: serializeRouteErrors(context.errors),
      },
      queries: dehydrate(queryClient),
      ...(Object.keys(countries).length > 0 ? { countries } : {}),
    };
    const status = isNotFound(context) ? 404 : context.errors ? errorStatus(context.errors) : context.statusCode;
    return {
      kind: 'page',
      status,
      page: {
        lang: scope.language,
        dir: directionOf(scope.language),
        title: body.title,
        head: body.head,
        body: body.html,
        data,
        renders,
      },
    };
  }
}

async function renderPage(inputs: RenderInputs) {
  const { context, i18n } = inputs;
  const body = await renderBody(inputs);
  const handle = context.matches.at(-1)?.route.handle as RouteHandle | undefined;
  const title = documentTitle(i18n, handle?.titleKey);
  // A form sent back with problems: the title starts with "Error: ", as the browser's does (GOV.UK).
  const problems = Object.values(context.actionData ?? {}).some(showsProblems);
  return {
    html: body.html,
    head: renderToStaticMarkup(<>{renderToStyleElements(body.renderer)}</>),
    title: problems ? `${i18n.t('forms:engine.errorTitlePrefix')}${title}` : title,
  };
}
