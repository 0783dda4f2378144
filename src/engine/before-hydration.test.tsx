import '@/engine/testing/forms-loaded';
import { FluentProvider, SSRProvider, webLightTheme } from '@fluentui/react-components';
import { act, screen, waitFor } from '@testing-library/react';
import type { i18n } from 'i18next';
import type { ReactElement } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadForm } from './form-loader';
import type { CompiledForm } from './form-types';
import { SchemaForm } from './schema-form';
import { createTestI18n } from './testing/test-i18n';
import { FORM_ACTIONS, FORM_FIELDS } from './form-address';
import { FORM_TOKEN_FIELD, FormTokenContext } from '@/ui/form-token';
import { setPageTakenOver } from '@/ui/page-taken-over';

let en: i18n;
let login: CompiledForm;
let registration: CompiledForm;

beforeAll(async () => {
  en = await createTestI18n('en');
  login = await loadForm('login');
  registration = await loadForm('registration');
});

const TOKEN = 'nonce.signature';

const wrap = (node: ReactElement) => (
  <SSRProvider>
    <I18nextProvider i18n={en}>
      <FormTokenContext value={TOKEN}>
        <FluentProvider theme={webLightTheme}>{node}</FluentProvider>
      </FormTokenContext>
    </I18nextProvider>
  </SSRProvider>
);

/** The form as the server renders it, placed in the document as the browser receives it. */
function renderedAhead(form: ReactElement): HTMLElement {
  const container = document.createElement('div');
  container.innerHTML = renderToString(wrap(form));
  document.body.appendChild(container);
  return container;
}

// Each page here is rendered as the server renders it, then taken over.
beforeEach(() => setPageTakenOver(false));
afterEach(() => {
  document.body.innerHTML = '';
  setPageTakenOver();
});

describe('a form rendered by the server, before and after the page takes it over', () => {
  it('is sent by the browser before its scripts run: a real submit button, the token, the page, answers by path', () => {
    const container = renderedAhead(<SchemaForm form={registration} onSubmit={() => {}} />);
    const form = container.querySelector('form')!;
    expect(form.getAttribute('method')).toBe('post');
    const buttons = [...form.querySelectorAll('button')].filter((b) => b.type === 'submit');
    // Enter in a field presses the first submit button: a hidden Continue, ahead of any list's own buttons.
    expect(buttons[0].hidden).toBe(true);
    expect(buttons[0].value).toBe(FORM_ACTIONS.continue);
    const submits = buttons.filter((b) => !b.hidden);
    expect(submits).toHaveLength(1);
    expect(submits[0].disabled).toBe(false);
    expect(submits[0].name).toBe(FORM_FIELDS.action);
    expect(screen.getByRole('button', { name: en.t('forms:engine.submit') })).toBe(submits[0]);
    const fields = new FormData(form, submits[0]);
    expect(fields.get(FORM_TOKEN_FIELD)).toBe(TOKEN);
    expect(fields.get(FORM_FIELDS.page)).toBe('main');
    expect(fields.get(FORM_FIELDS.action)).toBe(FORM_ACTIONS.continue);
    // Each control is named by its answer's path: the server reads the answers back by the schema.
    const names = [...form.elements].map((e) => (e as HTMLInputElement).name).filter((n) => n && !n.startsWith('_'));
    expect(names).toEqual(
      expect.arrayContaining([
        'title',
        'givenNames',
        'email',
        'mobile.isoAlpha2Code',
        'mobile.mobileNumber',
        'acceptTerms',
      ]),
    );
    // A list is the browser's own control until the scripts take it over: it chooses without them.
    expect(form.querySelector('select[name="title"]')).not.toBeNull();
  });

  it('once hydrated is the form the browser renders, and sends what was typed before', async () => {
    const onSubmit = vi.fn();
    const form = <SchemaForm form={login} onSubmit={onSubmit} />;
    const container = renderedAhead(form);
    const email = container.querySelector<HTMLInputElement>('#root_email')!;
    const password = container.querySelector<HTMLInputElement>('#root_password')!;
    email.value = 'thandiwe@example.org';
    password.value = 'Kalahari#2025';
    await act(async () => {
      hydrateRoot(container, wrap(form));
    });
    const submit = await screen.findByRole('button', { name: en.t('forms:engine.submit') });
    expect(email.value).toBe('thandiwe@example.org');
    await act(async () => submit.click());
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({ email: 'thandiwe@example.org', password: 'Kalahari#2025' }),
    );
  });

  it('keeps a tick box ticked before hydration in the answers', async () => {
    const onChange = vi.fn();
    const form = <SchemaForm form={registration} onSubmit={() => {}} onChange={onChange} />;
    const container = renderedAhead(form);
    container.querySelector<HTMLInputElement>('#root_acceptTerms')!.checked = true;
    await act(async () => {
      hydrateRoot(container, wrap(form));
    });
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ acceptTerms: true })));
    expect(container.querySelector<HTMLInputElement>('#root_acceptTerms')!.checked).toBe(true);
  });

  it('keeps a choice made in a list before hydration in the answers, and offers the list to type into after', async () => {
    const onChange = vi.fn();
    const form = <SchemaForm form={registration} onSubmit={() => {}} onChange={onChange} />;
    const container = renderedAhead(form);
    container.querySelector<HTMLSelectElement>('select[name="title"]')!.value = 'DR';
    await act(async () => {
      hydrateRoot(container, wrap(form));
    });
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ title: 'DR' })));
    await waitFor(() => expect(container.querySelector('select[name="title"]')).toBeNull());
    expect(container.querySelector<HTMLInputElement>('#root_title')!.getAttribute('role')).toBe('combobox');
  });
});
