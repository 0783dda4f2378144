import { describe, expect, it } from 'vitest';
import { safeReturnPath } from './safe-redirect';

describe('safeReturnPath', () => {
  it('returns same-site paths with their query and hash', () => {
    expect(safeReturnPath({ from: '/profile' })).toBe('/profile');
    expect(safeReturnPath({ from: '/my-applications?page=2#top' })).toBe('/my-applications?page=2#top');
  });

  it('never returns to another site, nor anything that is not a path', () => {
    expect(safeReturnPath({ from: '//evil.example/x' })).toBeUndefined();
    expect(safeReturnPath({ from: '/\\evil.example' })).toBeUndefined();
    expect(safeReturnPath({ from: 'https://evil.example' })).toBeUndefined();
    expect(safeReturnPath({ from: 'profile' })).toBeUndefined();
    expect(safeReturnPath({ from: 42 })).toBeUndefined();
    expect(safeReturnPath({})).toBeUndefined();
    expect(safeReturnPath(null)).toBeUndefined();
    expect(safeReturnPath(undefined)).toBeUndefined();
  });

  /** Addresses a browser reads as another site's, or that break a redirect's header. */
  const hostile = [
    '/\t/evil.example',
    '/\n/evil.example',
    '/\r\n/evil.example',
    '/%09/evil.example',
    '/ /evil.example',
    '/\u0000/login',
    '/\u2028/login',
    '/\u00a0/evil.example',
    '/\\/evil.example',
    '/profile\r\nSet-Cookie: a=b',
    '/profile\\..\\..\\evil',
  ];

  it('refuses control and space characters, which a browser drops or reads as a slash', () => {
    for (const from of hostile.filter((h) => !h.includes('%'))) expect(safeReturnPath({ from }), from).toBeUndefined();
  });

  it('keeps only what resolves, as Node’s URL parser resolves it, to a page of the portal on its own origin', () => {
    const origin = 'https://portal.example';
    for (const from of [...hostile, '/profile', '/applications/application/passport?applicantIdentifier=a', '/faq']) {
      const kept = safeReturnPath({ from });
      if (kept !== undefined) expect(new URL(kept, origin).origin, from).toBe(origin);
    }
    // Encoded characters stay encoded: the path names no other host.
    expect(safeReturnPath({ from: '/%09/evil.example' })).toBeUndefined();
    expect(safeReturnPath({ from: '/applications/application/passport?applicantIdentifier=a' })).toBe(
      '/applications/application/passport?applicantIdentifier=a',
    );
    // Only pages of the portal: not the API, nor an address no route has.
    expect(safeReturnPath({ from: '/api/eta/profile' })).toBeUndefined();
    expect(safeReturnPath({ from: '/nowhere' })).toBeUndefined();
    // What is kept is the path as resolved.
    expect(safeReturnPath({ from: '/faq/../profile' })).toBe('/profile');
  });
});
