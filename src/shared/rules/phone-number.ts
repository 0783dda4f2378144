import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/mobile';
import type { RuleConfig, SchemaRule } from './types';

export const PHONE_INVALID_KEY = 'validation:mobile.invalid';

function fields(config: RuleConfig) {
  return {
    country: String(config.countryField ?? 'isoAlpha2Code'),
    number: String(config.numberField ?? 'mobileNumber'),
  };
}

/** Parses a number for a country; undefined when it is not a valid mobile number there. */
export function parseMobileNumber(country: string, number: string) {
  if (!/^[A-Z]{2}$/.test(country) || number.trim() === '') return undefined;
  try {
    const parsed = parsePhoneNumberFromString(number, country as CountryCode);
    if (!parsed || !parsed.isValid()) return undefined;
    // A number typed with another country's prefix is not a number "for the chosen country".
    if (parsed.country && parsed.country !== country) return undefined;
    return parsed;
  } catch {
    return undefined;
  }
}

/** Returns the E.164 form (+27821234567) of a valid number for the country, else undefined. */
export function toE164(country: string, number: string): string | undefined {
  return parseMobileNumber(country, number)?.number;
}

/**
 * Mobile number valid for the chosen country (libphonenumber-js mobile metadata), stored in E.164.
 * Only judged when both parts are present: their absence is the schema's "required" message.
 */
export const phoneNumberRule: SchemaRule = {
  requiredOptions: [],
  check(value, config) {
    const f = fields(config);
    const country = value[f.country];
    const number = value[f.number];
    if (typeof country !== 'string' || typeof number !== 'string' || number.trim() === '' || country === '') return [];
    return parseMobileNumber(country, number) ? [] : [{ field: f.number, key: config.message ?? PHONE_INVALID_KEY }];
  },
  normalise(value, config) {
    const f = fields(config);
    const country = value[f.country];
    const number = value[f.number];
    if (typeof country !== 'string' || typeof number !== 'string') return value;
    const e164 = toE164(country, number);
    return e164 ? { ...value, [f.number]: e164 } : value;
  },
  messageKeys: (config) => [config.message ?? PHONE_INVALID_KEY],
};
