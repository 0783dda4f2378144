/**
 * The development pseudo-locale (see src/app/pseudo-locale.ts): never a folder of locales/, named at build with them.
 */
export const PSEUDO_LANGUAGE = 'en-XA';

/** The runtime setting that offers the pseudo-locale: it is on where forms can be previewed (development). */
export const PSEUDO_LANGUAGE_SETTING = 'FORM_PREVIEW';

/**
 * A language's name written in that language, e.g. "Français" for fr, as the language switcher shows it. Worked out
 * at build for every folder of locales/ and the pseudo-locale (`virtual:eta-language-names`,
 * tools/build/language-names-plugin.ts, read by src/ui/language-name.ts): Intl sets up each language's data
 * the first time, which is slow in a phone's browser.
 */
export function nameOfLanguage(lng: string): string {
  try {
    const name = new Intl.DisplayNames([lng], { type: 'language' }).of(lng);
    if (!name) return lng;
    return name.charAt(0).toLocaleUpperCase(lng) + name.slice(1);
  } catch {
    return lng;
  }
}
