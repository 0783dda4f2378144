/** `Set-Cookie` headers for the portal's own cookies, as the server sends them with a page (src/server/pages/). */

export interface CookieOptions {
  /** When it ends; a session cookie without it. */
  expires?: Date;
  /** Seconds it lives (0 removes it). */
  maxAge?: number;
  httpOnly?: boolean;
  sameSite?: 'Lax' | 'Strict';
}

/** A `Set-Cookie` header for one cookie on the whole portal (path /, secure). */
export function setCookie(name: string, value: string, options: CookieOptions = {}): string {
  const parts = [`${name}=${encodeURIComponent(value)}`, 'Path=/'];
  if (options.expires) parts.push(`Expires=${options.expires.toUTCString()}`);
  if (options.maxAge !== undefined) parts.push(`Max-Age=${options.maxAge}`);
  if (options.httpOnly) parts.push('HttpOnly');
  parts.push('Secure', `SameSite=${options.sameSite ?? 'Lax'}`);
  return parts.join('; ');
}

/** A `Set-Cookie` header that removes a cookie of the whole portal. */
export function removeCookie(name: string): string {
  return setCookie(name, '', { maxAge: 0 });
}
