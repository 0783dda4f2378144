/** The tests `npm test`'s recipes step runs on the edited copy of the configuration (tests/recipes/run.ts). */
import { readdirSync } from 'node:fs';
import { join, sep } from 'node:path';

const ROOT = join(import.meta.dirname, '..', '..');

/**
 * The test files whose expectations come from the configuration, run on the edited copy: the API's areas that
 * read the forms, the manifest's steps and the rules (on one database: the configuration does not depend on it), the
 * state machine's tests that take every step of the journey (payment integrity, the model-based test),
 * the browser's routing, the pages built from the forms, the manifest's steps and the texts an editor changes, and
 * every form of the catalogue rendered and labelled in every language, and the route manifest's check.
 */
export const CONFIGURATION_TESTS = [
  'src/server/applications',
  'src/server/documents',
  'src/server/decisions',
  'src/server/payments',
  'src/server/submissions',
  'src/server/openapi',
  'src/server/lifecycle/steps.test.ts',
  'src/server/lifecycle/payment-integrity.test.ts',
  'src/server/lifecycle/model-based.isolated.test.ts',
  'src/routing',
  'src/api',
  'src/features/accounts',
  'src/features/application-journey',
  'src/features/applications',
  'src/features/documents',
  'src/features/faq',
  'src/features/form-preview',
  'src/features/payment',
  'src/features/public-form',
  'tests/catalogue/forms-render.test.tsx',
  'tools/catalogue/manifest-checks.test.ts',
  'tests/catalogue/forms-labels.test.tsx',
  'tests/server/config-command.test.ts',
];

/** Files of those folders that read nothing an editor changes (photos, virus scans, processes of their own, a dialog). */
export const NOT_FROM_CONFIGURATION = [
  'src/server/applications/photo-cleanup.test.ts',
  'src/server/decisions/instances.test.ts',
  'src/server/decisions/officer-cli.test.ts',
  'src/server/documents/virus-scan.test.ts',
  'src/features/applications/confirm-dialog.test.tsx',
];

/** The test files of CONFIGURATION_TESTS but NOT_FROM_CONFIGURATION, each by its path. */
export function configurationTestFiles(): string[] {
  return CONFIGURATION_TESTS.flatMap((entry) =>
    entry.endsWith('.tsx') || entry.endsWith('.ts')
      ? [entry]
      : readdirSync(join(ROOT, entry), { recursive: true, encoding: 'utf8' })
          .filter((file) => /\.test\.tsx?$/.test(file))
          .map((file) => `${entry}/${file.split(sep).join('/')}`),
  )
    .filter((file) => !NOT_FROM_CONFIGURATION.includes(file))
    .sort();
}
