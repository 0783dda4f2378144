import type { i18n as I18n } from 'i18next';
import { directionOf, FALLBACK_LANGUAGE } from './languages';

type FormatFunction = (
  value: unknown,
  format: string | undefined,
  lng: string | undefined,
  options?: unknown,
) => unknown;

/** First strong isolate and pop directional isolate: the plain-text form of `<bdi>`. */
export const ISOLATE_START = '\u2068';
export const ISOLATE_END = '\u2069';

/**
 * Makes an i18next instance (started with `interpolation.alwaysFormat: true`) write what is put into a text
 * the language's way:
 * - every number with Intl: {{count}} is 1,000,000 in English, 1 000 000 in French, with the digits CLDR gives the locale;
 * - in a right-to-left language, every other value (a name, an e-mail address, a passport number) isolated
 *   as `<bdi>` would, so that Latin data inside Arabic text keeps its own order and does not reorder the
 *   sentence around it.
 * Named formats ({{value, datetime}}) still go to i18next's own formatter. Both the browser and the API use it.
 */
export function localiseInterpolation(instance: I18n): void {
  const options = instance.options.interpolation as { format?: FormatFunction } | undefined;
  const named: FormatFunction = options?.format ?? ((value) => value);
  // One number format per language: setting one up is slow (Intl loads the language's data), using it is not.
  const numberFormats = new Map<string, Intl.NumberFormat>();
  const numberFormat = (lng: string) => {
    let known = numberFormats.get(lng);
    if (!known) {
      known = new Intl.NumberFormat(lng);
      numberFormats.set(lng, known);
    }
    return known;
  };
  const format: FormatFunction = (value, formatName, lng, formatOptions) => {
    if (formatName) return named(value, formatName, lng, formatOptions);
    if (typeof value === 'number' && Number.isFinite(value))
      return numberFormat(lng ?? FALLBACK_LANGUAGE).format(value);
    if (typeof value === 'string' && value && lng && directionOf(lng) === 'rtl')
      return `${ISOLATE_START}${value}${ISOLATE_END}`;
    return value;
  };
  // The interpolator copies the option when it is reset, so both are set.
  if (options) options.format = format;
  const interpolator = instance.services.interpolator as unknown as { format?: FormatFunction };
  interpolator.format = format;
}
