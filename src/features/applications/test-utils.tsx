import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createInstance, type i18n as I18n } from 'i18next';
import type { ReactElement } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import { vi } from 'vitest';
import api from '../../../locales/en/api.json';
import applications from '../../../locales/en/applications.json';
import forms from '../../../locales/en/forms.json';
import validation from '../../../locales/en/validation.json';

/** An English i18next instance with the namespaces the application pages and the form engine use. */
export async function englishI18n(): Promise<I18n> {
  const i18n = createInstance();
  await i18n.use(initReactI18next).init({
    lng: 'en',
    defaultNS: 'applications',
    ns: ['applications', 'forms', 'validation', 'api'],
    resources: { en: { applications, forms, validation, api } },
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
  return { router, ...view };
}

/** An applicant as the API answers it, with overrides. */
export function applicantFixture(overrides: Record<string, unknown> = {}) {
  return {
    applicantIdentifier: '0190a0c4-0000-7000-8000-000000000001',
    isAccountHolder: true,
    relationship: null,
    givenNames: 'Amélie',
    familyName: 'Dubois',
    dateOfBirth: '1986-04-12',
    nationality: 'FR',
    passportIssuingCountry: 'FR',
    passportNumber: 'AB1234567',
    status: 'NOT_SUBMITTED',
    step: 'CAPTURE_BIOMETRICS',
    steps: [],
    ...overrides,
  };
}

/** An application as the API answers it, with overrides. */
export function applicationFixture(overrides: Record<string, unknown> = {}) {
  return {
    applicationIdentifier: '0190a0c4-0000-7000-8000-00000000a001',
    applicationType: 'ETA',
    applyingFor: 'SELF_AND_OTHERS',
    status: 'IN_PROGRESS',
    createdAt: '2026-03-02T10:00:00.000Z',
    updatedAt: '2026-03-02T10:00:00.000Z',
    applicants: [],
    ...overrides,
  };
}
