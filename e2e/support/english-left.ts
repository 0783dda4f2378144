/**
 * The English-left detector: which texts of the English catalogue a page in another language still shows.
 *
 * Every English text is looked for, split at its line breaks into the lines a page shows, its Trans tags and
 * markdown marks removed:
 * - a long text (12 characters or more, two words or more) anywhere on the page;
 * - a short one ("Continue", "Back") only as the whole text of an element or of an accessible-name attribute,
 *   so that a word inside a translated sentence or a name is not taken for it;
 * - a text with placeholders by its static parts, the placeholders matching anything on the same line (whole
 *   element text only when those parts are short, e.g. "Applicant {{number}}").
 * Left out: texts with no Latin word, texts the language keeps as in English (identical, or listed in its
 * `_meta/same-as-english.json`, a plural key without its suffix covering every form), English texts that are also
 * one of the language's own texts (a term the language borrows), and on the page anything marked as not in the
 * page's language (`lang="en"`, e.g. the switcher's language names) or not to be translated (`translate="no"`),
 * and the user data a test names.
 *
 * `collectPageTexts` runs in the page (it is serialised by Playwright, so it uses nothing outside itself);
 * the rest runs in Node, so that the detector can be unit-tested on fixture pages without a browser.
 */
import { join } from 'node:path';
import { readCatalogue, readSameAsEnglish, SOURCE_LANGUAGE } from '../../tools/locales/locale-check';

/** One English text to look for. */
export interface EnglishText {
  /** "ns:key", for the report. */
  key: string;
  /** The line of the English text (placeholders kept), for the report. */
  text: string;
  /** Matches the text as the page shows it. */
  pattern: RegExp;
  /** Looked for as the whole text of an element or attribute, not inside longer text. */
  whole: boolean;
  /** Has placeholders (then `pattern` decides even when `whole`). */
  template: boolean;
}

/** What a page shows: all of its text in reading order, and each element's own text and accessible names. */
export interface PageTexts {
  body: string;
  pieces: string[];
}

const PLACEHOLDER = /\{\{[^}]*\}\}|\$t\([^)]*\)/g;
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;
const LONG = 12;

const normalise = (text: string) => text.replace(/\s+/g, ' ').trim();
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '\\s+');

