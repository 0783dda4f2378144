import { describe, expect, it } from 'vitest';
import { describeChanges, diffConfigurations } from './diff';

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

const before = {
  'schemas/contact.schema.json': json({
    properties: { name: { type: 'string', maxLength: 70 }, age: { type: 'integer' } },
  }),
  'schemas/contact.ui.json': json({
    name: { 'ui:options': { hintKey: 'forms:contact.nameHint' } },
    'ui:order': ['name', 'age'],
  }),
  'schemas/routes.manifest.json': json({ routes: [{ path: '/contact' }] }),
  'locales/en/forms.json': json({ contact: { title: 'Contact us', name: 'Name' } }),
  'locales/fr/forms.json': json({ contact: { title: 'Contactez-nous', name: 'Nom' } }),
};

describe('what changed between two configurations', () => {
  it('names each change by form and field, by text and language, or by file', () => {
    const after = {
      ...before,
      'schemas/contact.schema.json': json({
        properties: { name: { type: 'string', maxLength: 100 }, email: { type: 'string' } },
      }),
      'schemas/contact.ui.json': json({
        name: { 'ui:options': { hintKey: 'forms:contact.nameHint' } },
        'ui:order': ['name', 'email'],
      }),
      'schemas/routes.manifest.json': json({ routes: [{ path: '/contact-us' }] }),
      'locales/fr/forms.json': json({ contact: { title: 'Nous contacter', name: 'Nom' } }),
      'locales/ar/forms.json': json({ contact: { title: 'اتصل بنا' } }),
    };
    expect(describeChanges(diffConfigurations(before, after))).toEqual([
      'Form contact',
      '  field name, maxLength: 70 → 100',
      '  field age: removed (was {"type":"integer"})',
      '  field email: added {"type":"string"}',
      '  ui, ui:order: ["name","age"] → ["name","email"]',
      'Texts in ar',
      '  forms:contact.title: added "اتصل بنا"',
      'Texts in fr',
      '  forms:contact.title: "Contactez-nous" → "Nous contacter"',
      'schemas/routes.manifest.json',
      '  routes: [{"path":"/contact"}] → [{"path":"/contact-us"}]',
    ]);
  });

  it('finds nothing between the same files, and a change of layout alone as a change of its file', () => {
    expect(diffConfigurations(before, { ...before })).toEqual([]);
    const relaid = {
      ...before,
      'locales/en/forms.json': JSON.stringify({ contact: { title: 'Contact us', name: 'Name' } }),
    };
    expect(describeChanges(diffConfigurations(before, relaid))).toEqual([
      'Texts in en',
      '  locales/en/forms.json: file changed (layout only, or not JSON)',
    ]);
  });

  it('takes a file that is not JSON as a whole', () => {
    const broken = { ...before, 'schemas/contact.ui.json': '{ "name": ' };
    expect(diffConfigurations(before, broken)).toMatchObject([
      { area: 'form', form: 'contact', part: 'ui', kind: 'changed', path: '' },
    ]);
  });
});
