// Every form of the catalogue renders in every language and its first valid example goes through every page
// (and the check-answers page) to onSubmit without a single error shown.
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
import { configuredDirs } from '../../tools/catalogue/checks';
import { languagesIn } from '../../src/server/languages';

/** The forms come from the configuration the portal is built from (SCHEMAS_DIR); so do their texts. */
const CONFIGURED = configuredDirs();
const languages = languagesIn(CONFIGURED.locales);
const instances: Record<string, i18n> = {};

beforeAll(async () => {
  for (const lng of languages) {
    instances[lng] = await createTestI18n(lng);
    // Forms of later features keep their texts in their own namespaces.
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

describe.each(listForms())('form %s', (id) => {
  it.each(languages)(
    'goes through to submit with its first valid example (%s)',
    async (lng) => {
      const form = await loadForm(id);
      const onSubmit = vi.fn();
      renderWithProviders(
        <SchemaForm form={form} formData={form.examples.valid[0]} onSubmit={onSubmit} />,
        instances[lng],
      );
      const label = lng === 'en' ? 'Continue' : instances[lng].t('forms:engine.continue');
      for (let step = 0; step < 30 && onSubmit.mock.calls.length === 0; step++) {
        expect(screen.queryByRole('alert')?.textContent ?? '').toBe('');
        const buttons = screen.getAllByRole('button', { name: label });
        await userEvent.click(buttons[buttons.length - 1]);
      }
      await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    },
    60000,
  );
});
