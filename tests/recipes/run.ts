/**
 * `npm test -- recipes`: every editors' recipe of docs/editors.md and docs/translators.md applied, as written there, to one copy of schemas/ and
 * locales/ (tests/recipes/apply.ts), then on that copy, as docs/editors.md's "Try an edited copy end to end" says
 * (SCHEMAS_DIR and LOCALES_DIR): the schema check, the translations check, and the tests whose expectations come
 * from the configuration (tests/recipes/configuration-tests.ts), which read the forms, the manifest, the rules and
 * the texts from the copy as the API and the portal do. A recipe that stops working, or such a test that hard-codes what an
 * editor may change (the steps, a form's pages or fields, the routes, the rules, the FAQ, the languages), fails.
 * The copy is left in .cache/ when something fails, for a look; removed otherwise.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { applyRecipes, ROOT } from './apply';
import { configurationTestFiles } from './configuration-tests';

const reportFile = join(ROOT, '.cache', 'test-reports', 'recipes.json');
const bin = (name: string) => join(ROOT, 'node_modules', '.bin', name);

function main(): Promise<number> {
  mkdirSync(join(ROOT, '.cache'), { recursive: true });
  const dir = mkdtempSync(join(ROOT, '.cache', 'recipes-'));
  return applyRecipes(dir).then((applied) => {
    console.log(`Applied to ${dir}: ${applied.join(', ')}.`);
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      SCHEMAS_DIR: join(dir, 'schemas'),
      LOCALES_DIR: join(dir, 'locales'),
    };
    delete env.TEST_DATABASE_URL;
    const runs: [string, string, string[]][] = [
      ['check:schemas', bin('tsx'), ['tools/check-schemas.ts']],
      ['check:locales', bin('tsx'), ['tools/check-locales.ts', '--locales', join(dir, 'locales'), '--no-code']],
      [
        'tests that read the configuration',
        bin('vitest'),
        [
          'run',
          '--reporter=default',
          '--reporter=json',
          `--outputFile.json=${reportFile}`,
          ...configurationTestFiles(),
        ],
      ],
    ];
    let failed = 0;
    for (const [name, command, args] of runs) {
      console.log(`\n--- ${name} on the edited copy ---`);
      const run = spawnSync(command, args, { cwd: ROOT, env, stdio: 'inherit' });
      if (run.status !== 0) failed += 1;
    }
    if (failed > 0) {
      console.error(`\nThe edited copy is kept in ${dir}: point SCHEMAS_DIR and LOCALES_DIR at it to look.`);
      return 1;
    }
    rmSync(dir, { recursive: true, force: true });
    return 0;
  });
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
