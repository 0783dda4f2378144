import { describe, expect, it } from 'vitest';
import { flashCookie } from './flash-cookie';
import { languageCookie } from './language-cookie';
import { contextEmailCookie, routerContextCookie } from './router-context-cookie';
import { cookieSecure, setCookie } from './set-cookie';

/** The cookies as the server writes them (no `secure` given), or as the browser does on a page (`secure`). */
const written = (secure?: boolean) => [
  languageCookie('fr', secure),
  routerContextCookie('{"applicationIdentifier":"a"}', secure),
  routerContextCookie(undefined, secure),
  flashCookie({ page: '/applications' }, secure),
  flashCookie(undefined, secure),
];

describe("the portal's cookies", () => {
  it('are Secure when the server writes them', () => {
    for (const cookie of written()) expect(cookie, cookie).toMatch(/; secure(;|$)/);
  });

  it('are Secure when a page served over https (or localhost) writes them, and not on a page over plain http', () => {
    const https = cookieSecure({ isSecureContext: true, location: { protocol: 'https:' } });
    expect(https).toBe(true);
    for (const cookie of written(https)) expect(cookie, cookie).toMatch(/; secure(;|$)/);
    expect(cookieSecure({ isSecureContext: true, location: { protocol: 'http:' } })).toBe(true);
    expect(cookieSecure({ isSecureContext: false, location: { protocol: 'https:' } })).toBe(true);
    const http = cookieSecure({ isSecureContext: false, location: { protocol: 'http:' } });
    expect(http).toBe(false);
    for (const cookie of written(http)) expect(cookie, cookie).not.toMatch(/secure/i);
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
