/**
 * Every recipe of docs/editors.md and docs/translators.md, applied as it is written there to one copy
 * of schemas/ and locales/: a field, a field asked under a condition, a page, a field removed, two pages swapped, a
 * public form, a step, a step of one page, a documents rule, a decision rule, a FAQ question, a message reworded, and
 * a language brought in through the translators' XLIFF export and import. The JSON each recipe tells the editor to write is taken from those pages themselves (tests/recipes/readme.ts);
 * the texts an editor writes in every language are in tests/recipes/texts.ts and tests/fixtures/.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { addContactForm } from '../fixtures/contact-form';
import { addEmergencyContactStep } from '../fixtures/emergency-contact';
import { fromXliff, toXliff } from '../../tools/locales/exchange';
import { flatten } from '../../tools/locales/locale-check';
import { member, recipe, says, snippet, type Recipe } from './readme';
import { recipeTexts } from './texts';
import { languagesIn } from '../../src/server/languages';

export const ROOT = join(import.meta.dirname, '..', '..');

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => !!v && typeof v === 'object' && !Array.isArray(v);
const readJson = <T = Json>(file: string): T => JSON.parse(readFileSync(file, 'utf8')) as T;
const writeJson = (file: string, json: unknown) => writeFileSync(file, `${JSON.stringify(json, null, 2)}\n`);
const editJson = <T = Json>(file: string, edit: (json: T) => void) => {
  const json = readJson<T>(file);
  edit(json);
  writeJson(file, json);
};

/** Fails when the recipe's page no longer says what a recipe applied here follows. */
function mustSay(from: Recipe, words: string): void {
  if (!says(from, words)) throw new Error(`The recipe "${from.title}" (docs/) no longer says: ${words}`);
}

/** The languages of the copy (its folders of locales/, src/server/languages.ts). */
function languagesOf(dir: string): string[] {
  return languagesIn(join(dir, 'locales'));
}

/** Writes a text at its key (`ns:a.b.c`) in one language of the copy. */
function setText(dir: string, lng: string, key: string, text: string): void {
  const [ns, path] = key.split(':');
  editJson(join(dir, 'locales', lng, `${ns}.json`), (json) => {
    const parts = path.split('.');
    let node = json;
    for (const part of parts.slice(0, -1)) {
      if (!isObject(node[part])) node[part] = {};
      node = node[part] as Json;
    }
    node[parts[parts.length - 1]] = text;
  });
}

const FORM = 'application-form';
const schemaFile = (dir: string) => join(dir, 'schemas', `${FORM}.schema.json`);
const uiFile = (dir: string) => join(dir, 'schemas', `${FORM}.ui.json`);
const examplesFile = (dir: string) => join(dir, 'schemas', `${FORM}.examples.json`);

interface FormSchema {
  properties: Json;
  required: string[];
  errorMessage: { required: Record<string, string> };
}
interface UiPage {
  id: string;
  titleKey: string;
  fields: string[];
}
interface Examples {
  valid: Json[];
  invalid: { data: Json; errors: Record<string, string> }[];
}

const hasRef = (v: unknown) => isObject(v) && typeof v.$ref === 'string';
const hasTitle = (v: unknown) => isObject(v) && typeof v['ui:title'] === 'string';

/** "Add a field.": an optional question at the end of the application form's Trip page. */
function addField(dir: string): void {
  const r = recipe('Add a field.');
  mustSay(r, 'last in the `fields` of the page whose `id` is `"trip"`');
  const property = member(r, 'travelCompanions', hasRef);
  const ui = member<{ 'ui:title': string; 'ui:help': string }>(r, 'travelCompanions', hasTitle);
  editJson<FormSchema>(schemaFile(dir), (s) => {
    s.properties.travelCompanions = property;
  });
  editJson<{ 'ui:pages': UiPage[] } & Json>(uiFile(dir), (u) => {
    u.travelCompanions = ui;
    const trip = u['ui:pages'].find((p) => p.id === 'trip');
    if (!trip) throw new Error('The application form has no page "trip"');
    trip.fields.push('travelCompanions');
  });
  // "and the answer to the valid examples"
  editJson<Examples>(examplesFile(dir), (e) => {
    for (const example of e.valid) example.travelCompanions = 'My sister';
  });
  for (const lng of languagesOf(dir)) {
    const texts = recipeTexts(lng).travelCompanions;
    setText(dir, lng, ui['ui:title'], texts.label);
    setText(dir, lng, ui['ui:help'], texts.hint);
  }
}

