import { describe, expect, it } from 'vitest';
import { formatMoney } from './money';

/** The text with its no-break and narrow no-break spaces as plain spaces, and without direction marks. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ').replace(/[\u200e\u200f\u061c]/g, '');

describe('formatMoney', () => {
  it('writes the rand with its symbol R, never "ZAR", in every language of the portal', () => {
    for (const language of ['en', 'fr', 'pt', 'zh', 'ar']) {
      const written = formatMoney(50000, 'ZAR', language);
      expect(written).not.toContain('ZAR');
      expect(written).toMatch(/R/);
    }
  });

  it("follows each language's way of writing the amount", () => {
    expect(plain(formatMoney(50000, 'ZAR', 'en'))).toBe('R 500.00');
    expect(plain(formatMoney(125050, 'ZAR', 'en'))).toBe('R 1,250.50');
    expect(plain(formatMoney(125050, 'ZAR', 'fr'))).toBe('1 250,50 R');
    expect(plain(formatMoney(125050, 'ZAR', 'pt'))).toBe('R 1.250,50');
    expect(plain(formatMoney(125050, 'ZAR', 'zh'))).toBe('R 1,250.50');
    expect(plain(formatMoney(125050, 'ZAR', 'ar'))).toMatch(/^(1,250\.50|١٬٢٥٠٫٥٠) R$/);
  });

  it('keeps the symbol and the amount on one line, and falls back to English for a tag Intl refuses', () => {
    expect(formatMoney(50000, 'ZAR', 'en')).toBe('R\u00a0500.00');
    expect(formatMoney(50000, 'ZAR', 'not a language')).toBe('R\u00a0500.00');
  });
});
