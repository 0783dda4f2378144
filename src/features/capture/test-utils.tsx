import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createInstance, type i18n as I18n } from 'i18next';
import type { ReactElement } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import { vi } from 'vitest';
import capture from '../../../locales/en/capture.json';
import forms from '../../../locales/en/forms.json';

/** An English i18next instance with the namespaces the capture pages use. */
export async function englishI18n(): Promise<I18n> {
  const i18n = createInstance();
  await i18n.use(initReactI18next).init({
    lng: 'en',
    defaultNS: 'capture',
    ns: ['capture', 'forms'],
    resources: { en: { capture, forms } },
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
        headers: new Headers(init?.headers),
      };
      calls.push(call);
      const [status, body] = answer(call);
      return new Response(body === undefined ? '' : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
    }),
  );
  return calls;
}

function Elsewhere() {
  const location = useLocation();
  return <h1>{`page ${location.pathname}${location.search}`}</h1>;
}

/**
 * Renders `page` at `path` inside the providers the portal gives it; every other route shows its path and
 * search in an h1, so navigation is visible. Returns the router.
 */
export function renderPage(i18n: I18n, page: ReactElement, path: string, initial: string = path) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path, element: page },
      { path: '*', element: <Elsewhere /> },
    ],
    { initialEntries: [initial] },
  );
  const view = render(
    <I18nextProvider i18n={i18n}>
      <FluentProvider theme={webLightTheme}>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </FluentProvider>
    </I18nextProvider>,
  );
  return { router, queryClient, ...view };
}

/** A capture session as GET capture-session-status answers it, with overrides. */
export function sessionView(overrides: Record<string, unknown> = {}) {
  return { status: 'BIO_LINKING_PHONE', captureType: 'biometrics', attemptsLeft: 5, expiresAt: '2030-01-01T00:15:00.000Z', ...overrides };
}

/** A 43-character session identifier (32 random bytes in base64url, as the API makes them). */
export const SESSION_ID = 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_abcde';
