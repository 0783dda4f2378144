import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getProfileIdentifier, PROFILE_IDENTIFIER_KEY } from './session';
import { clearTokens, getAccessToken, isLoggedIn, storeTokens } from './tokens';
import { useAuth } from './use-auth';

const fetchMock = vi.fn<(url: string, init: RequestInit) => Promise<Response>>();
const loginResult = {
  profileIdentifier: 'profile-7',
  tokenInfo: { accessToken: 'access-1', expiresIn: 900, refreshToken: 'refresh-1', refreshExpiresIn: 3600 },
};

function setup() {
  const queryClient = new QueryClient();
  queryClient.setQueryData(['profile'], { name: 'Ada' });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return { queryClient, ...renderHook(() => useAuth(), { wrapper }) };
}

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  clearTokens();
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('useAuth', () => {
  it('signs in: stores the tokens, remembers the profile and re-renders as logged in', () => {
    const { result } = setup();
    expect(result.current.loggedIn).toBe(false);
    act(() => result.current.signIn(loginResult));
    expect(result.current.loggedIn).toBe(true);
    expect(getAccessToken()).toBe('access-1');
    expect(localStorage.getItem(PROFILE_IDENTIFIER_KEY)).toBe('profile-7');
    expect(getProfileIdentifier()).toBe('profile-7');
  });

  it('signs out: posts logout with the refresh token, clears cookies, profile and query cache', async () => {
    fetchMock.mockResolvedValue(new Response('{}', { status: 200 }));
    storeTokens(loginResult.tokenInfo);
    localStorage.setItem(PROFILE_IDENTIFIER_KEY, 'profile-7');
    const { result, queryClient } = setup();
    expect(result.current.loggedIn).toBe(true);
    await act(() => result.current.signOut());
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/eta/profile/logout');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({ refreshToken: 'refresh-1' });
    expect(new Headers(init.headers).get('Authorization')).toBe('Bearer access-1');
    expect(result.current.loggedIn).toBe(false);
    expect(isLoggedIn()).toBe(false);
    expect(getProfileIdentifier()).toBeUndefined();
    expect(queryClient.getQueryData(['profile'])).toBeUndefined();
  });

  it('signs out locally even when the logout call fails', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    storeTokens(loginResult.tokenInfo);
    const { result, queryClient } = setup();
    await act(() => result.current.signOut());
    expect(isLoggedIn()).toBe(false);
    expect(queryClient.getQueryData(['profile'])).toBeUndefined();
  });
});
