/**
 * The checks a configuration must pass to be published: the same as `npm run check:schemas` (tools/catalogue) and
 * `npm run check:locales` (tools/locales, every language complete), run on the configuration's files written out in
 * the repository's layout beside the code's own schemas (`schemas/api/`, `schemas/meta/`).
 */
import { cpSync, existsSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { writeConfigFiles, type ConfigFiles } from '../../src/server/configuration/files';
import { DEFAULT_DIRS, makeScratchDir, ROOT, runAllChecks } from '../catalogue/checks';
import { clearLocaleCache } from '../catalogue/locale-text';
import { checkLanguageFolder, findingLines, languageFolders, SOURCE_LANGUAGE } from '../locales/locale-check';

/** The code's folders of schemas/, which every configuration is checked with. */
const CODE_SCHEMAS = ['api', 'meta'];

/** The problems that keep `files` from being published, one line each naming its file (none: it may be). */
export function checkConfiguration(files: ConfigFiles): string[] {
  const dir = makeScratchDir('config-check-');
  try {
    writeConfigFiles(dir, files);
    for (const folder of CODE_SCHEMAS) {
      const code = join(DEFAULT_DIRS.schemas, folder);
      if (existsSync(code)) cpSync(code, join(dir, 'schemas', folder), { recursive: true });
    }
    const schemas = join(dir, 'schemas');
    const locales = join(dir, 'locales');
    // The checks' texts are read afresh: another configuration may have been checked in this process before.
    clearLocaleCache();
    const scratch = `${relative(ROOT, dir).split('\\').join('/')}/`;
    const named = (line: string) => line.replaceAll(scratch, '').replaceAll(`${dir}/`, '');
    const catalogue = runAllChecks({
      ...DEFAULT_DIRS,
      schemas,
      locales,
      manifest: join(schemas, 'routes.manifest.json'),
    })
      .filter((finding) => !finding.warning)
      .map((finding) => named(`${finding.file}: ${finding.message}`));
    const texts = existsSync(join(locales, SOURCE_LANGUAGE))
      ? languageFolders(locales).flatMap((lng) =>
          findingLines(checkLanguageFolder(lng, join(locales, lng), join(locales, SOURCE_LANGUAGE), `locales/${lng}`), {
            all: false,
          }).map(named),
        )
      : [`locales/${SOURCE_LANGUAGE}: the English texts are missing; every other language is checked against them.`];
    return [...catalogue, ...texts];
  } finally {
    rmSync(dir, { recursive: true, force: true });
    clearLocaleCache();
  }
}
