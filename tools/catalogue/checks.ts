/**
 * The catalogue checks run by `npm run check:schemas` and by the catalogue tests: every schema compiles in ajv
 * strict mode, examples validate, named widgets exist, every i18n key exists in every language with the same
 * placeholders, manifest targets resolve and every page of a form can be reached.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { fieldConditions } from '../../src/shared/forms/flow';
import { routeFullPath } from '../../src/shared/manifest-routes';
import { checkDecisionRules } from './decision-rules';
import { checkDocumentRules } from './documents-rules';
import { checkJsonFiles } from './json-syntax';
import { checkManifestShape } from './manifest-checks';
import { checkMessages } from './message-checks';
import type { CatalogueDirs, Finding } from './finding';

export type { CatalogueDirs, Finding } from './finding';
import '../../src/shared/rules/all-rules';
import { getRule, ruleLoaders } from '../../src/shared/rules/registry';
import { rulesOf, runRules } from '../../src/shared/rules/run-rules';
import { GENERIC_KEYS, toFieldProblems, type RawValidationError } from '../../src/shared/validation/field-errors';
import { createRefResolver, derefSchema, type JsonSchema } from '../../src/shared/validation/schema-walk';
import { createValidationAjv } from '../../src/server/validation/ajv-factory';
import { buildFormModule, listFormIds } from '../../src/server/validation/precompile';
import { loadSchemaFiles, type SchemaFile } from '../../src/server/validation/schema-files';
import { languagesIn } from '../../src/server/languages';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** A new empty folder under the repository's `.cache/` (made first on a fresh clone) for a test's scratch files. */
export function makeScratchDir(prefix: string): string {
  mkdirSync(join(ROOT, '.cache'), { recursive: true });
  return mkdtempSync(join(ROOT, '.cache', prefix));
}

export const DEFAULT_DIRS: CatalogueDirs = {
  schemas: join(ROOT, 'schemas'),
  locales: join(ROOT, 'locales'),
  engineRegistry: join(ROOT, 'src/engine/registry.ts'),
  pageRegistry: join(ROOT, 'src/routing/page-registry.ts'),
  manifest: join(ROOT, 'schemas/routes.manifest.json'),
};

/**
 * The configuration in use: SCHEMAS_DIR and LOCALES_DIR when set (an editor's edited copy, as README's "Try an edited
 * copy end to end" and `npm test`'s recipes step set them), else the repository's schemas/ and locales/.
 */
export function configuredDirs(env: NodeJS.ProcessEnv = process.env): CatalogueDirs {
  const schemas = env.SCHEMAS_DIR?.trim();
  const locales = env.LOCALES_DIR?.trim();
  return {
    ...DEFAULT_DIRS,
    ...(schemas ? { schemas: resolve(schemas), manifest: join(resolve(schemas), 'routes.manifest.json') } : {}),
    ...(locales ? { locales: resolve(locales) } : {}),
  };
}

/** The words of section 5 of the specification, which English must carry word for word. */
export const SPEC_MESSAGES = [
  'Email is required',
  'Invalid email',
  'Name is required',
  'Only letters, spaces, apostrophes, and hyphens are allowed',
  'Password is required',
  'Password must be at least 8 characters long',
  'Password must be less than 50 characters long',
  'Password must contain at least one uppercase letter',
  'Password must contain at least one lowercase letter',
  'Password must contain at least one number',
  'Password must contain at least one special character',
  'New password is required',
  'Confirm new password is required',
  'Passwords do not match',
  'Country code is required',
  'Mobile number is required',
  'Invalid mobile number',
  'Invalid number',
];

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

function readJson(path: string): unknown {
  return JSON.parse(readFileSync(path, 'utf8'));
}

/** Form ids and API body ids with their files. */
export function catalogue(dirs: CatalogueDirs = DEFAULT_DIRS) {
  const files = loadSchemaFiles(dirs.schemas);
  const forms = listFormIds(dirs.schemas);
  return { files, forms };
}

// ---------------------------------------------------------------- schemas