/** "Ask a field only under a condition.": a yes/no question, and the insurer asked only after a yes. */
function addConditionalField(dir: string): void {
  const r = recipe('Ask a field only under a condition.');
  mustSay(r, 'in the examples, `"travelInsurance"` answered in every valid and invalid example');
  const fields = ['travelInsurance', 'insuranceProvider'] as const;
  editJson<FormSchema>(schemaFile(dir), (s) => {
    for (const field of fields) {
      s.properties[field] = member(r, field, hasRef);
      s.required.push(field);
      s.errorMessage.required[field] = member<string>(r, field, (v) => typeof v === 'string');
    }
  });
  const ui = Object.fromEntries(fields.map((f) => [f, member<Json & { 'ui:title': string }>(r, f, hasTitle)]));
  editJson(uiFile(dir), (u) => Object.assign(u, ui));
  editJson<Examples>(examplesFile(dir), (e) => {
    e.valid.forEach((example, i) => {
      // Every other example answers yes, so both branches of the condition are examples.
      example.travelInsurance = i % 2 === 0;
      if (i % 2 === 0) example.insuranceProvider = 'Hollard Travel Insurance';
    });
    for (const example of e.invalid) example.data.travelInsurance = false;
  });
  for (const lng of languagesOf(dir)) {
    const texts = recipeTexts(lng);
    setText(dir, lng, ui.travelInsurance['ui:title'], texts.travelInsurance);
    setText(dir, lng, ui.insuranceProvider['ui:title'], texts.insuranceProvider);
  }
}

/** "Split a form into pages, or skip a page.": the insurance questions on a page of their own after the Trip page. */
function addPage(dir: string): void {
  const r = recipe('Split a form into pages, or skip a page.');
  mustSay(r, 'right after the page whose `id` is `"trip"` in the `ui:pages` of `schemas/application-form.ui.json`');
  const page = snippet<UiPage>(r, (j) => j.id === 'insurance', 'the insurance page');
  editJson<{ 'ui:pages': UiPage[] }>(uiFile(dir), (u) => {
    const at = u['ui:pages'].findIndex((p) => p.id === 'trip');
    u['ui:pages'].splice(at + 1, 0, page);
  });
  for (const lng of languagesOf(dir)) setText(dir, lng, page.titleKey, recipeTexts(lng).insurancePage);
}

/** The recipe's text on one line (its line breaks read as spaces). */
const oneLine = (from: Recipe) => from.text.replace(/\s+/g, ' ');

/** What `pattern` finds in a recipe's text; a recipe that no longer says it is an error. */
function read(from: Recipe, pattern: RegExp, what: string): string[] {
  const found = pattern.exec(oneLine(from));
  if (!found) throw new Error(`The recipe "${from.title}" (docs/) no longer says ${what}`);
  return found.slice(1);
}

