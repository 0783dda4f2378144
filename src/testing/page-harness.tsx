import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createInstance, type i18n as I18n } from 'i18next';
import type { ReactElement } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import {
  createMemoryRouter,
  RouterProvider,
  useLocation,
  type ActionFunction,
  type InitialEntry,
  type LoaderFunction,
} from 'react-router-dom';
import { vi } from 'vitest';
import { SettingsContext, settingsOf, type Settings } from '@/api/settings';

/** Test support shared by the features' page tests: English texts, a recorded fetch, and the portal's providers. */

const locales = import.meta.glob<Record<string, unknown>>('/locales/*/*.json', { eager: true, import: 'default' });

/** An English i18next instance with the given namespaces (the first is the default). */
export function englishI18n(namespaces: string[]): Promise<I18n> {
  return i18nIn('en', namespaces);
}

/** An i18next instance in `lng` with the given namespaces (the first is the default). */
export async function i18nIn(lng: string, namespaces: string[]): Promise<I18n> {
  const resources = Object.fromEntries(namespaces.map((ns) => [ns, locales[`/locales/${lng}/${ns}.json`]]));
  const i18n = createInstance();
  await i18n.use(initReactI18next).init({
    lng,
    defaultNS: namespaces[0],
    ns: namespaces,
    resources: { [lng]: resources },
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  return i18n;
}

export interface MockCall {
  method: string;
  url: string;
  body: unknown;
  headers: Headers;
}

/** Replaces fetch with `answer(call)` -> [status, body]; returns the list of calls made. */
export function mockFetch(answer: (call: MockCall) => [number, unknown]): MockCall[] {
  const calls: MockCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const call = {
        method: init?.method ?? 'GET',
        url: String(url),
        body: init?.body ? JSON.parse(String(init.body)) : undefined,
      } as MockCall;
      // Not enumerable, so tests comparing calls with toEqual need not spell out the headers.
      Object.defineProperty(call, 'headers', { value: new Headers(init?.headers), enumerable: false });
      calls.push(call);
      const [status, body] = answer(call);
      return new Response(body === undefined ? '' : JSON.stringify(body), {
        status,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  return calls;
}

/** Every other route shows where navigation went, in an h1: "page <path>" (with the search when `withSearch`). */
function Elsewhere({ withSearch }: { withSearch: boolean }) {
  const location = useLocation();
  return <h1>{`page ${location.pathname}${withSearch ? location.search : ''}`}</h1>;
}

export interface RenderPageOptions {
  /** Show the search in the "page <path>" of other routes (default true). */
  withSearch?: boolean;
  /** The page route's loader (a page that reads `useLoaderData`), as src/routing/page-loaders.ts gives it. */
  loader?: LoaderFunction;
  /** The page route's action (a form posted to the page), as src/routing/page-actions.ts gives it on the server. */
  action?: ActionFunction;
  /** The runtime settings the page is given (the defaults by default). */
  settings?: Settings;
}

/**
 * Renders `page` at `path` inside the providers the portal gives it; every other route shows its path in an
 * h1, so navigation is visible. Returns the router and the query client.
 */
export function renderPage(
  i18n: I18n,
  page: ReactElement,
  path: string,
  initial: InitialEntry = path,
  options: RenderPageOptions = {},
) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path, element: page, loader: options.loader, action: options.action },
      { path: '*', element: <Elsewhere withSearch={options.withSearch ?? true} /> },
    ],
    { initialEntries: [initial] },
  );
  const view = render(
    <I18nextProvider i18n={i18n}>
      <SettingsContext value={options.settings ?? settingsOf([])}>
        <FluentProvider theme={webLightTheme}>
          <QueryClientProvider client={queryClient}>
            <RouterProvider router={router} />
          </QueryClientProvider>
        </FluentProvider>
      </SettingsContext>
    </I18nextProvider>,
  );
  return { router, queryClient, ...view };
}
