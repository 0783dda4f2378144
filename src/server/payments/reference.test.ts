import { describe, expect, it } from 'vitest';
import { checkSymbol, newSubmissionReference, parseSubmissionReference } from './reference';

describe('submission references', () => {
  it('are ten Crockford base-32 characters and a check character, grouped', () => {
    for (let i = 0; i < 200; i++) {
      const reference = newSubmissionReference();
      expect(reference).toMatch(/^ETA-[0-9A-HJKMNP-TV-Z]{5}-[0-9A-HJKMNP-TV-Z]{5}-[0-9A-HJKMNP-TV-Z*~$=U]$/);
      expect(parseSubmissionReference(reference)).toBe(reference);
    }
  });

  it("compute Crockford's mod-37 check symbol", () => {
    // 1 → 1; "10" is 32 → the first extra symbol; "11" is 33 → ~; 37 is 0 again.
    expect(checkSymbol('0000000001')).toBe('1');
    expect(checkSymbol('0000000010')).toBe('*');
    expect(checkSymbol('0000000011')).toBe('~');
    expect(checkSymbol('0000000014')).toBe('U');
    expect(checkSymbol('0000000015')).toBe('0');
    // The largest value, 2^50 - 1, checked with BigInt arithmetic.
    const symbols = 'ZZZZZZZZZZ';
    expect(checkSymbol(symbols)).toBe('0123456789ABCDEFGHJKMNPQRSTVWXYZ*~$=U'[Number((2n ** 50n - 1n) % 37n)]);
  });

  it('reads what people type: lower case, no prefix or hyphens, and I, L, O for 1, 1, 0', () => {
    const symbols = '1021341516';
    const canonical = `ETA-10213-41516-${checkSymbol(symbols)}`;
    const check = canonical.slice(-1).toLowerCase();
    expect(parseSubmissionReference(canonical.toLowerCase())).toBe(canonical);
    expect(parseSubmissionReference(`eta 1o2l3 4i5l6 ${check}`)).toBe(canonical);
    expect(parseSubmissionReference(`${symbols}${check}`)).toBe(canonical);
  });

  it('refuses a mistyped character or a wrong length', () => {
    const reference = newSubmissionReference();
    const symbols = reference.replace(/^ETA-|-/g, '').slice(0, 10);
    const check = reference.slice(-1);
    const changed = `${symbols[0] === '7' ? '8' : '7'}${symbols.slice(1)}`;
    expect(parseSubmissionReference(`${changed}${check}`)).toBeNull();
    expect(parseSubmissionReference(`${symbols.slice(1)}${check}`)).toBeNull();
    expect(parseSubmissionReference('ETA-UUUUU-UUUUU-0')).toBeNull();
    expect(parseSubmissionReference('')).toBeNull();
  });
});
