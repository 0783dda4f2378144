import { randomInt } from 'node:crypto';

/**
 * Submission references people read out and type: ten random characters of Crockford's base 32 (no I, L, O or U,
 * 50 bits) and Crockford's check symbol (the value modulo 37), shown as ETA-XXXXX-XXXXX-C.
 */

const SYMBOLS = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** The check symbols: the 32 above and five more for the values 32 to 36. */
const CHECK_SYMBOLS = `${SYMBOLS}*~$=U`;
const LENGTH = 10;

/** Crockford's check symbol of a string of base-32 symbols (the number it spells, modulo 37). */
export function checkSymbol(symbols: string): string {
  let remainder = 0;
  for (const symbol of symbols) remainder = (remainder * 32 + SYMBOLS.indexOf(symbol)) % 37;
  return CHECK_SYMBOLS[remainder];
}

/** Lays out ten symbols and their check symbol as people see them. */
function format(symbols: string, prefix = 'ETA'): string {
  return `${prefix}-${symbols.slice(0, 5)}-${symbols.slice(5)}-${checkSymbol(symbols)}`;
}

/** Ten random symbols and their check symbol after `prefix`, from a cryptographic source. */
export function newReference(prefix: string, random: (max: number) => number = randomInt): string {
  let symbols = '';
  for (let i = 0; i < LENGTH; i++) symbols += SYMBOLS[random(32)];
  return format(symbols, prefix);
}

/** A new submission reference, e.g. ETA-7K3QM-2RXD9-V. */
export function newSubmissionReference(random: (max: number) => number = randomInt): string {
  return newReference('ETA', random);
}

/**
 * Reads a reference as a person may type it: any case, with or without the ETA prefix, hyphens or spaces, and
 * with I and L for 1 and O for 0, as Crockford allows. Answers it laid out as issued, or null when it is not a
 * reference or its check symbol does not match (a mistyped character).
 */
export function parseSubmissionReference(input: string): string | null {
  let text = input.toUpperCase().replace(/[\s-]/g, '');
  if (text.length === LENGTH + 4 && text.startsWith('ETA')) text = text.slice(3);
  if (text.length !== LENGTH + 1) return null;
  const symbols = text.slice(0, LENGTH).replace(/[IL]/g, '1').replace(/O/g, '0');
  if (![...symbols].every((symbol) => SYMBOLS.includes(symbol))) return null;
  const check = text[LENGTH].replace(/[IL]/, '1').replace('O', '0');
  return checkSymbol(symbols) === check ? format(symbols) : null;
}
