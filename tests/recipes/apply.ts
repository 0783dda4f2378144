/**
 * Every recipe of docs/editors.md and docs/translators.md, applied as it is written there to one copy
 * of schemas/ and locales/: a field, a field asked under a condition, a page, a public form, a step, a documents
 * rule, a decision rule, a FAQ question, and a language brought in through the translators' XLIFF export and
 * import. The JSON each recipe tells the editor to write is taken from those pages themselves (tests/recipes/readme.ts);
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
  ['public form', addContactForm],
  ['step', addEmergencyContactStep],
  ['documents rule', addDocumentRule],
  ['decision rule', addDecisionRule],
  ['FAQ question', addFaqQuestion],
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