/** Every schema file compiles in ajv strict mode, is draft-07 and has the `$id` its file name promises. */
export function checkCompile(dirs: CatalogueDirs = DEFAULT_DIRS): Finding[] {
  const findings: Finding[] = [];
  const files = loadSchemaFiles(dirs.schemas);
  const ajv = createValidationAjv();
  for (const f of files) {
    const expectedId = f.file.replace(/\.schema\.json$/, '');
    const file = `schemas/${f.file}`;
    if (f.schema.$schema !== 'http://json-schema.org/draft-07/schema#') {
      findings.push({
        file,
        message: 'is not marked as JSON Schema draft-07: set "$schema": "http://json-schema.org/draft-07/schema#"',
      });
    }
    if (f.id !== expectedId) {
      findings.push({
        file,
        message: `has "$id": "${f.id}" but its file name says "${expectedId}": set "$id" to "${expectedId}"`,
      });
    }
    try {
      ajv.addSchema(f.schema, f.id);
    } catch (e) {
      findings.push({ file, message: `cannot be added: ${(e as Error).message}` });
    }
  }
  for (const f of files) {
    try {
      ajv.getSchema(f.id);
    } catch (e) {
      findings.push({
        file: `schemas/${f.file}`,
        message: `does not compile in strict mode: ${(e as Error).message}. Fix the keyword named in that message (typo, or a keyword draft-07 does not have)`,
      });
    }
  }
  for (const id of listFormIds(dirs.schemas)) {
    try {
      buildFormModule(id, dirs.schemas);
    } catch (e) {
      findings.push({
        file: `schemas/${id}.schema.json`,
        message: `cannot be precompiled for the browser: ${(e as Error).message}`,
      });
    }
  }
  return findings;
}

interface Examples {
  valid?: unknown[];
  invalid?: { data: unknown; errors: Record<string, string> }[];
}

function examplesPath(dirs: CatalogueDirs, f: SchemaFile) {
  return join(dirs.schemas, f.file.replace(/\.schema\.json$/, '.examples.json'));
}

/** Problems of some data for one schema id: ajv with messages moved to fields, then the shared rules. */
export function validateById(dirs: CatalogueDirs, id: string, data: unknown) {
  const files = loadSchemaFiles(dirs.schemas);
  const ajv = createValidationAjv();
  for (const f of files) ajv.addSchema(f.schema, f.id);
  const validate = ajv.getSchema(id);
  if (!validate) throw new Error(`No schema ${id}`);
  const copy = structuredClone(data);
  validate(copy);
  const problems = toFieldProblems((validate.errors ?? []) as RawValidationError[]);
  const taken = new Set(problems.map((p) => p.path));
  const byId = Object.fromEntries(files.map((f) => [f.id, f.schema]));
  const own = byId[id];
  const rules = runRules(own, copy, createRefResolver(byId), id).problems.filter((p) => !taken.has(p.path));
  return [...problems, ...rules];
}

/** Every form and API body has examples; valid ones pass; invalid ones give exactly the expected message keys. */
export function checkExamples(dirs: CatalogueDirs = DEFAULT_DIRS): Finding[] {
  const findings: Finding[] = [];
  for (const f of loadSchemaFiles(dirs.schemas)) {
    if (f.id === 'definitions') continue;
    const path = examplesPath(dirs, f);
    const file = `schemas/${f.file.replace(/\.schema\.json$/, '.examples.json')}`;
    if (!existsSync(path)) {
      findings.push({
        file,
        message: `is missing: add it with { "valid": [ ...answers... ] } so tests and the preview page have example answers`,
      });
      continue;
    }
    const examples = readJson(path) as Examples;
    if (!Array.isArray(examples.valid) || examples.valid.length === 0) {
      findings.push({ file, message: 'has no valid example: add at least one to "valid"' });
    }
    (examples.valid ?? []).forEach((data, i) => {
      for (const p of validateById(dirs, f.id, data)) {
        findings.push({
          file,
          message: `valid example ${i + 1} fails at "${p.path || '(whole form)'}" with ${p.key}: correct the example or the schema`,
        });
      }
    });
    (examples.invalid ?? []).forEach((example, i) => {
      const problems = validateById(dirs, f.id, example.data);
      for (const [path, key] of Object.entries(example.errors)) {
        const found = problems.find((p) => p.path === path);
        if (!found)
          findings.push({
            file,
            message: `invalid example ${i + 1} expects ${key} at "${path || '(whole form)'}" but that answer passes: correct the example or the schema`,
          });
        else if (found.key !== key)
          findings.push({
            file,
            message: `invalid example ${i + 1} expects ${key} at "${path || '(whole form)'}" but gets ${found.key}`,
          });
      }
      for (const p of problems) {
        if (!(p.path in example.errors))
          findings.push({
            file,
            message: `invalid example ${i + 1} also fails at "${p.path}" with ${p.key}: list it in "errors" or fix the example`,
          });
      }
    });
  }
  return findings;
}

