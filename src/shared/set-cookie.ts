/** `Set-Cookie` headers for the portal's own cookies, as the server sends them with a page (src/server/pages/). */

export interface CookieOptions {
  /** When it ends; a session cookie without it. */
  expires?: Date;
  /** Seconds it lives (0 removes it). */
  maxAge?: number;
  httpOnly?: boolean;
  sameSite?: 'Lax' | 'Strict';
  /** Sent over https only; true unless said otherwise (see cookieSecure). */
  secure?: boolean;
}

/** What cookieSecure reads of the page: the browser's `window`. */
export interface CookiePage {
  isSecureContext: boolean;
  location?: { protocol: string };
}

/**
 * Whether a cookie the browser writes (`document.cookie`) on `page` is marked Secure: when the page is a secure
 * context (served over https, or from localhost, which browsers let keep Secure cookies), so a page served over
 * plain http elsewhere can still keep its choices. The server marks every cookie it sets Secure (the session's too,
 * and the cookie helpers' default): a browser keeps a Secure cookie from https or localhost, and the browser's own
 * writes then match it.
 */
export function cookieSecure(page: CookiePage): boolean {
  return page.isSecureContext || page.location?.protocol === 'https:';
}

/** A `Set-Cookie` header for one cookie on the whole portal (path /, secure). */
export function setCookie(name: string, value: string, options: CookieOptions = {}): string {
  const parts = [`${name}=${encodeURIComponent(value)}`, 'Path=/'];
  if (options.expires) parts.push(`Expires=${options.expires.toUTCString()}`);
  if (options.maxAge !== undefined) parts.push(`Max-Age=${options.maxAge}`);
  if (options.httpOnly) parts.push('HttpOnly');
  if (options.secure ?? true) parts.push('Secure');
  parts.push(`SameSite=${options.sameSite ?? 'Lax'}`);
  return parts.join('; ');
}

/** A `Set-Cookie` header that removes a cookie of the whole portal. */
export function removeCookie(name: string): string {
  return setCookie(name, '', { maxAge: 0 });
}
