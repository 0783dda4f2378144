import { describe, expect, it } from 'vitest';
import {
  checkCharacter,
  legacyCheckSymbol,
  newReference,
  newSubmissionReference,
  parseSubmissionReference,
} from './reference';

const SYMBOLS = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** The ten symbols and the check character of a reference as laid out. */
const partsOf = (reference: string) => {
  const text = reference.replace(/^[A-Z]+-|-/g, '');
  return { symbols: text.slice(0, 10), check: text.slice(10) };
};
/** A reference's eleven characters (symbols and check) as typed without layout. */
const bare = (reference: string) => reference.replace(/^ETA-|-/g, '');

describe('submission references', () => {
  it('end in a check character of the same 32 Crockford characters: never * ~ $ = or U', () => {
    for (let i = 0; i < 2000; i++) {
      const reference = newSubmissionReference();
      expect(reference).toMatch(/^ETA-[0-9A-HJKMNP-TV-Z]{5}-[0-9A-HJKMNP-TV-Z]{5}-[0-9A-HJKMNP-TV-Z]$/);
      expect(parseSubmissionReference(reference)).toBe(reference);
    }
  });

  it('document numbers end in such a check character too', () => {
    for (const prefix of ['EA', 'VV', 'RN']) {
      const number = newReference(prefix);
      expect(number).toMatch(new RegExp(`^${prefix}-[0-9A-HJKMNP-TV-Z]{5}-[0-9A-HJKMNP-TV-Z]{5}-[0-9A-HJKMNP-TV-Z]$`));
    }
  });

  it('uses each of the 32 characters as a check character', () => {
    // With nine zeros first, the check character of each last symbol is a different one.
    const checks = new Set([...SYMBOLS].map((last) => checkCharacter(`000000000${last}`)));
    expect(checks.size).toBe(32);
  });

  it('catches every mistyped character and every swap of two neighbours, the check character included', () => {
    for (let i = 0; i < 40; i++) {
      const reference = bare(newSubmissionReference());
      for (let at = 0; at < reference.length; at++) {
        for (const other of SYMBOLS) {
          if (other === reference[at]) continue;
          const typo = `${reference.slice(0, at)}${other}${reference.slice(at + 1)}`;
          // A mistyped reference may still pass an old reference's check: only the new check is asked here.
          const { symbols, check } = partsOf(`ETA-${typo.slice(0, 5)}-${typo.slice(5, 10)}-${typo[10]}`);
          expect(checkCharacter(symbols)).not.toBe(check);
        }
      }
      for (let at = 0; at + 1 < reference.length; at++) {
        if (reference[at] === reference[at + 1]) continue;
        const swapped = `${reference.slice(0, at)}${reference[at + 1]}${reference[at]}${reference.slice(at + 2)}`;
        expect(checkCharacter(swapped.slice(0, 10))).not.toBe(swapped[10]);
      }
    }
  });

  it('reads what people type: lower case, no prefix or hyphens, and I, L, O for 1, 1, 0', () => {
    const symbols = '1021341516';
    const canonical = `ETA-10213-41516-${checkCharacter(symbols)}`;
    const check = canonical.slice(-1).toLowerCase();
    expect(parseSubmissionReference(canonical.toLowerCase())).toBe(canonical);
    expect(parseSubmissionReference(`eta 1o2l3 4i5l6 ${check}`)).toBe(canonical);
    expect(parseSubmissionReference(`${symbols}${check}`)).toBe(canonical);
  });

  it('refuses a mistyped character or a wrong length', () => {
    const reference = newSubmissionReference();
    const { symbols, check } = partsOf(reference);
    const changed = `${symbols[0] === '7' ? '8' : '7'}${symbols.slice(1)}`;
    // The changed symbols may happen to match the old check with this check character; then try another change.
    const mistyped =
      legacyCheckSymbol(changed) === check ? `${symbols[0] === '6' ? '5' : '6'}${symbols.slice(1)}` : changed;
    expect(parseSubmissionReference(`${mistyped}${check}`)).toBeNull();
    expect(parseSubmissionReference(`${symbols.slice(1)}${check}`)).toBeNull();
    expect(parseSubmissionReference('ETA-UUUUU-UUUUU-0')).toBeNull();
    expect(parseSubmissionReference('')).toBeNull();
  });

  it('still reads references issued with Crockford’s mod-37 check symbol, * ~ $ = and U included', () => {
    // "10" is 32, the first of the extra symbols; "11" is 33; 36 is U.
    expect(legacyCheckSymbol('0000000001')).toBe('1');
    expect(legacyCheckSymbol('0000000010')).toBe('*');
    expect(legacyCheckSymbol('0000000011')).toBe('~');
    expect(legacyCheckSymbol('0000000014')).toBe('U');
    expect(legacyCheckSymbol('0000000015')).toBe('0');
    expect(legacyCheckSymbol('ZZZZZZZZZZ')).toBe(`${SYMBOLS}*~$=U`[Number((2n ** 50n - 1n) % 37n)]);
    for (const issued of [
      'ETA-00000-00010-*',
      'ETA-00000-00011-~',
      'ETA-00000-00012-$',
      'ETA-00000-00013-=',
      'ETA-00000-00014-U',
    ])
      expect(parseSubmissionReference(issued)).toBe(issued);
    expect(parseSubmissionReference('eta 00000 00014 u')).toBe('ETA-00000-00014-U');
  });
});
