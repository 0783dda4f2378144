import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/mobile';
import type { RuleConfig, SchemaRule } from './types';

export const PHONE_INVALID_KEY = 'validation:mobile.invalid';

function fields(config: RuleConfig) {
  return {
    country: String(config.countryField ?? 'isoAlpha2Code'),
    number: String(config.numberField ?? 'mobileNumber'),
  };
}

/** Where each set of digits a phone's keyboard may type starts: Arabic-Indic, Eastern Arabic (Persian), full-width. */
const DIGIT_ZEROS = [0x0660, 0x06f0, 0xff10];

/** The text with Arabic-Indic (٠-٩), Eastern Arabic (۰-۹) and full-width (０-９) digits written as ASCII 0-9. */
export function asciiDigits(text: string): string {
  return text.replace(/[\u0660-\u0669\u06F0-\u06F9\uFF10-\uFF19]/g, (digit) => {
    const code = digit.charCodeAt(0);
    const zero = DIGIT_ZEROS.find((start) => code >= start && code <= start + 9) ?? code;
    return String(code - zero);
  });
}

type MobileNumber = NonNullable<ReturnType<typeof parsePhoneNumberFromString>>;

/**
 * The numbers parsed last, by country and number as typed: a check and the normalisation after it (and the checks
 * of the next keys typed, or of the next save) ask for the same number, and parsing one is most of the rule's cost.
 */
const parsedNumbers = new Map<string, MobileNumber | undefined>();
const NUMBERS_KEPT = 64;

/** Parses a number for a country (in any of the digits `asciiDigits` reads); undefined when it is not a valid mobile number there. */
export function parseMobileNumber(country: string, typed: string): MobileNumber | undefined {
  const key = `${country} ${typed}`;
  if (parsedNumbers.has(key)) return parsedNumbers.get(key);
  const parsed = parseUncached(country, typed);
  if (parsedNumbers.size >= NUMBERS_KEPT) parsedNumbers.delete(parsedNumbers.keys().next().value as string);
  parsedNumbers.set(key, parsed);
  return parsed;
}

function parseUncached(country: string, typed: string): MobileNumber | undefined {
  const number = asciiDigits(typed);
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
 * Mobile number valid for the chosen country (libphonenumber-js mobile metadata), stored in E.164 with ASCII
 * digits whichever digits were typed (Arabic-Indic, Eastern Arabic, full-width).
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
