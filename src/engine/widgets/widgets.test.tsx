import '@/engine/testing/forms-loaded';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { i18n } from 'i18next';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { makeScratchDir, ROOT } from '../../../tools/catalogue/checks';
import type { CompiledForm, FormAnswers } from '../form-types';
import { SchemaForm } from '../schema-form';
import { compileFixtureForm } from '../../../tests/catalogue/compile-fixture';
import { renderWithProviders } from '../testing/render-form';
import { createTestI18n } from '../testing/test-i18n';
import { joinDate, splitDate } from '@/shared/forms/date-parts';
import { passwordRules } from './password-rules';

// Typing and clicking through Fluent controls can take more than 5 s on a busy machine.
vi.setConfig({ testTimeout: 30000 });

// One test form using every widget of the registry.
const schema = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  $id: 'widgets-test',
  type: 'object',
  properties: {
    text: { $ref: 'definitions#/definitions/name' },
    email: { $ref: 'definitions#/definitions/email' },
    password: { $ref: 'definitions#/definitions/password' },
    mobile: { $ref: 'definitions#/definitions/mobileNumber' },
    date: { type: 'string', format: 'date', errorMessage: 'validation:date.invalid' },
    title: { $ref: 'definitions#/definitions/title' },
    country: { $ref: 'definitions#/definitions/countryCode' },
    yesNo: { $ref: 'definitions#/definitions/yesNo' },
    airport: { $ref: 'definitions#/definitions/entryAirport' },
    agree: { type: 'boolean' },
    notes: { type: 'string', maxLength: 500 },
    file: { type: 'string' },
    secret: { type: 'string' },
    count: { $ref: 'definitions#/definitions/number' },
  },
  additionalProperties: false,
};
const ui = {
  text: { 'ui:title': 'forms:w.text', 'ui:help': 'forms:w.hint' },
  email: { 'ui:title': 'forms:w.email', 'ui:widget': 'email' },
  password: {
    'ui:title': 'forms:w.password',
    'ui:widget': 'password',
    'ui:options': { checklist: true, autocomplete: 'new-password' },
  },
  mobile: { 'ui:title': 'forms:w.mobile', 'ui:field': 'phone' },
  date: { 'ui:title': 'forms:w.date', 'ui:widget': 'date' },
  title: { 'ui:title': 'forms:w.title', 'ui:widget': 'combobox' },
  country: { 'ui:title': 'forms:w.country', 'ui:widget': 'country' },
  yesNo: { 'ui:title': 'forms:w.yesNo', 'ui:widget': 'yesNo' },
  airport: { 'ui:title': 'forms:w.airport', 'ui:widget': 'radio' },
  agree: { 'ui:title': 'forms:w.agree', 'ui:widget': 'checkbox' },
  notes: { 'ui:title': 'forms:w.notes', 'ui:widget': 'textarea' },
  file: { 'ui:title': 'forms:w.file', 'ui:widget': 'file' },
  secret: { 'ui:widget': 'hidden' },
  count: { 'ui:title': 'forms:w.count' },
};
const texts = {
  w: {
    text: 'Name',
    hint: 'As in your passport',
    email: 'Email',
    password: 'Password',
    mobile: 'Mobile',
    date: 'Date',
    title: 'Title',
    country: 'Country',
    yesNo: 'Travelled before',
    airport: 'Airport',
    agree: 'I agree',
    notes: 'Notes',
    file: 'Document',
    count: 'How many',
  },
};

let dir: string;
let form: CompiledForm;
let en: i18n;

