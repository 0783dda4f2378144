import { describe, expect, it } from 'vitest';
import { checkDigit, line2CheckDigitsValid, td3Lines } from './td3';

// ICAO Doc 9303 Part 4's specimen passport of Utopia.
const SPECIMEN: [string, string] = [
  'P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<',
  'L898902C36UTO7408122F1204159ZE184226B<<<<<10',
];

describe('the MRZ of a passport (TD3)', () => {
  it('works out check digits as ICAO 9303 does', () => {
    expect(checkDigit('L898902C3')).toBe('6');
    expect(checkDigit('740812')).toBe('2');
    expect(checkDigit('120415')).toBe('9');
    expect(checkDigit('ZE184226B<<<<<')).toBe('1');
  });

  it('writes the specimen passport line for line', () => {
    const lines = td3Lines({
      issuingCountry: 'UTO',
      surname: 'ERIKSSON',
      givenNames: 'ANNA<MARIA',
      documentNumber: 'L898902C3',
      nationality: 'UTO',
      dateOfBirth: '740812',
      sex: 'F',
      dateOfExpiry: '120415',
      personalNumber: 'ZE184226B',
    });
    expect(lines).toEqual(SPECIMEN);
    expect(line2CheckDigitsValid(lines[1])).toBe(true);
  });

  it('finds a changed character of line 2 by its check digits', () => {
    expect(line2CheckDigitsValid(SPECIMEN[1].replace('L898902C3', 'L898902G3'))).toBe(false);
    expect(line2CheckDigitsValid(SPECIMEN[1].replace('7408122', '7408132'))).toBe(false);
    expect(line2CheckDigitsValid(SPECIMEN[1].slice(0, 43))).toBe(false);
  });
});
