/**
 * The machine-readable zone of a passport's data page (ICAO Doc 9303 Part 4, TD3): two lines of 44 characters from
 * A-Z, 0-9 and the filler `<`. Line 1: `P`, a type letter or filler, the issuing state, then the names (surname, `<<`,
 * given names; `<` between the parts of each). Line 2, at fixed places: the document number (9) and its check digit,
 * the nationality (3), the date of birth (YYMMDD) and its check digit, the sex (M, F or `<`), the date of expiry and
 * its check digit, the optional personal number (14) and its check digit, and the composite check digit.
 */

export const TD3_LINE_LENGTH = 44;

/** The value of a character in a check digit: 0-9 as themselves, A-Z as 10-35, the filler as 0. */
function charValue(char: string): number {
  if (char >= '0' && char <= '9') return char.charCodeAt(0) - 48;
  if (char >= 'A' && char <= 'Z') return char.charCodeAt(0) - 55;
  return 0;
}

/** ICAO 9303's check digit: the characters' values weighted 7, 3, 1 in turn, summed, modulo 10. */
export function checkDigit(text: string): string {
  const weights = [7, 3, 1];
  let sum = 0;
  for (let i = 0; i < text.length; i += 1) sum += charValue(text[i]) * weights[i % 3];
  return String(sum % 10);
}

/** Where each field of line 2 sits: [start, end) in the line. */
export const LINE2 = {
  documentNumber: [0, 9],
  documentNumberCheck: [9, 10],
  nationality: [10, 13],
  dateOfBirth: [13, 19],
  dateOfBirthCheck: [19, 20],
  sex: [20, 21],
  dateOfExpiry: [21, 27],
  dateOfExpiryCheck: [27, 28],
  personalNumber: [28, 42],
  personalNumberCheck: [42, 43],
  compositeCheck: [43, 44],
} as const;

/** The fields the MRZ holds, as written in it: names already transliterated (mrzName), dates as YYMMDD. */
export interface Td3Fields {
  /** The second character of line 1 (often `<`). */
  documentType?: string;
  issuingCountry: string;
  surname: string;
  givenNames: string;
  documentNumber: string;
  nationality: string;
  dateOfBirth: string;
  sex: 'M' | 'F' | '<';
  dateOfExpiry: string;
  personalNumber?: string;
}

const pad = (text: string, length: number) => text.padEnd(length, '<').slice(0, length);

/** The personal number's check digit: a filler when the field is empty (ICAO 9303 allows `<` or `0` there). */
function personalNumberCheck(field: string): string {
  return /^<+$/.test(field) ? '<' : checkDigit(field);
}

/** The two lines of the MRZ that hold `fields`, check digits worked out; names too long are cut to fit. */
export function td3Lines(fields: Td3Fields): [string, string] {
  const names = `${fields.surname}<<${fields.givenNames}`.replace(/ /g, '<');
  const line1 = pad(`P${fields.documentType ?? '<'}${pad(fields.issuingCountry, 3)}${names}`, TD3_LINE_LENGTH);
  const documentNumber = pad(fields.documentNumber, 9);
  const personal = pad(fields.personalNumber ?? '', 14);
  const part1 = documentNumber + checkDigit(documentNumber);
  const part2 = fields.dateOfBirth + checkDigit(fields.dateOfBirth);
  const part3 = fields.dateOfExpiry + checkDigit(fields.dateOfExpiry) + personal + personalNumberCheck(personal);
  const line2 = part1 + pad(fields.nationality, 3) + part2 + fields.sex + part3 + checkDigit(part1 + part2 + part3);
  return [line1, line2];
}

/** Whether every check digit of line 2 holds (the personal number's may be `<` when the field is empty). */
export function line2CheckDigitsValid(line2: string): boolean {
  if (line2.length !== TD3_LINE_LENGTH) return false;
  const field = (name: keyof typeof LINE2) => line2.slice(...LINE2[name]);
  const personal = field('personalNumber');
  const personalCheck = field('personalNumberCheck');
  const personalValid = /^<+$/.test(personal)
    ? personalCheck === '<' || personalCheck === '0'
    : personalCheck === checkDigit(personal);
  const composite = line2.slice(0, 10) + line2.slice(13, 20) + line2.slice(21, 43);
  return (
    field('documentNumberCheck') === checkDigit(field('documentNumber')) &&
    field('dateOfBirthCheck') === checkDigit(field('dateOfBirth')) &&
    field('dateOfExpiryCheck') === checkDigit(field('dateOfExpiry')) &&
    personalValid &&
    field('compositeCheck') === checkDigit(composite)
  );
}
