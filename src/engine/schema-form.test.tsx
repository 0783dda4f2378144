import '@/engine/testing/forms-loaded';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { i18n } from 'i18next';
import { loadForm } from './form-loader';
import type { CompiledForm } from './form-types';
import { formErrorsShowing } from './error-title';
import { SchemaForm } from './schema-form';
import { createTestI18n } from './testing/test-i18n';
import { renderWithProviders } from './testing/render-form';

// Typing and clicking through Fluent controls can take more than 5 s on a busy machine.
vi.setConfig({ testTimeout: 30000 });

let en: i18n;
let fr: i18n;
let login: CompiledForm;
let registration: CompiledForm;

beforeAll(async () => {
  en = await createTestI18n('en');
  fr = await createTestI18n('fr');
  login = await loadForm('login');
  registration = await loadForm('registration');
});

describe('SchemaForm', () => {
  it('renders labels from the UI schema without asterisks', () => {
    renderWithProviders(<SchemaForm form={login} onSubmit={() => {}} />, en);
    expect(screen.getByLabelText('Email address')).toHaveProperty('type', 'email');
    expect(screen.getByLabelText('Password')).toHaveProperty('type', 'password');
    expect(document.body.textContent).not.toContain('*');
  });

  it('shows the GOV.UK error summary on submit, focuses it, prefixes the title and links to fields', async () => {
    document.title = 'Log in';
    const onSubmit = vi.fn();
    renderWithProviders(<SchemaForm form={login} onSubmit={onSubmit} />, en);
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    const summary = await screen.findByRole('alert');
    expect(within(summary).getByRole('heading', { name: 'There is a problem' })).toBeTruthy();
    const links = within(summary)
      .getAllByRole('link')
      .map((a) => a.textContent);
    expect(links).toEqual(['Email is required', 'Password is required']);
    await waitFor(() => expect(document.activeElement).toBe(summary));
    // The layout puts 'Error: ' in front of the page title while this is true.
    expect(formErrorsShowing()).toBe(true);
    const email = screen.getByLabelText('Email address');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    const describedBy = email.getAttribute('aria-describedby') ?? '';
    expect(describedBy.split(' ').map((id) => document.getElementById(id)?.textContent)).toContain(
      'Error: Email is required',
    );
    await userEvent.click(within(summary).getByRole('link', { name: 'Password is required' }));
    expect(document.activeElement).toBe(screen.getByLabelText('Password'));
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('validates on submit only, then live, clearing each message as it is corrected', async () => {
    renderWithProviders(<SchemaForm form={login} onSubmit={() => {}} />, en);
    const email = screen.getByLabelText('Email address');
    await userEvent.type(email, 'someone@');
    // Leaving a field says nothing yet: a message appearing on blur would move the button under the pointer.
    fireEvent.blur(email);
    expect(screen.queryByText('Invalid email')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: /continue|log in|submit/i }));
    expect((await screen.findAllByText('Invalid email')).length).toBeGreaterThan(0);
    await userEvent.type(email, 'example.org');
    await waitFor(() => expect(screen.queryByText('Invalid email')).toBeNull());
    await waitFor(() => expect(formErrorsShowing()).toBe(true));
  });

  it('leaves a required yes/no question unanswered until the user chooses, and asks for it on submit', async () => {
    const declarations = await loadForm('declarations');
    renderWithProviders(<SchemaForm form={declarations} onSubmit={() => {}} />, en);
    const radios = await screen.findAllByRole('radio');
    expect(radios.filter((r) => (r as HTMLInputElement).checked)).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: /continue/i }));
    expect((await screen.findAllByText(en.t('validation:yesNo.required'))).length).toBeGreaterThan(0);
  });

  it('submits valid answers', async () => {
    const onSubmit = vi.fn();
    renderWithProviders(<SchemaForm form={login} onSubmit={onSubmit} />, en);
    await userEvent.type(screen.getByLabelText('Email address'), 'thandiwe@example.org');
    await userEvent.type(screen.getByLabelText('Password'), 'anything');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ email: 'thandiwe@example.org', password: 'anything' }));
  });

  it('shows server errors in the same summary until the answer changes', async () => {
    const { rerender } = renderWithProviders(
      <SchemaForm form={login} formData={login.examples.valid[0]} onSubmit={() => {}} />,
      en,
    );
    const serverErrors = {
      error: 'There is a problem with the information you sent',
      code: 'VALIDATION_FAILED',
      fields: [{ field: 'email', key: 'validation:email.invalid', message: 'Invalid email' }],
    };
    rerender(
      <SchemaForm form={login} formData={login.examples.valid[0]} onSubmit={() => {}} serverErrors={serverErrors} />,
    );
    const summary = await screen.findByRole('alert');
    expect(within(summary).getByRole('link', { name: 'Invalid email' })).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Email address'), 'x');
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });

  it('runs the shared rules: confirmation mismatch and mobile number for the chosen country', async () => {
    const onSubmit = vi.fn();
    const answers = {
      ...registration.examples.valid[0],
      confirmPassword: 'Other#2025x',
      mobile: { isoAlpha2Code: 'ZA', mobileNumber: '12345' },
    };
    renderWithProviders(<SchemaForm form={registration} formData={answers} onSubmit={onSubmit} />, en);
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    const summary = await screen.findByRole('alert');
    expect(
      within(summary)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Invalid mobile number', 'Passwords do not match']);
    await userEvent.click(within(summary).getByRole('link', { name: 'Invalid mobile number' }));
    expect(document.activeElement?.id).toBe('root_mobile_mobileNumber');
  });

  it('hands over normalised answers: the mobile number in E.164', async () => {
    const onSubmit = vi.fn();
    renderWithProviders(
      <SchemaForm form={registration} formData={registration.examples.valid[0]} onSubmit={onSubmit} />,
      en,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0][0].mobile).toEqual({ isoAlpha2Code: 'ZA', mobileNumber: '+27821234567' });
  });

  it('labels optional fields "(optional)" and speaks French when the language is French', async () => {
    renderWithProviders(<SchemaForm form={login} onSubmit={() => {}} />, fr);
    await userEvent.click(screen.getByRole('button', { name: 'Continuer' }));
    const summary = await screen.findByRole('alert');
    expect(within(summary).getByRole('heading', { name: 'Il y a un problème' })).toBeTruthy();
    expect(within(summary).getAllByRole('link')[0].textContent).toBe('L’adresse e-mail est obligatoire');
  });

  it('loads a form by id', async () => {
    await act(async () => {
      renderWithProviders(<SchemaForm formId="forgot-password" onSubmit={() => {}} />, en);
    });
    expect(await screen.findByLabelText('Email address')).toBeTruthy();
  });
});
