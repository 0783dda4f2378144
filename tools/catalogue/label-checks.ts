import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { createRefResolver, derefSchema, type JsonSchema } from '../../src/shared/validation/schema-walk';
import { listFormIds } from '../../src/server/validation/precompile';
import { loadSchemaFiles } from '../../src/server/validation/schema-files';
import { isObject, readJson } from './catalogue-files';
import { DEFAULT_DIRS } from './dirs';
import type { CatalogueDirs, Finding } from './finding';
import { languages, lookup } from './locale-text';
import { readSameAsEnglish } from '../locales/locale-files';

/**
 * Every form field shown to the user has a `ui:title`: top-level fields, the fields of nested objects and the
 * items of lists (a list shows its own label, then one label per item), unless a custom `ui:field` draws them.
 * Without one the page would show the property name. Each label and hint must have a text in every language
 * (see checkKeys); a label or hint that reads as the English text in another language is noted for translators,
 * unless they marked it as meant (`_meta/same-as-english.json`).
 */
export function checkLabels(dirs: CatalogueDirs = DEFAULT_DIRS): Finding[] {
  const findings: Finding[] = [];
  const files = loadSchemaFiles(dirs.schemas);
  const byId = Object.fromEntries(files.map((f) => [f.id, f.schema]));
  const resolve = createRefResolver(byId);
  const others = languages(dirs).filter((l) => l !== 'en');
  // The texts a translator marked as meant to read as in English (locales/<lng>/_meta/same-as-english.json).
  const meant = new Map(others.map((lang) => [lang, readSameAsEnglish(join(dirs.locales, lang))]));
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
          if (en && lookup(dirs, lang, key) === en && !meant.get(lang)?.has(key)) {
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
