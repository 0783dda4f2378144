import { describe, expect, it } from 'vitest';
import { availableLanguages, hasTranslation, languageOf, negotiateLanguage, translate } from './i18n';

describe('server i18n', () => {
  it('lists the language folders of locales/', () => {
    expect(availableLanguages()).toEqual(expect.arrayContaining(['en', 'fr']));
  });

  it('translates api messages and falls back to English', () => {
    expect(translate('en', 'api:errors.notFound')).toBe('The requested resource was not found.');
    expect(translate('fr', 'api:errors.notFound')).toBe('La ressource demandée est introuvable.');
    expect(translate('xx', 'api:errors.notFound')).toBe('The requested resource was not found.');
  });

  it('writes numbers the way of the language and picks its plural form (French many for a million)', () => {
    expect(translate('en', 'api:accounts.tooManyAttempts', { count: 1500 })).toBe(
      'Too many attempts. Please try again in 1,500 minutes.',
    );
    expect(translate('fr', 'api:accounts.tooManyAttempts', { count: 1000000 })).toBe(
      `Trop de tentatives. Veuillez réessayer dans 1${'\u202f'}000${'\u202f'}000 minutes.`,
    );
  });

  it('answers in the saved language of the signed-in profile, else in the Accept-Language match, else English', () => {
    expect(languageOf({ headers: { 'accept-language': 'fr' }, profileLanguage: 'en' })).toBe('en');
    expect(languageOf({ headers: { 'accept-language': 'en' }, profileLanguage: 'ar' })).toBe('ar');
    expect(languageOf({ headers: {}, profileLanguage: 'fr' })).toBe('fr');
    expect(languageOf({ headers: { 'accept-language': 'de-DE,de' }, profileLanguage: 'fr' })).toBe('fr');
    expect(languageOf({ headers: { 'accept-language': 'zh-CN' }, profileLanguage: 'xx' })).toBe('zh');
    expect(languageOf({ headers: { 'accept-language': 'de' }, profileLanguage: 'xx' })).toBe('en');
  });

  it('has every English api key in French', () => {
    expect(hasTranslation('fr', 'api:errors.internal')).toBe(true);
    expect(hasTranslation('fr', 'api:errors.noSuchKey')).toBe(false);
  });

  it('negotiates Accept-Language with q-values', () => {
    const available = ['en', 'fr'];
    expect(negotiateLanguage(undefined, available)).toBe('en');
    expect(negotiateLanguage('fr-CA,fr;q=0.9,en;q=0.8', available)).toBe('fr');
    expect(negotiateLanguage('de;q=1, en;q=0.2, fr;q=0.5', available)).toBe('fr');
    expect(negotiateLanguage('de, es', available)).toBe('en');
    expect(negotiateLanguage('fr;q=0, en', available)).toBe('en');
    expect(negotiateLanguage('FR', available)).toBe('fr');
    expect(negotiateLanguage('garbage;;;q=x', available)).toBe('en');
    // The most wanted range decides, a region choosing its language: not the best-named of the languages asked for.
    expect(negotiateLanguage('en-US,fr', available)).toBe('en');
    expect(negotiateLanguage('fr-CA,en', available)).toBe('fr');
    expect(negotiateLanguage('de,*;q=0.5,fr;q=0.4', available)).toBe('en');
    expect(negotiateLanguage('*,fr', available)).toBe('en');
    expect(negotiateLanguage('fr;q=0.5,en-GB;q=0.5', available)).toBe('fr');
    expect(negotiateLanguage('', available)).toBe('en');
  });

  it('reads the language of a request', () => {
    expect(languageOf({ headers: { 'accept-language': 'fr' } })).toBe('fr');
    expect(languageOf({ headers: {} })).toBe('en');
  });
});
