import builtNames from 'virtual:eta-language-names';
import { nameOfLanguage } from '@/shared/language-name';

const names = new Map<string, string>(Object.entries(builtNames));

/**
 * A language's name written in that language, e.g. "Français" for fr: for the languages of locales/ and the
 * pseudo-locale, as worked out at build; for any other, worked out once here.
 */
export function languageName(lng: string): string {
  let known = names.get(lng);
  if (known === undefined) {
    known = nameOfLanguage(lng);
    names.set(lng, known);
  }
  return known;
}
