import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createInstance, type i18n as I18n } from 'i18next';
import type { ReactElement } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { createMemoryRouter, RouterProvider, type InitialEntry } from 'react-router-dom';
import { vi } from 'vitest';
import accounts from '../../../locales/en/accounts.json';
import api from '../../../locales/en/api.json';
import forms from '../../../locales/en/forms.json';
import validation from '../../../locales/en/validation.json';

/** An English i18next instance with the namespaces the account pages and the form engine use. */
export async function englishI18n(): Promise<I18n> {
  const i18n = createInstance();
  await i18n.use(initReactI18next).init({
    lng: 'en',
    defaultNS: 'accounts',
    ns: ['accounts', 'forms', 'validation', 'api'],
    resources: { en: { accounts, forms, validation, api } },
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  return i18n;
}

export interface MockCall {
  method: string;
  url: string;
  body: unknown;
}

/** Replaces fetch with `answer(call)` -> [status, body]; returns the list of calls made. */
export function mockFetch(answer: (call: MockCall) => [number, unknown]): MockCall[] {
  const calls: MockCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const call = { method: init?.method ?? 'GET', url: String(url), body: init?.body ? JSON.parse(String(init.body)) : undefined };
      calls.push(call);
      const [status, body] = answer(call);
      return new Response(body === undefined ? '' : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
    }),
  );
  return calls;
}

/**
 * Renders `page` at `path` inside the providers the portal gives it, with stand-ins for the routes it links to
 * (each shows its own path in an h1, so navigation is visible). Returns the router.
 */
export function renderPage(i18n: I18n, page: ReactElement, path: string, initial: InitialEntry = path) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const elsewhere = ['/', '/login', '/profile', '/profile/change-password', '/email-confirmation', '/otp', '/forgot-password', '/registration', '/registration-warning']
    .filter((p) => p !== path)
    .map((p) => ({ path: p, element: <h1>{`page ${p}`}</h1> }));
  const router = createMemoryRouter([{ path, element: page }, ...elsewhere], { initialEntries: [initial] });
  const view = render(
    <I18nextProvider i18n={i18n}>
      <FluentProvider theme={webLightTheme}>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </FluentProvider>
    </I18nextProvider>,
  );
  return { router, ...view };
}
