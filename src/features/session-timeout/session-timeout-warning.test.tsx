import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { createInstance } from 'i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { LAST_ACTIVITY_KEY } from '@/api/auth/activity';
import { startRefreshScheduler } from '@/api/auth/refresh-scheduler';
import { clearTokens, getRefreshToken, isLoggedIn, storeTokens } from '@/api/auth/tokens';
import { SettingsContext, settingsOf } from '@/api/settings';
import accounts from '@locales/en/accounts.json';
import { SessionTimeoutWarning, sessionTimeoutDialog } from './session-timeout-warning';

// Fluent's first render imports much; a busy machine needs more than 5 s.
vi.setConfig({ testTimeout: 20_000 });

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const WARNING_NAME = 'You will be signed out soon';
const fetchMock = vi.fn<(url: string, init: RequestInit) => Promise<Response>>();
const onSessionEnded = vi.fn();
let stop: () => void = () => undefined;
let refreshes = 0;
const settings = settingsOf([
  { key: 'SESSION_IDLE_SECONDS', value: '1800' },
  { key: 'SESSION_WARNING_SECONDS', value: '120' },
]);

function tokens(n: number) {
  return { accessToken: `access-${n}`, expiresIn: 15 * 60, refreshToken: `refresh-${n}`, refreshExpiresIn: 60 * 60 };
}

async function renderWarning() {
  const i18n = createInstance();
  await i18n.use(initReactI18next).init({
    lng: 'en',
    defaultNS: 'accounts',
    resources: { en: { accounts } },
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  const router = createMemoryRouter(
    [
      {
        path: '/profile',
        element: (
          <>
            <h1>page /profile</h1>
            <SessionTimeoutWarning />
          </>
        ),
      },
      { path: '/login', element: <h1>page /login</h1> },
      { path: '/', element: <h1>page /</h1> },
    ],
    { initialEntries: ['/profile'] },
  );
  render(
    <I18nextProvider i18n={i18n}>
      <SettingsContext value={settings}>
        <FluentProvider theme={webLightTheme}>
          <QueryClientProvider client={new QueryClient()}>
            <RouterProvider router={router} />
          </QueryClientProvider>
        </FluentProvider>
      </SettingsContext>
    </I18nextProvider>,
  );
  return router;
}

const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const warning = () => screen.queryByRole('alertdialog', { name: WARNING_NAME });
const calls = (path: string) => fetchMock.mock.calls.filter(([url]) => url.endsWith(path));

// The warning's dialog loads on demand in the portal; the tests show it at once.
beforeAll(() => sessionTimeoutDialog.preload());

beforeEach(() => {
  vi.useFakeTimers({
    now: Date.UTC(2030, 0, 1, 12, 0, 0),
    toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
  });
  localStorage.clear();
  refreshes = 0;
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (url) => {
    if (url.endsWith('/refresh')) return new Response(JSON.stringify(tokens(++refreshes + 1)), { status: 200 });
    return new Response(JSON.stringify({ message: 'Signed out' }), { status: 200 });
  });
  vi.stubGlobal('fetch', fetchMock);
  onSessionEnded.mockReset();
  storeTokens(tokens(1));
  stop = startRefreshScheduler({ onSessionEnded, idleSeconds: settings.SESSION_IDLE_SECONDS });
});

afterEach(() => {
  stop();
  clearTokens();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('SessionTimeoutWarning', () => {
  it('warns SESSION_WARNING_SECONDS before the inactivity deadline, then the session ends on the server', async () => {
    await renderWarning();
    await advance(28 * MINUTE - 2 * SECOND);
    expect(warning()).toBeNull();
    await advance(2 * SECOND);
    const dialog = warning();
    expect(dialog).not.toBeNull();
    expect(dialog!.textContent).toContain('sign you out in 2 minutes');
    await advance(2 * MINUTE);
    expect(calls('/logout')).toHaveLength(1);
    expect(onSessionEnded).toHaveBeenCalledWith('inactivity');
    expect(isLoggedIn()).toBe(false);
    await advance(2 * SECOND);
    expect(warning()).toBeNull();
  });

  it('pushes the deadline on activity: no warning at 28 minutes after a key press at 10', async () => {
    await renderWarning();
    await advance(10 * MINUTE);
    act(() => {
      window.dispatchEvent(new KeyboardEvent('keydown', { key: 'a' }));
    });
    await advance(18 * MINUTE + 5 * SECOND);
    expect(warning()).toBeNull();
    await advance(10 * MINUTE);
    expect(warning()).not.toBeNull();
  });

  it("closes when another tab's user is active", async () => {
    await renderWarning();
    await advance(29 * MINUTE);
    expect(warning()).not.toBeNull();
    act(() => {
      localStorage.setItem(LAST_ACTIVITY_KEY, String(Date.now()));
      window.dispatchEvent(new StorageEvent('storage', { key: LAST_ACTIVITY_KEY }));
    });
    await advance(SECOND);
    expect(warning()).toBeNull();
    await advance(MINUTE);
    expect(onSessionEnded).not.toHaveBeenCalled();
  });

  it('does not take key presses inside the open warning as activity; Stay signed in does, and refreshes', async () => {
    await renderWarning();
    await advance(29 * MINUTE);
    const dialog = warning()!;
    fireEvent.keyDown(dialog, { key: 'Tab' });
    await advance(SECOND);
    expect(warning()).not.toBeNull();
    const before = calls('/refresh').length;
    fireEvent.click(screen.getByRole('button', { name: 'Stay signed in' }));
    await advance(SECOND);
    expect(calls('/refresh')).toHaveLength(before + 1);
    expect(getRefreshToken()).toBe(`refresh-${refreshes + 1}`);
    expect(warning()).toBeNull();
    await advance(5 * MINUTE);
    expect(onSessionEnded).not.toHaveBeenCalled();
    expect(isLoggedIn()).toBe(true);
  });
  it('at the end of the session lifetime says it cannot be extended, and lets the user carry on until then', async () => {
    // Near the session's end the server cuts the refresh lifetime to what is left of it: 100 s.
    let nearEnd = false;
    fetchMock.mockImplementation(async (url) => {
      if (url.endsWith('/refresh')) {
        return new Response(
          JSON.stringify({ ...tokens(++refreshes + 1), ...(nearEnd ? { refreshExpiresIn: 100 } : {}) }),
          { status: 200 },
        );
      }
      return new Response(JSON.stringify({ message: 'Signed out' }), { status: 200 });
    });
    await renderWarning();
    await advance(29 * MINUTE);
    expect(warning()).not.toBeNull();
    nearEnd = true;
    fireEvent.click(screen.getByRole('button', { name: 'Stay signed in' }));
    await advance(SECOND);
    const dialog = warning()!;
    expect(dialog.textContent).toContain('Your session has reached its time limit and cannot be extended');
    expect(screen.queryByRole('button', { name: 'Stay signed in' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Sign out now' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Carry on until then' }));
    await advance(SECOND);
    expect(warning()).toBeNull();
    expect(isLoggedIn()).toBe(true);
    await advance(2 * MINUTE);
    expect(isLoggedIn()).toBe(false);
    expect(warning()).toBeNull();
  });
});