// ---------------------------------------------------------------- widgets

/** Names registered in an object literal `export const <name> ... = { key: Value, ... }` of a source file. */
export function registeredNames(source: string, constName: string): string[] {
  const start = source.search(new RegExp(`export const ${constName}\\b[^=]*=\\s*{`));
  if (start === -1) return [];
  const body = source.slice(source.indexOf('{', start) + 1, source.indexOf('\n}', start));
  const names: string[] = [];
  for (const m of body.matchAll(/^\s*(?:'([^']+)'|"([^"]+)"|\[([A-Z_]+)\]|([A-Za-z_$][\w$]*))\s*:/gm)) {
    names.push(m[1] ?? m[2] ?? m[3] ?? m[4]);
  }
  return names;
}

function walkUi(ui: unknown, visit: (node: Record<string, unknown>, path: string) => void, path = '') {
  if (!isObject(ui)) return;
  visit(ui, path);
  for (const [k, v] of Object.entries(ui))
    if (!k.startsWith('ui:') && isObject(v)) walkUi(v, visit, path ? `${path}.${k}` : k);
}

/** Every `ui:widget` and `ui:field` named in a UI schema is in the engine's registry. */
export function checkWidgets(dirs: CatalogueDirs = DEFAULT_DIRS): Finding[] {
  const findings: Finding[] = [];
  const source = readFileSync(dirs.engineRegistry, 'utf8');
  const widgets = new Set(registeredNames(source, 'widgets'));
  const fields = new Set(registeredNames(source, 'fields'));
  for (const id of listFormIds(dirs.schemas)) {
    const path = join(dirs.schemas, `${id}.ui.json`);
    const file = `schemas/${id}.ui.json`;
    if (!existsSync(path)) {
      findings.push({ file, message: 'is missing: every form needs a UI schema with a ui:title per field' });
      continue;
    }
    walkUi(readJson(path), (node, at) => {
      const w = node['ui:widget'];
      if (typeof w === 'string' && !widgets.has(w)) {
        findings.push({
          file,
          message: `field "${at}" names the widget "${w}", which is not registered: use one of ${[...widgets].join(', ')} or add it to src/engine/registry.ts`,
        });
      }
      const fld = node['ui:field'];
      if (typeof fld === 'string' && !fields.has(fld)) {
        findings.push({
          file,
          message: `field "${at}" names the field "${fld}", which is not registered: use one of ${[...fields].join(', ')} or add it to src/engine/registry.ts`,
        });
      }
    });
  }
  return findings;
}

// ---------------------------------------------------------------- i18n

/** A key use: "ns:key" and where it was found. */
export interface KeyUse {
  key: string;
  file: string;
}

function collectSchemaKeys(node: unknown, file: string, out: KeyUse[], resolveEnum: (s: JsonSchema) => JsonSchema) {
  if (Array.isArray(node)) {
    for (const n of node) collectSchemaKeys(n, file, out, resolveEnum);
    return;
  }
  if (!isObject(node)) return;
  const em = node.errorMessage;
  const addMessages = (v: unknown) => {
    if (typeof v === 'string') out.push({ key: v, file });
    else if (isObject(v)) for (const x of Object.values(v)) addMessages(x);
  };
  if (em !== undefined) addMessages(em);
  for (const config of rulesOf(node as JsonSchema)) {
    const rule = ruleLoaders[config.rule] ? getRule(config.rule) : undefined;
    if (rule) for (const key of rule.messageKeys(config)) out.push({ key, file });
  }
  if (typeof node['x-enumLabels'] === 'string' && Array.isArray(node.enum)) {
    for (const v of node.enum) out.push({ key: `${node['x-enumLabels']}.${String(v)}`, file });
  }
  for (const [k, v] of Object.entries(node))
    if (k !== 'errorMessage' && k !== 'x-rules') collectSchemaKeys(v, file, out, resolveEnum);
}

