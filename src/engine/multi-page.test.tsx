import '@/engine/testing/forms-loaded';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { i18n } from 'i18next';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { makeScratchDir, ROOT } from '../../tools/catalogue/checks';
import type { CompiledForm } from './form-types';
import { SchemaForm } from './schema-form';
import { compileFixtureForm } from '../../tests/catalogue/compile-fixture';
import { renderWithProviders } from './testing/render-form';
import { createTestI18n } from './testing/test-i18n';
import { readFileSync } from 'node:fs';

// A three-page test form: the host page only applies when the purpose is visiting friends and relatives.
const schema = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  $id: 'trip-test',
  type: 'object',
  properties: {
    purpose: { $ref: 'definitions#/definitions/purposeOfVisit' },
    hostName: { $ref: 'definitions#/definitions/name' },
    arrival: { type: 'string', format: 'date', errorMessage: 'validation:date.invalid' },
    returning: { $ref: 'definitions#/definitions/yesNo' },
  },
  required: ['purpose', 'arrival'],
  additionalProperties: false,
  errorMessage: { required: { purpose: 'validation:generic.enum', arrival: 'validation:date.required' } },
};
const ui = {
  'ui:pages': [
    { id: 'purpose', titleKey: 'forms:test.pages.purpose', fields: ['purpose'] },
    {
      id: 'host',
      titleKey: 'forms:test.pages.host',
      fields: ['hostName'],
      when: { properties: { purpose: { const: 'VISITING_FRIENDS_AND_RELATIVES' } }, required: ['purpose'] },
    },
    { id: 'dates', titleKey: 'forms:test.pages.dates', fields: ['arrival', 'returning'] },
  ],
  purpose: { 'ui:title': 'forms:test.purpose', 'ui:widget': 'radio' },
  hostName: { 'ui:title': 'forms:test.hostName' },
  arrival: { 'ui:title': 'forms:test.arrival', 'ui:widget': 'date' },
  returning: { 'ui:title': 'forms:test.returning', 'ui:widget': 'yesNo' },
};

// A one-page test form with a conditional field: the date of the last visit is asked (and required) only after "Yes".
const visitSchema = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  $id: 'visit-test',
  type: 'object',
  properties: {
    returning: { $ref: 'definitions#/definitions/yesNo' },
    lastVisit: { type: 'string', format: 'date', errorMessage: 'validation:date.invalid' },
  },
  required: ['returning', 'lastVisit'],
  additionalProperties: false,
  errorMessage: { required: { returning: 'validation:generic.required', lastVisit: 'validation:date.required' } },
};
const visitUi = {
  'ui:order': ['returning', 'lastVisit'],
  returning: { 'ui:title': 'forms:test.returning', 'ui:widget': 'yesNo' },
  lastVisit: {
    'ui:title': 'forms:test.lastVisit',
    'ui:widget': 'date',
    'ui:when': { properties: { returning: { const: true } }, required: ['returning'] },
  },
};

let dir: string;
let form: CompiledForm;
let visitForm: CompiledForm;
let en: i18n;

