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
  });

  it('reads the language of a request', () => {
    expect(languageOf({ headers: { 'accept-language': 'fr' } })).toBe('fr');
    expect(languageOf({ headers: {} })).toBe('en');
  });
});
