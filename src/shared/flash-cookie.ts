/**
 * A message for the next page only ("Amina Dlamini has been removed"), left by a form posted without scripts for the
 * page it redirects to (post/redirect/get): the action sets this cookie, the server reads it while it renders the
 * next page and removes it with that page's answer. With scripts, pages hand such messages over in the browser.
 */
export const FLASH_COOKIE = 'eta.flash';

/** What a flash says: which page it is for (its path) and what to show there, as that page reads it. */
export interface Flash {
  page: string;
  [key: string]: unknown;
}

/**
 * The cookie holding `flash` for a minute (never read by scripts, Secure as every cookie the server sets), or
 * removing it when undefined.
 */
export function flashCookie(flash: Flash | undefined, secure = true): string {
  const attributes = `path=/; httponly; samesite=lax${secure ? '; secure' : ''}`;
  return flash === undefined
    ? `${FLASH_COOKIE}=; max-age=0; ${attributes}`
    : `${FLASH_COOKIE}=${encodeURIComponent(JSON.stringify(flash))}; max-age=60; ${attributes}`;
}

/** The flash in the cookie's text, when it is one. */
export function parseFlash(raw: string | undefined): Flash | undefined {
  if (!raw) return undefined;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null || typeof (value as Flash).page !== 'string') return undefined;
    return value as Flash;
  } catch {
    return undefined;
  }
}
