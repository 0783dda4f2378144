import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { settingsOf, type Settings } from '@/api/settings';
import { useReportFormErrors } from '@/engine/error-title';
import { ContentLoading } from '@/ui/content-loading';
import { RootLayout } from './root-layout';

/** A page whose form shows errors, as SchemaForm reports them. */
function PageWithFormErrors() {
  useReportFormErrors(true);
  return <h1>Form with errors</h1>;
}
import { renderRoutes, startEnglish } from './testing';

/** A page whose code is still downloading until `arrive` is called. */
const slow = (() => {
  let arrive: () => void = () => {};
  const ready = new Promise<void>((resolve) => {
    arrive = resolve;
  });
  let done = false;
  void ready.then(() => {
    done = true;
  });
  return { ready, arrive: () => arrive(), isDone: () => done };
})();
function SlowPage() {
  if (!slow.isDone()) throw slow.ready;
  return <h1>Slow heading</h1>;
}

/** A page whose main content loads after it has shown, until the button says it has arrived. */
function PageLoadingItsContent() {
  const [arrived, setArrived] = useState(false);
  return (
    <>
      <h1>Loading page</h1>
      {arrived ? (
        <p>Content</p>
      ) : (
        <ContentLoading>
          <button onClick={() => setArrived(true)}>Arrive</button>
        </ContentLoading>
      )}
    </>
  );
}

const auth = vi.hoisted(() => ({ loggedIn: false, signOut: vi.fn(async () => {}) }));
vi.mock('@/api/auth/use-auth', () => ({
  useAuth: () => ({ loggedIn: auth.loggedIn, signIn: () => {}, signOut: auth.signOut }),
}));

const routes = [
  {
    path: '/',
    element: <RootLayout />,
    children: [
      { index: true, element: <h1>Home heading</h1>, handle: { titleKey: 'common:home.title' } },
      { path: 'faq', element: <h1>FAQ heading</h1>, handle: { titleKey: 'common:faq.title' } },
      { path: 'wallet-error', element: <h1>Wallet heading</h1>, handle: { hideHeaderFooter: true } },
      { path: 'form', element: <PageWithFormErrors />, handle: { titleKey: 'common:faq.title' } },
      { path: 'slow', element: <SlowPage />, handle: { titleKey: 'common:faq.title' } },
      { path: 'loading', element: <PageLoadingItsContent />, handle: { titleKey: 'common:faq.title' } },
      {
        path: 'applications',
        handle: { titleKey: 'common:notAvailable.title' },
        children: [{ path: 'declarations', element: <h1>Declarations</h1>, handle: { showCloseApplication: true } }],
      },
    ],
  },
];

