// What the checks know of a language and of a text: its CLDR plural categories, its name in English, a text's
// {{placeholders}} and whether it has words to translate.

const PLURAL_CATEGORIES = ['zero', 'one', 'two', 'few', 'many', 'other'] as const;
export const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

/** The CLDR plural categories of a language, in the conventional order (zero, one, two, few, many, other). */
export function pluralCategories(lng: string): string[] {
  const used = new Set<string>(new Intl.PluralRules(lng).resolvedOptions().pluralCategories);
  return PLURAL_CATEGORIES.filter((c) => used.has(c));
}

/** The names of the {{placeholders}} of a text, sorted and without duplicates (`{{date, short}}` is "date"). */
export function placeholders(text: string): string[] {
  const names = [...text.matchAll(/\{\{\s*([^},]+?)\s*(,[^}]*)?\}\}/g)].map((m) => m[1]);
  return [...new Set(names)].sort();
}

/** True when a text has something to translate: letters outside its placeholders. */
export function hasWords(text: string): boolean {
  return /\p{L}/u.test(text.replace(/\{\{[^}]*\}\}/g, ''));
}

/** The English name of a language for messages ("French"), else its code. */
export function englishName(lng: string): string {
  try {
    return new Intl.DisplayNames(['en'], { type: 'language' }).of(lng) ?? lng;
  } catch {
    return lng;
  }
}
