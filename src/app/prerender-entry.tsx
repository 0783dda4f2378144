/**
 * The server-side entry of the portal (built with `vite build --ssr`, see src/server/static/prerender-build.ts):
 * renders a page flagged `prerender` in the route manifest, in one language, to the HTML the browser's first
 * render produces for a visitor without a session, so the page paints before any script runs and the browser
 * hydrates it (src/main.tsx). The page's Griffel styles are returned as style elements for the head.
 */
import { createDOMRenderer, RendererProvider, renderToStyleElements, SSRProvider } from '@fluentui/react-components';
import i18nextCore from 'i18next';
import { StrictMode, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { prerender } from 'react-dom/static';
import { initReactI18next } from 'react-i18next';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { AUTH_TOKEN_COOKIE, REFRESH_TOKEN_COOKIE } from '@/api/auth/tokens';
import { applySettings } from '@/api/settings';
import { DEFAULT_NAMESPACE, FALLBACK_LANGUAGE, i18next, languages } from '@/app/i18n';
import { AppProviders } from '@/app/providers';
import { createQueryClient } from '@/app/query-client';
import { buildRoutes } from '@/app/router';
import { loadForm } from '@/engine/form-loader';
import { flattenRoutes } from '@/routing/manifest';
import { localiseInterpolation } from '@/shared/i18n-interpolation';
import type { Setting } from '@/shared/api-types';
import type { PrerenderedPage } from '@/shared/prerendered-page';
import { RenderedAhead } from '@/ui/rendered-ahead';

// Every language's browser texts, read at build (the server's namespaces, api and emails, are not needed).
const texts = import.meta.glob<Record<string, unknown>>(
  ['@locales/*/*.json', '!@locales/*/api.json', '!@locales/*/emails.json'],
  { import: 'default', eager: true },
);

/** The cookies of a session: a visitor who has one gets the portal's page without a page rendered ahead. */
export const SESSION_COOKIES: readonly string[] = [AUTH_TOKEN_COOKIE, REFRESH_TOKEN_COOKIE];

/** The languages pages are rendered in: every folder of locales/. */
export const prerenderLanguages: readonly string[] = languages;

/** The paths of the routes the manifest flags `prerender`. */
export function prerenderPaths(): string[] {
  return flattenRoutes()
    .filter((r) => r.route.prerender === true)
    .map((r) => r.fullPath);
}

export type { PrerenderedPage };

let initialised: Promise<unknown> | undefined;
function initTexts(): Promise<unknown> {
  const resources: Record<string, Record<string, Record<string, unknown>>> = {};
  for (const [file, content] of Object.entries(texts)) {
    const match = /\/([^/]+)\/([^/]+)\.json$/.exec(file);
    if (match) (resources[match[1]] ??= {})[match[2]] = content;
  }
  // The browser's options (src/app/i18n.ts), with every text given at once.
  initialised ??= i18next
    .use(initReactI18next)
    .init({
      resources,
      lng: FALLBACK_LANGUAGE,
      fallbackLng: FALLBACK_LANGUAGE,
      supportedLngs: [...languages],
      load: 'currentOnly',
      defaultNS: DEFAULT_NAMESPACE,
      fallbackNS: false,
      interpolation: { escapeValue: false, alwaysFormat: true },
      react: { useSuspense: true },
    })
    .then(() => localiseInterpolation(i18next));
  return initialised;
}

// One page at a time: the language and the settings are module state shared by the whole tree.
let queue: Promise<unknown> = Promise.resolve();

/** The title the layout gives the document: "<page title> – <service name>". */
function documentTitle(titleKey: string | undefined): string {
  const service = i18next.t('common:serviceName');
  return titleKey && i18next.exists(titleKey)
    ? i18next.t('common:documentTitle', { page: i18next.t(titleKey), service })
    : service;
}

async function renderNow(pathname: string, language: string, settings: readonly Setting[]): Promise<PrerenderedPage> {
  await initTexts();
  applySettings(settings);
  await i18next.changeLanguage(language);
  const route = flattenRoutes().find((r) => r.fullPath === pathname)?.route;
  // A form page shows its form at once when it is loaded (the browser loads it before hydrating, see main.tsx).
  if (route?.form) await loadForm(route.form);
  let body = await renderBody(pathname);
  // The first render of a page loads its lazily loaded parts; once loaded, a render holds them all.
  if (suspended(body)) body = await renderBody(pathname);
  if (suspended(body)) throw new Error(`${pathname} still waits for a lazily loaded part: it cannot be rendered ahead`);
  return {
    lang: language,
    dir: i18nextCore.dir(language) === 'rtl' ? 'rtl' : 'ltr',
    title: documentTitle(route?.titleKey),
    head: renderToStaticMarkup(<>{renderToStyleElements(body.renderer)}</>),
    body: body.html,
  };
}

/** Whether a part of the page suspended: React then streams it in with an inline script (not allowed by the CSP). */
function suspended(body: { html: string }): boolean {
  return body.html.includes('<script') || body.html.includes('<template');
}

async function renderBody(pathname: string) {
  const handler = createStaticHandler(buildRoutes());
  const context = await handler.query(new Request(new URL(pathname, 'http://portal.invalid')));
  if (context instanceof Response) throw new Error(`${pathname} answers a redirect, it cannot be rendered ahead`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const renderer = createDOMRenderer();
  const tree: ReactNode = (
    <StrictMode>
      <RendererProvider renderer={renderer}>
        <SSRProvider>
          <RenderedAhead>
            <AppProviders queryClient={createQueryClient()}>
              <StaticRouterProvider router={router} context={context} hydrate={false} />
            </AppProviders>
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

/** Renders `pathname` in `language` with the runtime `settings` the page will be sent with. */
export function renderPage(pathname: string, language: string, settings: readonly Setting[]): Promise<PrerenderedPage> {
  const result = queue.then(() => renderNow(pathname, language, settings));
  queue = result.catch(() => undefined);
  return result;
}
