import Cookies from 'js-cookie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LAST_ACTIVITY_KEY } from './activity';
import { refreshDelay, refreshNow, startRefreshScheduler, tokenInfoOf } from './refresh-scheduler';
import { clearTokens, getAccessToken, getRefreshToken, isLoggedIn, storeTokens } from './tokens';

const MINUTE = 60_000;
const fetchMock = vi.fn<(url: string, init: RequestInit) => Promise<Response>>();
const onSessionEnded = vi.fn();
let stop: () => void = () => undefined;

function tokens(n: number, expiresIn = 900, refreshExpiresIn = 3600) {
  return { accessToken: `access-${n}`, expiresIn, refreshToken: `refresh-${n}`, refreshExpiresIn };
}

function answerRefresh(body: unknown, status = 200) {
  fetchMock.mockResolvedValueOnce(new Response(JSON.stringify(body), { status }));
}

function refreshCalls() {
  return fetchMock.mock.calls.filter(([url]) => url.endsWith('/api/eta/profile/refresh'));
}

function logoutCalls() {
  return fetchMock.mock.calls.filter(([url]) => url.endsWith('/api/eta/profile/logout'));
}

/** What the user does: a key press anywhere on the page. */
function pressKey() {
  window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab' }));
}

/** What another tab of the portal does when its user is active: writes the shared storage entry. */
function activityInAnotherTab(at: number) {
  localStorage.setItem(LAST_ACTIVITY_KEY, String(at));
  window.dispatchEvent(new StorageEvent('storage', { key: LAST_ACTIVITY_KEY, newValue: String(at) }));
}

