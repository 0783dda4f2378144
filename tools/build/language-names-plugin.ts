import type { Plugin } from 'vite';
import { nameOfLanguage, PSEUDO_LANGUAGE } from '../../src/shared/language-name';
import { inOfferOrder } from '../../src/shared/languages';
import { languagesIn } from '../../src/server/languages';

const NAMES = 'virtual:eta-language-names';
const LANGUAGES = 'virtual:eta-languages';

/**
 * The languages of `localesDir`, read at build (and in development and tests) by the server's rule
 * (src/server/languages.ts), so the browser has the same list without reading the folder:
 * - `virtual:eta-languages`: the languages, English first, then by code;
 * - `virtual:eta-language-names`: each of them and the development pseudo-locale with its own name, so the browser
 *   does not set up Intl's data for every language to show the switcher.
 */
export function languageNamesPlugin(localesDir: string): Plugin {
  return {
    name: 'eta-language-names',
    resolveId: (source) => (source === NAMES || source === LANGUAGES ? `\0${source}` : undefined),
    load(id) {
      if (id === `\0${LANGUAGES}`) return `export default ${JSON.stringify(inOfferOrder(languagesIn(localesDir)))};`;
      if (id !== `\0${NAMES}`) return undefined;
      const languages = [...languagesIn(localesDir), PSEUDO_LANGUAGE];
      return `export default ${JSON.stringify(Object.fromEntries(languages.map((lng) => [lng, nameOfLanguage(lng)])))};`;
    },
  };
}
