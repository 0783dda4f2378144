import Cookies from 'js-cookie';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  clearTokens,
  getAccessToken,
  getAccessTokenExpiry,
  getRefreshToken,
  getRefreshTokenExpiry,
  isLoggedIn,
  storeTokens,
  subscribeAuth,
} from './tokens';

const info = { accessToken: 'access-1', expiresIn: 900, refreshToken: 'refresh-1', refreshExpiresIn: 3600 };

afterEach(() => {
  clearTokens();
  vi.restoreAllMocks();
});

/** Lets the current work end: the cookies are read again after it. */
const workEnded = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

describe('auth cookies', () => {
  it('stores the three spec cookies secure, sameSite lax (sent with a page opened from an e-mailed link), with lifetimes from the token info', () => {
    const set = vi.spyOn(Cookies, 'set');
    const now = Date.UTC(2030, 0, 1, 12, 0, 0);
    storeTokens(info, now);
    const byName = new Map(set.mock.calls.map(([name, value, attributes]) => [name, { value, attributes }]));
    expect(byName.get('authToken')?.value).toBe('access-1');
    expect(byName.get('authToken')?.attributes).toMatchObject({ secure: true, sameSite: 'lax', path: '/' });
    expect(byName.get('authToken')?.attributes?.expires).toEqual(new Date(now + 900_000));
    expect(byName.get('refreshToken')?.value).toBe('refresh-1');
    expect(byName.get('refreshToken')?.attributes).toMatchObject({ secure: true, sameSite: 'lax' });
    expect(byName.get('refreshToken')?.attributes?.expires).toEqual(new Date(now + 3_600_000));
    expect(byName.get('authTokenExpiryDate')?.value).toBe(new Date(now + 900_000).toISOString());
    expect(byName.get('authTokenExpiryDate')?.attributes).toMatchObject({ secure: true, sameSite: 'lax' });
  });

  it('reads back tokens and expiry dates, and counts as logged in', () => {
    const now = Date.now();
    storeTokens(info, now);
    expect(getAccessToken()).toBe('access-1');
    expect(getRefreshToken()).toBe('refresh-1');
    expect(getAccessTokenExpiry()?.getTime()).toBe(new Date(now + 900_000).getTime());
    expect(getRefreshTokenExpiry()?.getTime()).toBe(new Date(now + 3_600_000).getTime());
    expect(isLoggedIn()).toBe(true);
  });

  it('counts as logged in with only the access cookie or only the refresh cookie', async () => {
    expect(isLoggedIn()).toBe(false);
    Cookies.set('authToken', 'a', { path: '/' });
    await workEnded();
    expect(isLoggedIn()).toBe(true);
    Cookies.remove('authToken', { path: '/' });
    Cookies.set('refreshToken', 'r', { path: '/' });
    await workEnded();
    expect(isLoggedIn()).toBe(true);
  });

  it('clears every cookie and notifies subscribers on store and clear', () => {
    const listener = vi.fn();
    const unsubscribe = subscribeAuth(listener);
    storeTokens(info);
    expect(listener).toHaveBeenCalledTimes(1);
    clearTokens();
    expect(listener).toHaveBeenCalledTimes(2);
    expect(isLoggedIn()).toBe(false);
    expect(Cookies.get('authTokenExpiryDate')).toBeUndefined();
    expect(getAccessTokenExpiry()).toBeUndefined();
    unsubscribe();
    storeTokens(info);
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('re-checks when the tab regains focus, since another tab may have signed out', () => {
    storeTokens(info);
    const listener = vi.fn();
    const unsubscribe = subscribeAuth(listener);
    Cookies.remove('authToken', { path: '/' });
    Cookies.remove('refreshToken', { path: '/' });
    window.dispatchEvent(new Event('focus'));
    document.dispatchEvent(new Event('visibilitychange'));
    expect(listener).toHaveBeenCalledTimes(2);
    expect(isLoggedIn()).toBe(false);
    unsubscribe();
    window.dispatchEvent(new Event('focus'));
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('reads the cookies once in the work running now, and again once it has ended', async () => {
    storeTokens(info);
    const parse = vi.spyOn(Cookies, 'get');
    const read = vi.spyOn(document, 'cookie', 'get');
    expect(isLoggedIn()).toBe(true);
    const reads = read.mock.calls.length;
    for (let i = 0; i < 5; i++) expect(isLoggedIn()).toBe(true);
    expect(getAccessTokenExpiry()).toBeDefined();
    expect(read).toHaveBeenCalledTimes(reads);
    expect(parse).toHaveBeenCalledTimes(1);
    // Written elsewhere (another tab, or directly): seen once the work that read the cookies has ended.
    document.cookie = 'authToken=access-2; path=/';
    await workEnded();
    expect(getAccessToken()).toBe('access-2');
    expect(parse).toHaveBeenCalledTimes(2);
    // The same cookies read again later are not parsed again.
    await workEnded();
    expect(getAccessToken()).toBe('access-2');
    expect(parse).toHaveBeenCalledTimes(2);
    read.mockRestore();
  });

  it('sees its own writes at once', () => {
    expect(isLoggedIn()).toBe(false);
    storeTokens(info);
    expect(isLoggedIn()).toBe(true);
    clearTokens();
    expect(isLoggedIn()).toBe(false);
  });

  it('does not keep a cookie whose token lifetime has already passed', () => {
    storeTokens({ ...info, expiresIn: -10 });
    expect(getAccessToken()).toBeUndefined();
    expect(getRefreshToken()).toBe('refresh-1');
  });
});
