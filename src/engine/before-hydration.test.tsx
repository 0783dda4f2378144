import '@/engine/testing/forms-loaded';
import { FluentProvider, SSRProvider, webLightTheme } from '@fluentui/react-components';
import { act, screen, waitFor } from '@testing-library/react';
import type { i18n } from 'i18next';
import type { ReactElement } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadForm } from './form-loader';
import type { CompiledForm } from './form-types';
import { SchemaForm } from './schema-form';
import { createTestI18n } from './testing/test-i18n';

let en: i18n;
let login: CompiledForm;
let registration: CompiledForm;

beforeAll(async () => {
  en = await createTestI18n('en');
  login = await loadForm('login');
  registration = await loadForm('registration');
});

const wrap = (node: ReactElement) => (
  <SSRProvider>
    <I18nextProvider i18n={en}>
      <FluentProvider theme={webLightTheme}>{node}</FluentProvider>
    </I18nextProvider>
  </SSRProvider>
);

/** The form as the server renders it ahead, placed in the document as the browser receives it. */
function renderedAhead(form: ReactElement): HTMLElement {
  const container = document.createElement('div');
  container.innerHTML = renderToString(wrap(form));
  document.body.appendChild(container);
  return container;
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('a form rendered ahead, before and after the page takes it over', () => {
  it('cannot be sent by the browser: its only submit button is hidden and disabled, and it posts', () => {
    const container = renderedAhead(<SchemaForm form={login} onSubmit={() => {}} />);
    const form = container.querySelector('form')!;
    expect(form.getAttribute('method')).toBe('post');
    const submits = [...form.querySelectorAll('button')].filter((b) => b.type === 'submit');
    expect(submits).toHaveLength(1);
    expect(submits[0].disabled).toBe(true);
    expect(submits[0].hidden).toBe(true);
    // The form's visible button is there, only not a submit button yet.
    expect(screen.getByRole('button', { name: en.t('forms:engine.submit') }).getAttribute('type')).toBe('button');
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
    await waitFor(() => expect(submit.getAttribute('type')).toBe('submit'));
    expect(container.querySelectorAll('button[hidden]')).toHaveLength(0);
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
});