/** A form's key in the texts: its id in camelCase (`application-form` -> `applicationForm`). */
const formKeyOf = (id: string) => id.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/** "Remove a field.": an optional field of a form, with its UI entry, its page's mention, its answers and texts. */
function removeField(dir: string): void {
  const r = recipe('Remove a field.');
  const [field, form] = read(
    r,
    /remove `"(\w+)"` from `properties` in `schemas\/([a-z0-9-]+)\.schema\.json`/,
    'which field to remove from which schema',
  );
  mustSay(r, `in \`schemas/${form}.ui.json\`, its entry and its name in that page's \`fields\``);
  mustSay(r, `its answer from the examples in \`schemas/${form}.examples.json\``);
  mustSay(r, `\`${formKeyOf(form)}.${field}\` from each \`forms.json\``);
  editJson<FormSchema>(join(dir, 'schemas', `${form}.schema.json`), (schema) => {
    if (!(field in schema.properties)) throw new Error(`${form} has no field ${field}`);
    if (schema.required.includes(field))
      throw new Error(`${form}'s ${field} is required: the recipe removes an optional field`);
    delete schema.properties[field];
  });
  editJson<{ 'ui:pages'?: UiPage[]; 'ui:order'?: string[] } & Json>(join(dir, 'schemas', `${form}.ui.json`), (ui) => {
    delete ui[field];
    for (const page of ui['ui:pages'] ?? []) page.fields = page.fields.filter((f) => f !== field);
    if (ui['ui:order']) ui['ui:order'] = ui['ui:order'].filter((f) => f !== field);
  });
  editJson<Examples>(join(dir, 'schemas', `${form}.examples.json`), (examples) => {
    for (const example of examples.valid) delete example[field];
    for (const example of examples.invalid) {
      delete example.data[field];
      delete example.errors[field];
    }
  });
  for (const lng of languagesOf(dir)) {
    editJson(join(dir, 'locales', lng, 'forms.json'), (forms) => {
      const texts = forms[formKeyOf(form)];
      if (isObject(texts)) delete texts[field];
    });
  }
}

/** "Reorder the pages of a form.": two pages of a form swapped. */
function swapPages(dir: string): void {
  const r = recipe('Reorder the pages of a form.');
  const [first, second, form] = read(
    r,
    /swap the pages whose `id` is `"([\w-]+)"` and `"([\w-]+)"` in the `ui:pages` of `schemas\/([a-z0-9-]+)\.ui\.json`/,
    'which two pages of which form to swap',
  );
  editJson<{ 'ui:pages': UiPage[] }>(join(dir, 'schemas', `${form}.ui.json`), (ui) => {
    const [a, b] = [first, second].map((id) => ui['ui:pages'].findIndex((p) => p.id === id));
    if (a < 0 || b < 0) throw new Error(`${form} has no page ${a < 0 ? first : second}`);
    [ui['ui:pages'][a], ui['ui:pages'][b]] = [ui['ui:pages'][b], ui['ui:pages'][a]];
  });
}

/** "Add a step of one page.": a form of one page of its own, asked as a step right after the application form. */
function addOnePageStep(dir: string): void {
  const r = recipe('Add a step of one page.');
  const [after] = read(r, /right after the application form \(`"([A-Z_]+)"`\)/, 'after which step the example goes');
  mustSay(r, 'its route in the `children` of the `/applications` route');
  const schema = snippet<{ $id: string; properties: Json } & Json>(
    r,
    (j) => typeof j.$id === 'string' && isObject(j.properties),
    'the schema',
  );
  const fields = Object.keys(schema.properties);
  const ui = snippet<Record<string, { 'ui:title': string; 'ui:help'?: string }>>(
    r,
    (j) => Object.keys(j).length > 0 && Object.keys(j).every((key) => fields.includes(key)),
    'the UI schema',
  );
  const examples = snippet(r, (j) => Array.isArray(j.valid), 'the examples');
  const step = snippet<{ step: string; labelKey: string } & Json>(
    r,
    (j) => typeof j.step === 'string' && j.form === schema.$id,
    'the step',
  );
  const route = snippet<{ path: string; titleKey: string } & Json>(
    r,
    (j) => j.form === schema.$id && !('step' in j),
    'its route',
  );
  writeJson(join(dir, 'schemas', `${schema.$id}.schema.json`), schema);
  writeJson(join(dir, 'schemas', `${schema.$id}.ui.json`), ui);
  writeJson(join(dir, 'schemas', `${schema.$id}.examples.json`), examples);
  type Manifest = { routes: ({ path: string; children?: Json[] } & Json)[]; steps: { step: string }[] };
  editJson<Manifest>(join(dir, 'schemas', 'routes.manifest.json'), (manifest) => {
    const parent = manifest.routes.find((route) => route.path === '/applications');
    if (!parent?.children) throw new Error('The manifest has no /applications route with children');
    parent.children.push(route);
    const at = manifest.steps.findIndex((s) => s.step === after);
    if (at < 0) throw new Error(`The manifest has no step ${after}`);
    manifest.steps.splice(at + 1, 0, step);
  });
  for (const lng of languagesOf(dir)) {
    const texts = recipeTexts(lng).arrivalAssistance;
    setText(dir, lng, route.titleKey, texts.title);
    setText(dir, lng, step.labelKey, texts.step);
    for (const field of fields) {
      setText(dir, lng, ui[field]['ui:title'], texts.label);
      if (ui[field]['ui:help']) setText(dir, lng, ui[field]['ui:help'], texts.hint);
    }
  }
}

