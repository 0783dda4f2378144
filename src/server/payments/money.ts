/** An amount in minor units written for people of `language`, e.g. "ZAR 1,000.00" in English, "1 000,00 ZAR" in French. */
export function formatAmount(amount: number, currency: string, language: string): string {
  const format = (locale: string) =>
    new Intl.NumberFormat(locale, { style: 'currency', currency }).format(amount / 100);
  try {
    return format(language);
  } catch {
    return format('en');
  }
}
