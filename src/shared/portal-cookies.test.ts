import { afterEach, describe, expect, it, vi } from 'vitest';
import { flashCookie } from './flash-cookie';
import { languageCookie } from './language-cookie';
import { routerContextCookie } from './router-context-cookie';
import { cookieSecure, setCookie } from './set-cookie';

const written = () => [
  languageCookie('fr'),
  routerContextCookie('{"applicationIdentifier":"a"}'),
  routerContextCookie(undefined),
  flashCookie({ page: '/applications' }),
  flashCookie(undefined),
];

describe("the portal's cookies", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('are Secure when the server writes them', () => {
    vi.stubGlobal('window', undefined);
    expect(cookieSecure()).toBe(true);
    for (const cookie of written()) expect(cookie, cookie).toMatch(/; secure(;|$)/);
  });

  it('are Secure when a page served over https writes them, and not on a page over plain http', () => {
    vi.stubGlobal('window', { isSecureContext: true, location: { protocol: 'https:' } });
    for (const cookie of written()) expect(cookie, cookie).toMatch(/; secure(;|$)/);
    vi.stubGlobal('window', { isSecureContext: false, location: { protocol: 'http:' } });
    for (const cookie of written()) expect(cookie, cookie).not.toMatch(/secure/i);
    expect(setCookie('a', 'b', { secure: false })).toBe('a=b; Path=/; SameSite=Lax');
  });

  it('keep the router context for the browser session only', () => {
    const kept = routerContextCookie('{"applicationIdentifier":"a"}');
    expect(kept).not.toMatch(/max-age|expires/i);
    expect(routerContextCookie(undefined)).toMatch(/; max-age=0;/);
  });
});
