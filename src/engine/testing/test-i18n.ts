import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import enForms from '@locales/en/forms.json';
import enValidation from '@locales/en/validation.json';
import frForms from '@locales/fr/forms.json';
import frValidation from '@locales/fr/validation.json';
import { FALLBACK_LANGUAGE } from '@/shared/languages';

/** An i18next instance with the engine's namespaces loaded synchronously, for component tests. */
export async function createTestI18n(language = FALLBACK_LANGUAGE): Promise<i18n> {
  const instance = i18next.createInstance();
  await instance.use(initReactI18next).init({
    lng: language,
    fallbackLng: FALLBACK_LANGUAGE,
    ns: ['forms', 'validation'],
    defaultNS: 'forms',
    resources: {
      en: { forms: enForms, validation: enValidation },
      fr: { forms: frForms, validation: frValidation },
    },
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  return instance;
}
