import { ConfigError, readSettings, type Env, type SettingsSchema } from '../lib/env';

/**
 * Passport countries whose holders may apply online when ELIGIBLE_PASSPORT_COUNTRIES is not set (ISO 3166-1
 * alpha-2). South African passports are not on it: citizens need no travel authorisation.
 */
export const DEFAULT_ELIGIBLE_PASSPORT_COUNTRIES = [
  'AE',
  'AR',
  'AT',
  'AU',
  'BE',
  'BG',
  'BR',
  'CA',
  'CH',
  'CL',
  'CN',
  'CY',
  'CZ',
  'DE',
  'DK',
  'EE',
  'EG',
  'ES',
  'FI',
  'FR',
  'GB',
  'GH',
  'GR',
  'HR',
  'HU',
  'IE',
  'IL',
  'IN',
  'IS',
  'IT',
  'JP',
  'KE',
  'KR',
  'LT',
  'LU',
  'LV',
  'MA',
  'MT',
  'MX',
  'MY',
  'NG',
  'NL',
  'NO',
  'NZ',
  'PL',
  'PT',
  'RO',
  'SA',
  'SE',
  'SG',
  'SI',
  'SK',
  'TR',
  'UA',
  'US',
  'UY',
] as const;

export interface ApplicationsConfig {
  /** Passport issuing countries accepted by the eligibility check. */
  eligiblePassportCountries: ReadonlySet<string>;
}

/** The variables of the application flow (docs/operators.md, "Configuration"). */
export const APPLICATIONS_SETTINGS = {
  type: 'object',
  properties: { ELIGIBLE_PASSPORT_COUNTRIES: { type: 'string' } },
} as const satisfies SettingsSchema;

/** Reads the application flow's settings: ELIGIBLE_PASSPORT_COUNTRIES, a comma- or space-separated list of codes. */
export function loadApplicationsConfig(env: Env = process.env): ApplicationsConfig {
  const raw = readSettings(APPLICATIONS_SETTINGS, env).ELIGIBLE_PASSPORT_COUNTRIES;
  if (!raw) return { eligiblePassportCountries: new Set(DEFAULT_ELIGIBLE_PASSPORT_COUNTRIES) };
  const entries = raw.split(/[\s,;]+/).filter(Boolean);
  const wrong = entries.filter((entry) => !/^[A-Za-z]{2}$/.test(entry));
  if (wrong.length > 0) {
    throw new ConfigError(
      `ELIGIBLE_PASSPORT_COUNTRIES must list ISO 3166-1 alpha-2 codes such as "FR,DE,US"; not codes: ${wrong.join(', ')}`,
    );
  }
  return { eligiblePassportCountries: new Set(entries.map((entry) => entry.toUpperCase())) };
}
