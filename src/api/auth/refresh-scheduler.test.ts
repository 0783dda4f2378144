import Cookies from 'js-cookie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { applySettings } from '../settings';
import { refreshDelay, startRefreshScheduler, tokenInfoOf } from './refresh-scheduler';
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

beforeEach(() => {
  vi.useFakeTimers({ now: Date.UTC(2030, 0, 1, 12, 0, 0) });
  fetchMock.mockReset();
  onSessionEnded.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  applySettings([]);
});

afterEach(() => {
  stop();
  clearTokens();
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
    ['a network failure', () => fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'))],
    ['a body without tokens', () => answerRefresh({ ok: true })],
  ])('signs out when the refresh fails with %s', async (_label, arrange) => {
    storeTokens(tokens(1, 90));
    stop = startRefreshScheduler({ onSessionEnded });
    arrange();
    await vi.advanceTimersByTimeAsync(30_000);
    expect(refreshCalls()).toHaveLength(1);
    expect(onSessionEnded).toHaveBeenCalledWith('refresh-failed');
    expect(isLoggedIn()).toBe(false);
  });

  it('does nothing for a logged-out visitor', async () => {
    stop = startRefreshScheduler({ onSessionEnded });
    await vi.advanceTimersByTimeAsync(60 * MINUTE);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(onSessionEnded).not.toHaveBeenCalled();
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
