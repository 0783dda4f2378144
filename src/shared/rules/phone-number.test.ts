import { describe, expect, it } from 'vitest';
import { asciiDigits, phoneNumberRule, toE164 } from './phone-number';

const TYPED = [
  ['ASCII', '082 123 4567'],
  ['Arabic-Indic', '٠٨٢ ١٢٣ ٤٥٦٧'],
  ['Eastern Arabic (Persian)', '۰۸۲ ۱۲۳ ۴۵۶۷'],
  ['full-width', '０８２ １２３ ４５６７'],
  ['mixed, with the country code', '+٢٧ 82 １２٣ ۴۵۶۷'],
] as const;

describe('the phone rule', () => {
  it('reads every digit set as ASCII digits, and leaves other characters alone', () => {
    expect(asciiDigits('٠١٢٣٤٥٦٧٨٩')).toBe('0123456789');
    expect(asciiDigits('۰۱۲۳۴۵۶۷۸۹')).toBe('0123456789');
    expect(asciiDigits('０１２３４５６７８９')).toBe('0123456789');
    expect(asciiDigits('+27 (82) 123-4567 x')).toBe('+27 (82) 123-4567 x');
  });

  it.each(TYPED)('accepts a number typed with %s digits and stores it in E.164', (_, mobileNumber) => {
    const value = { isoAlpha2Code: 'ZA', mobileNumber };
    expect(phoneNumberRule.check(value, { rule: 'phoneNumber' })).toEqual([]);
    expect(phoneNumberRule.normalise?.(value, { rule: 'phoneNumber' })).toEqual({
      isoAlpha2Code: 'ZA',
      mobileNumber: '+27821234567',
    });
    expect(toE164('ZA', mobileNumber)).toBe('+27821234567');
  });

  it('still refuses a number that is too short, whatever its digits', () => {
    for (const mobileNumber of ['١٢', '۱۲', '１２']) {
      expect(phoneNumberRule.check({ isoAlpha2Code: 'ZA', mobileNumber }, { rule: 'phoneNumber' })).toEqual([
        { field: 'mobileNumber', key: 'validation:mobile.invalid' },
      ]);
    }
  });
});
