import { readdirSync } from 'node:fs';
import type { Plugin } from 'vite';
import { nameOfLanguage, PSEUDO_LANGUAGE } from '../../shared/language-name';

const ID = 'virtual:eta-language-names';

/**
 * `virtual:eta-language-names`: each language of `localesDir` (one folder each), and the development pseudo-locale,
 * with its own name, worked out at build
 * (and in development and tests) so the browser does not set up Intl's data for every language to show the switcher.
 */
export function languageNamesPlugin(localesDir: string): Plugin {
  return {
    name: 'eta-language-names',
    resolveId: (source) => (source === ID ? `\0${ID}` : undefined),
    load(id) {
      if (id !== `\0${ID}`) return undefined;
      const languages = readdirSync(localesDir, { withFileTypes: true })
        .filter((entry) => entry.isDirectory() && !/^[_.]/.test(entry.name))
        .map((entry) => entry.name)
        .concat(PSEUDO_LANGUAGE);
      return `export default ${JSON.stringify(Object.fromEntries(languages.map((lng) => [lng, nameOfLanguage(lng)])))};`;
    },
  };
}
