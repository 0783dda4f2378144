import { availableLanguages } from '../i18n';
import { cookieValue } from './server-entry';

/** What of a request decides which page it gets: its query (`?lng=`) and its cookies (language, session). */
export interface PageRequest {
  search?: string;
  cookie?: string;
}

/** The language a link chooses with `?lng=` (an e-mailed link, a language switch), when locales/ has it. */
export function linkedLanguage(search: string | undefined): string | undefined {
  const linked = new URLSearchParams(search ?? '').get('lng');
  return linked && availableLanguages().includes(linked) ? linked : undefined;
}

/**
 * The language the browser will show the page in (src/app/i18n.ts): a `?lng=` link, else the remembered choice
 * (its cookie), else `negotiated` (the Accept-Language match). Only languages of locales/ count.
 */
export function pageLanguage(negotiated: string, request: PageRequest, cookieName: string): string {
  const stored = cookieValue(request.cookie, cookieName);
  return linkedLanguage(request.search) ?? (stored && availableLanguages().includes(stored) ? stored : negotiated);
}
