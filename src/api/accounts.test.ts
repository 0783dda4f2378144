import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  clearSessionEnded,
  fetchProfile,
  hasSessionEnded,
  markSessionEnded,
  refreshSessionNow,
  saveProfileLanguage,
} from './accounts';
import { LAST_ACTIVITY_KEY } from './auth/activity';
import { refreshNow } from './auth/refresh-scheduler';
import * as tokens from './auth/tokens';

beforeEach(() => localStorage.clear());
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
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
    expect(JSON.parse(String((fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1].body))).toEqual({
      refreshToken: 'refresh-1',
    });
  });

  it('ends the local session when the server refuses the token', async () => {
    vi.spyOn(tokens, 'getRefreshToken').mockReturnValue('refresh-1');
    const clear = vi.spyOn(tokens, 'clearTokens').mockImplementation(() => {});
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ error: 'x', code: 'REFRESH_TOKEN_INVALID' }), { status: 401 })),
    );
    expect(await refreshSessionNow()).toBe(false);
    expect(clear).toHaveBeenCalled();
  });
});

describe('refreshSessionNow and the scheduler', () => {
  it('joins a refresh already running instead of sending the same token twice, and counts as activity', async () => {
    tokens.storeTokens({ accessToken: 'a', expiresIn: 900, refreshToken: 'refresh-1', refreshExpiresIn: 3600 });
    let answer: (response: Response) => void = () => undefined;
    const fetchMock = vi.fn(() => new Promise<Response>((resolve) => (answer = resolve)));
    vi.stubGlobal('fetch', fetchMock);
    const scheduled = refreshNow();
    const stay = refreshSessionNow();
    expect(Number(localStorage.getItem(LAST_ACTIVITY_KEY))).toBeGreaterThan(0);
    answer(
      new Response(
        JSON.stringify({ accessToken: 'b', expiresIn: 900, refreshToken: 'refresh-2', refreshExpiresIn: 3600 }),
        { status: 200 },
      ),
    );
    expect(await Promise.all([scheduled, stay])).toEqual([true, true]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(tokens.getRefreshToken()).toBe('refresh-2');
    tokens.clearTokens();
  });

  it('leaves the session alone when the network fails', async () => {
    tokens.storeTokens({ accessToken: 'a', expiresIn: 900, refreshToken: 'refresh-1', refreshExpiresIn: 3600 });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    expect(await refreshSessionNow()).toBe(false);
    expect(tokens.getRefreshToken()).toBe('refresh-1');
    tokens.clearTokens();
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

describe('saveProfileLanguage', () => {
  it('holds the calls started after it until the language is saved, so they are answered in it', async () => {
    const order: string[] = [];
    let answerPatch: (response: Response) => void = () => {};
    const fetchMock = vi.fn((_url: string, init: RequestInit) => {
      const method = init.method ?? 'GET';
      order.push(`${method} ${new Headers(init.headers).get('Accept-Language')}`);
      if (method === 'PATCH') return new Promise<Response>((resolve) => (answerPatch = resolve));
      return Promise.resolve(new Response(JSON.stringify({ language: 'ar' }), { status: 200 }));
    });
    vi.stubGlobal('fetch', fetchMock);

    const saving = saveProfileLanguage('ar');
    const later = fetchProfile();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(order).toHaveLength(1);
    expect(order[0]).toMatch(/^PATCH /);

    answerPatch(new Response(JSON.stringify({ language: 'ar' }), { status: 200 }));
    await Promise.all([saving, later]);
    expect(order.map((call) => call.split(' ')[0])).toEqual(['PATCH', 'GET']);
  });

  it('lets the later calls go when the save fails', async () => {
    const fetchMock = vi.fn(async (_url: string, init: RequestInit) =>
      init.method === 'PATCH'
        ? new Response(JSON.stringify({ error: 'x', code: 'INTERNAL' }), { status: 500 })
        : new Response(JSON.stringify({ language: 'en' }), { status: 200 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const saving = saveProfileLanguage('fr');
    const later = fetchProfile();
    await expect(saving).rejects.toThrow();
    await expect(later).resolves.toEqual({ language: 'en' });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
