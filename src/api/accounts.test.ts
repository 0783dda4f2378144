import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSessionEnded, getContextEmail, hasSessionEnded, markSessionEnded, refreshSessionNow, setContextEmail } from './accounts';
import * as tokens from './auth/tokens';

beforeEach(() => localStorage.clear());
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('router-context e-mail', () => {
  it('keeps the router context other entries and tells listeners in this tab', () => {
    localStorage.setItem('eta.routerContext', JSON.stringify({ applicationIdentifier: 'app-1' }));
    const heard = vi.fn();
    window.addEventListener('storage', heard);
    setContextEmail('amina@example.com');
    window.removeEventListener('storage', heard);
    expect(JSON.parse(localStorage.getItem('eta.routerContext')!)).toEqual({ applicationIdentifier: 'app-1', email: 'amina@example.com' });
    expect(getContextEmail()).toBe('amina@example.com');
    expect(heard).toHaveBeenCalledTimes(1);
    setContextEmail(undefined);
    expect(JSON.parse(localStorage.getItem('eta.routerContext')!)).toEqual({ applicationIdentifier: 'app-1' });
  });

  it('reads nothing from unreadable storage', () => {
    localStorage.setItem('eta.routerContext', '{not json');
    expect(getContextEmail()).toBeUndefined();
  });
});

describe('refreshSessionNow', () => {
  it('stores the new tokens of a successful refresh', async () => {
    vi.spyOn(tokens, 'getRefreshToken').mockReturnValue('refresh-1');
    const store = vi.spyOn(tokens, 'storeTokens').mockImplementation(() => {});
    const info = { accessToken: 'a', expiresIn: 900, refreshToken: 'refresh-2', refreshExpiresIn: 3600 };
    const fetchMock = vi.fn(async () => new Response(JSON.stringify(info), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    expect(await refreshSessionNow()).toBe(true);
    expect(store).toHaveBeenCalledWith(info);
    expect(JSON.parse(String((fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1].body))).toEqual({ refreshToken: 'refresh-1' });
  });

  it('ends the local session when the server refuses the token', async () => {
    vi.spyOn(tokens, 'getRefreshToken').mockReturnValue('refresh-1');
    const clear = vi.spyOn(tokens, 'clearTokens').mockImplementation(() => {});
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ error: 'x', code: 'REFRESH_TOKEN_INVALID' }), { status: 401 })));
    expect(await refreshSessionNow()).toBe(false);
    expect(clear).toHaveBeenCalled();
  });
});

describe('session-ended mark', () => {
  it('is set, read and cleared', () => {
    markSessionEnded();
    expect(hasSessionEnded()).toBe(true);
    clearSessionEnded();
    expect(hasSessionEnded()).toBe(false);
  });
});
