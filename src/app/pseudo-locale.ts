import type { i18n as I18n } from 'i18next';
import { PSEUDO_LANGUAGE } from '@/shared/language-name';
import { FALLBACK_LANGUAGE } from '@/shared/languages';

/**
 * The pseudo-locale for development: English made accented and about 40% longer, generated at run time from
 * the English texts, so that a glance shows any text that is not behind a key (it stays plain English) and any
 * layout that breaks with longer text. Offered only where forms can be previewed (development, or
 * FORM_PREVIEW=true); never a folder of locales/, so never a shipped language.
 */
export { PSEUDO_LANGUAGE };

const ACCENTED: Record<string, string> = {
  a: 'á',
  b: 'ƀ',
  c: 'ç',
  d: 'ð',
  e: 'é',
  f: 'ƒ',
  g: 'ĝ',
  h: 'ĥ',
  i: 'í',
  j: 'ĵ',
  k: 'ķ',
  l: 'ļ',
  m: 'ɱ',
  n: 'ñ',
  o: 'ö',
  p: 'þ',
  q: 'ǫ',
  r: 'ŕ',
  s: 'š',
  t: 'ţ',
  u: 'ü',
  v: 'ṽ',
  w: 'ŵ',
  x: 'ẋ',
  y: 'ý',
  z: 'ž',
  A: 'Á',
  B: 'Ɓ',
  C: 'Ç',
  D: 'Ð',
  E: 'É',
  F: 'Ƒ',
  G: 'Ĝ',
  H: 'Ĥ',
  I: 'Í',
  J: 'Ĵ',
  K: 'Ķ',
  L: 'Ļ',
  M: 'Ṁ',
  N: 'Ñ',
  O: 'Ö',
  P: 'Þ',
  Q: 'Ǫ',
  R: 'Ŕ',
  S: 'Š',
  T: 'Ţ',
  U: 'Ü',
  V: 'Ṽ',
  W: 'Ŵ',
  X: 'Ẋ',
  Y: 'Ý',
  Z: 'Ž',
};

/** Placeholders ({{name}}), nesting ($t(key)) and tags (<1>, </1>) pass through unchanged. */
const PROTECTED = /(\{\{[^}]*\}\}|\$t\([^)]*\)|<\/?\d+>)/;

/** Turns one English text into its pseudo form: "Apply now" -> "⟦Áþþļý ñöŵ ·····⟧". */
export function pseudoText(text: string): string {
  if (!text.trim()) return text;
  const body = text
    .split(PROTECTED)
    .map((part, i) => (i % 2 === 1 ? part : part.replace(/[A-Za-z]/g, (c) => ACCENTED[c] ?? c)))
    .join('');
  const letters = text.replace(new RegExp(PROTECTED, 'g'), '').length;
  const padding = Math.max(1, Math.round(letters * 0.4));
  // Padding in groups of at most 10, so long texts can still wrap between them.
  const groups = Array.from({ length: Math.ceil(padding / 10) }, (_, i) => '·'.repeat(Math.min(10, padding - i * 10)));
  return `⟦${body} ${groups.join(' ')}⟧`;
}

/** The pseudo form of a whole namespace: every string leaf, arrays and nesting kept. */
export function pseudoResources(node: unknown): unknown {
  if (typeof node === 'string') return pseudoText(node);
  if (Array.isArray(node)) return node.map(pseudoResources);
  if (node && typeof node === 'object')
    return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, pseudoResources(v)]));
  return node;
}

/**
 * Fills the pseudo-locale from English: every English namespace i18next loads (English is the fallback, so it
 * is always loaded with the current language) is added again under PSEUDO_LANGUAGE in its pseudo form.
 * Call it once i18next has started.
 */
export async function installPseudoLocale(i18n: I18n): Promise<void> {
  const copy = (lng: string, ns: string) => {
    if (lng !== FALLBACK_LANGUAGE) return;
    const bundle = i18n.getResourceBundle(FALLBACK_LANGUAGE, ns) as unknown;
    if (bundle) i18n.addResourceBundle(PSEUDO_LANGUAGE, ns, pseudoResources(bundle), true, true);
  };
  i18n.store.on('added', copy);
  for (const ns of Object.keys(i18n.store.data[FALLBACK_LANGUAGE] ?? {})) copy(FALLBACK_LANGUAGE, ns);
  // Started in the pseudo-locale, i18next resolved English (it had no texts yet): resolve it again.
  if (i18n.language === PSEUDO_LANGUAGE && i18n.resolvedLanguage !== PSEUDO_LANGUAGE)
    await i18n.changeLanguage(PSEUDO_LANGUAGE);
}
