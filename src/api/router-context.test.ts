import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { clearTokens, storeTokens } from '@/api/auth/tokens';
import {
  clearRouterContext,
  clearRouterContextOnSignOut,
  getRouterContext,
  ROUTER_CONTEXT_KEY,
  setRouterContext,
  useRouterContext,
} from './router-context';

afterEach(() => localStorage.clear());

describe('router context', () => {
  it('keeps everything under the one localStorage key', () => {
    setRouterContext({ applicationIdentifier: 'app-1' });
    setRouterContext({ email: 'ada@example.org' });
    expect(Object.keys(localStorage)).toEqual([ROUTER_CONTEXT_KEY]);
    expect(JSON.parse(localStorage.getItem(ROUTER_CONTEXT_KEY)!)).toEqual({
      applicationIdentifier: 'app-1',
      email: 'ada@example.org',
    });
    expect(getRouterContext()).toEqual({ applicationIdentifier: 'app-1', email: 'ada@example.org' });
  });

  it('removes an entry set to undefined and the key when empty', () => {
    setRouterContext({ applicationIdentifier: 'app-1', email: 'a@b.org' });
    expect(setRouterContext({ email: undefined })).toEqual({ applicationIdentifier: 'app-1' });
    clearRouterContext();
    expect(localStorage.getItem(ROUTER_CONTEXT_KEY)).toBeNull();
    expect(getRouterContext()).toEqual({});
  });

  it('ignores unreadable or foreign content', () => {
    localStorage.setItem(ROUTER_CONTEXT_KEY, '{not json');
    expect(getRouterContext()).toEqual({});
    localStorage.setItem(ROUTER_CONTEXT_KEY, JSON.stringify({ email: 42, applicationIdentifier: 'x', other: 'y' }));
    expect(getRouterContext()).toEqual({ applicationIdentifier: 'x' });
  });

  it('returns the same object while the stored text is unchanged', () => {
    setRouterContext({ email: 'a@b.org' });
    expect(getRouterContext()).toBe(getRouterContext());
  });

  it('re-renders the hook on changes, including changes from another tab', () => {
    const { result } = renderHook(() => useRouterContext());
    expect(result.current).toEqual({});
    act(() => {
      setRouterContext({ email: 'a@b.org' });
    });
    expect(result.current.email).toBe('a@b.org');
    act(() => {
      localStorage.setItem(ROUTER_CONTEXT_KEY, JSON.stringify({ applicationIdentifier: 'from-other-tab' }));
      window.dispatchEvent(new StorageEvent('storage', { key: ROUTER_CONTEXT_KEY }));
    });
    expect(result.current).toEqual({ applicationIdentifier: 'from-other-tab' });
  });
});

describe('clearing on sign-out', () => {
  it('empties the context when the user signs out, not when they sign in', () => {
    const stop = clearRouterContextOnSignOut();
    setRouterContext({ applicationIdentifier: 'before-login' });
    storeTokens({ accessToken: 'a', expiresIn: 900, refreshToken: 'r', refreshExpiresIn: 3600 });
    expect(getRouterContext()).toEqual({ applicationIdentifier: 'before-login' });
    setRouterContext({ email: 'ada@example.org' });
    clearTokens();
    expect(getRouterContext()).toEqual({});
    stop();
    storeTokens({ accessToken: 'a', expiresIn: 900, refreshToken: 'r', refreshExpiresIn: 3600 });
    setRouterContext({ email: 'ada@example.org' });
    clearTokens();
    expect(getRouterContext()).toEqual({ email: 'ada@example.org' });
  });
});
