/**
 * Cookie holding the visitor's language choice (beside localStorage in the browser), so the server sends a page
 * rendered ahead in the language the browser will show.
 */
export const LANGUAGE_COOKIE = 'eta.language';