const UI_TEXT_KEYS = ['ui:title', 'ui:description', 'ui:help', 'ui:placeholder'];

/** Every i18n key used by schemas, UI schemas and the manifest, with the file using it. */
export function usedKeys(dirs: CatalogueDirs = DEFAULT_DIRS): KeyUse[] {
  const out: KeyUse[] = [];
  const files = loadSchemaFiles(dirs.schemas);
  for (const f of files) collectSchemaKeys(f.schema, `schemas/${f.file}`, out, (s) => s);
  for (const key of Object.values(GENERIC_KEYS)) out.push({ key, file: 'src/shared/validation/field-errors.ts' });
  for (const id of listFormIds(dirs.schemas)) {
    const path = join(dirs.schemas, `${id}.ui.json`);
    if (!existsSync(path)) continue;
    const ui = readJson(path);
    walkUi(ui, (node) => {
      for (const k of UI_TEXT_KEYS)
        if (typeof node[k] === 'string') out.push({ key: node[k] as string, file: `schemas/${id}.ui.json` });
      const pages = node['ui:pages'];
      if (Array.isArray(pages))
        for (const p of pages)
          if (isObject(p) && typeof p.titleKey === 'string')
            out.push({ key: p.titleKey, file: `schemas/${id}.ui.json` });
    });
  }
  if (existsSync(dirs.manifest)) {
    const walk = (routes: unknown) => {
      if (!Array.isArray(routes)) return;
      for (const r of routes) {
        if (!isObject(r)) continue;
        if (typeof r.titleKey === 'string') out.push({ key: r.titleKey, file: 'schemas/routes.manifest.json' });
        walk(r.children);
      }
    };
    walk((readJson(dirs.manifest) as { routes?: unknown }).routes);
    const steps = (readJson(dirs.manifest) as { steps?: unknown }).steps;
    if (Array.isArray(steps))
      for (const s of steps)
        if (isObject(s) && typeof s.labelKey === 'string')
          out.push({ key: s.labelKey, file: 'schemas/routes.manifest.json' });
  }
  return out;
}

/** Languages: the folders of locales/ (src/server/languages.ts). */
export function languages(dirs: CatalogueDirs = DEFAULT_DIRS): string[] {
  return languagesIn(dirs.locales);
}

const localeCache = new Map<string, unknown>();
/** The text of a "ns:key" in a language, or undefined. */
export function lookup(dirs: CatalogueDirs, lang: string, qualified: string): string | undefined {
  const colon = qualified.indexOf(':');
  if (colon === -1) return undefined;
  const ns = qualified.slice(0, colon);
  const path = join(dirs.locales, lang, `${ns}.json`);
  if (!localeCache.has(path)) localeCache.set(path, existsSync(path) ? readJson(path) : null);
  let node = localeCache.get(path);
  for (const part of qualified.slice(colon + 1).split('.')) {
    if (!isObject(node)) return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** Forgets the locale files read so far (tests edit copies). */
export function clearLocaleCache() {
  localeCache.clear();
}

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{\s*([\w.]+)\s*\}\}/g)].map((m) => m[1]).sort();
}

/** Every used key is "ns:key", exists in every language, with the same {{placeholders}} as English. */
export function checkKeys(dirs: CatalogueDirs = DEFAULT_DIRS): Finding[] {
  const findings: Finding[] = [];
  const langs = languages(dirs);
  const seen = new Set<string>();
  for (const { key, file } of usedKeys(dirs)) {
    if (seen.has(`${file}|${key}`)) continue;
    seen.add(`${file}|${key}`);
    if (!/^[a-z][a-z0-9-]*:[A-Za-z0-9_.-]+$/.test(key)) {
      findings.push({
        file,
        message: `uses "${key}", which is not an i18n key of the form "namespace:key": write the text in locales/<lng>/<namespace>.json and use its key`,
      });
      continue;
    }
    const en = lookup(dirs, 'en', key);
    for (const lang of langs) {
      const text = lookup(dirs, lang, key);
      const ns = key.slice(0, key.indexOf(':'));
      if (text === undefined) {
        findings.push({ file, message: `uses ${key}, which is missing from locales/${lang}/${ns}.json: add it` });
      } else if (en !== undefined && placeholders(text).join() !== placeholders(en).join()) {
        findings.push({
          file: `locales/${lang}/${ns}.json`,
          message: `${key} has placeholders {{${placeholders(text).join('}}, {{')}}} but English has {{${placeholders(en).join('}}, {{')}}}: use the same names`,
        });
      }
    }
  }
  return findings;
}

