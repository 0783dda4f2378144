/**
 * Texts nothing uses: each English text whose key no file of schemas/ names (a schema's messages and enum labels, a
 * UI schema's labels, hints and page titles, the route manifest's titles and step labels, the decisions' and the
 * documents' rules) and no code of src/ uses (code-keys.ts: the keys it writes, the groups it reads whole, the keys it
 * builds; dynamic-keys.ts: those it builds from a value alone). A field, page or rule removed from the configuration
 * leaves its texts behind in every language; this names them so that they are removed with it.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { OTHER_DOCUMENT_TYPE } from '../../src/shared/contract/documents';
import { DECISION_RULES_FILE } from '../../src/server/decisions/rules';
import { RULES_FILE } from '../../src/server/documents/requirements';
import { isObject, readJson } from './catalogue-files';
import { codeKeyUses, type CodeKeyUse } from './code-keys';
import { DEFAULT_DIRS, ROOT } from './dirs';
import { DYNAMIC_KEYS, type DynamicKeys } from './dynamic-keys';
import type { CatalogueDirs, Finding } from './finding';
import { usedKeys } from './key-checks';
import { leaves, PLURAL_SUFFIX } from './locale-text';

/** A key as the files of schemas/ name it: "ns:a.b". */
const QUALIFIED_KEY = /^[a-z][a-z0-9-]*:[A-Za-z0-9_.-]+$/;

/** Every string of a JSON value. */
function strings(node: unknown, out: string[] = []): string[] {
  if (typeof node === 'string') out.push(node);
  else if (Array.isArray(node)) for (const item of node) strings(item, out);
  else if (isObject(node)) for (const value of Object.values(node)) strings(value, out);
  return out;
}

/** Every JSON file under `dir`, its subfolders included. */
function jsonFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? jsonFiles(join(dir, entry.name))
      : entry.name.endsWith('.json')
        ? [join(dir, entry.name)]
        : [],
  );
}

/**
 * The "ns:key"s the files of schemas/ use: those the key check reads (messages, rules' messages, enum labels, UI
 * texts, the manifest's titles and labels), every other string of those files written as a key, and the texts of
 * the refusal reasons, conditions and document types the rules files name.
 */
export function catalogueKeys(dirs: CatalogueDirs): Set<string> {
  const keys = new Set(existsSync(dirs.schemas) ? usedKeys(dirs).map((use) => use.key) : []);
  for (const file of jsonFiles(dirs.schemas)) {
    let content: unknown;
    try {
      content = readJson(file);
    } catch {
      continue; // A file that does not parse is reported by the JSON check.
    }
    for (const text of strings(content)) if (QUALIFIED_KEY.test(text)) keys.add(text);
  }
  const decisions = join(dirs.schemas, DECISION_RULES_FILE);
  if (existsSync(decisions)) {
    const rules = readJson(decisions) as { refusalReasons?: unknown; conditions?: unknown };
    for (const code of Array.isArray(rules.refusalReasons) ? rules.refusalReasons : [])
      for (const part of ['text', 'meaning']) keys.add(`decisions:reasons.${String(code)}.${part}`);
    for (const codes of isObject(rules.conditions) ? Object.values(rules.conditions) : [])
      for (const code of Array.isArray(codes) ? codes : []) keys.add(`decisions:conditions.${String(code)}`);
  }
  const documents = join(dirs.schemas, RULES_FILE);
  if (existsSync(documents)) {
    const rules = readJson(documents) as { documents?: unknown };
    const types = (Array.isArray(rules.documents) ? rules.documents : []).map((rule) =>
      String(isObject(rule) ? rule.documentType : ''),
    );
    for (const type of [...types, OTHER_DOCUMENT_TYPE])
      for (const part of ['label', 'hint']) keys.add(`documents:types.${type}.${part}`);
  }
  return keys;
}

/** Whether a text is used: by the catalogue, by code as written, or by code building its key. */
function usedBy(catalogue: Set<string>, code: CodeKeyUse[], dynamic: readonly DynamicKeys[]) {
  const exact = new Set(catalogue);
  const starts: { ns?: string; start: string }[] = [];
  const patterns: { ns?: string; pattern: RegExp }[] = [];
  for (const use of code) {
    if (use.pattern) patterns.push({ ns: use.ns, pattern: use.pattern });
    else if (use.key?.endsWith('.')) starts.push({ ns: use.ns, start: use.key });
    // A key written without its namespace is looked up in the namespaces of its t: taken as any namespace's.
    else if (use.key) exact.add(`${use.ns ?? '*'}:${use.key}`);
  }
  for (const { keys } of dynamic) {
    const colon = keys.indexOf(':');
    const [ns, key] = [keys.slice(0, colon), keys.slice(colon + 1)];
    if (key.endsWith('.')) starts.push({ ns, start: key });
    else exact.add(keys);
  }
  const inNamespace = (ns: string, of?: string) => of === undefined || of === ns;
  return (ns: string, key: string) =>
    exact.has(`${ns}:${key}`) ||
    exact.has(`*:${key}`) ||
    starts.some((s) => inNamespace(ns, s.ns) && key.startsWith(s.start)) ||
    patterns.some((p) => inNamespace(ns, p.ns) && p.pattern.test(key));
}

/**
 * Each English text that nothing uses, one finding per text (its plural forms together), naming its file and key:
 * remove it from every language, or use it. A warning: printed, without failing the checks or keeping a
 * configuration from being published. Not run without the code (an installation without src/): what the code uses
 * cannot then be known.
 */
export function checkUnusedTexts(
  dirs: CatalogueDirs = DEFAULT_DIRS,
  dynamic: readonly DynamicKeys[] = DYNAMIC_KEYS,
): Finding[] {
  const code = dirs.code ?? DEFAULT_DIRS.code;
  const english = join(dirs.locales, 'en');
  if (!code || !existsSync(code) || !existsSync(english)) return [];
  const used = usedBy(catalogueKeys(dirs), codeKeyUses(code, ROOT), dynamic);
  const findings: Finding[] = [];
  for (const name of readdirSync(english).sort()) {
    if (!name.endsWith('.json')) continue;
    const ns = name.slice(0, -'.json'.length);
    const unused = new Map<string, string[]>();
    for (const leaf of leaves(readJson(join(english, name))).keys()) {
      const key = leaf.replace(PLURAL_SUFFIX, '');
      if (!used(ns, key)) unused.set(key, [...(unused.get(key) ?? []), leaf]);
    }
    for (const forms of unused.values()) {
      const named = forms.map((leaf) => `"${leaf}"`).join(' and ');
      findings.push({
        file: `locales/en/${name}`,
        warning: true,
        message: `${named} ${forms.length > 1 ? 'are' : 'is'} used by no schema, UI schema, route manifest or rules file and by no code: remove ${forms.length > 1 ? 'them' : 'it'} from locales/*/${name}, or use ${forms.length > 1 ? 'them' : 'it'}`,
      });
    }
  }
  return findings;
}