/** "Change a message or a text.": a message reworded in one language. */
function rewordMessage(dir: string): void {
  const r = recipe('Change a message or a text.');
  const [section, lng, namespace] = read(
    r,
    /under `(\w+)` in `locales\/([\w-]+)\/([\w-]+)\.json`/,
    'where the reworded message goes',
  );
  const message = snippet<Record<string, string>>(
    r,
    (j) => Object.keys(j).length === 1 && typeof Object.values(j)[0] === 'string',
    'the message',
  );
  const [[name, text]] = Object.entries(message);
  setText(dir, lng, `${namespace}:${section}.${name}`, text);
}

/** "Change which documents are asked for.": the host's letter for visits to friends and relatives. */
function addDocumentRule(dir: string): void {
  const r = recipe('Change which documents are asked for.');
  mustSay(r, 'appended to `documents`');
  const rule = snippet<{ documentType: string }>(r, (j) => typeof j.documentType === 'string' && 'when' in j, 'a rule');
  editJson<{ documents: unknown[] }>(join(dir, 'schemas', 'documents.rules.json'), (f) => {
    f.documents.push(rule);
  });
  for (const lng of languagesOf(dir)) {
    const texts = recipeTexts(lng).hostLetter;
    setText(dir, lng, `documents:types.${rule.documentType}.label`, texts.label);
    setText(dir, lng, `documents:types.${rule.documentType}.hint`, texts.hint);
  }
}

/** "Change how applications are decided.": a long transit is referred to an officer; a new version. */
function addDecisionRule(dir: string): void {
  const r = recipe('Change how applications are decided.');
  mustSay(r, 'appended to `rules`');
  mustSay(r, 'Change `version` with every change');
  const rule = snippet(r, (j) => typeof j.reasonCode === 'string' && 'when' in j, 'a rule');
  editJson<{ version: string; rules: unknown[] }>(join(dir, 'schemas', 'decisions.rules.json'), (f) => {
    f.rules.push(rule);
    f.version = `${f.version}+${String(rule.reasonCode).toLowerCase()}`;
  });
}

/** "Add a question to the FAQ.": one more item in every language. */
function addFaqQuestion(dir: string): void {
  const r = recipe('Add a question to the FAQ.');
  const item = snippet(r, (j) => 'question' in j && 'answer' in j, 'the item');
  mustSay(r, 'to `faq.items` in `locales/<lng>/common.json` for every language');
  for (const lng of languagesOf(dir)) {
    editJson<{ faq: { items: unknown[] } }>(join(dir, 'locales', lng, 'common.json'), (c) => {
      c.faq.items.push({ ...item, ...recipeTexts(lng).faq });
    });
  }
}

/** The language the recipe brings in through XLIFF. */
const LANGUAGE = 'pt';
/** The environment that points the tools at the copy. */
const configuredBy = (dir: string) => ({ LOCALES_DIR: join(dir, 'locales'), SCHEMAS_DIR: join(dir, 'schemas') });

const npm = (args: string[], env: NodeJS.ProcessEnv) =>
  execFileSync('npm', ['run', '--silent', ...args], { cwd: ROOT, env: { ...process.env, ...env }, stdio: 'pipe' });

