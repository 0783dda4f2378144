/**
 * `npm run check:schemas`: one plain-English line per problem in schemas, UI schemas, locales and manifest (the
 * manifest against its meta-schema, schemas/meta/routes-manifest.schema.json, and what that cannot say).
 * SCHEMAS_DIR and LOCALES_DIR check an edited copy instead of the repository's schemas/ and locales/.
 */
import { configuredDirs, runAllChecks } from './catalogue/checks';

const dirs = configuredDirs();

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
// The exit code is set rather than the process ended, so that every line above reaches a pipe before it ends.
if (failures.length > 0) {
  console.error(`\n${failures.length} problem(s) found in the form catalogue.`);
  process.exitCode = 1;
} else {
  console.log('Form catalogue: every schema, UI schema, example, message and manifest target checks out.');
}
