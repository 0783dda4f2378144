import { join } from 'node:path';
import builtNames from 'virtual:eta-language-names';
import { describe, expect, it } from 'vitest';
import { nameOfLanguage, PSEUDO_LANGUAGE } from '@/shared/language-name';
import { languageName } from './language-name';
import { languagesIn } from '@/server/languages';

const folders = languagesIn(join(import.meta.dirname, '..', '..', 'locales'));

describe('languageName', () => {
  it('names each language in its own language', () => {
    expect(languageName('fr')).toBe('Français');
    expect(languageName('en')).toBe('English');
    expect(languageName('ar')).toBe('العربية');
  });

  it('has every folder of locales/ and the pseudo-locale named at build, as Intl names them', () => {
    expect(Object.keys(builtNames).sort()).toEqual([...folders, PSEUDO_LANGUAGE].sort());
    for (const lng of [...folders, PSEUDO_LANGUAGE]) expect(builtNames[lng]).toBe(nameOfLanguage(lng));
  });

  it('names a language that is not a folder of locales/ through Intl', () => {
    expect(languageName('de')).toBe('Deutsch');
  });
});