/** The lines a text shows: Trans tags (`<1>`, `<strong>`) and markdown marks (`**`, `[label](url)`, list bullets) removed. */
export function shownLines(text: string): string[] {
  return text
    .split(/\n+/)
    .map((line) =>
      normalise(
        line
          .replace(/<\/?[a-z0-9]+\s*\/?>/gi, '')
          .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
          .replace(/\*\*|__/g, '')
          .replace(/^\s*(?:[-*+]|#+|\d+\.)\s+/, ''),
      ),
    )
    .filter(Boolean);
}

function toEnglishText(key: string, line: string): EnglishText | undefined {
  const parts = line.split(PLACEHOLDER);
  const fixed = parts.join(' ');
  if (!/[A-Za-z]{2}/.test(fixed)) return undefined;
  if (parts.length === 1) {
    const whole = line.length < LONG || !/\s/.test(line);
    return { key, text: line, pattern: new RegExp(escape(line)), whole, template: false };
  }
  // Placeholders alone with a short word or two between them ("{{a}} of {{b}}") say too little to look for.
  if (!/[A-Za-z]{3}/.test(fixed)) return undefined;
  const letters = fixed.replace(/[^A-Za-z]/g, '').length;
  const whole = letters < LONG - 2;
  const body = parts.map((part) => escape(part)).join('[^\\n]{0,200}?');
  return { key, text: line, pattern: new RegExp(whole ? `^${body}$` : body), whole, template: true };
}

/** The English texts that must not be left on a page in `lng`. */
export function englishTexts(lng: string, localesDir: string): EnglishText[] {
  const english = readCatalogue(join(localesDir, SOURCE_LANGUAGE));
  const target = readCatalogue(join(localesDir, lng));
  const sameAsEnglish = readSameAsEnglish(join(localesDir, lng));
  const ownLines = new Set<string>();
  for (const texts of target.values())
    for (const text of texts.values()) for (const l of shownLines(text)) ownLines.add(l);
  const out: EnglishText[] = [];
  for (const [ns, texts] of english) {
    for (const [key, text] of texts) {
      const qualified = `${ns}:${key}`;
      if (sameAsEnglish.has(qualified) || sameAsEnglish.has(qualified.replace(PLURAL_SUFFIX, ''))) continue;
      if (target.get(ns)?.get(key) === text) continue;
      for (const line of shownLines(text)) {
        if (ownLines.has(line)) continue;
        const found = toEnglishText(qualified, line);
        if (found) out.push(found);
      }
    }
  }
  return out;
}

/**
 * The English texts a page shows, one line each with the keys that have it (`"Continue" (forms:engine.continue)`),
 * leaving out the given user data (names, e-mail addresses).
 */
export function englishLeft(texts: EnglishText[], page: PageTexts, userData: readonly string[] = []): string[] {
  const data = userData.map(normalise).filter((d) => d.length > 0);
  const pieces = page.pieces.filter((piece) => !data.includes(piece));
  const exact = new Set(pieces);
  let body = page.body;
  for (const datum of data) body = body.split(datum).join(' ');
  const left = new Map<string, string[]>();
  for (const entry of texts) {
    const found = !entry.whole
      ? entry.pattern.test(body) || pieces.some((p) => entry.pattern.test(p))
      : entry.template
        ? pieces.some((p) => entry.pattern.test(p))
        : exact.has(entry.text);
    if (found) left.set(entry.text, [...(left.get(entry.text) ?? []), entry.key]);
  }
  return [...left].map(([text, keys]) => `"${text}" (${keys.join(', ')})`).sort();
}

/**
 * Runs in the page: the text of its body as shown (hidden elements, scripts and styles left out; block elements
 * apart, inline ones joined), each element's own text, and the accessible names and hints written in attributes.
 * Elements in another language than the page's (`lang`) and those not to translate (`translate="no"`) are left out.
 */
export function collectPageTexts(): PageTexts {
  const skipped = new Set(['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE']);
  const inline = new Set(
    'A ABBR B BDI BDO CITE CODE DATA EM I KBD MARK Q S SAMP SMALL SPAN STRONG SUB SUP TIME U VAR'.split(' '),
  );
  const attributes = [
    'aria-label',
    'aria-description',
    'aria-roledescription',
    'aria-valuetext',
    'title',
    'placeholder',
    'alt',
  ];
  const pageLang = (document.documentElement.getAttribute('lang') ?? '').toLowerCase();
  const squash = (text: string) => text.replace(/\s+/g, ' ').trim();
  const pieces = new Set<string>();
  const otherLanguage = (lang: string | null) => {
    if (lang === null) return false;
    const value = lang.toLowerCase();
    return value !== pageLang && !value.startsWith(`${pageLang}-`) && !pageLang.startsWith(`${value}-`);
  };
  const shown = (element: Element): boolean => {
    // An option has no box of its own: it is shown when its list is.
    if (element.tagName === 'OPTION' || element.tagName === 'OPTGROUP') return true;
    const check = (element as Element & { checkVisibility?: (o?: object) => boolean }).checkVisibility;
    if (typeof check === 'function') return check.call(element, { visibilityProperty: true });
    const style = getComputedStyle(element);
    return style.display !== 'none' && style.visibility !== 'hidden' && !element.hasAttribute('hidden');
  };
  const walk = (element: Element): string => {
    const tag = element.tagName.toUpperCase();
    if (skipped.has(tag) || element.getAttribute('translate') === 'no') return '';
    if (otherLanguage(element.getAttribute('lang')) || !shown(element)) return '';
    for (const name of attributes) {
      const value = squash(element.getAttribute(name) ?? '');
      if (value) pieces.add(value);
    }
    if (tag === 'INPUT' && /^(button|submit|reset)$/i.test(element.getAttribute('type') ?? '')) {
      const value = squash((element as HTMLInputElement).value);
      if (value) pieces.add(value);
    }
    let text = '';
    for (const child of Array.from(element.childNodes)) {
      if (child.nodeType === 3) text += child.nodeValue ?? '';
      else if (child.nodeType === 1) {
        const inner = walk(child as Element);
        text += inline.has((child as Element).tagName.toUpperCase()) ? inner : ` ${inner} `;
      }
    }
    text = squash(text);
    if (text && text.length <= 400) pieces.add(text);
    return text;
  };
  const body = walk(document.body);
  return { body, pieces: [...pieces] };
}