describe('RootLayout', () => {
  beforeAll(startEnglish);
  let settings: Settings;
  beforeEach(() => {
    auth.loggedIn = false;
    settings = settingsOf([
      { key: 'DEPARTMENT_URL', value: 'https://department.example' },
      { key: 'GOV_PORTAL_URL', value: 'https://gov.example' },
      { key: 'TERMS_URL', value: 'https://gov.example/terms' },
      { key: 'PAIA_URL', value: 'https://gov.example/paia' },
      { key: 'FACEBOOK_URL', value: 'https://facebook.example/dept' },
      { key: 'X_URL', value: 'https://x.example/dept' },
      { key: 'YOUTUBE_URL', value: 'https://youtube.example/dept' },
      { key: 'INSTAGRAM_URL', value: 'https://instagram.example/dept' },
    ]);
  });

  it('shows skip link, header, main and footer, and titles the document', async () => {
    renderRoutes(routes, '/', settings);
    expect(screen.getByRole('link', { name: 'Skip to main content' }).getAttribute('href')).toBe('#main-content');
    expect(screen.getByRole('banner')).toBeTruthy();
    expect(screen.getByRole('contentinfo')).toBeTruthy();
    expect(screen.getByRole('main').id).toBe('main-content');
    expect(within(screen.getByRole('main')).getByRole('heading', { name: 'Home heading' })).toBeTruthy();
    await waitFor(() =>
      expect(document.title).toBe(
        'Apply for an electronic travel authorisation (ETA) – Electronic Travel Authorisation',
      ),
    );
  });

  it('shows the footer together with the first page, never under the loading page, so nothing is pushed down', async () => {
    renderRoutes(routes, '/slow', settings);
    expect(screen.getByRole('banner')).toBeTruthy();
    expect(screen.queryByRole('contentinfo')).toBeNull();
    await act(async () => {
      slow.arrive();
      await slow.ready;
    });
    await screen.findByRole('heading', { name: 'Slow heading' });
    expect(screen.getByRole('contentinfo')).toBeTruthy();
  });

  it("holds the footer back while the page's main content loads, then shows it under the content", async () => {
    renderRoutes(routes, '/loading', settings);
    expect(screen.getByRole('heading', { name: 'Loading page' })).toBeTruthy();
    expect(screen.queryByRole('contentinfo')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Arrive' }));
    expect(screen.getByText('Content')).toBeTruthy();
    expect(screen.getByRole('contentinfo')).toBeTruthy();
  });

  it("puts 'Error: ' in front of the title while a form shows errors, in the current language", async () => {
    const { router } = renderRoutes(routes, '/form', settings);
    await waitFor(() => expect(document.title).toMatch(/^Error: .+ – Electronic Travel Authorisation$/));
    await act(() => router.navigate('/faq'));
    await waitFor(() => expect(document.title).not.toMatch(/^Error: /));
  });

  it('takes header and footer link targets from the runtime settings', () => {
    renderRoutes(routes, '/', settings);
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: 'Terms of use' }).getAttribute('href')).toBe(
      'https://gov.example/terms',
    );
    expect(within(footer).getByRole('link', { name: 'PAIA Manual' }).getAttribute('href')).toBe(
      'https://gov.example/paia',
    );
    expect(within(footer).getByRole('link', { name: 'Facebook' }).getAttribute('href')).toBe(
      'https://facebook.example/dept',
    );
    expect(within(footer).getByRole('link', { name: 'X' }).getAttribute('href')).toBe('https://x.example/dept');
    expect(within(footer).getByRole('link', { name: 'YouTube' }).getAttribute('href')).toBe(
      'https://youtube.example/dept',
    );
    expect(within(footer).getByRole('link', { name: 'Instagram' }).getAttribute('href')).toBe(
      'https://instagram.example/dept',
    );
    expect(within(footer).getByRole('link', { name: 'Government portal' }).getAttribute('href')).toBe(
      'https://gov.example',
    );
    const header = screen.getByRole('banner');
    expect(within(header).getByRole('link', { name: 'Department of Home Affairs' }).getAttribute('href')).toBe(
      'https://department.example',
    );
  });

  it('leaves out links whose target is not configured', () => {
    settings = settingsOf([{ key: 'TERMS_URL', value: 'https://gov.example/terms' }]);
    renderRoutes(routes, '/', settings);
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: 'Terms of use' })).toBeTruthy();
    expect(within(footer).queryByRole('link', { name: 'PAIA Manual' })).toBeNull();
    expect(within(footer).queryByRole('link', { name: 'Facebook' })).toBeNull();
  });

  it('hides header and footer when the route handle says so', async () => {
    renderRoutes(routes, '/wallet-error', settings);
    expect(screen.getByRole('heading', { name: 'Wallet heading' })).toBeTruthy();
    expect(screen.queryByRole('banner')).toBeNull();
    expect(screen.queryByRole('contentinfo')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Skip to main content' })).toBeNull();
    await waitFor(() => expect(document.title).toBe('Electronic Travel Authorisation'));
  });

  it('uses the deepest title and shows Close application where the handle asks for it', async () => {
    const { router } = renderRoutes(routes, '/applications/declarations', settings);
    await waitFor(() =>
      expect(document.title).toBe('This part of the service is not available yet – Electronic Travel Authorisation'),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Close application' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Close application' });
    expect(
      within(dialog).getByText(
        'You are about to close your application. Please note that any unsaved information will be lost. Do you wish to proceed?',
      ),
    ).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('moves focus to the new page heading after navigation', async () => {
    const { router } = renderRoutes(routes, '/', settings);
    await act(async () => {
      await router.navigate('/faq');
    });
    await waitFor(() => expect(document.activeElement?.textContent).toBe('FAQ heading'));
    expect(document.activeElement?.getAttribute('tabindex')).toBe('-1');
  });
});
