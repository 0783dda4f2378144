import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ChunkLoadError } from '@/routing/lazy-with-timeout';
import { ChunkErrorPage } from './chunk-error-page';
import { ErrorPage } from './error-page';
import { NotFoundPage } from './not-found-page';
import { RouteErrorElement } from './route-error';
import { renderRoutes, startEnglish } from './testing';

describe('status pages', () => {
  beforeAll(startEnglish);
  afterEach(() => vi.unstubAllGlobals());

  it('not-found page shows the spec texts, an image and goes home', async () => {
    const { router } = renderRoutes([{ path: '*', element: <NotFoundPage /> }], '/no-such-page');
    expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
    expect(
      screen.getByText(
        'The page you are looking for does not exist, may have been moved, or is temporarily unavailable.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('img', { name: 'A magnifying glass over a blank page' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Go to Home Page' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('error page shows the spec texts and reloads home', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    renderRoutes([{ path: '*', element: <ErrorPage /> }]);
    expect(screen.getByRole('heading', { level: 1, name: 'Error' })).toBeTruthy();
    expect(
      screen.getByText('An unexpected error has occurred. Please refresh the page or try again later.'),
    ).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Go to Home Page' }));
    expect(assign).toHaveBeenCalledWith('/');
  });

  it('chunk error page names the failure and offers a reload', async () => {
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    renderRoutes([{ path: '*', element: <ChunkErrorPage error={new ChunkLoadError()} /> }]);
    expect(screen.getByRole('heading', { level: 1, name: 'This page could not be loaded' })).toBeTruthy();
    expect(screen.getByText('Loading chunk failed')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('route errors pick the chunk page for chunk failures and the error page otherwise', async () => {
    const failing = (error: Error) => [
      {
        path: '/',
        errorElement: <RouteErrorElement />,
        loader: () => {
          throw error;
        },
        element: <p>never</p>,
        HydrateFallback: () => null,
      },
    ];
    const first = renderRoutes(failing(new ChunkLoadError()));
    expect(await screen.findByRole('heading', { name: 'This page could not be loaded' })).toBeTruthy();
    first.unmount();
    renderRoutes(failing(new Error('boom')));
    expect(await screen.findByRole('heading', { name: 'Error' })).toBeTruthy();
  });
});
