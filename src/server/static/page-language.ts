import { availableLanguages } from '../i18n';
import { linkedLanguage } from '../../shared/languages';

/** What of a request decides which page it gets: its query (`?lng=`) and its cookies (language, session). */
export interface PageRequest {
  search?: string;
  cookies?: Readonly<Record<string, string | undefined>>;
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
  const stored = request.cookies?.[cookieName];
  return linkedLanguage(request.search, offered) ?? (stored && offered.includes(stored) ? stored : negotiated);
}
