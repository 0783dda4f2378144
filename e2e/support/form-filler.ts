import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Locator, type Page } from '@playwright/test';
import Ajv from 'ajv';
import { catalogueText } from './catalogue';
import { FALLBACK_LANGUAGE } from '../../src/shared/languages';

/**
 * Answers a form as a user does, in any language, from the form's configuration alone: each field is found by its
 * label in the language's catalogue and answered through the control its UI schema names (text, date boxes, yes/no,
 * radios, lists, countries, phone numbers, check boxes). A change of wording, language or widget in JSON needs no
 * change here.
 */

const SCHEMAS = join(import.meta.dirname, '..', '..', 'schemas');

type Json = Record<string, unknown>;
const readJson = (file: string): Json => JSON.parse(readFileSync(join(SCHEMAS, file), 'utf8')) as Json;

/** One page of a form: its id, its title key and its fields ("main" for a form without pages). */
export interface FormPageModel {
  id: string;
  titleKey?: string;
  fields: string[];
}

/** What the filler reads of a form. */
export interface FormModel {
  id: string;
  properties: Record<string, Json>;
  ui: Record<string, Json>;
  pages: FormPageModel[];
  examples: Json[];
}

/** The form's schema (references to the shared definitions resolved), UI schema, pages and valid examples. */
export function formModel(id: string): FormModel {
  const schema = readJson(`${id}.schema.json`);
  const definitions = (readJson('definitions.schema.json').definitions ?? {}) as Record<string, Json>;
  const resolve = (node: Json): Json => {
    const ref = typeof node.$ref === 'string' ? /#\/definitions\/(.+)$/.exec(node.$ref)?.[1] : undefined;
    return ref && definitions[ref] ? { ...resolve(definitions[ref]), ...node, $ref: undefined } : node;
  };
  const properties = Object.fromEntries(
    Object.entries((schema.properties ?? {}) as Record<string, Json>).map(([k, v]) => [k, resolve(v)]),
  );
  const ui = readJson(`${id}.ui.json`) as Record<string, Json>;
  const pages = Array.isArray(ui['ui:pages'])
    ? (ui['ui:pages'] as FormPageModel[])
    : [{ id: 'main', fields: (ui['ui:order'] as unknown as string[] | undefined) ?? Object.keys(properties) }];
  let examples: Json[] = [];
  try {
    examples = (readJson(`${id}.examples.json`).valid ?? []) as Json[];
  } catch {
    // A form without examples is answered from the answers given.
  }
  return { id, properties, ui, pages, examples };
}

