// A content editor's change, made only in JSON: a new field in a schema, its UI schema entry and its texts.
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeScratchDir, ROOT } from '../../tools/catalogue/checks';
import { languagesIn } from '../../src/server/languages';

const editJson = <T>(path: string, edit: (json: T) => void) => {
  const json = JSON.parse(readFileSync(path, 'utf8'));
  edit(json);
  writeFileSync(path, JSON.stringify(json, null, 2));
};

/** Copies schemas/ and locales/ to a temporary folder and adds an optional "nickname" to registration. */
export function makeEditedCopy(): string {
  const dir = makeScratchDir('config-promise-');
  cpSync(join(ROOT, 'schemas'), join(dir, 'schemas'), { recursive: true });
  cpSync(join(ROOT, 'locales'), join(dir, 'locales'), { recursive: true });
  editJson<{ properties: Record<string, unknown> }>(join(dir, 'schemas/registration.schema.json'), (s) => {
    s.properties.nickname = { $ref: 'definitions#/definitions/name' };
  });
  editJson<Record<string, unknown> & { 'ui:order': string[] }>(join(dir, 'schemas/registration.ui.json'), (u) => {
    u['ui:order'].splice(3, 0, 'nickname');
    u.nickname = { 'ui:title': 'forms:registration.nickname.label' };
  });
  // An editor writes the label in every language the portal ships.
  const labels: Record<string, string> = {
    en: 'Preferred name',
    fr: 'Nom d’usage',
    pt: 'Nome preferido',
    zh: '常用名',
    ar: 'الاسم المفضل',
  };
  for (const lng of languagesIn(join(dir, 'locales'))) {
    const text = labels[lng];
    if (!text) throw new Error(`The nickname fixture has no label in ${lng}: add it`);
    editJson<{ registration: Record<string, unknown> }>(join(dir, `locales/${lng}/forms.json`), (f) => {
      f.registration.nickname = { label: text };
    });
  }
  return dir;
}

/** The example answers of the copy's registration form. */
export function registrationExample(dir: string): Record<string, unknown> {
  return JSON.parse(readFileSync(join(dir, 'schemas/registration.examples.json'), 'utf8')).valid[0];
}
