import i18next, { type BackendModule, type ReadCallback } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Settings } from '@/api/settings';
import { browserSettings } from '@/app/settings-store';
import { localiseInterpolation } from '@/shared/i18n-interpolation';
import Cookies from 'js-cookie';
import { LANGUAGE_COOKIE, languageCookie } from '@/shared/language-cookie';
import { directionOf, FALLBACK_LANGUAGE, linkedLanguage } from '@/shared/languages';
import builtLanguages from 'virtual:eta-languages';
import { installPseudoLocale, PSEUDO_LANGUAGE } from './pseudo-locale';
import { PSEUDO_LANGUAGE_SETTING } from '@/shared/language-name';
import { IDLE_TEXTS } from '@/shared/rendered-page';
import { cookieSecure } from '@/shared/set-cookie';
import { preloadIdleModules } from '@/ui/idle-modules';
import { whenIdle } from '@/ui/when-idle';

/** localStorage key holding the visitor's language choice. */
export const LANGUAGE_STORAGE_KEY = 'eta.language';
export { LANGUAGE_COOKIE };
export const DEFAULT_NAMESPACE = 'common';

// api and emails are the server's namespaces: the browser never downloads them.
const localeFiles = import.meta.glob<Record<string, unknown>>(
  ['@locales/*/*.json', '!@locales/*/api.json', '!@locales/*/emails.json'],
  { import: 'default' },
);

function parseLocalePath(path: string): { lng: string; ns: string } | null {
  const match = /\/([^/]+)\/([^/]+)\.json$/.exec(path);
  return match ? { lng: match[1], ns: match[2] } : null;
}

const parsedFiles = Object.keys(localeFiles)
  .map((path) => ({ path, parsed: parseLocalePath(path) }))
  .filter((f): f is { path: string; parsed: { lng: string; ns: string } } => f.parsed !== null);

/** The languages offered: those of locales/ (listed at build, src/server/languages.ts), English first, then by code. */
export const languages: readonly string[] = builtLanguages;

/** The browser namespaces, taken from the English folder (the complete one). */
export const namespaces: readonly string[] = [
  ...new Set(parsedFiles.filter((f) => f.parsed.lng === FALLBACK_LANGUAGE).map((f) => f.parsed.ns)),
];

const loaders = new Map(parsedFiles.map((f) => [`${f.parsed.lng}/${f.parsed.ns}`, localeFiles[f.path]]));

