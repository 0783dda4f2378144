/**
 * The holder's initials a seal carries instead of the name. Scripts with capital letters and Arabic give "M. A. S."
 * (given names first, then the family name, each first letter with a full stop). Names written in Chinese
 * characters, Japanese kana or Korean hangul give the family name's first character first and no full stops, the
 * order such names are read in: family "王", given "小明" is "王 小".
 */

const EAST_ASIAN = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** The first grapheme of a name part that holds a letter (an apostrophe or a dash before it is passed over). */
function firstLetter(part: string): string | undefined {
  for (const { segment } of segmenter.segment(part)) {
    if (LETTER_OR_DIGIT.test(segment)) return segment.toUpperCase();
  }
  return undefined;
}

const initialsOf = (names: string): string[] =>
  names
    .split(/[\s\u3000]+/u)
    .map(firstLetter)
    .filter((initial): initial is string => initial !== undefined);

/** The holder's initials for the seal, e.g. "M. A. S." for Maria Anna Silva (see above for other scripts). */
export function holderInitials(givenNames: string, familyName: string): string {
  const given = initialsOf(givenNames.normalize('NFC'));
  const family = initialsOf(familyName.normalize('NFC'));
  if (family.some((initial) => EAST_ASIAN.test(initial))) return [...family, ...given].join(' ');
  return [...given, ...family].map((initial) => (EAST_ASIAN.test(initial) ? initial : `${initial}.`)).join(' ');
}