/**
 * "Add a language." through the translators' tools: the language (Portuguese) starts as an empty folder of the
 * translator's own holding only its `_meta`, is exported to XLIFF and filled in as a translator's tool does (with
 * the copy's Portuguese texts, the editors' new ones included); `importLanguage` brings it back.
 */
async function exportLanguage(dir: string): Promise<void> {
  const r = recipe('Add a language.');
  mustSay(r, 'npm run locales:export -- <code> --locales <that folder>');
  mustSay(r, 'npm run locales:import -- <the file> --locales <that folder>');
  const shipped = join(dir, 'locales', LANGUAGE);
  const translator = join(dir, 'translator');
  mkdirSync(join(translator, LANGUAGE), { recursive: true });
  if (existsSync(join(shipped, '_meta'))) {
    cpSync(join(shipped, '_meta'), join(translator, LANGUAGE, '_meta'), { recursive: true });
  }
  const file = join(dir, `${LANGUAGE}.xlf`);
  npm(['locales:export', '--', LANGUAGE, '--locales', translator, '--out', file], configuredBy(dir));
  const translations = new Map(
    readdirSync(shipped)
      .filter((f) => f.endsWith('.json'))
      .flatMap((f) => [...flatten(readJson(join(shipped, f)))].map(([k, v]) => [`${f.slice(0, -5)}:${k}`, v])),
  );
  const { units } = await fromXliff(readFileSync(file, 'utf8'));
  const filled = units.map((u) => ({ ...u, translation: translations.get(`${u.namespace}:${u.key}`) ?? '' }));
  writeFileSync(file, await toXliff(LANGUAGE, filled));
}

/**
 * The second half of the language recipe: the translator's file imported into their folder, checked complete, and
 * the folder moved into locales/. The files written must be those the copy had, byte for byte: the import keeps
 * each file's layout.
 */
function importLanguage(dir: string): void {
  const shipped = join(dir, 'locales', LANGUAGE);
  const translator = join(dir, 'translator');
  npm(['locales:import', '--', join(dir, `${LANGUAGE}.xlf`), '--locales', translator], configuredBy(dir));
  npm(['check:locales', '--', LANGUAGE, '--locales', translator, '--no-code'], configuredBy(dir));
  for (const f of readdirSync(shipped).filter((name) => name.endsWith('.json'))) {
    const imported = join(translator, LANGUAGE, f);
    if (!existsSync(imported) || readFileSync(imported, 'utf8') !== readFileSync(join(shipped, f), 'utf8')) {
      throw new Error(`locales:import wrote ${LANGUAGE}/${f} otherwise than the translation it was given`);
    }
  }
  rmSync(shipped, { recursive: true });
  renameSync(join(translator, LANGUAGE), shipped);
  rmSync(translator, { recursive: true });
}

/** The recipes that are JSON edits, by name, in the order they are applied. */
export const EDITOR_RECIPES: [string, (dir: string) => void][] = [
  ['field', addField],
  ['conditional field', addConditionalField],
  ['page', addPage],
  ['field removed', removeField],
  ['pages reordered', swapPages],
  ['public form', addContactForm],
  ['step', addEmergencyContactStep],
  ['step of one page', addOnePageStep],
  ['documents rule', addDocumentRule],
  ['decision rule', addDecisionRule],
  ['FAQ question', addFaqQuestion],
  ['message reworded', rewordMessage],
];

/** Copies the repository's schemas/ and locales/ into `dir` and applies the JSON recipes to the copy. */
export function applyEditorRecipes(dir: string): string[] {
  cpSync(join(ROOT, 'schemas'), join(dir, 'schemas'), { recursive: true });
  cpSync(join(ROOT, 'locales'), join(dir, 'locales'), { recursive: true });
  for (const [, apply] of EDITOR_RECIPES) apply(dir);
  return EDITOR_RECIPES.map(([name]) => name);
}

/** Every recipe: the JSON ones, then the language through the translators' tools. Answers their names. */
export async function applyRecipes(dir: string): Promise<string[]> {
  const applied = applyEditorRecipes(dir);
  await exportLanguage(dir);
  importLanguage(dir);
  return [...applied, 'language via XLIFF export and import'];
}