/** i18next backend reading locale files as lazy chunks; a missing file is an empty namespace. */
const lazyLocaleBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language: string, namespace: string, callback: ReadCallback) {
    const load = loaders.get(`${language}/${namespace}`);
    if (!load) {
      callback(null, {});
      return;
    }
    load().then(
      (data) => callback(null, data as never),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

// --- Language choice: offered languages, ?lng= links, the development pseudo-locale --------------------------

/** Whether the development pseudo-locale is offered: where forms can be previewed (development, FORM_PREVIEW=true). */
export function pseudoLocaleEnabled(settings: Settings = browserSettings()): boolean {
  return settings[PSEUDO_LANGUAGE_SETTING] === 'true';
}

/** The languages the switcher offers: the folders of locales/, plus the pseudo-locale in development. */
export function offeredLanguages(settings: Settings = browserSettings()): readonly string[] {
  return pseudoLocaleEnabled(settings) ? [...languages, PSEUDO_LANGUAGE] : languages;
}

/**
 * Picks the start language: the stored choice when offered, else the first of the browser's languages
 * that is offered (exactly, or by its base such as fr for fr-CA), else English. A `?lng=` link wins over both.
 */
export function detectLanguage(
  stored: string | null | undefined,
  preferred: readonly string[],
  offered: readonly string[] = languages,
  linked: string | null = null,
): string {
  if (linked && offered.includes(linked)) return linked;
  if (stored && offered.includes(stored)) return stored;
  for (const tag of preferred) {
    if (offered.includes(tag)) return tag;
    const base = tag.toLowerCase().split('-')[0];
    if (offered.includes(base)) return base;
  }
  return FALLBACK_LANGUAGE;
}

/**
 * The remembered choice: its cookie, which the server also sets when a `?lng=` link opened a page, else
 * localStorage (where choices made before the cookie existed are).
 */
function readStoredLanguage(): string | null {
  const cookie = Cookies.get(LANGUAGE_COOKIE);
  if (cookie) return cookie;
  try {
    return window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    // Storage can be blocked (privacy settings); the browser language still applies.
    return null;
  }
}

function browserLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  if (navigator.languages && navigator.languages.length > 0) return navigator.languages;
  return navigator.language ? [navigator.language] : [];
}

/** Sets `<html lang dir>` for the language so screen readers and layout follow it. */
export function syncDocumentLanguage(lng: string): void {
  document.documentElement.lang = lng;
  document.documentElement.dir = directionOf(lng);
}

let started: Promise<void> | null = null;

/**
 * Starts i18next once: detects the language, loads the namespaces the first route needs (`routeNs`, see
 * routeNamespaces in src/shared) before resolving and the other browser namespaces once the page has shown
 * (components asking for them before they arrive suspend until they do).
 */
export function initI18n(
  routeNs: readonly string[] = [DEFAULT_NAMESPACE],
  /** The language the server rendered the page in: the page is taken over in it. */
  rendered?: string,
): Promise<void> {
  if (!started) {
    started = (async () => {
      i18next.on('languageChanged', syncDocumentLanguage);
      const offered = offeredLanguages();
      const linkChose = linkedLanguage(window.location.search, offered);
      const linked = rendered && offered.includes(rendered) ? rendered : linkChose;
      // A page the server rendered is taken over in its language, but only a link's choice is remembered: a
      // language the server took from the profile or from the browser's settings was not chosen here, and as this
      // browser's choice it would come before the profile's on the next pages (src/server/pages/session.ts).
      if (linkChose && linkChose === linked) rememberLanguage(linkChose);
      // A choice stored before the cookie existed is told to the server too.
      else if (!rendered && readStoredLanguage()) writeLanguageCookie(readStoredLanguage() as string);
      await i18next
        .use(lazyLocaleBackend)
        .use(initReactI18next)
        .init({
          lng: detectLanguage(readStoredLanguage(), browserLanguages(), offered, linked),
          fallbackLng: FALLBACK_LANGUAGE,
          supportedLngs: [...offered],
          load: 'currentOnly',
          ns: [...new Set([DEFAULT_NAMESPACE, ...routeNs])],
          defaultNS: DEFAULT_NAMESPACE,
          fallbackNS: false,
          interpolation: { escapeValue: false, alwaysFormat: true },
          react: { useSuspense: true },
        });
      localiseInterpolation(i18next);
      // The pseudo-locale's texts are made from English only when it is in use: it costs every page otherwise.
      if (offered.includes(PSEUDO_LANGUAGE) && i18next.language === PSEUDO_LANGUAGE) await preparePseudoLocale();
      syncDocumentLanguage(i18next.resolvedLanguage ?? i18next.language);
      const rest = namespaces.filter((ns) => ns !== DEFAULT_NAMESPACE && !routeNs.includes(ns));
      // Fetched, not run, where the page names their modules: a namespace is run when a page first needs it.
      if (rest.length > 0) whenIdle(() => preloadIdleModules(IDLE_TEXTS) || void i18next.loadNamespaces(rest));
    })();
  }
  return started;
}

let pseudoInstalled: Promise<void> | null = null;
function preparePseudoLocale(): Promise<void> {
  pseudoInstalled ??= installPseudoLocale(i18next);
  return pseudoInstalled;
}

/** Switches the language (loading its files first), remembers the choice and updates `<html lang dir>`. */
export async function changeLanguage(lng: string): Promise<void> {
  if (!offeredLanguages().includes(lng)) throw new Error(`Language not offered: ${lng}`);
  rememberLanguage(lng);
  if (lng === PSEUDO_LANGUAGE) await preparePseudoLocale();
  await i18next.changeLanguage(lng);
}

function writeLanguageCookie(lng: string): void {
  document.cookie = languageCookie(lng, cookieSecure(window));
}

function rememberLanguage(lng: string): void {
  writeLanguageCookie(lng);
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, lng);
  } catch {
    // The switch still applies for this visit when storage is blocked.
  }
}

/** The language in use now (for Accept-Language and formatting). */
export function currentLanguage(): string {
  return i18next.resolvedLanguage ?? i18next.language ?? FALLBACK_LANGUAGE;
}

export { i18next };
