import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import i18next, { type i18n, type Resource } from 'i18next';
import Negotiator from 'negotiator';
import { localiseInterpolation } from '../shared/i18n-interpolation';
import { FALLBACK_LANGUAGE } from '../shared/languages';
import { languagesIn } from './languages';

/**
 * The locale files shared with the browser; LOCALES_DIR points the server at another copy (the one
 * the portal was built from). Read once, when the first message is translated.
 */
export const LOCALES_DIR = process.env.LOCALES_DIR?.trim()
  ? path.resolve(process.env.LOCALES_DIR.trim())
  : fileURLToPath(new URL('../../locales/', import.meta.url));

function loadResources(dir: string): Resource {
  const resources: Resource = {};
  for (const language of languagesIn(dir)) {
    const folder = path.join(dir, language);
    resources[language] = {};
    for (const file of readdirSync(folder).sort()) {
      if (!file.endsWith('.json')) continue;
      const namespace = file.slice(0, -'.json'.length);
      resources[language][namespace] = JSON.parse(readFileSync(path.join(folder, file), 'utf8'));
    }
  }
  return resources;
}

let instance: i18n | undefined;
let languages: string[] = [];

function ensureLoaded(): i18n {
  if (instance) return instance;
  const resources = loadResources(LOCALES_DIR);
  languages = Object.keys(resources);
  const created = i18next.createInstance();
  // Synchronous init: resources are in memory, so translations are ready before the first request.
  void created.init({
    resources,
    lng: FALLBACK_LANGUAGE,
    fallbackLng: FALLBACK_LANGUAGE,
    supportedLngs: languages,
    ns: [...new Set(Object.values(resources).flatMap((namespaces) => Object.keys(namespaces)))],
    defaultNS: 'api',
    initAsync: false,
    // Messages go into JSON bodies and e-mail templates escape on their own.
    interpolation: { escapeValue: false, alwaysFormat: true },
    returnNull: false,
  });
  localiseInterpolation(created);
  instance = created;
  return created;
}

/** The languages with a folder in locales/, sorted (e.g. ['en', 'fr']). */
export function availableLanguages(): string[] {
  ensureLoaded();
  return [...languages];
}

/** Translates "ns:key" into `lang` (falling back to English), interpolating `vars`. */
export function translate(lang: string, key: string, vars?: Record<string, unknown>): string {
  return ensureLoaded().getFixedT(lang)(key, vars ?? {}) as string;
}

/** True when `key` ("ns:key") exists in `lang` itself, without falling back. */
export function hasTranslation(lang: string, key: string): boolean {
  return ensureLoaded().exists(key, { lng: lang, fallbackLng: false });
}

/** Picks the best available language for an Accept-Language header value (q-values honoured), else English. */
export function negotiateLanguage(header: string | undefined, available: string[] = availableLanguages()): string {
  return matchLanguage(header, available) ?? FALLBACK_LANGUAGE;
}

/**
 * The best available language an Accept-Language header asks for, or null when it asks for none of them. Its ranges
 * (read by negotiator, most wanted first) are tried in turn: a range names a language exactly or by its primary
 * subtag (`fr-CA` chooses `fr`); `*` chooses English.
 */
function matchLanguage(header: string | undefined, available: string[]): string | null {
  if (!header) return null;
  const lower = new Map(available.map((language) => [language.toLowerCase(), language]));
  for (const range of new Negotiator({ headers: { 'accept-language': header } }).languages()) {
    const tag = range.toLowerCase();
    if (tag === '*') return lower.get(FALLBACK_LANGUAGE) ?? available[0] ?? FALLBACK_LANGUAGE;
    const match = lower.get(tag) ?? lower.get(tag.split('-')[0]);
    if (match) return match;
  }
  return null;
}

/**
 * The language of a request: the signed-in profile's saved language (set on the request by `authenticate`),
 * when it is one of the offered languages; else the best match of the Accept-Language header; else English.
 * The profile decides because it is the user's choice wherever they sign in (a choice in the switcher is saved
 * in it); e-mails use it too.
 */
export function languageOf(request: {
  headers: Record<string, string | string[] | undefined>;
  profileLanguage?: string;
}): string {
  const available = availableLanguages();
  if (request.profileLanguage && available.includes(request.profileLanguage)) return request.profileLanguage;
  const header = request.headers['accept-language'];
  return matchLanguage(Array.isArray(header) ? header.join(',') : header, available) ?? FALLBACK_LANGUAGE;
}
