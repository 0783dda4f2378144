import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import builtLanguages from 'virtual:eta-languages';
import { afterAll, describe, expect, it } from 'vitest';
import { directionOf, FALLBACK_LANGUAGE, inOfferOrder, linkedLanguage } from '../shared/languages';
import { LOCALES_DIR } from './i18n';
import { languagesIn } from './languages';

describe('languagesIn', () => {
  const dir = mkdtempSync(join(tmpdir(), 'eta-languages-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('takes every folder of locales/ but those starting with _ or ., by code', () => {
    for (const folder of ['fr', 'en', '_drafts', '.cache', 'ar']) mkdirSync(join(dir, folder));
    symlinkSync(join(dir, 'fr'), join(dir, 'pt'));
    writeFileSync(join(dir, 'notes.json'), '{}');
    expect(languagesIn(dir)).toEqual(['ar', 'en', 'fr', 'pt']);
  });

  it('finds the fallback language in LOCALES_DIR', () => {
    expect(languagesIn(LOCALES_DIR)).toContain(FALLBACK_LANGUAGE);
  });

  it('is the list the build gives the browser, English first', () => {
    expect(builtLanguages).toEqual(inOfferOrder(languagesIn(LOCALES_DIR)));
    expect(builtLanguages[0]).toBe(FALLBACK_LANGUAGE);
  });
});

describe('the shared language facts', () => {
  it('orders the languages English first, then by code', () => {
    expect(inOfferOrder(['zh', 'ar', 'en', 'fr', 'ar'])).toEqual(['en', 'ar', 'fr', 'zh']);
  });

  it('writes Arabic, Hebrew, Persian and Urdu right to left, and the others and non-languages left to right', () => {
    for (const language of ['ar', 'he', 'fa', 'ur', 'ar-EG']) expect(directionOf(language), language).toBe('rtl');
    for (const language of ['en', 'fr', 'pt', 'zh', 'en-XA', 'ar-Latn', '', 'not a language'])
      expect(directionOf(language), language).toBe('ltr');
  });

  it('follows a ?lng= link to an offered language only', () => {
    expect(linkedLanguage('?lng=fr&x=1', ['en', 'fr'])).toBe('fr');
    expect(linkedLanguage('?lng=de', ['en', 'fr'])).toBeUndefined();
    expect(linkedLanguage(undefined, ['en'])).toBeUndefined();
  });
});
