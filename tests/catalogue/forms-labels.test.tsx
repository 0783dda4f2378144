// Every field of every form, on every page and in every language of locales/, is shown with its own label and
// hint in that language: never the property name, never an i18n key, never a text borrowed from English.
import '@/engine/testing/forms-loaded';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { i18n } from 'i18next';
import { listForms, loadForm } from '@/engine/form-loader';
import { SchemaForm } from '@/engine/schema-form';
import { renderWithProviders } from '@/engine/testing/render-form';
import { createTestI18n } from '@/engine/testing/test-i18n';
import { configuredDirs, languages, lookup } from '../../tools/catalogue/checks';

/** The forms come from the configuration the portal is built from (SCHEMAS_DIR); so do their texts. */
const CONFIGURED = configuredDirs();
const langs = languages(CONFIGURED);
const instances: Record<string, i18n> = {};

beforeAll(async () => {
  for (const lng of langs) {
    instances[lng] = await createTestI18n(lng);
    for (const file of readdirSync(join(CONFIGURED.locales, lng)).filter((name) => name.endsWith('.json'))) {
      const ns = file.replace(/\.json$/, '');
      instances[lng].addResourceBundle(
        lng,
        ns,
        JSON.parse(readFileSync(join(CONFIGURED.locales, lng, file), 'utf8')),
        true,
        true,
      );
    }
  }
});

type Ui = Record<string, unknown>;
const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);
const I18N_KEY = /^[a-z][a-z0-9-]*:[A-Za-z0-9_.-]+$/;

/** The label text of a field's block without the "(optional)" mark. */
function labelOf(block: Element, optional: string): string | undefined {
  const label = block.querySelector(':scope > legend, :scope > label');
  const text = label?.textContent?.trim();
  return text?.endsWith(optional) ? text.slice(0, -optional.length).trim() : text;
}

/** Every property name of a schema and of its nested objects and list items, as a raw label would show it. */
function propertyNames(schema: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(schema)) schema.forEach((s) => propertyNames(s, out));
  else if (isObject(schema)) {
    if (isObject(schema.properties)) for (const name of Object.keys(schema.properties)) out.add(name);
    for (const v of Object.values(schema)) propertyNames(v, out);
  }
  return out;
}

describe.each(listForms())('form %s', (id) => {
  it.each(langs)(
    'labels and hints every field in %s',
    async (lng) => {
      const form = await loadForm(id);
      const ui = form.uiSchema as Record<string, Ui>;
      const fields = Object.keys(isObject(form.schema.properties) ? form.schema.properties : {});
      const raw = propertyNames(form.schema);
      const optional = lookup(CONFIGURED, lng, 'forms:engine.optional') ?? '(optional)';
      const onSubmit = vi.fn();
      const { container } = renderWithProviders(
        <SchemaForm form={form} formData={form.examples.valid[0]} onSubmit={onSubmit} />,
        instances[lng],
      );
      const continueLabel = lookup(CONFIGURED, lng, 'forms:engine.continue');
      const seen = new Set<string>();
      for (let step = 0; step < 30 && onSubmit.mock.calls.length === 0; step++) {
        for (const name of fields) {
          const entry = ui[name] ?? {};
          if (entry['ui:widget'] === 'hidden') continue;
          const block = container.querySelector(`[data-field="root_${name}"], fieldset#root_${name}`);
          if (!block) continue;
          seen.add(name);
          const where = `${id} (${lng}) field "${name}"`;
          const titleKey = entry['ui:title'];
          expect(typeof titleKey, `${where} has a ui:title`).toBe('string');
          const title = lookup(CONFIGURED, lng, String(titleKey));
          expect(title, `${where}: ${String(titleKey)} is in locales/${lng}`).toBeTruthy();
          if (entry['ui:widget'] !== 'checkbox')
            expect(labelOf(block, optional), `${where} is labelled in ${lng}`).toBe(title);
          else expect(block.textContent, `${where} is labelled in ${lng}`).toContain(title);
          const helpKey = entry['ui:help'];
          if (typeof helpKey === 'string') {
            const help = lookup(CONFIGURED, lng, helpKey);
            expect(help, `${where}: ${helpKey} is in locales/${lng}`).toBeTruthy();
            expect(block.textContent, `${where} shows its hint in ${lng}`).toContain(help);
          }
        }
        for (const label of container.querySelectorAll('label, legend')) {
          const text = label.textContent?.trim().replace(optional, '').trim() ?? '';
          expect(raw.has(text) || I18N_KEY.test(text), `${id} (${lng}): a label reads "${text}"`).toBe(false);
        }
        const buttons = screen.getAllByRole('button', { name: continueLabel });
        await userEvent.click(buttons[buttons.length - 1]);
      }
      await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
      // Every field the example answers lead through was looked at on its page.
      const answered = Object.keys(form.examples.valid[0] as Record<string, unknown>).filter(
        (f) => fields.includes(f) && ui[f]?.['ui:widget'] !== 'hidden',
      );
      expect(answered.filter((f) => !seen.has(f))).toEqual([]);
    },
    60000,
  );
});
