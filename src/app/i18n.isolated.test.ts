import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  changeLanguage,
  detectLanguage,
  i18next,
  initI18n,
  LANGUAGE_STORAGE_KEY,
  languages,
  offeredLanguages,
  syncDocumentLanguage,
} from './i18n';
import { linkedLanguage } from '@/shared/languages';
import { PSEUDO_LANGUAGE, pseudoText } from './pseudo-locale';

describe('detectLanguage', () => {
  const offered = ['en', 'fr'];

  it('prefers the stored choice when it is offered', () => {
    expect(detectLanguage('fr', ['en-GB'], offered)).toBe('fr');
  });

  it('falls back to the browser language, exact or by its base', () => {
    expect(detectLanguage(null, ['de-DE', 'fr-CA'], offered)).toBe('fr');
    expect(detectLanguage('xx', ['fr'], offered)).toBe('fr');
  });

  it('follows a ?lng= link before the stored choice and the browser', () => {
    expect(detectLanguage('en', ['en-GB'], offered, 'fr')).toBe('fr');
    expect(linkedLanguage('?authKey=x&lng=fr', offered)).toBe('fr');
    expect(linkedLanguage('?lng=de', offered)).toBeUndefined();
    expect(linkedLanguage('', offered)).toBeUndefined();
  });

  it('uses English when nothing matches', () => {
    expect(detectLanguage(null, ['de', 'it-IT'], offered)).toBe('en');
    expect(detectLanguage(null, [], offered)).toBe('en');
  });
});

describe('i18n', () => {
  beforeAll(async () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'en');
    await initI18n();
  });

  afterAll(async () => {
    await changeLanguage('en');
  });

  it('offers one language per folder under locales/', () => {
    expect(languages).toEqual(expect.arrayContaining(['en', 'fr']));
    expect(languages[0]).toBe('en');
  });

  it('starts in the stored language and sets html lang and dir', () => {
    expect(i18next.language).toBe('en');
    expect(document.documentElement.lang).toBe('en');
    expect(document.documentElement.dir).toBe('ltr');
    expect(i18next.t('notFound.title')).toBe('Page not found');
  });

  it('switches language, loads its texts lazily and remembers the choice', async () => {
    await changeLanguage('fr');
    expect(i18next.t('notFound.title')).toBe('Page introuvable');
    expect(document.documentElement.lang).toBe('fr');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('fr');
  });

  it('sets dir to rtl for a right-to-left language', () => {
    syncDocumentLanguage('ar');
    expect(document.documentElement.dir).toBe('rtl');
    syncDocumentLanguage('en');
    expect(document.documentElement.dir).toBe('ltr');
  });

  it('writes numbers in texts the way of the language, with its plural form', async () => {
    await changeLanguage('fr');
    await i18next.loadNamespaces('accounts');
    expect(i18next.t('accounts:sessionTimeout.minutes', { count: 1000000 })).toBe('1\u202f000\u202f000 minutes');
    expect(i18next.t('accounts:sessionTimeout.minutes', { count: 1 })).toBe('1 minute');
    await changeLanguage('en');
    expect(i18next.t('accounts:sessionTimeout.minutes', { count: 1500 })).toBe('1,500 minutes');
  });
});

describe('locale files', () => {
  const files = import.meta.glob<Record<string, unknown>>('/locales/*/common.json', { eager: true, import: 'default' });

  function leaves(value: unknown, prefix = ''): Map<string, string> {
    const out = new Map<string, string>();
    if (typeof value === 'string') out.set(prefix, value);
    else if (Array.isArray(value))
      value.forEach((v, i) => leaves(v, `${prefix}[${i}]`).forEach((s, k) => out.set(k, s)));
    else if (value && typeof value === 'object')
      for (const [k, v] of Object.entries(value))
        leaves(v, prefix ? `${prefix}.${k}` : k).forEach((s, key) => out.set(key, s));
    return out;
  }

  const placeholders = (s: string) => [...s.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();
  const en = leaves(files['/locales/en/common.json']);

  it.each(Object.keys(files).filter((f) => !f.includes('/en/')))(
    '%s has every English key with the same placeholders',
    (file) => {
      const other = leaves(files[file]);
      for (const [key, text] of en) {
        expect(other.has(key), `${file} misses ${key}`).toBe(true);
        expect(placeholders(other.get(key) ?? ''), `${file} ${key}`).toEqual(placeholders(text));
      }
    },
  );
});

describe('pseudo-locale', () => {
  it('accents and lengthens a text, keeping placeholders, nesting and tags', () => {
    expect(pseudoText('Apply now')).toBe('⟦Áþþļý ñöŵ ····⟧');
    expect(pseudoText('Hello {{name}}, <1>go</1>')).toBe('⟦Ĥéļļö {{name}}, <1>ĝö</1> ····⟧');
    const long = pseudoText('a'.repeat(50));
    expect(long.length).toBeGreaterThan(50 * 1.4);
    expect(pseudoText('')).toBe('');
  });

  it('is offered in development only, after the real languages, and is not a folder of locales/', () => {
    expect(offeredLanguages()).toEqual([...languages, PSEUDO_LANGUAGE]);
    expect(languages).not.toContain(PSEUDO_LANGUAGE);
  });

  it('shows every English text in its pseudo form', async () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'en');
    await initI18n();
    await changeLanguage(PSEUDO_LANGUAGE);
    await i18next.loadNamespaces('common');
    expect(i18next.t('common:nav.home')).toBe(pseudoText('Home'));
    expect(i18next.t('common:documentTitle', { page: 'FAQ', service: 'ETA' })).toBe('⟦FAQ – ETA ·⟧');
    expect(document.documentElement.lang).toBe('en-XA');
    expect(document.documentElement.dir).toBe('ltr');
    await changeLanguage('en');
  });
});