/** Every leaf of a locale file as "a.b.c" -> text; arrays (e.g. FAQ items) by index. */
function leaves(node: unknown, prefix = '', out = new Map<string, string>()): Map<string, string> {
  if (typeof node === 'string') out.set(prefix, node);
  else if (Array.isArray(node)) node.forEach((item, i) => leaves(item, prefix ? `${prefix}.${i}` : String(i), out));
  else if (isObject(node)) for (const [k, v] of Object.entries(node)) leaves(v, prefix ? `${prefix}.${k}` : k, out);
  return out;
}

/** Plural forms differ between languages (`_one`, `_few`, ...): compare the key without its plural suffix. */
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

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

/**
 * Every form field shown to the user has a `ui:title`: top-level fields, the fields of nested objects and the
 * items of lists (a list shows its own label, then one label per item), unless a custom `ui:field` draws them.
 * Without one the page would show the property name. Each label and hint must have a text in every language
 * (see checkKeys); a label or hint that reads as the English text in another language is noted for translators.
 */
export function checkLabels(dirs: CatalogueDirs = DEFAULT_DIRS): Finding[] {
  const findings: Finding[] = [];
  const files = loadSchemaFiles(dirs.schemas);
  const byId = Object.fromEntries(files.map((f) => [f.id, f.schema]));
  const resolve = createRefResolver(byId);
  const others = languages(dirs).filter((l) => l !== 'en');
  for (const id of listFormIds(dirs.schemas)) {
    const uiPath = join(dirs.schemas, `${id}.ui.json`);
    if (!existsSync(uiPath)) continue;
    const file = `schemas/${id}.ui.json`;
    const untranslated = (at: string, entry: Record<string, unknown>) => {
      for (const k of ['ui:title', 'ui:help'] as const) {
        const key = entry[k];
        if (typeof key !== 'string') continue;
        const en = lookup(dirs, 'en', key);
        for (const lang of others) {
          if (en && lookup(dirs, lang, key) === en) {
            findings.push({
              file: `locales/${lang}/${key.slice(0, key.indexOf(':'))}.json`,
              warning: true,
              message: `${key} (${k === 'ui:title' ? 'label' : 'hint'} of "${at}" in schemas/${id}.ui.json) is the same as the English text "${en}": check that it is translated`,
            });
          }
        }
      }
    };
    const visit = (node: JsonSchema, baseId: string, ui: Record<string, unknown>, at: string) => {
      const { schema, baseId: base } = derefSchema(node, baseId, resolve);
      if (typeof ui['ui:field'] === 'string') return;
      if (isObject(schema.properties)) {
        for (const [name, sub] of Object.entries(schema.properties)) {
          const entry = isObject(ui[name]) ? ui[name] : {};
          if (entry['ui:widget'] === 'hidden' || !isObject(sub)) continue;
          const path = at ? `${at}.${name}` : name;
          if (typeof entry['ui:title'] !== 'string') {
            findings.push({
              file,
              message: `field "${path}" has no "ui:title": add one with an i18n key such as "forms:${id}.${path}.label"`,
            });
          } else untranslated(path, entry);
          visit(sub as JsonSchema, base, entry, path);
        }
      }
      if (isObject(schema.items)) {
        const entry = isObject(ui.items) ? ui.items : {};
        if (entry['ui:widget'] === 'hidden') return;
        const path = `${at}.items`;
        if (typeof entry['ui:title'] !== 'string') {
          findings.push({
            file,
            message: `the items of the list "${at}" have no "ui:title" (under "${at}": { "items": { ... } }): add one with an i18n key such as "forms:${id}.${at}.item", or each item is labelled with the property name`,
          });
        } else untranslated(path, entry);
        visit(schema.items as JsonSchema, base, entry, path);
      }
    };
    visit(byId[id], id, readJson(uiPath) as Record<string, unknown>, '');
  }
  return findings;
}

