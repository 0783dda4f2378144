import { getCountries, getCountryCallingCode, type CountryCode } from 'libphonenumber-js/mobile';
import { namedCountries, type CountryOption } from './countries';

// Apart from countries.ts so that only the phone field carries libphonenumber's metadata.

/** Countries with a dialling code (libphonenumber-js), names in the language, sorted by name. */
export function phoneCountryOptions(language: string, shown?: (listKey: string) => void): CountryOption[] {
  return namedCountries(
    'phone',
    language,
    () => getCountries().map((code: CountryCode) => ({ code, callingCode: getCountryCallingCode(code) })),
    shown,
  );
}
