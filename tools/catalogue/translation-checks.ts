import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { readJson } from './catalogue-files';
import { DEFAULT_DIRS } from './dirs';
import type { CatalogueDirs, Finding } from './finding';
import { languages, leaves, placeholders, PLURAL_SUFFIX } from './locale-text';

/**
 * A language is complete when it has every English namespace file and every English key (plural forms aside),
 * with the same {{placeholders}}: what a translator adding `locales/<lng>/` is told to fill in.
 */
export function checkTranslations(dirs: CatalogueDirs = DEFAULT_DIRS): Finding[] {
  const findings: Finding[] = [];
  const enDir = join(dirs.locales, 'en');
  const namespaces = readdirSync(enDir)
    .filter((f) => f.endsWith('.json'))
    .sort();
  for (const lang of languages(dirs).filter((l) => l !== 'en')) {
    for (const file of namespaces) {
      const path = join(dirs.locales, lang, file);
      if (!existsSync(path)) {
        findings.push({
          file: `locales/${lang}/${file}`,
          message: `is missing: copy locales/en/${file} and translate every text`,
        });
        continue;
      }
      const en = leaves(readJson(join(enDir, file)));
      const other = leaves(readJson(path));
      const otherBases = new Set([...other.keys()].map((k) => k.replace(PLURAL_SUFFIX, '')));
      const placeholdersOf = (texts: Map<string, string>, base: string) =>
        [
          ...new Set(
            [...texts].filter(([k]) => k.replace(PLURAL_SUFFIX, '') === base).flatMap(([, t]) => placeholders(t)),
          ),
        ]
          .sort()
          .join();
      const checked = new Set<string>();
      for (const key of en.keys()) {
        const base = key.replace(PLURAL_SUFFIX, '');
        if (checked.has(base)) continue;
        checked.add(base);
        if (!otherBases.has(base)) {
          findings.push({
            file: `locales/${lang}/${file}`,
            message: `has no "${base}": translate locales/en/${file}'s text for it`,
          });
        } else if (placeholdersOf(en, base) !== placeholdersOf(other, base)) {
          findings.push({
            file: `locales/${lang}/${file}`,
            message: `"${base}" has placeholders {{${placeholdersOf(other, base)}}} but English has {{${placeholdersOf(en, base)}}}: use the same names`,
          });
        }
      }
    }
  }
  return findings;
}
