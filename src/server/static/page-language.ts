import { availableLanguages } from '../i18n';
import { cookieValue } from './server-entry';

/** What of a request decides which page it gets: its query (`?lng=`) and its cookies (language, session). */
export interface PageRequest {
  search?: string;
  cookie?: string;
}

/**
 * The language a link chooses with `?lng=` (an e-mailed link, a language switch), when it is `offered`: the
 * languages of locales/, and the development pseudo-locale where it is on.
 */
export function linkedLanguage(
  search: string | undefined,
  offered: readonly string[] = availableLanguages(),
): string | undefined {
  const linked = new URLSearchParams(search ?? '').get('lng');
  return linked && offered.includes(linked) ? linked : undefined;
}

/**
 * The language the browser will show the page in (src/app/i18n.ts): a `?lng=` link, else the remembered choice
 * (its cookie), else `negotiated` (the Accept-Language match). Only `offered` languages count.
 */
export function pageLanguage(
  negotiated: string,
  request: PageRequest,
  cookieName: string,
  offered: readonly string[] = availableLanguages(),
): string {
  const stored = cookieValue(request.cookie, cookieName);
  return linkedLanguage(request.search, offered) ?? (stored && offered.includes(stored) ? stored : negotiated);
}
