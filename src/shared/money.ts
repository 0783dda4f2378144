import { FALLBACK_LANGUAGE } from './languages';

/**
 * An amount in the currency's minor units (cents), written as people of the language write money: the currency's
 * narrow symbol, so the rand reads "R 1,250.00" in English, "1 250,00 R" in French and "R 1.250,00" in Portuguese
 * (as South Africans write it, not "ZAR 1,250.00"), with the digits and grouping CLDR gives the locale. One
 * formatter for every page, e-mail and document that names an amount; an unknown language falls back to English.
 */
export function formatMoney(minor: number, currency: string, language: string): string {
  const format = (locale: string) =>
    new Intl.NumberFormat(locale, { style: 'currency', currency, currencyDisplay: 'narrowSymbol' });
  let formatter: Intl.NumberFormat;
  try {
    formatter = format(language);
  } catch {
    formatter = format(FALLBACK_LANGUAGE);
  }
  const digits = formatter.resolvedOptions().maximumFractionDigits ?? 2;
  return formatter.format(minor / 10 ** digits);
}
