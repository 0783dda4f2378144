import { describe, expect, it } from 'vitest';
import { ConfigError } from '../lib/env';
import { DEFAULT_ELIGIBLE_PASSPORT_COUNTRIES, loadApplicationsConfig } from './config';

describe('loadApplicationsConfig', () => {
  it('uses the default list of eligible passport countries, without South Africa', () => {
    const { eligiblePassportCountries } = loadApplicationsConfig({});
    expect([...eligiblePassportCountries]).toEqual([...DEFAULT_ELIGIBLE_PASSPORT_COUNTRIES]);
    expect(eligiblePassportCountries.has('FR')).toBe(true);
    expect(eligiblePassportCountries.has('ZA')).toBe(false);
  });

  it('reads ELIGIBLE_PASSPORT_COUNTRIES separated by commas or spaces, in any case', () => {
    expect([
      ...loadApplicationsConfig({ ELIGIBLE_PASSPORT_COUNTRIES: ' fr, de  US;nz ' }).eligiblePassportCountries,
    ]).toEqual(['FR', 'DE', 'US', 'NZ']);
  });

  it('refuses values that are not two-letter codes, naming them', () => {
    expect(() => loadApplicationsConfig({ ELIGIBLE_PASSPORT_COUNTRIES: 'FR,France,DEU' })).toThrow(ConfigError);
    expect(() => loadApplicationsConfig({ ELIGIBLE_PASSPORT_COUNTRIES: 'FR,France,DEU' })).toThrow('France, DEU');
  });
});