beforeEach(() => {
  vi.useFakeTimers({ now: Date.UTC(2030, 0, 1, 12, 0, 0) });
  fetchMock.mockReset();
  onSessionEnded.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  stop();
  clearTokens();
  localStorage.clear();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('refresh timing', () => {
  it('refreshes one minute before the access token expires, not earlier', async () => {
    storeTokens(tokens(1, 15 * 60));
    stop = startRefreshScheduler({ onSessionEnded });
    answerRefresh(tokens(2, 15 * 60));
    await vi.advanceTimersByTimeAsync(14 * MINUTE - 1);
    expect(refreshCalls()).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(refreshCalls()).toHaveLength(1);
    const [, init] = refreshCalls()[0];
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({ refreshToken: 'refresh-1' });
    expect(new Headers(init.headers).has('Authorization')).toBe(false);
    expect(getAccessToken()).toBe('access-2');
    expect(getRefreshToken()).toBe('refresh-2');
  });

  it('plans the next refresh from the new token lifetime', async () => {
    storeTokens(tokens(1, 5 * 60));
    stop = startRefreshScheduler({ onSessionEnded });
    answerRefresh(tokens(2, 10 * 60));
    await vi.advanceTimersByTimeAsync(4 * MINUTE);
    expect(refreshCalls()).toHaveLength(1);
    answerRefresh(tokens(3, 10 * 60));
    await vi.advanceTimersByTimeAsync(9 * MINUTE - 1);
    expect(refreshCalls()).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(refreshCalls()).toHaveLength(2);
    expect(getAccessToken()).toBe('access-3');
  });

  it('refreshes at once when the access token expires within a minute', async () => {
    storeTokens(tokens(1, 30));
    answerRefresh(tokens(2));
    stop = startRefreshScheduler({ onSessionEnded });
    await vi.advanceTimersByTimeAsync(0);
    expect(refreshCalls()).toHaveLength(1);
    expect(getAccessToken()).toBe('access-2');
  });

  it('refreshes at once when only the refresh token is left', async () => {
    Cookies.set('refreshToken', 'refresh-only', { path: '/' });
    answerRefresh({ tokenInfo: tokens(2), profileIdentifier: 'p' });
    stop = startRefreshScheduler({ onSessionEnded });
    await vi.advanceTimersByTimeAsync(0);
    expect(JSON.parse(String(refreshCalls()[0][1].body))).toEqual({ refreshToken: 'refresh-only' });
    expect(getAccessToken()).toBe('access-2');
  });

  it('starts planning when the user signs in after start, and stops when asked', async () => {
    stop = startRefreshScheduler({ onSessionEnded });
    await vi.advanceTimersByTimeAsync(60 * MINUTE);
    expect(fetchMock).not.toHaveBeenCalled();
    pressKey();
    storeTokens(tokens(1, 2 * 60));
    answerRefresh(tokens(2, 2 * 60));
    await vi.advanceTimersByTimeAsync(MINUTE);
    expect(refreshCalls()).toHaveLength(1);
    stop();
    await vi.advanceTimersByTimeAsync(10 * MINUTE);
    expect(refreshCalls()).toHaveLength(1);
  });

  it('does not call the API when another tab already refreshed', async () => {
    storeTokens(tokens(1, 5 * 60));
    stop = startRefreshScheduler({ onSessionEnded });
    // Written straight to the cookies, as another tab would: no in-page notification.
    const later = Date.now() + 20 * MINUTE;
    Cookies.set('authToken', 'access-other-tab', { path: '/', expires: new Date(later) });
    Cookies.set('authTokenExpiryDate', new Date(later).toISOString(), { path: '/', expires: new Date(later) });
    await vi.advanceTimersByTimeAsync(4 * MINUTE);
    expect(refreshCalls()).toHaveLength(0);
    answerRefresh(tokens(3));
    await vi.advanceTimersByTimeAsync(15 * MINUTE);
    expect(refreshCalls()).toHaveLength(1);
  });
});

describe('ending the session', () => {
  it('signs out and asks to go to login when there is an access token but no refresh token', () => {
    Cookies.set('authToken', 'access-only', { path: '/' });
    stop = startRefreshScheduler({ onSessionEnded });
    expect(onSessionEnded).toHaveBeenCalledWith('missing-refresh-token');
    expect(isLoggedIn()).toBe(false);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it.each([
    ['a 401', () => answerRefresh({ error: 'Session expired', code: 'INVALID_REFRESH_TOKEN' }, 401)],
    ['a 403', () => answerRefresh({ error: 'Forbidden', code: 'FORBIDDEN' }, 403)],
  ])('signs out at once when the server refuses the refresh with %s', async (_label, arrange) => {
    storeTokens(tokens(1, 90));
    stop = startRefreshScheduler({ onSessionEnded });
    arrange();
    await vi.advanceTimersByTimeAsync(30_000);
    expect(refreshCalls()).toHaveLength(1);
    expect(onSessionEnded).toHaveBeenCalledWith('refresh-failed');
    expect(isLoggedIn()).toBe(false);
  });

  it.each([
    ['a network failure', () => fetchMock.mockRejectedValue(new TypeError('Failed to fetch'))],
    ['a server error', () => fetchMock.mockImplementation(async () => new Response('{}', { status: 503 }))],
    [
      'a body without tokens',
      () => fetchMock.mockImplementation(async () => new Response('{"ok":true}', { status: 200 })),
    ],
  ])('tries again after %s, 2, 5 and 10 seconds later, then signs out', async (_label, arrange) => {
    storeTokens(tokens(1, 90));
    arrange();
    stop = startRefreshScheduler({ onSessionEnded });
    await vi.advanceTimersByTimeAsync(30_000);
    expect(refreshCalls()).toHaveLength(1);
    expect(isLoggedIn()).toBe(true);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(refreshCalls()).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(refreshCalls()).toHaveLength(3);
    expect(onSessionEnded).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(refreshCalls()).toHaveLength(4);
    expect(onSessionEnded).toHaveBeenCalledWith('refresh-failed');
    expect(isLoggedIn()).toBe(false);
  });

  it('keeps the session when a failed refresh succeeds on a later try', async () => {
    storeTokens(tokens(1, 90));
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    answerRefresh(tokens(2));
    stop = startRefreshScheduler({ onSessionEnded });
    await vi.advanceTimersByTimeAsync(30_000 + 2_000);
    expect(refreshCalls()).toHaveLength(2);
    expect(getRefreshToken()).toBe('refresh-2');
    expect(onSessionEnded).not.toHaveBeenCalled();
  });

  it('does nothing for a logged-out visitor', async () => {
    stop = startRefreshScheduler({ onSessionEnded });
    await vi.advanceTimersByTimeAsync(60 * MINUTE);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(onSessionEnded).not.toHaveBeenCalled();
  });
});

describe('ending the session after inactivity (SESSION_IDLE_SECONDS)', () => {
  const ok = () =>
    fetchMock.mockImplementation(
      async (url) =>
        new Response(JSON.stringify(url.endsWith('/refresh') ? tokens(9, 15 * 60) : { message: 'Signed out' }), {
          status: 200,
        }),
    );

  it('keeps refreshing while the deadline is ahead, then logs out on the server and clears the cookies', async () => {
    ok();
    storeTokens(tokens(1, 15 * 60, 60 * 60));
    stop = startRefreshScheduler({ onSessionEnded });
    await vi.advanceTimersByTimeAsync(30 * MINUTE - 1);
    // Refreshed at 14 and 28 minutes although nobody did anything: the access token must work until the deadline.
    expect(refreshCalls()).toHaveLength(2);
    expect(onSessionEnded).not.toHaveBeenCalled();
    expect(isLoggedIn()).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(logoutCalls()).toHaveLength(1);
    expect(JSON.parse(String(logoutCalls()[0][1].body))).toEqual({ refreshToken: 'refresh-9' });
    expect(onSessionEnded).toHaveBeenCalledWith('inactivity');
    expect(isLoggedIn()).toBe(false);
    await vi.advanceTimersByTimeAsync(60 * MINUTE);
    expect(refreshCalls()).toHaveLength(2);
  });

  it('uses the SESSION_IDLE_SECONDS setting', async () => {
    ok();
    storeTokens(tokens(1, 15 * 60, 60 * 60));
    stop = startRefreshScheduler({ onSessionEnded, idleSeconds: '600' });
    await vi.advanceTimersByTimeAsync(10 * MINUTE - 1);
    expect(onSessionEnded).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(onSessionEnded).toHaveBeenCalledWith('inactivity');
  });

  it('counts key presses in this tab as activity: the deadline moves', async () => {
    ok();
    storeTokens(tokens(1, 15 * 60, 60 * 60));
    stop = startRefreshScheduler({ onSessionEnded });
    await vi.advanceTimersByTimeAsync(20 * MINUTE);
    pressKey();
    await vi.advanceTimersByTimeAsync(30 * MINUTE - 1);
    expect(onSessionEnded).not.toHaveBeenCalled();
    expect(isLoggedIn()).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(onSessionEnded).toHaveBeenCalledWith('inactivity');
  });

  it("counts another tab's activity, heard through the storage event", async () => {
    ok();
    storeTokens(tokens(1, 15 * 60, 60 * 60));
    stop = startRefreshScheduler({ onSessionEnded });
    await vi.advanceTimersByTimeAsync(25 * MINUTE);
    activityInAnotherTab(Date.now());
    await vi.advanceTimersByTimeAsync(30 * MINUTE - 1);
    expect(onSessionEnded).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(onSessionEnded).toHaveBeenCalledWith('inactivity');
  });

  it('ends at the refresh token expiry when that comes first', async () => {
    ok();
    fetchMock.mockImplementation(async () => new Response('{}', { status: 200 }));
    // An access token that outlives the refresh token, so no refresh moves the expiry.
    storeTokens(tokens(1, 60 * 60, 10 * 60));
    stop = startRefreshScheduler({ onSessionEnded });
    await vi.advanceTimersByTimeAsync(10 * MINUTE - 1);
    expect(onSessionEnded).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(onSessionEnded).toHaveBeenCalledWith('inactivity');
  });

  it('ends a session whose stored activity is older than the limit when the page opens (browser left, reopened)', async () => {
    ok();
    storeTokens(tokens(1, 15 * 60, 60 * 60));
    localStorage.setItem(LAST_ACTIVITY_KEY, String(Date.now() - 31 * MINUTE));
    stop = startRefreshScheduler({ onSessionEnded });
    await vi.advanceTimersByTimeAsync(0);
    expect(logoutCalls()).toHaveLength(1);
    expect(onSessionEnded).toHaveBeenCalledWith('inactivity');
    expect(isLoggedIn()).toBe(false);
  });

  it('tells this tab when another tab ended the session at the shared deadline', async () => {
    ok();
    storeTokens(tokens(1, 15 * 60, 60 * 60));
    stop = startRefreshScheduler({ onSessionEnded });
    await vi.advanceTimersByTimeAsync(30 * MINUTE - 10);
    // The other tab's logout cleared the shared cookies, which sends this tab no event.
    Cookies.remove('authToken', { path: '/' });
    Cookies.remove('refreshToken', { path: '/' });
    await vi.advanceTimersByTimeAsync(10);
    expect(onSessionEnded).toHaveBeenCalledWith('inactivity');
    expect(logoutCalls()).toHaveLength(0);
  });

  it('says nothing when the user signed out before the deadline', async () => {
    ok();
    storeTokens(tokens(1, 15 * 60, 60 * 60));
    stop = startRefreshScheduler({ onSessionEnded });
    await vi.advanceTimersByTimeAsync(5 * MINUTE);
    clearTokens();
    await vi.advanceTimersByTimeAsync(60 * MINUTE);
    expect(onSessionEnded).not.toHaveBeenCalled();
  });
});

describe('refreshNow: one refresh at a time', () => {
  it('lets concurrent callers share one call, then allows the next', async () => {
    storeTokens(tokens(1));
    let answer: (response: Response) => void = () => undefined;
    fetchMock.mockImplementationOnce(() => new Promise<Response>((resolve) => (answer = resolve)));
    const first = refreshNow();
    const second = refreshNow();
    expect(refreshCalls()).toHaveLength(1);
    answer(new Response(JSON.stringify(tokens(2)), { status: 200 }));
    expect(await Promise.all([first, second])).toEqual([true, true]);
    expect(getRefreshToken()).toBe('refresh-2');
    answerRefresh(tokens(3));
    expect(await refreshNow()).toBe(true);
    expect(refreshCalls().map(([, init]) => JSON.parse(String(init.body)).refreshToken)).toEqual([
      'refresh-1',
      'refresh-2',
    ]);
  });

  it('answers false when refused, failed or without a refresh token', async () => {
    expect(await refreshNow()).toBe(false);
    expect(fetchMock).not.toHaveBeenCalled();
    storeTokens(tokens(1));
    answerRefresh({ error: 'Session expired', code: 'REFRESH_TOKEN_INVALID' }, 401);
    expect(await refreshNow()).toBe(false);
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    expect(await refreshNow()).toBe(false);
  });

  it('is what the scheduler uses: a refresh asked for while the scheduled one runs does not send a second', async () => {
    storeTokens(tokens(1, 30));
    let answer: (response: Response) => void = () => undefined;
    fetchMock.mockImplementationOnce(() => new Promise<Response>((resolve) => (answer = resolve)));
    stop = startRefreshScheduler({ onSessionEnded });
    await vi.advanceTimersByTimeAsync(0);
    expect(refreshCalls()).toHaveLength(1);
    const asked = refreshNow();
    answer(new Response(JSON.stringify(tokens(2)), { status: 200 }));
    expect(await asked).toBe(true);
    expect(refreshCalls()).toHaveLength(1);
    expect(onSessionEnded).not.toHaveBeenCalled();
  });

  it('takes the Web Lock, and skips the call when another tab rotated the token while it waited', async () => {
    storeTokens(tokens(1));
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const request = vi.fn(async (_name: string, callback: () => Promise<unknown>) => {
      await held;
      return callback();
    });
    vi.stubGlobal('navigator', { ...navigator, locks: { request } });
    const result = refreshNow();
    expect(request).toHaveBeenCalledWith('eta.refresh', expect.any(Function));
    storeTokens(tokens(5));
    release();
    expect(await result).toBe(true);
    expect(refreshCalls()).toHaveLength(0);
    expect(getRefreshToken()).toBe('refresh-5');
  });
});

describe('helpers', () => {
  it('computes the delay one minute before expiry, never negative', () => {
    const now = 1_000_000;
    expect(refreshDelay(new Date(now + 5 * MINUTE), now)).toBe(4 * MINUTE);
    expect(refreshDelay(new Date(now + 30_000), now)).toBe(0);
    expect(refreshDelay(undefined, now)).toBe(0);
  });

  it('reads token info from a TokenInfo or a LoginResult answer', () => {
    expect(tokenInfoOf(tokens(1))).toEqual(tokens(1));
    expect(tokenInfoOf({ tokenInfo: tokens(2), profileIdentifier: 'p' })).toEqual(tokens(2));
    expect(tokenInfoOf({ accessToken: 'a' })).toBeUndefined();
    expect(tokenInfoOf(undefined)).toBeUndefined();
  });
});
