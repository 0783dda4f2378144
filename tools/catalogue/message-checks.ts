/**
 * Every rule a form's field has comes with its message: a `maxLength`, a `pattern`, a `format`, ... or a place in
 * `required` without a message key would show a generic text ("Enter a valid value") the editor never chose. A message
 * covers a rule when it is the field's own `errorMessage` for that keyword (or a single `errorMessage` text for the
 * whole field), or when a containing schema names it (`errorMessage` as one text, its `_` entry, or its
 * `properties.<field>` entry), as ajv-errors reads them. Conditions (`if`) are not rules and need none.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { listFormIds } from '../../src/server/validation/precompile';
import { VALUE_BOUND_KEYWORDS } from '../../src/shared/validation/value-keywords';
import type { CatalogueDirs, Finding } from './finding';

/** The keywords whose failure a person can cause by what they type or choose, each needing its message. */
export const KEYWORDS_WITH_MESSAGES = [
  ...VALUE_BOUND_KEYWORDS,
  'minItems',
  'maxItems',
  'uniqueItems',
  'enum',
  'const',
] as const;

/** The generic message a keyword falls back to, named in the finding so the editor can choose it knowingly. */
const GENERIC: Record<string, string> = {
  minLength: 'validation:generic.tooShort',
  minItems: 'validation:generic.tooShort',
  minimum: 'validation:generic.tooShort',
  maxLength: 'validation:generic.tooLong',
  maxItems: 'validation:generic.tooLong',
  maximum: 'validation:generic.tooLong',
  enum: 'validation:generic.enum',
  const: 'validation:generic.enum',
  format: 'validation:generic.format',
};

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/** Subschemas walked, by keyword: a list of them, a map of them, or one. */
const LISTS = ['allOf', 'anyOf', 'oneOf'];
const MAPS = ['properties', 'definitions'];
const SINGLE = ['items', 'then', 'else', 'additionalItems'];

/** The field a schema location is about, as an editor names it ("contactName", "definitions.date", "a.b[]"). */
function fieldName(path: string[]): string {
  let out = '';
  for (let i = 0; i < path.length; i++) {
    const part = path[i];
    if (part === 'properties' || part === 'definitions') {
      const name = path[i + 1] ?? '';
      out = part === 'definitions' ? `${out ? `${out}.` : ''}definitions.${name}` : out ? `${out}.${name}` : name;
      i += 1;
    } else if (part === 'items') out += '[]';
  }
  return out || '(the whole form)';
}

/** The rules without a message in one schema file. */
export function uncoveredRules(schema: unknown, file: string): Finding[] {
  const findings: Finding[] = [];
  const visit = (node: unknown, path: string[], covered: boolean) => {
    if (!isObject(node)) return;
    const message = node.errorMessage;
    const all = covered || typeof message === 'string' || (isObject(message) && '_' in message);
    const own = (keyword: string) => all || (isObject(message) && keyword in message);
    const field = fieldName(path);
    for (const keyword of KEYWORDS_WITH_MESSAGES) {
      if (!(keyword in node) || own(keyword)) continue;
      const generic = GENERIC[keyword];
      findings.push({
        file,
        message: `field "${field}" has "${keyword}" but no message for it: add "errorMessage": { "${keyword}": "<namespace:key>" } to the field${generic ? ` (${generic} is the generic one)` : ''}, its text in every language`,
      });
    }
    if (Array.isArray(node.required)) {
      const required = isObject(message) ? message.required : undefined;
      for (const name of node.required) {
        if (all || typeof required === 'string' || (isObject(required) && name in required)) continue;
        if (isObject(message) && isObject(message.properties) && name in message.properties) continue;
        findings.push({
          file,
          message: `field "${field === '(the whole form)' ? name : `${field}.${name}`}" is required but has no message for it: add "${name}": "<namespace:key>" to "errorMessage": { "required": { ... } }${path.length ? ` of "${field}"` : ''}`,
        });
      }
    }
    const childCovered = (key: string) =>
      all || (isObject(message) && isObject(message.properties) && key in message.properties);
    for (const keyword of MAPS) {
      const map = node[keyword];
      if (!isObject(map)) continue;
      for (const [key, child] of Object.entries(map)) {
        visit(child, [...path, keyword, key], keyword === 'properties' ? childCovered(key) : false);
      }
    }
    for (const keyword of LISTS) {
      const list = node[keyword];
      if (Array.isArray(list)) list.forEach((child, i) => visit(child, [...path, keyword, String(i)], all));
    }
    for (const keyword of SINGLE) visit(node[keyword], [...path, keyword], all);
  };
  visit(schema, [], false);
  return findings;
}

/** Every form and the shared pieces: each rule has its message. */
export function checkMessages(dirs: CatalogueDirs): Finding[] {
  const ids = ['definitions', ...listFormIds(dirs.schemas)];
  return ids.flatMap((id) => {
    const path = join(dirs.schemas, `${id}.schema.json`);
    if (!existsSync(path)) return [];
    return uncoveredRules(JSON.parse(readFileSync(path, 'utf8')), `schemas/${id}.schema.json`);
  });
}
