import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  changeLanguage,
  detectLanguage,
  i18next,
  initI18n,
  LANGUAGE_STORAGE_KEY,
  languageName,
  languages,
  syncDocumentLanguage,
} from './i18n';

describe('detectLanguage', () => {
  const offered = ['en', 'fr'];

  it('prefers the stored choice when it is offered', () => {
    expect(detectLanguage('fr', ['en-GB'], offered)).toBe('fr');
  });

  it('falls back to the browser language, exact or by its base', () => {
    expect(detectLanguage(null, ['de-DE', 'fr-CA'], offered)).toBe('fr');
    expect(detectLanguage('xx', ['fr'], offered)).toBe('fr');
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

  it('names each language in its own language', () => {
    expect(languageName('fr')).toBe('Français');
    expect(languageName('en')).toBe('English');
  });
});

describe('locale files', () => {
  const files = import.meta.glob<Record<string, unknown>>('/locales/*/common.json', { eager: true, import: 'default' });

  function leaves(value: unknown, prefix = ''): Map<string, string> {
    const out = new Map<string, string>();
    if (typeof value === 'string') out.set(prefix, value);
    else if (Array.isArray(value)) value.forEach((v, i) => leaves(v, `${prefix}[${i}]`).forEach((s, k) => out.set(k, s)));
    else if (value && typeof value === 'object')
      for (const [k, v] of Object.entries(value)) leaves(v, prefix ? `${prefix}.${k}` : k).forEach((s, key) => out.set(key, s));
    return out;
  }

  const placeholders = (s: string) => [...s.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();
  const en = leaves(files['/locales/en/common.json']);

  it.each(Object.keys(files).filter((f) => !f.includes('/en/')))('%s has every English key with the same placeholders', (file) => {
    const other = leaves(files[file]);
    for (const [key, text] of en) {
      expect(other.has(key), `${file} misses ${key}`).toBe(true);
      expect(placeholders(other.get(key) ?? ''), `${file} ${key}`).toEqual(placeholders(text));
    }
  });
});
