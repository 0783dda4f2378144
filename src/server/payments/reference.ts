import { randomInt } from 'node:crypto';

/**
 * References people read out and type (submission references, document numbers): ten random characters of
 * Crockford's base 32 (no I, L, O or U, 50 bits) and a check character from the same 32, shown as
 * ETA-XXXXX-XXXXX-C. The check is Damm's algorithm over the field of 32 elements (the operation a ∘ b = 2a + b,
 * a totally anti-symmetric quasigroup): it catches every mistyped character and every swap of two neighbours, the
 * check character included.
 *
 * References issued earlier end in Crockford's own check symbol (the value modulo 37), which may be * ~ $ = or U;
 * they are still read as valid.
 */

const SYMBOLS = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** Crockford's check symbols, of references issued before the Damm check: the 32 above and five more. */
const LEGACY_CHECK_SYMBOLS = `${SYMBOLS}*~$=U`;
const LENGTH = 10;

/** Doubles an element of GF(32), whose elements are 5-bit numbers, modulo the primitive x^5 + x^2 + 1. */
const double = (value: number) => {
  const shifted = value << 1;
  return shifted & 0b100000 ? shifted ^ 0b100101 : shifted;
};

/** The Damm check character of a string of base-32 symbols: the one that brings the running value to 0. */
export function checkCharacter(symbols: string): string {
  let interim = 0;
  for (const symbol of symbols) interim = double(interim) ^ SYMBOLS.indexOf(symbol);
  return SYMBOLS[double(interim)];
}

/** Crockford's check symbol of a string of base-32 symbols (the number it spells, modulo 37), as issued before. */
export function legacyCheckSymbol(symbols: string): string {
  let remainder = 0;
  for (const symbol of symbols) remainder = (remainder * 32 + SYMBOLS.indexOf(symbol)) % 37;
  return LEGACY_CHECK_SYMBOLS[remainder];
}

/** Lays out ten symbols and a check character as people see them. */
const layOut = (symbols: string, check: string, prefix = 'ETA') =>
  `${prefix}-${symbols.slice(0, 5)}-${symbols.slice(5)}-${check}`;

/** Ten random symbols and their check character after `prefix`, from a cryptographic source. */
export function newReference(prefix: string, random: (max: number) => number = randomInt): string {
  let symbols = '';
  for (let i = 0; i < LENGTH; i++) symbols += SYMBOLS[random(32)];
  return layOut(symbols, checkCharacter(symbols), prefix);
}

/** A new submission reference, e.g. ETA-7KQ2M-RX4DN-S. */
export function newSubmissionReference(random: (max: number) => number = randomInt): string {
  return newReference('ETA', random);
}

/** A symbol as Crockford lets people type it: I and L for 1, O for 0. */
const readSymbol = (symbol: string) => symbol.replace(/[IL]/, '1').replace('O', '0');

/**
 * Reads a reference as a person may type it: any case, with or without the ETA prefix, hyphens or spaces, and
 * with I and L for 1 and O for 0, as Crockford allows. Answers it laid out as issued, or null when it is not a
 * reference or its check character matches neither check (a mistyped character).
 */
export function parseSubmissionReference(input: string): string | null {
  let text = input.toUpperCase().replace(/[\s-]/g, '');
  if (text.length === LENGTH + 4 && text.startsWith('ETA')) text = text.slice(3);
  if (text.length !== LENGTH + 1) return null;
  const symbols = [...text.slice(0, LENGTH)].map(readSymbol).join('');
  if (![...symbols].every((symbol) => SYMBOLS.includes(symbol))) return null;
  const check = readSymbol(text[LENGTH]);
  if (check === checkCharacter(symbols) || check === legacyCheckSymbol(symbols)) return layOut(symbols, check);
  return null;
}
