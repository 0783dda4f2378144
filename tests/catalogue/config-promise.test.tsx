// A content editor's change, made only in JSON: a new field in a schema, its UI schema entry and its texts.
// It must render, validate in the browser and pass the API's validation without any TypeScript change.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Fastify, { type FastifyError } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { i18n } from 'i18next';
import { SchemaForm } from '@/engine/schema-form';
import { compileFixtureForm } from '@/engine/testing/compile-fixture';
import { renderWithProviders } from '@/engine/testing/render-form';
import { createTestI18n } from '@/engine/testing/test-i18n';
import type { CompiledForm } from '@/engine/form-types';
import { registerValidation, validationErrorBody } from '@/server/validation/index';
import { ROOT } from './checks';

const editJson = (path: string, edit: (json: Record<string, any>) => void) => {
  const json = JSON.parse(readFileSync(path, 'utf8'));
  edit(json);
  writeFileSync(path, JSON.stringify(json, null, 2));
};

let dir: string;
let form: CompiledForm;
let en: i18n;

beforeAll(async () => {
  dir = mkdtempSync(join(ROOT, '.cache', 'config-promise-'));
  cpSync(join(ROOT, 'schemas'), join(dir, 'schemas'), { recursive: true });
  cpSync(join(ROOT, 'locales'), join(dir, 'locales'), { recursive: true });
  editJson(join(dir, 'schemas/registration.schema.json'), (s) => {
    s.properties.nickname = { $ref: 'definitions#/definitions/name' };
  });
  editJson(join(dir, 'schemas/registration.ui.json'), (u) => {
    u['ui:order'].splice(3, 0, 'nickname');
    u.nickname = { 'ui:title': 'forms:registration.nickname.label' };
  });
  for (const [lng, text] of [['en', 'Preferred name'], ['fr', 'Nom d’usage']]) {
    editJson(join(dir, `locales/${lng}/forms.json`), (f) => {
      f.registration.nickname = { label: text };
    });
  }
  form = await compileFixtureForm(join(dir, 'schemas'), 'registration');
  en = await createTestI18n('en');
  const added = JSON.parse(readFileSync(join(dir, 'locales/en/forms.json'), 'utf8'));
  en.addResourceBundle('en', 'forms', added, true, true);
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('a field added in configuration only', () => {
  it('renders with its label, marked optional, and is validated with the shared name rule', async () => {
    const onSubmit = vi.fn();
    renderWithProviders(<SchemaForm form={form} formData={form.examples.valid[0]} onSubmit={onSubmit} />, en);
    const input = screen.getByLabelText('Preferred name (optional)');
    await userEvent.type(input, 'B0b');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    const summary = await screen.findByRole('alert');
    expect(within(summary).getByRole('link').textContent).toBe('Only letters, spaces, apostrophes, and hyphens are allowed');
    await userEvent.clear(input);
    await userEvent.type(input, 'Bob');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0][0].nickname).toBe('Bob');
  });

  it('reaches the API, which accepts it and rejects a bad value with the same message', async () => {
    const app = Fastify();
    registerValidation(app, { schemasDir: join(dir, 'schemas') });
    app.setErrorHandler((error: FastifyError, _request, reply) => reply.code(400).send(validationErrorBody(error, 'en')));
    app.post('/register', { schema: { body: { $ref: 'registration#' } } }, async (request) => request.body);
    await app.ready();
    const body = { ...form.examples.valid[0], nickname: 'Bob' };
    const ok = await app.inject({ method: 'POST', url: '/register', payload: body });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().nickname).toBe('Bob');
    const bad = await app.inject({ method: 'POST', url: '/register', payload: { ...body, nickname: 'B0b' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual([
      { field: 'nickname', key: 'validation:name.invalid', message: 'Only letters, spaces, apostrophes, and hyphens are allowed' },
    ]);
    await app.close();
  });
});
