import { sep } from 'node:path';
import { englishName, hasWords, placeholders, pluralCategories, PLURAL_SUFFIX } from './language-terms';
import { SAME_AS_ENGLISH_FILE, SOURCE_LANGUAGE, type Catalogue } from './locale-files';
import type { FindingKind, LanguageReport, LocaleFinding } from './locale-finding';

// One language's catalogue compared with English: key by key, plural group by plural group, then what it has
// that English has not.

interface Entry {
  /** The key, without plural suffix for a plural group. */
  base: string;
  /** English forms by category for a plural group; one form under '' otherwise. */
  forms: Map<string, string>;
  plural: boolean;
}

/** What the comparison of a language knows throughout. */
interface Language {
  lng: string;
  /** Its name in English, for messages. */
  name: string;
  categories: string[];
  sameAsEnglish: Map<string, string>;
  folderLabel: string;
}

/** One namespace file of a language being compared, with where its findings go. */
interface Namespace extends Language {
  ns: string;
  englishTexts: Map<string, string>;
  texts: Map<string, string>;
  /** The keys the file should have, gathered as its entries are compared. */
  expected: Set<string>;
  add: (kind: FindingKind, key: string, message: string) => void;
}

/** English keys grouped: a key with `_other` (and its siblings) is one plural entry. */
function entriesOf(texts: Map<string, string>): Entry[] {
  const entries = new Map<string, Entry>();
  const pluralBases = new Set(
    [...texts.keys()].filter((k) => k.endsWith('_other')).map((k) => k.replace(PLURAL_SUFFIX, '')),
  );
  for (const [key, text] of texts) {
    const base = key.replace(PLURAL_SUFFIX, '');
    if (base !== key && pluralBases.has(base)) {
      // A plain key of the same name (used without a count) is a separate entry.
      const id = `${base}\u0000plural`;
      const entry = entries.get(id) ?? { base, forms: new Map(), plural: true };
      entry.forms.set(key.slice(base.length + 1), text);
      entries.set(id, entry);
    } else {
      entries.set(key, { base: key, forms: new Map([['', text]]), plural: false });
    }
  }
  return [...entries.values()];
}

const list = (names: string[]) => (names.length ? names.map((n) => `{{${n}}}`).join(', ') : 'none');

/** The allow-list's file as messages name it. */
const allowListOf = (folderLabel: string) => `${folderLabel}/${SAME_AS_ENGLISH_FILE.split(sep).join('/')}`;

/**
 * Compares one language's catalogue with English. `folderLabel` names the folder in messages
 * (e.g. "locales/fr"); `sameAsEnglish` is the language's allow-list.
 */
export function checkCatalogue(
  lng: string,
  english: Catalogue,
  target: Catalogue,
  sameAsEnglish: Map<string, string> = new Map(),
  folderLabel = `locales/${lng}`,
): LanguageReport {
  const findings: LocaleFinding[] = [];
  const language: Language = {
    lng,
    name: englishName(lng),
    categories: pluralCategories(lng),
    sameAsEnglish,
    folderLabel,
  };
  let total = 0;
  let done = 0;
  for (const [ns, englishTexts] of english) {
    const counted = checkNamespace(language, ns, englishTexts, target.get(ns), findings);
    total += counted.total;
    done += counted.done;
  }
  findings.push(...extraNamespaces(language, english, target), ...unknownAllowances(language, english));
  return { lng, total, done, findings };
}

/** Compares one namespace file, adding its findings: answers its English entries and those complete. */
function checkNamespace(
  language: Language,
  ns: string,
  englishTexts: Map<string, string>,
  texts: Map<string, string> | undefined,
  findings: LocaleFinding[],
): { total: number; done: number } {
  const { lng, folderLabel } = language;
  const file = `${folderLabel}/${ns}.json`;
  const entries = entriesOf(englishTexts);
  if (!texts) {
    findings.push({
      lng,
      kind: 'file',
      file,
      message: `${file} is missing: copy locales/${SOURCE_LANGUAGE}/${ns}.json and translate every text (${entries.length} texts)`,
    });
    return { total: entries.length, done: 0 };
  }
  const add = (kind: FindingKind, key: string, message: string) =>
    findings.push({ lng, kind, file, key, message: `${file}: ${message}` });
  const namespace: Namespace = { ...language, ns, englishTexts, texts, expected: new Set(), add };
  let done = 0;
  for (const entry of entries) {
    const before = findings.length;
    if (entry.plural) checkPluralEntry(namespace, entry);
    else checkEntry(namespace, entry);
    if (findings.length === before) done += 1;
  }
  addExtraKeys(namespace, entries);
  return { total: entries.length, done };
}

/** A text without plural forms: present, not empty, the same placeholders, translated unless allowed. */
function checkEntry(namespace: Namespace, entry: Entry): void {
  const { ns, texts, expected, add, sameAsEnglish, folderLabel } = namespace;
  const qualified = `${ns}:${entry.base}`;
  expected.add(entry.base);
  const english = entry.forms.get('')!;
  const text = texts.get(entry.base);
  if (text === undefined) add('missing', entry.base, `"${entry.base}" is missing: translate "${english}"`);
  else if (!text.trim()) add('empty', entry.base, `"${entry.base}" is empty: translate "${english}"`);
  else {
    const want = placeholders(english);
    const have = placeholders(text);
    if (want.join() !== have.join()) {
      add(
        'placeholders',
        entry.base,
        `"${entry.base}" has placeholders ${list(have)} but English has ${list(want)}: keep each {{placeholder}} exactly as in English`,
      );
    }
    if (text === english && hasWords(text) && !sameAsEnglish.has(qualified)) {
      add(
        'untranslated',
        entry.base,
        `"${entry.base}" is the same as English ("${english}"): translate it, or list "${qualified}" in ${allowListOf(folderLabel)} if it is meant to read the same`,
      );
    }
  }
}

