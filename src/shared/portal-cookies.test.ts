import { afterEach, describe, expect, it, vi } from 'vitest';
import { flashCookie } from './flash-cookie';
import { languageCookie } from './language-cookie';
import { contextEmailCookie, routerContextCookie } from './router-context-cookie';
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

  it('never put the e-mail where a script reads it: it is handed on HttpOnly, for an hour at most', () => {
    const context = JSON.stringify({ applicationIdentifier: 'a', email: 'amelie@example.com' });
    expect(decodeURIComponent(routerContextCookie(context))).not.toContain('amelie');
    expect(decodeURIComponent(routerContextCookie(context))).toContain('"applicationIdentifier":"a"');
    // A context holding only the e-mail leaves nothing to mirror.
    expect(routerContextCookie(JSON.stringify({ email: 'amelie@example.com' }))).toMatch(/; max-age=0;/);
    const handedOn = contextEmailCookie('amelie@example.com');
    expect(handedOn).toMatch(/^eta\.contextEmail=amelie%40example\.com; /);
    expect(handedOn).toMatch(/; HttpOnly/);
    expect(handedOn).toMatch(/; Max-Age=3600/);
    expect(handedOn).toMatch(/; Secure/);
    expect(contextEmailCookie(undefined)).toMatch(/Max-Age=0/);
  });
});