// ---------------------------------------------------------------- manifest and pages

/** Manifest forms exist; pages are registered (pages not built yet are reported as warnings). */
export function checkManifest(dirs: CatalogueDirs = DEFAULT_DIRS): Finding[] {
  const findings: Finding[] = [];
  if (!existsSync(dirs.manifest)) return findings;
  const file = 'schemas/routes.manifest.json';
  const registry = existsSync(dirs.pageRegistry) ? readFileSync(dirs.pageRegistry, 'utf8') : undefined;
  const pages = registry ? new Set(registeredNames(registry, 'pageRegistry')) : undefined;
  const constants = registry
    ? Object.fromEntries([...registry.matchAll(/export const ([A-Z_]+) = '([^']+)'/g)].map((m) => [m[1], m[2]]))
    : {};
  const pageNames = pages ? new Set([...pages].map((p) => constants[p] ?? p)) : undefined;
  const walk = (routes: unknown, prefix: string) => {
    if (!Array.isArray(routes)) return;
    for (const r of routes) {
      if (!isObject(r)) continue;
      const full = routeFullPath(String(r.path ?? ''), prefix);
      if (typeof r.form === 'string' && !existsSync(join(dirs.schemas, `${r.form}.schema.json`))) {
        findings.push({
          file,
          message: `route ${full} names the form "${r.form}" but schemas/${r.form}.schema.json does not exist: add the form or correct the name`,
        });
      }
      if (typeof r.page === 'string' && pageNames && !pageNames.has(r.page)) {
        findings.push({
          file,
          warning: true,
          message: `route ${full} names the page "${r.page}", which is not in src/routing/page-registry.ts yet: it shows the "not available yet" page until it is registered`,
        });
      }
      walk(r.children, full);
    }
  };
  const manifestJson = readJson(dirs.manifest) as { routes?: unknown; steps?: unknown };
  walk(manifestJson.routes, '');
  // Each step of the step flow is served by a route of the manifest.
  const paths = new Set<string>();
  const collect = (routes: unknown, prefix: string) => {
    if (!Array.isArray(routes)) return;
    for (const r of routes) {
      if (!isObject(r)) continue;
      const full = routeFullPath(String(r.path ?? ''), prefix);
      paths.add(full);
      collect(r.children, full);
    }
  };
  collect(manifestJson.routes, '');
  if (Array.isArray(manifestJson.steps)) {
    for (const s of manifestJson.steps) {
      if (isObject(s) && typeof s.path === 'string' && !paths.has(s.path)) {
        findings.push({
          file,
          message: `step ${String(s.step)} names the path ${s.path}, which is no route of the manifest: add the route or correct the path`,
        });
      }
      if (isObject(s) && typeof s.form === 'string' && !listFormIds(dirs.schemas).includes(s.form)) {
        findings.push({
          file,
          message: `step ${String(s.step)} names the form "${s.form}", which does not exist: add schemas/${s.form}.schema.json or correct the name`,
        });
      }
    }
  }
  return findings;
}

/**
 * Pages of multi-page forms: every field is on a page, every page field exists, each `when` compiles and is
 * met by at least one valid example (otherwise nobody could ever reach that page).
 */
export function checkPages(dirs: CatalogueDirs = DEFAULT_DIRS): Finding[] {
  const findings: Finding[] = [];
  const files = loadSchemaFiles(dirs.schemas);
  const byId = Object.fromEntries(files.map((f) => [f.id, f.schema]));
  const resolve = createRefResolver(byId);
  for (const id of listFormIds(dirs.schemas)) {
    const uiPath = join(dirs.schemas, `${id}.ui.json`);
    if (!existsSync(uiPath)) continue;
    const ui = readJson(uiPath) as Record<string, unknown>;
    const file = `schemas/${id}.ui.json`;
    findings.push(...checkFieldConditions(id, file, ui, files));
    const pages = ui['ui:pages'];
    if (!Array.isArray(pages)) continue;
    const root = derefSchema(byId[id], id, resolve).schema;
    const props = Object.keys(isObject(root.properties) ? root.properties : {});
    const onPages = new Set<string>();
    const examplesFile = join(dirs.schemas, `${id}.examples.json`);
    const valid = existsSync(examplesFile) ? ((readJson(examplesFile) as Examples).valid ?? []) : [];
    const ajv = createValidationAjv();
    for (const f of files) ajv.addSchema(f.schema, f.id);
    for (const page of pages as Record<string, unknown>[]) {
      const pid = String(page.id ?? '');
      if (!pid) findings.push({ file, message: 'a page in "ui:pages" has no "id": give each page a unique id' });
      const fields = Array.isArray(page.fields) ? (page.fields as string[]) : [];
      if (fields.length === 0) findings.push({ file, message: `page "${pid}" lists no fields: add "fields": [...]` });
      for (const fld of fields) {
        if (!props.includes(fld))
          findings.push({
            file,
            message: `page "${pid}" lists "${fld}", which is not a property of schemas/${id}.schema.json: correct the name`,
          });
        onPages.add(fld);
      }
      if (page.when !== undefined) {
        try {
          const when = ajv.compile({ ...(page.when as JsonSchema), $id: `${id}--when--${pid}` });
          if (valid.length > 0 && !valid.some((v) => when(structuredClone(v)))) {
            findings.push({
              file,
              message: `page "${pid}" can never be reached: no valid example meets its "when"; add an example that does, or correct the condition`,
            });
          }
        } catch (e) {
          findings.push({ file, message: `page "${pid}" has a "when" that does not compile: ${(e as Error).message}` });
        }
      }
    }
    for (const p of props)
      if (!onPages.has(p))
        findings.push({ file, message: `field "${p}" is on no page: add it to one page's "fields"` });
  }
  return findings;
}

/** Each field's own condition (`"ui:when"`) compiles and names a property of the form. */
function checkFieldConditions(id: string, file: string, ui: Record<string, unknown>, files: SchemaFile[]): Finding[] {
  const findings: Finding[] = [];
  const conditions = fieldConditions(ui);
  if (Object.keys(conditions).length === 0) return findings;
  const ajv = createValidationAjv();
  for (const f of files) ajv.addSchema(f.schema, f.id);
  for (const [field, when] of Object.entries(conditions)) {
    try {
      ajv.compile({ ...when, $id: `${id}--field-when--${field}` });
    } catch (e) {
      findings.push({
        file,
        message: `field "${field}" has a "ui:when" that does not compile: ${(e as Error).message}`,
      });
    }
  }
  return findings;
}

/** English carries every message of the specification's section 5, word for word. */
export function checkSpecMessages(dirs: CatalogueDirs = DEFAULT_DIRS): Finding[] {
  const path = join(dirs.locales, 'en', 'validation.json');
  const texts = new Set<string>();
  const walk = (n: unknown) => {
    if (typeof n === 'string') texts.add(n);
    else if (isObject(n)) Object.values(n).forEach(walk);
  };
  walk(existsSync(path) ? readJson(path) : {});
  return SPEC_MESSAGES.filter((m) => !texts.has(m)).map((m) => ({
    file: 'locales/en/validation.json',
    message: `does not contain the specification's message "${m}" word for word: add it`,
  }));
}

/** Every check, in the order they are reported. */
export const ALL_CHECKS = {
  compile: checkCompile,
  examples: checkExamples,
  messages: checkMessages,
  widgets: checkWidgets,
  labels: checkLabels,
  keys: checkKeys,
  translations: checkTranslations,
  manifestShape: checkManifestShape,
  manifest: checkManifest,
  pages: checkPages,
  specMessages: checkSpecMessages,
  documentRules: checkDocumentRules,
  decisionRules: checkDecisionRules,
} as const;

/** Runs every check; a JSON file that does not parse is reported alone, with its line and column. */
export function runAllChecks(dirs: CatalogueDirs = DEFAULT_DIRS): Finding[] {
  const broken = checkJsonFiles(ROOT, [dirs.schemas, dirs.locales]);
  if (broken.length > 0) return broken;
  return Object.values(ALL_CHECKS).flatMap((check) => check(dirs));
}