beforeAll(async () => {
  dir = makeScratchDir('multi-page-');
  mkdirSync(join(dir, 'schemas'));
  writeFileSync(
    join(dir, 'schemas/definitions.schema.json'),
    readFileSync(join(ROOT, 'schemas/definitions.schema.json')),
  );
  writeFileSync(join(dir, 'schemas/trip-test.schema.json'), JSON.stringify(schema));
  writeFileSync(join(dir, 'schemas/trip-test.ui.json'), JSON.stringify(ui));
  form = await compileFixtureForm(join(dir, 'schemas'), 'trip-test');
  writeFileSync(join(dir, 'schemas/visit-test.schema.json'), JSON.stringify(visitSchema));
  writeFileSync(join(dir, 'schemas/visit-test.ui.json'), JSON.stringify(visitUi));
  visitForm = await compileFixtureForm(join(dir, 'schemas'), 'visit-test');
  en = await createTestI18n('en');
  en.addResourceBundle(
    'en',
    'forms',
    {
      test: {
        pages: { purpose: 'Why are you travelling?', host: 'Who are you visiting?', dates: 'When do you arrive?' },
        purpose: 'Purpose of the visit',
        hostName: 'Name of your host',
        arrival: 'Arrival date',
        returning: 'Have you visited before?',
        lastVisit: 'Date of your last visit',
      },
    },
    true,
    true,
  );
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

const next = () => userEvent.click(screen.getByRole('button', { name: 'Continue' }));

describe('multi-page forms', () => {
  it('validates only the current page, skips pages by their when condition, keeps answers on Back', async () => {
    const onSubmit = vi.fn();
    renderWithProviders(<SchemaForm form={form} onSubmit={onSubmit} />, en);
    expect(screen.getByRole('heading', { name: 'Why are you travelling?' })).toBeTruthy();
    await next();
    expect(
      within(await screen.findByRole('alert'))
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Select one of the options']);
    await userEvent.click(screen.getByLabelText('Visiting friends and relatives'));
    await next();
    expect(await screen.findByRole('heading', { name: 'Who are you visiting?' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    await userEvent.type(screen.getByLabelText('Name of your host (optional)'), 'Sipho');
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect((screen.getByLabelText('Visiting friends and relatives') as HTMLInputElement).checked).toBe(true);
    await userEvent.click(screen.getByLabelText('Vacation or holiday'));
    await next();
    // The host page no longer applies.
    expect(await screen.findByRole('heading', { name: 'When do you arrive?' })).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Day'), '31');
    await userEvent.type(screen.getByLabelText('Month'), '2');
    await userEvent.type(screen.getByLabelText('Year'), '2030');
    await next();
    expect(within(await screen.findByRole('alert')).getByRole('link').textContent).toBe('Enter a real date');
    await userEvent.clear(screen.getByLabelText('Day'));
    await userEvent.type(screen.getByLabelText('Day'), '3');
    await next();

    // Check answers: labels, formatted answers, 'Not provided', Change links.
    expect(await screen.findByRole('heading', { name: 'Check your answers' })).toBeTruthy();
    const answer = (field: string) => document.querySelector(`[data-answer="${field}"]`)?.textContent;
    expect(answer('purpose')).toBe('Vacation or holiday');
    expect(answer('arrival')).toBe('3 February 2030');
    // Each answer is isolated, so that it keeps its own direction on a page written the other way.
    expect(document.querySelector('[data-answer="arrival"] > bdi')?.textContent).toBe('3 February 2030');
    expect(answer('returning')).toBe('Not provided');
    expect(answer('hostName')).toBeUndefined();
    const change = screen.getAllByRole('link').find((l) => l.getAttribute('href') === '#root_returning');
    expect(change?.textContent).toBe('Change Have you visited before?');
    await userEvent.click(change!);
    // The page it opens shows with that answer's control focused, not its heading.
    await waitFor(() => expect(document.activeElement?.id).toMatch(/^root_returning/));
    await userEvent.click(await screen.findByLabelText('Yes'));
    await next();
    expect(await screen.findByRole('heading', { name: 'Check your answers' })).toBeTruthy();
    expect(answer('returning')).toBe('Yes');

    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    // The skipped host page's answer is not saved.
    expect(onSubmit.mock.calls[0][0]).toEqual({ purpose: 'VACATION_HOLIDAY', arrival: '2030-02-03', returning: true });
  }, 30000);

  it('asks a field with its own when only while it holds, requires it then, and drops its answer otherwise', async () => {
    const onSubmit = vi.fn();
    renderWithProviders(<SchemaForm form={visitForm} onSubmit={onSubmit} />, en);
    expect(screen.queryByRole('group', { name: /Date of your last visit/ })).toBeNull();
    await userEvent.click(screen.getByLabelText('Yes'));
    expect(await screen.findByRole('group', { name: /Date of your last visit/ })).toBeTruthy();
    await next();
    expect(
      within(await screen.findByRole('alert'))
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Enter a date']);
    await userEvent.type(screen.getByLabelText('Day'), '3');
    await userEvent.type(screen.getByLabelText('Month'), '2');
    await userEvent.type(screen.getByLabelText('Year'), '2020');
    await userEvent.click(screen.getByLabelText('No'));
    await waitFor(() => expect(screen.queryByRole('group', { name: /Date of your last visit/ })).toBeNull());
    await next();
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0][0]).toEqual({ returning: false });
  }, 30000);

  it('sends a page once when Continue is pressed again while the next page is still being opened', async () => {
    const onPageSubmit = vi.fn(async () => true);
    // The address changes only when the router has opened the next page: here, not yet.
    const go = vi.fn();
    const address = { current: 'purpose', href: (pageId: string) => `/trip/${pageId}`, go };
    const view = renderWithProviders(
      <SchemaForm form={form} address={address} onSubmit={vi.fn()} onPageSubmit={onPageSubmit} />,
      en,
    );
    await userEvent.click(screen.getByLabelText('Vacation or holiday'));
    await next();
    await waitFor(() => expect(go).toHaveBeenCalledWith('dates', undefined));
    await next();
    await userEvent.keyboard('{Enter}');
    expect(onPageSubmit).toHaveBeenCalledTimes(1);
    expect(go).toHaveBeenCalledTimes(1);
    // An answer changed on the page left makes it a new press: sent again, to where that answer leads.
    await userEvent.click(screen.getByLabelText('Visiting friends and relatives'));
    await next();
    await waitFor(() => expect(go).toHaveBeenLastCalledWith('host', undefined));
    expect(onPageSubmit).toHaveBeenCalledTimes(2);

    // Once the next page shows, its own Continue is answered.
    view.rerender(
      <SchemaForm
        form={form}
        address={{ ...address, current: 'dates' }}
        onSubmit={vi.fn()}
        onPageSubmit={onPageSubmit}
      />,
    );
    expect(await screen.findByRole('heading', { name: 'When do you arrive?' })).toBeTruthy();
    await next();
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(onPageSubmit).toHaveBeenCalledTimes(2);
  }, 30000);
});