/** A country's name as the browser names it in the language (the portal lists countries by these names). */
export async function countryName(page: Page, lng: string, code: string): Promise<string> {
  return page.evaluate(
    ([language, region, fallback]) =>
      new Intl.DisplayNames([language, fallback], { type: 'region', fallback: 'code' }).of(region) ?? region,
    [lng, code, FALLBACK_LANGUAGE] as const,
  );
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A field's accessible name: its label, followed by the language's "(optional)" when it may be left out. */
export function fieldName(lng: string, label: string): RegExp {
  return new RegExp(`^${escape(label)}( ${escape(catalogueText(lng, 'forms:engine.optional'))})?$`);
}

/** Picks an option in one of the engine's searchable lists: types `typed`, then clicks the option named `name`. */
async function pick(page: Page, box: Locator, typed: string, name: string): Promise<void> {
  await box.click();
  await box.fill('');
  await box.pressSequentially(typed);
  await page
    .getByRole('listbox')
    .getByRole('option', { name: new RegExp(`^${escape(name)}`) })
    .first()
    .click();
}

/** Answers one field of a form with `value`, in language `lng`. */
/** What answering one field reads of the form: its UI schema and schema, the texts, and its accessible name. */
export function fieldOf(page: Page, lng: string, form: FormModel, field: string) {
  const ui = form.ui[field] ?? {};
  const t = (key: string) => catalogueText(lng, key);
  return {
    ui,
    schema: form.properties[field] ?? {},
    t,
    name: fieldName(lng, t(String(ui['ui:title']))),
    widget: ui['ui:widget'],
    main: page.getByRole('main'),
  };
}

/**
 * How the page answers: `native` for a page whose scripts do not run (no scripts, or before they have): its lists are
 * the browser's own (`<select>`), chosen by their values, and a list's "Add another" posts the page, which comes back
 * with one more item.
 */
export interface AnswerOptions {
  native?: boolean;
}

/** Chooses `value` in one of the engine's lists: the browser's own list, or the searchable one (typing `typed`). */
async function chooseIn(page: Page, box: Locator, value: string, typed: string, name: string, native?: boolean) {
  if (native) await box.selectOption(value);
  else await pick(page, box, typed, name);
}

export async function answerField(
  page: Page,
  lng: string,
  form: FormModel,
  field: string,
  value: unknown,
  { native }: AnswerOptions = {},
) {
  const { ui, schema, t, name, widget, main } = fieldOf(page, lng, form, field);
  if (value === undefined || widget === 'hidden') return;
  if (ui['ui:field'] === 'phone') {
    const { isoAlpha2Code, mobileNumber } = value as { isoAlpha2Code: string; mobileNumber: string };
    const group = main.getByRole('group', { name });
    const country = await countryName(page, lng, isoAlpha2Code);
    await chooseIn(page, group.getByRole('combobox'), isoAlpha2Code, isoAlpha2Code, country, native);
    await group.getByLabel(t('forms:engine.phoneNumber')).fill(mobileNumber);
    return;
  }
  if (schema.type === 'array' && Array.isArray(value) && !Array.isArray((schema.items as Json | undefined)?.enum)) {
    // A repeatable list (other nationalities): "Add another", then the new item's answer, for each item.
    const group = main.getByRole('group', { name });
    const itemUi = (ui.items ?? {}) as Json;
    const itemName = fieldName(lng, t(String(itemUi['ui:title'])));
    for (const [index, item] of value.entries()) {
      await group.getByRole('button', { name: t('forms:engine.addAnother'), exact: true }).click();
      const box = group.getByRole(itemUi['ui:widget'] === 'country' ? 'combobox' : 'textbox', { name: itemName });
      await expect(box).toHaveCount(index + 1);
      if (itemUi['ui:widget'] === 'country') {
        const code = String(item);
        await chooseIn(page, box.nth(index), code, code, await countryName(page, lng, code), native);
      } else {
        await box.nth(index).fill(String(item));
      }
    }
    return;
  }
  if (widget === 'date') {
    const [year, month, day] = String(value).split('-');
    const group = main.getByRole('group', { name });
    await group.getByLabel(t('forms:engine.day')).fill(String(Number(day)));
    await group.getByLabel(t('forms:engine.month')).fill(String(Number(month)));
    await group.getByLabel(t('forms:engine.year')).fill(year);
    return;
  }
  if (widget === 'yesNo') {
    const answer = t(value ? 'forms:engine.yes' : 'forms:engine.no');
    await main.getByRole('group', { name }).getByRole('radio', { name: answer, exact: true }).check();
    return;
  }
  if (widget === 'checkbox') {
    const box = main.getByRole('checkbox', { name });
    if (value) await box.check();
    else await box.uncheck();
    return;
  }
  const enumLabel =
    typeof schema['x-enumLabels'] === 'string' ? t(`${String(schema['x-enumLabels'])}.${String(value)}`) : undefined;
  if (widget === 'radio' && enumLabel) {
    await main.getByRole('group', { name }).getByRole('radio', { name: enumLabel, exact: true }).check();
    return;
  }
  if (widget === 'country') {
    const code = String(value);
    await chooseIn(page, main.getByRole('combobox', { name }), code, code, await countryName(page, lng, code), native);
    return;
  }
  if ((widget === 'combobox' || widget === 'select' || Array.isArray(schema.enum)) && enumLabel) {
    const box = main.getByRole('combobox', { name });
    await chooseIn(page, box, String(value), enumLabel.slice(0, 3), enumLabel, native);
    return;
  }
  const input = main.getByLabel(name);
  await input.fill(String(value));
  await expect(input).toHaveValue(String(value));
}

/** Answers the fields of one page that `answers` holds and that the page shows. */
export async function answerPage(
  page: Page,
  lng: string,
  form: FormModel,
  pageId: string,
  answers: Json,
  options: AnswerOptions = {},
) {
  const formPage = form.pages.find((p) => p.id === pageId);
  if (!formPage) throw new Error(`${form.id} has no page ${pageId}`);
  for (const field of formPage.fields) {
    if (!(field in answers)) continue;
    await answerField(page, lng, form, field, answers[field], options);
  }
}

const ajv = new Ajv({ allErrors: false, strict: false });

/** The pages of the form a user goes through with these answers: those whose `when` the answers meet. */
export function pagesFor(form: FormModel, answers: Json): FormPageModel[] {
  return form.pages.filter((p) => {
    const when = (p as { when?: object }).when;
    return !when || ajv.validate(when, answers);
  });
}
