/**
 * What the server's renders need once, before the first: i18next started with every text of locales/ (the browser's
 * namespaces, read at build) and every form of the configuration loaded with what it needs to show.
 */
import { initReactI18next } from 'react-i18next';
import { DEFAULT_NAMESPACE, i18next, languages } from '@/app/i18n';
import { PSEUDO_LANGUAGE, pseudoResources } from '@/app/pseudo-locale';
import { listForms, loadForm } from '@/engine/form-loader';
import { localiseInterpolation } from '@/shared/i18n-interpolation';
import { FALLBACK_LANGUAGE } from '@/shared/languages';

// Every language's browser texts, read at build (the server's namespaces, api and emails, are not needed).
const texts = import.meta.glob<Record<string, unknown>>(
  ['@locales/*/*.json', '!@locales/*/api.json', '!@locales/*/emails.json'],
  { import: 'default', eager: true },
);

/** Every text of locales/ by language and namespace, and the pseudo-locale's made from English. */
function textResources(): Record<string, Record<string, Record<string, unknown>>> {
  const resources: Record<string, Record<string, Record<string, unknown>>> = {};
  for (const [file, content] of Object.entries(texts)) {
    const match = /\/([^/]+)\/([^/]+)\.json$/.exec(file);
    if (match) (resources[match[1]] ??= {})[match[2]] = content;
  }
  // The development pseudo-locale, made from English as the browser makes it (offered only where the server says).
  resources[PSEUDO_LANGUAGE] = pseudoResources(resources[FALLBACK_LANGUAGE]) as (typeof resources)[string];
  return resources;
}

let initialised: Promise<unknown> | undefined;
let formsLoaded: Promise<unknown> | undefined;
/**
 * Readies the server's renders once: i18next started and every form of the configuration loaded with what it needs
 * to show, so that a page renders in one pass whatever forms it shows (its route's, or another, such as a form to send
 * a link again).
 */
export function ready(): Promise<unknown> {
  formsLoaded ??= Promise.all(listForms().map(loadForm));
  return Promise.all([initTexts(), formsLoaded]);
}

/** Starts i18next once, with the browser's options (src/app/i18n.ts) and every text given at once. */
function initTexts(): Promise<unknown> {
  initialised ??= i18next
    .use(initReactI18next)
    .init({
      resources: textResources(),
      lng: FALLBACK_LANGUAGE,
      fallbackLng: FALLBACK_LANGUAGE,
      supportedLngs: [...languages, PSEUDO_LANGUAGE],
      load: 'currentOnly',
      defaultNS: DEFAULT_NAMESPACE,
      fallbackNS: false,
      interpolation: { escapeValue: false, alwaysFormat: true },
      react: { useSuspense: true },
    })
    .then(() => localiseInterpolation(i18next));
  return initialised;
}