/** A plural group: a form for each of the language's categories, written as forms, each checked as a text. */
function checkPluralEntry(namespace: Namespace, entry: Entry): void {
  const { texts, englishTexts, expected, add, categories, name } = namespace;
  const englishOther = entry.forms.get('other') ?? [...entry.forms.values()][0];
  const missingForms = categories.filter((c) => texts.get(`${entry.base}_${c}`) === undefined);
  for (const c of categories) expected.add(`${entry.base}_${c}`);
  if (missingForms.length === categories.length && texts.has(entry.base) && !englishTexts.has(entry.base)) {
    add(
      'plural',
      entry.base,
      `"${entry.base}" must be written as plural forms ${categories.map((c) => `"${entry.base}_${c}"`).join(', ')} (the forms ${name} uses for a count), not as one text`,
    );
    expected.add(entry.base);
  } else if (missingForms.length > 0) {
    add(
      'plural',
      `${entry.base}_${missingForms[0]}`,
      `"${entry.base}" needs the plural forms ${name} uses (${categories.join(', ')}): add ${missingForms.map((c) => `"${entry.base}_${c}"`).join(', ')}, translating "${englishOther}"`,
    );
  }
  for (const c of categories) checkPluralForm(namespace, entry, c, englishOther);
}

/** One form of a plural group, when the language has written it. */
function checkPluralForm(namespace: Namespace, entry: Entry, category: string, englishOther: string): void {
  const { ns, texts, add, sameAsEnglish, folderLabel } = namespace;
  const qualified = `${ns}:${entry.base}`;
  // {{count}} may be left out of a form that names its number in words ("one minute", Arabic's dual);
  // any other placeholder must be kept.
  const want = placeholders(englishOther).filter((p) => p !== 'count');
  const key = `${entry.base}_${category}`;
  const text = texts.get(key);
  if (text === undefined) return;
  const english = entry.forms.get(category) ?? englishOther;
  if (!text.trim()) {
    add('empty', key, `"${key}" is empty: translate "${english}"`);
    return;
  }
  const have = placeholders(text);
  const extra = have.filter((p) => p !== 'count' && !want.includes(p));
  const lost = want.filter((p) => !have.includes(p));
  if (extra.length || lost.length) {
    add(
      'placeholders',
      key,
      `"${key}" has placeholders ${list(have)} but English has ${list(placeholders(englishOther))}: keep each {{placeholder}} exactly as in English`,
    );
  }
  if (text === english && hasWords(text) && !sameAsEnglish.has(qualified) && !sameAsEnglish.has(`${ns}:${key}`)) {
    add(
      'untranslated',
      key,
      `"${key}" is the same as English ("${english}"): translate it, or list "${qualified}" in ${allowListOf(folderLabel)} if it is meant to read the same`,
    );
  }
}

/** The keys of a namespace file that English has not, or plural forms the language does not use. */
function addExtraKeys(namespace: Namespace, entries: Entry[]): void {
  const { ns, texts, expected, add, categories, name } = namespace;
  for (const key of texts.keys()) {
    if (expected.has(key)) continue;
    const base = key.replace(PLURAL_SUFFIX, '');
    const why =
      base !== key && entries.some((e) => e.plural && e.base === base)
        ? `is a plural form ${name} does not use (it uses ${categories.join(', ')}): remove it`
        : `is not in English: remove it, or add it to locales/${SOURCE_LANGUAGE}/${ns}.json if a screen needs it`;
    add('extra', key, `"${key}" ${why}`);
  }
}

/** Namespace files of the language that English has not. */
function extraNamespaces(language: Language, english: Catalogue, target: Catalogue): LocaleFinding[] {
  const { lng, folderLabel } = language;
  return [...target.keys()]
    .filter((ns) => !english.has(ns))
    .map((ns): LocaleFinding => {
      const file = `${folderLabel}/${ns}.json`;
      return {
        lng,
        kind: 'extra',
        file,
        message: `${file} has no English counterpart: remove it, or add locales/${SOURCE_LANGUAGE}/${ns}.json`,
      };
    });
}

/** Entries of the allow-list that name no English key. */
function unknownAllowances(language: Language, english: Catalogue): LocaleFinding[] {
  const { lng, folderLabel, sameAsEnglish } = language;
  const findings: LocaleFinding[] = [];
  for (const qualified of sameAsEnglish.keys()) {
    const [ns, key] = qualified.split(':');
    const texts = english.get(ns);
    const known = !!texts && !!key && (texts.has(key) || texts.has(`${key}_other`));
    if (!known) {
      const file = allowListOf(folderLabel);
      findings.push({
        lng,
        kind: 'extra',
        file,
        key: qualified,
        message: `${file}: "${qualified}" is not an English key: remove it from the list`,
      });
    }
  }
  return findings;
}
