// The English-left detector used by the end-to-end walks of every language, on fixture pages built from the
// catalogues: a page with an English leftover (a one-word button, the static part of a text with a placeholder,
// a sentence in an accessible name) fails; the same page translated passes, with brand names, the switcher's
// language names, user data and hidden elements left alone.
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { collectPageTexts, englishLeft, englishTexts } from '../../e2e/support/english-left';
import { readCatalogue, readSameAsEnglish } from './locale-check';

const LOCALES = join(import.meta.dirname, '..', '..', 'locales');
const LNG = 'zh';
const catalogue = (lng: string) => readCatalogue(join(LOCALES, lng));
const text = (lng: string, key: string) => {
  const [ns, path] = key.split(':');
  const found = catalogue(lng).get(ns)?.get(path);
  if (found === undefined) throw new Error(`no ${lng} text ${key}`);
  return found;
};
const fill = (template: string, vars: Record<string, string>) =>
  template.replace(/\{\{\s*(\w+)[^}]*\}\}/g, (_, name: string) => vars[name] ?? '');

const CONTINUE = 'forms:engine.continue';
const COUNT = 'applications:pages.manage.countTitle_other';
const LONG = 'common:footer.department';
const BRAND = [...readSameAsEnglish(join(LOCALES, LNG)).keys()][0];
const texts = englishTexts(LNG, join(LOCALES));

/** A page in the language, with `english` (keys) shown in English instead. */
function fixturePage(english: string[] = [], extra = ''): string {
  const lng = (key: string) => (english.includes(key) ? 'en' : LNG);
  return `
    <header><select aria-label="${text(LNG, 'common:language.label')}">
      <option lang="en">English</option><option lang="${LNG}" selected>中文</option></select></header>
    <main>
      <h1>${fill(text(lng(COUNT), COUNT), { count: '3' })}</h1>
      <nav aria-label="${text(lng(LONG), LONG)}"><a href="/">${text(LNG, BRAND)}</a></nav>
      <p>${fill(text(LNG, 'applications:pages.manage.added'), { name: '<bdi>Ana Maria</bdi>' })}</p>
      <button type="button"><span>${text(lng(CONTINUE), CONTINUE)}</span></button>
      ${extra}
    </main>`;
}

/** How the detector names an English text it found: the text, then the keys that have it. */
const reported = (key: string) => {
  const quote = (t: string) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^${quote(`"${text('en', key)}"`)} \\(.*${quote(key)}.*\\)$`);
};

function leftOn(html: string, userData: string[] = []): string[] {
  document.documentElement.setAttribute('lang', LNG);
  document.body.innerHTML = html;
  return englishLeft(texts, collectPageTexts(), userData);
}

afterEach(() => {
  document.body.innerHTML = '';
  document.documentElement.removeAttribute('lang');
});

describe('the English-left detector', () => {
  it('passes a translated page, with a brand name, the language names of the switcher and user data', () => {
    expect(text('en', BRAND)).toBe(text(LNG, BRAND));
    expect(leftOn(fixturePage())).toEqual([]);
  });

  it('finds a one-word English button', () => {
    expect(leftOn(fixturePage([CONTINUE]))).toEqual([expect.stringMatching(reported(CONTINUE))]);
  });

  it('finds the static part of an English text with a placeholder', () => {
    expect(leftOn(fixturePage([COUNT]))).toEqual([expect.stringMatching(reported(COUNT))]);
  });

  it('finds an English sentence in an accessible name', () => {
    expect(leftOn(fixturePage([LONG]))).toEqual([expect.stringMatching(reported(LONG))]);
  });

  it('does not take a short English word inside a translated sentence, or a hidden element, for a leftover', () => {
    const word = text('en', CONTINUE);
    const extra = `<p>${text(LNG, LONG)} ${word}</p><div style="display:none">${word}</div><div hidden>${word}</div>`;
    expect(leftOn(fixturePage([], extra))).toEqual([]);
  });

  it('leaves alone user data the test names, and text marked translate="no"', () => {
    const word = text('en', CONTINUE);
    expect(leftOn(fixturePage([], `<p>${word}</p>`))).toHaveLength(1);
    expect(leftOn(fixturePage([], `<p>${word}</p>`), [word])).toEqual([]);
    expect(leftOn(fixturePage([], `<p translate="no">${word}</p>`))).toEqual([]);
  });

  it('keeps out texts the language keeps as in English, and lines it borrows', () => {
    const keys = new Set(texts.map((t) => t.key));
    expect(keys.has(BRAND)).toBe(false);
    expect(keys.has(CONTINUE)).toBe(true);
    const own = new Set([...catalogue(LNG).values()].flatMap((ns) => [...ns.values()]));
    expect(texts.filter((t) => own.has(t.text))).toEqual([]);
  });
});
