// The config promise, browser side: a field added in JSON only renders and validates, no TypeScript change.
import '@/engine/testing/forms-loaded';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { i18n } from 'i18next';
import { SchemaForm } from '@/engine/schema-form';
import { compileFixtureForm } from './compile-fixture';
import { renderWithProviders } from '@/engine/testing/render-form';
import { createTestI18n } from '@/engine/testing/test-i18n';
import type { CompiledForm } from '@/engine/form-types';
import { checkKeys, checkWidgets, clearLocaleCache, DEFAULT_DIRS } from '../../tools/catalogue/checks';
import { makeEditedCopy } from './config-promise-fixture';

let dir: string;
let form: CompiledForm;
let en: i18n;

beforeAll(async () => {
  dir = makeEditedCopy();
  form = await compileFixtureForm(join(dir, 'schemas'), 'registration');
  en = await createTestI18n('en');
  en.addResourceBundle('en', 'forms', JSON.parse(readFileSync(join(dir, 'locales/en/forms.json'), 'utf8')), true, true);
});

afterAll(() => {
  clearLocaleCache();
  rmSync(dir, { recursive: true, force: true });
});

describe('a field added in configuration only', () => {
  it('passes the catalogue checks of the registration form', () => {
    const dirs = {
      ...DEFAULT_DIRS,
      schemas: join(dir, 'schemas'),
      locales: join(dir, 'locales'),
      manifest: join(dir, 'schemas/routes.manifest.json'),
    };
    clearLocaleCache();
    const aboutRegistration = [...checkKeys(dirs), ...checkWidgets(dirs)].filter((f) =>
      f.file.startsWith('schemas/registration.'),
    );
    expect(aboutRegistration).toEqual([]);
  });

  it('renders with its label, marked optional, and is validated with the shared name rule', async () => {
    const onSubmit = vi.fn();
    renderWithProviders(<SchemaForm form={form} formData={form.examples.valid[0]} onSubmit={onSubmit} />, en);
    const input = screen.getByLabelText('Preferred name (optional)');
    await userEvent.type(input, 'B0b');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    const summary = await screen.findByRole('alert');
    expect(within(summary).getByRole('link').textContent).toBe(
      'Only letters, spaces, apostrophes, and hyphens are allowed',
    );
    await userEvent.clear(input);
    await userEvent.type(input, 'Bob');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0][0].nickname).toBe('Bob');
  }, 30000);
});
