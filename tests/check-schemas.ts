/**
 * `npm run check:schemas`: one plain-English line per problem in schemas, UI schemas, locales and manifest.
 * SCHEMAS_DIR and LOCALES_DIR check an edited copy instead of the repository's schemas/ and locales/.
 */
import { join, resolve } from 'node:path';
import { DEFAULT_DIRS, runAllChecks } from './catalogue/checks';

const schemasDir = process.env.SCHEMAS_DIR?.trim();
const localesDir = process.env.LOCALES_DIR?.trim();
const dirs = {
  ...DEFAULT_DIRS,
  ...(schemasDir ? { schemas: resolve(schemasDir), manifest: join(resolve(schemasDir), 'routes.manifest.json') } : {}),
  ...(localesDir ? { locales: resolve(localesDir) } : {}),
};

const strict = process.argv.includes('--strict');
let findings: ReturnType<typeof runAllChecks>;
try {
  findings = runAllChecks(dirs);
} catch (error) {
  // A problem the checks did not foresee is still one line, never a stack trace.
  console.error(`The form catalogue could not be checked: ${(error as Error).message}`);
  process.exit(1);
}
const failures = findings.filter((f) => !f.warning || strict);
const warnings = findings.filter((f) => f.warning && !strict);
for (const f of warnings) console.log(`note: ${f.file}: ${f.message}`);
for (const f of failures) console.error(`${f.file}: ${f.message}`);
if (failures.length > 0) {
  console.error(`\n${failures.length} problem(s) found in the form catalogue.`);
  process.exit(1);
}
console.log('Form catalogue: every schema, UI schema, example, message and manifest target checks out.');
