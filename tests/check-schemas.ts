/** `npm run check:schemas`: one plain-English line per problem in schemas, UI schemas, locales and manifest. */
import { runAllChecks } from './catalogue/checks';

const strict = process.argv.includes('--strict');
const findings = runAllChecks();
const failures = findings.filter((f) => !f.warning || strict);
const warnings = findings.filter((f) => f.warning && !strict);
for (const f of warnings) console.log(`note: ${f.file}: ${f.message}`);
for (const f of failures) console.error(`${f.file}: ${f.message}`);
if (failures.length > 0) {
  console.error(`\n${failures.length} problem(s) found in the form catalogue.`);
  process.exit(1);
}
console.log('Form catalogue: every schema, UI schema, example, message and manifest target checks out.');