beforeAll(async () => {
  dir = makeScratchDir('widgets-');
  mkdirSync(join(dir, 'schemas'));
  writeFileSync(
    join(dir, 'schemas/definitions.schema.json'),
    readFileSync(join(ROOT, 'schemas/definitions.schema.json')),
  );
  writeFileSync(join(dir, 'schemas/widgets-test.schema.json'), JSON.stringify(schema));
  writeFileSync(join(dir, 'schemas/widgets-test.ui.json'), JSON.stringify(ui));
  form = await compileFixtureForm(join(dir, 'schemas'), 'widgets-test');
  en = await createTestI18n('en');
  en.addResourceBundle('en', 'forms', texts, true, true);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function setup(formData: FormAnswers = {}) {
  const onChange = vi.fn();
  const onSubmit = vi.fn();
  renderWithProviders(<SchemaForm form={form} formData={formData} onChange={onChange} onSubmit={onSubmit} />, en);
  const last = () => onChange.mock.calls.at(-1)?.[0] as FormAnswers;
  return { onChange, onSubmit, last };
}

describe('text widget', () => {
  it('is 56 px high, says (optional), ties its hint by aria-describedby and clears to no answer', async () => {
    const { last } = setup();
    const input = screen.getByLabelText('Name (optional)');
    expect(document.getElementById(input.getAttribute('aria-describedby')!)?.textContent).toBe('As in your passport');
    await userEvent.type(input, 'Ann');
    expect(last().text).toBe('Ann');
    await userEvent.clear(input);
    expect(last().text).toBeUndefined();
  });

  it('takes numbers as text and reports "Invalid number"', async () => {
    const { onSubmit } = setup();
    await userEvent.type(screen.getByLabelText('How many (optional)'), 'abc');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(within(await screen.findByRole('alert')).getByRole('link').textContent).toBe('Invalid number');
    expect(onSubmit).not.toHaveBeenCalled();
  });
});

describe('email widget', () => {
  it('never auto-capitalises, never spell-checks, autocompletes email and trims', async () => {
    const { last } = setup();
    const input = screen.getByLabelText('Email (optional)');
    expect(input.getAttribute('autocapitalize')).toBe('off');
    expect(input.getAttribute('spellcheck')).toBe('false');
    expect(input.getAttribute('autocomplete')).toBe('email');
    await userEvent.type(input, ' a@b.co ');
    expect(last().email).toBe('a@b.co');
  });
});

describe('password widget', () => {
  it('shows and hides the password and ticks the rules of the schema as they are met', async () => {
    setup();
    const input = screen.getByLabelText('Password (optional)');
    expect(input.getAttribute('type')).toBe('password');
    await userEvent.click(screen.getByRole('button', { name: 'Show' }));
    expect(input.getAttribute('type')).toBe('text');
    expect(screen.getByRole('button', { name: 'Hide' }).getAttribute('aria-pressed')).toBe('true');
    const list = screen.getByRole('list', { name: 'Your password must have:' });
    const met = () =>
      within(list)
        .getAllByRole('listitem')
        .filter((li) => li.dataset.met === 'true')
        .map((li) => li.textContent);
    await userEvent.type(input, 'abc');
    expect(met()).toEqual([
      'Password must be less than 50 characters long (done)',
      'Password must contain at least one lowercase letter (done)',
    ]);
    await userEvent.type(input, 'DEF12!');
    expect(met()).toHaveLength(6);
  }, 30000);

  it('reads its rules from the schema in order', () => {
    const rules = passwordRules((form.schema as { definitions: Record<string, object> }).definitions.password);
    expect(rules.map((r) => r.key)).toEqual([
      'validation:password.minLength',
      'validation:password.maxLength',
      'validation:password.uppercase',
      'validation:password.lowercase',
      'validation:password.number',
      'validation:password.special',
    ]);
    expect(rules[5].test('abc')).toBe(false);
    expect(rules[5].test('ab#')).toBe(true);
  });
});

describe('phone field', () => {
  it('chooses a country by typing and gives { isoAlpha2Code, mobileNumber }', async () => {
    const { last } = setup();
    const country = screen.getByLabelText('Country code');
    await userEvent.type(country, 'South Af');
    await userEvent.click(await screen.findByRole('option', { name: 'South Africa (+27)' }));
    await userEvent.type(screen.getByLabelText('Mobile number'), '0821234567');
    expect(last().mobile).toEqual({ isoAlpha2Code: 'ZA', mobileNumber: '0821234567' });
  }, 30000);

  it('finds a country by its dialling code and reports an invalid number on the number', async () => {
    setup();
    await userEvent.type(screen.getByLabelText('Country code'), '+44');
    await userEvent.click(await screen.findByRole('option', { name: /United Kingdom \(\+44\)/ }));
    const number = screen.getByLabelText('Mobile number');
    await userEvent.type(number, '12');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(within(await screen.findByRole('alert')).getByRole('link').textContent).toBe('Invalid mobile number');
    expect(number.getAttribute('aria-invalid')).toBe('true');
  }, 30000);
});

describe('date widget', () => {
  it('joins day, month and year into an ISO date and splits it back', async () => {
    expect(joinDate({ day: '3', month: '2', year: '2030' })).toBe('2030-02-03');
    expect(joinDate({ day: '', month: '', year: '' })).toBeUndefined();
    expect(splitDate('2030-02-03')).toEqual({ day: '3', month: '2', year: '2030' });
    const { last } = setup({ date: '1990-12-25' });
    expect((screen.getByLabelText('Day') as HTMLInputElement).value).toBe('25');
    await userEvent.clear(screen.getByLabelText('Year'));
    await userEvent.type(screen.getByLabelText('Year'), '1991');
    expect(last().date).toBe('1991-12-25');
    expect(screen.getByRole('group', { name: 'Date (optional)' })).toBeTruthy();
  });
});

describe('combobox and country widgets', () => {
  it('filters a long enum list as the user types and shows translated labels', async () => {
    const { last } = setup();
    await userEvent.type(screen.getByLabelText('Title (optional)'), 'Rear');
    await userEvent.click(await screen.findByRole('option', { name: 'Rear Adm' }));
    expect(last().title).toBe('REAR_ADM');
  });

  it('keeps what is typed after a chosen option, and the answer is empty while the text matches no option', async () => {
    const { last } = setup({ title: 'MRS' });
    const input = screen.getByLabelText<HTMLInputElement>('Title (optional)');
    expect(input.value).toBe('Mrs');
    await userEvent.type(input, 'x');
    expect(input.value).toBe('Mrsx');
    expect(last().title).toBeUndefined();
    expect((await screen.findByRole('option')).textContent).toBe(en.t('forms:engine.noMatch'));
  });

  it('offers countries by name in the user language', async () => {
    const { last } = setup();
    await userEvent.type(screen.getByLabelText('Country (optional)'), 'Namib');
    await userEvent.click(await screen.findByRole('option', { name: 'Namibia' }));
    expect(last().country).toBe('NA');
  });
});

describe('choice widgets', () => {
  it('yes/no is a boolean radio pair in a fieldset', async () => {
    const { last } = setup();
    const group = screen.getByRole('group', { name: 'Travelled before (optional)' });
    await userEvent.click(within(group).getByLabelText('No'));
    expect(last().yesNo).toBe(false);
    await userEvent.click(within(group).getByLabelText('Yes'));
    expect(last().yesNo).toBe(true);
  });

  it('radio lists enum values with their labels', async () => {
    const { last } = setup();
    await userEvent.click(screen.getByLabelText('Lanseria International Airport'));
    expect(last().airport).toBe('LANSERIA_INTERNATIONAL_AIRPORT');
  });

  it('checkbox is labelled by its title', async () => {
    const { last } = setup();
    await userEvent.click(screen.getByLabelText('I agree (optional)'));
    expect(last().agree).toBe(true);
  });
});

describe('textarea, file and hidden widgets', () => {
  it('textarea keeps longer text', async () => {
    const { last } = setup();
    await userEvent.type(screen.getByLabelText('Notes (optional)'), 'Line one');
    expect(last().notes).toBe('Line one');
  });

  it('file upload gives a data URL carrying the file name', async () => {
    const { last } = setup();
    const file = new File(['%PDF-1.4'], 'letter.pdf', { type: 'application/pdf' });
    fireEvent.change(screen.getByLabelText('Document (optional)'), { target: { files: [file] } });
    await waitFor(() => expect(last()?.file).toMatch(/^data:application\/pdf;name=letter\.pdf;base64,/));
    expect(await screen.findByText('Selected file: letter.pdf')).toBeTruthy();
  });

  it('hidden keeps an answer the user does not type', () => {
    setup({ secret: 'from-the-link' });
    expect((document.getElementById('root_secret') as HTMLInputElement).value).toBe('from-the-link');
  });
});
