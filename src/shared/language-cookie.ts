/**
 * Cookie holding the visitor's language choice (beside localStorage in the browser), so the server sends a page
 * rendered ahead in the language the browser will show. The server sets it too when a link chooses the language
 * (`?lng=`), so the choice holds for the next page even if the visitor follows a link before the page's scripts
 * have run.
 */
export const LANGUAGE_COOKIE = 'eta.language';

/**
 * The cookie remembering `lng` for a year, as `document.cookie` takes it and a `Set-Cookie` header sends it: Secure
 * as the server sets it, or where the page is when the browser writes it (`cookieSecure(window)`).
 */
export function languageCookie(lng: string, secure = true): string {
  return `${LANGUAGE_COOKIE}=${encodeURIComponent(lng)}; path=/; max-age=31536000; samesite=lax${secure ? '; secure' : ''}`;
}
