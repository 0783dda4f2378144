/**
 * Names as a passport's machine-readable zone writes them (ICAO Doc 9303 Part 3, section 6: transliteration of
 * national characters; section 4.6: punctuation). The MRZ has only A-Z, 0-9 and the filler `<`: `Dubois-Müller` is
 * `DUBOIS<MUELLER`, or `DUBOIS<MULLER` where the issuing state chose the other transliteration the table allows. A
 * name typed on the form is compared with the one read from the passport through these forms.
 */

/**
 * Latin letters that are not a base letter with accents (those lose their accents, below), and letters with
 * diacritics for which the table gives a transliteration of its own. Where the table allows two, the recommended one
 * comes first; `mrzNameForms` tries the others.
 */
const LATIN: Record<string, readonly string[]> = {
  Ä: ['AE', 'A'],
  Å: ['AA', 'A'],
  Æ: ['AE'],
  Ð: ['D'],
  Đ: ['D'],
  Ħ: ['H'],
  Ĳ: ['IJ'],
  İ: ['I'],
  Ŀ: ['L'],
  Ł: ['L'],
  Ñ: ['N', 'NXX'],
  Ŋ: ['N'],
  Ö: ['OE', 'O'],
  Ø: ['OE'],
  Œ: ['OE'],
  Þ: ['TH'],
  Ŧ: ['T'],
  Ü: ['UE', 'UXX', 'U'],
  ẞ: ['SS'],
  ß: ['SS'],
  ı: ['I'],
};

/** Cyrillic (ICAO 9303 Part 3, table of Cyrillic transliteration), Russian, Ukrainian, Belarusian and others. */
const CYRILLIC: Record<string, string> = {
  А: 'A',
  Б: 'B',
  В: 'V',
  Г: 'G',
  Ґ: 'G',
  Д: 'D',
  Ђ: 'D',
  Ѓ: 'G',
  Е: 'E',
  Ё: 'E',
  Є: 'IE',
  Ж: 'ZH',
  З: 'Z',
  Ѕ: 'DZ',
  И: 'I',
  І: 'I',
  Ї: 'I',
  Й: 'I',
  Ј: 'J',
  К: 'K',
  Л: 'L',
  Љ: 'LJ',
  М: 'M',
  Н: 'N',
  Њ: 'NJ',
  О: 'O',
  П: 'P',
  Р: 'R',
  С: 'S',
  Т: 'T',
  Ћ: 'C',
  Ќ: 'K',
  У: 'U',
  Ў: 'U',
  Ф: 'F',
  Х: 'KH',
  Ц: 'TS',
  Ч: 'CH',
  Џ: 'DZ',
  Ш: 'SH',
  Щ: 'SHCH',
  Ъ: 'IE',
  Ы: 'Y',
  Ь: '',
  Э: 'E',
  Ю: 'IU',
  Я: 'IA',
};

/** Separators written as one filler: a hyphen, a space, a comma (the name's parts stay apart). */
const FILLER = /[\s\-‐‑‒–—,]/u;
/** Punctuation left out with nothing in its place: `D'Artagnan` is `DARTAGNAN`, `St. John` is `ST<JOHN`. */
const OMITTED = /[\p{P}\p{S}]/u;

/** The ways one character of a name may be written in the MRZ; empty when it is left out; undefined if unknown. */
function charForms(char: string): readonly string[] | undefined {
  if (FILLER.test(char)) return ['<'];
  const upper = char.toLocaleUpperCase('en');
  if (/^[A-Z]$/.test(upper)) return [upper];
  if (/^[0-9]$/.test(char)) return [];
  const latin = LATIN[char] ?? LATIN[upper];
  if (latin) return latin;
  const cyrillic = CYRILLIC[upper];
  if (cyrillic !== undefined) return [cyrillic];
  // A letter with accents is its base letter (É, Č, Ş, Ő, Ç, Ğ, ...): its decomposition is the letter and marks.
  const base = upper.normalize('NFD').replace(/\p{M}/gu, '');
  if (/^[A-Z]+$/.test(base)) return [base];
  if (OMITTED.test(char) || /\p{M}/u.test(char)) return [];
  return undefined;
}

/** Fillers as the MRZ has them within one name: none at either end, never two together. */
function tidy(written: string): string {
  return written.replace(/<{2,}/g, '<').replace(/^<|<$/g, '');
}

/**
 * Every way the MRZ may write a name (one part: the surname, or the given names), the recommended one first: at most
 * `limit` of them. Characters that cannot be transliterated (a script the table has none for) are left out.
 */
export function mrzNameForms(name: string, limit = 64): string[] {
  let forms = [''];
  for (const char of name.normalize('NFC')) {
    const options = charForms(char) ?? [];
    if (options.length === 0) continue;
    const next: string[] = [];
    for (const form of forms) for (const option of options) if (next.length < limit) next.push(form + option);
    forms = next;
  }
  return [...new Set(forms.map(tidy))];
}

/** A name as the MRZ writes it by the table's recommended transliteration: `Dubois-Müller` is `DUBOIS<MUELLER`. */
export function mrzName(name: string): string {
  return mrzNameForms(name, 1)[0];
}

/** Whether every character of a name has a transliteration (a name in Arabic or Chinese script has none here). */
export function transliterable(name: string): boolean {
  return [...name.normalize('NFC')].every((char) => charForms(char) !== undefined);
}

/**
 * Whether a name typed on the form is the one the MRZ holds (`read`, with fillers or spaces between its parts). The
 * MRZ's name field has room for 39 characters: a name cut short to fit matches the start of the typed name when
 * `truncated` says the field was full.
 */
export function mrzNameMatches(typed: string, read: string, truncated = false): boolean {
  const mrz = tidy(read.toUpperCase().replace(/ /g, '<'));
  return mrzNameForms(typed).some((form) => form === mrz || (truncated && mrz.length > 0 && form.startsWith(mrz)));
}
