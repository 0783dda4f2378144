import { existsSync } from 'node:fs';
import { RELIED_FIELDS, type ReliedField } from '../../src/shared/forms/relied-fields';
import { stepsOf } from '../../src/shared/forms/journey';
import { createRefResolver, derefSchema, type JsonSchema } from '../../src/shared/validation/schema-walk';
import { loadSchemaFiles } from '../../src/server/validation/schema-files';
import { isObject, readJson } from './catalogue-files';
import { DEFAULT_DIRS } from './dirs';
import type { CatalogueDirs, Finding } from './finding';

const DECLARED = 'src/shared/forms/relied-fields.ts';

/** What a field's schema gives it, as the code sees it: its type, format and whether its form requires it. */
function described(field: ReliedField): string {
  return `${field.required ? 'a required ' : 'a '}${field.format === 'date' ? 'date ("type": "string", "format": "date")' : `"${field.type}"`}`;
}

/**
 * The fields the portal's code reads (src/shared/forms/relied-fields.ts) are still in their forms, with the type,
 * format and requirement the code relies on. The manifest names the forms of the journey's steps.
 */
export function checkReliedFields(dirs: CatalogueDirs = DEFAULT_DIRS): Finding[] {
  const findings: Finding[] = [];
  const files = loadSchemaFiles(dirs.schemas);
  const byId = Object.fromEntries(files.map((f) => [f.id, f.schema]));
  const resolve = createRefResolver(byId);
  const steps = existsSync(dirs.manifest) ? stepsOf(readJson(dirs.manifest)) : [];
  for (const [name, fields] of Object.entries(RELIED_FIELDS)) {
    const stepName = name.startsWith('step:') ? name.slice(5) : undefined;
    const formId = stepName ? steps.find((step) => step.step === stepName)?.form : name;
    // A step without its form is the manifest check's to name.
    if (!formId) continue;
    const file = `schemas/${formId}.schema.json`;
    if (!byId[formId]) {
      findings.push({
        file,
        message: `is missing, but the portal's code reads its answers (${DECLARED}): put the form back${stepName ? `, or name another form with these fields for the step ${stepName}` : ''}`,
      });
      continue;
    }
    const root = derefSchema(byId[formId], formId, resolve).schema;
    const properties = isObject(root.properties) ? root.properties : {};
    const required = Array.isArray(root.required) ? root.required.map(String) : [];
    for (const [field, needs] of Object.entries(fields)) {
      const keep = `the portal's code reads it (${DECLARED}), so it stays ${described(needs)}; changing it is a change of code`;
      const property = properties[field];
      if (!isObject(property)) {
        findings.push({ file, message: `field "${field}" is missing: ${keep}` });
        continue;
      }
      const schema = derefSchema(property as JsonSchema, formId, resolve).schema;
      const type = schema.type;
      if (type !== needs.type) {
        findings.push({ file, message: `field "${field}" is ${JSON.stringify(type ?? 'of no type')}: ${keep}` });
      } else if (needs.format && schema.format !== needs.format) {
        findings.push({ file, message: `field "${field}" has no "format": "${needs.format}": ${keep}` });
      }
      if (needs.required && !required.includes(field)) {
        findings.push({ file, message: `field "${field}" is not in "required": ${keep}` });
      }
    }
  }
  return findings;
}
