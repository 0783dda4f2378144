import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createInstance, type i18n as I18n } from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { createMemoryRouter, RouterProvider, useLocation, type RouteObject } from 'react-router-dom';
import { vi } from 'vitest';
import { directionOf } from '@/shared/languages';
import { SettingsContext, settingsOf, type Settings } from '@/api/settings';

/** Test support of the payment pages: texts in any language, the API as a function, the pages under one router. */

const locales = import.meta.glob<Record<string, unknown>>('/locales/*/{payments,forms}.json', {
  eager: true,
  import: 'default',
});

/** An i18next instance in `lng` with the namespaces the payment pages use. */
export async function paymentI18n(lng: string): Promise<I18n> {
  const namespaces = ['payments', 'forms'];
  const i18n = createInstance();
  await i18n.use(initReactI18next).init({
    lng,
    defaultNS: 'payments',
    ns: namespaces,
    resources: { [lng]: Object.fromEntries(namespaces.map((ns) => [ns, locales[`/locales/${lng}/${ns}.json`]])) },
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  return i18n;
}

export const APP = '0190a0c4-0000-7000-8000-00000000a001';
export const ANA = '0190a0c4-0000-7000-8000-000000000001';
export const LEO = '0190a0c4-0000-7000-8000-000000000002';
export const BASE = `/api/eta/applications/${APP}`;

export interface ApiCall {
  method: string;
  url: string;
  body?: unknown;
  headers: Headers;
}

/** Replaces fetch with `answer`; a call it does not answer gets a 500. Returns the calls made. */
export function mockApi(
  answer: (call: ApiCall) => [number, unknown] | undefined | Promise<[number, unknown] | undefined>,
) {
  const calls: ApiCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const call: ApiCall = {
        method: init?.method ?? 'GET',
        url,
        body: init?.body ? JSON.parse(String(init.body)) : undefined,
        headers: new Headers(init?.headers),
      };
      calls.push(call);
      const [status, body] = (await answer(call)) ?? [500, { error: 'unexpected call', code: 'TEST' }];
      return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
    }),
  );
  return calls;
}

/** A payment overview as the API answers it, with overrides. */
export function overviewFixture(overrides: Record<string, unknown> = {}) {
  return {
    applicationIdentifier: APP,
    applicationType: 'ETA',
    currency: 'ZAR',
    applicants: [
      { applicantIdentifier: ANA, givenNames: 'Ana', familyName: 'Silva', fee: 50_000, ready: true },
      { applicantIdentifier: LEO, givenNames: 'Léo', familyName: 'Silva', fee: 50_000, ready: true },
    ],
    total: 100_000,
    canPay: true,
    status: 'NOT_STARTED',
    ...overrides,
  };
}

function Elsewhere() {
  const location = useLocation();
  return <h1>{`page ${location.pathname}${location.search}`}</h1>;
}

/** Renders the given routes at `initial`, given `settings`; any other route shows its address in an h1. */
export function renderRoutes(i18n: I18n, routes: RouteObject[], initial: string, settings: Settings = settingsOf([])) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter([...routes, { path: '*', element: <Elsewhere /> }], {
    initialEntries: [initial],
  });
  const view = render(
    <I18nextProvider i18n={i18n}>
      <SettingsContext value={settings}>
        <FluentProvider theme={webLightTheme} dir={directionOf(i18n.resolvedLanguage ?? i18n.language)}>
          <QueryClientProvider client={queryClient}>
            <RouterProvider router={router} />
          </QueryClientProvider>
        </FluentProvider>
      </SettingsContext>
    </I18nextProvider>,
  );
  return { router, ...view };
}
