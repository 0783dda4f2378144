import '@/engine/testing/forms-loaded';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { i18n } from 'i18next';
import { listForms, loadForm } from '@/engine/form-loader';
import { createTestI18n } from '@/engine/testing/test-i18n';
import { renderWithProviders } from '@/engine/testing/render-form';
import FormPreviewPage from './form-preview-page';

// Typing and clicking through Fluent controls can take more than 5 s on a busy machine.
vi.setConfig({ testTimeout: 30000 });

let en: i18n;
// As in the portal's layout: the page suspends until its first form has loaded.
const page = (
  <Suspense fallback={null}>
    <FormPreviewPage />
  </Suspense>
);
beforeAll(async () => {
  en = await createTestI18n('en');
});

/** Renders the page and waits, inside act(), for the form it suspends on. */
async function renderPage() {
  await act(async () => {
    renderWithProviders(page, en);
    await loadForm(listForms()[0]);
  });
}

describe('form preview page', () => {
  it('renders a form with its example answers and lists every message it can give', async () => {
    await renderPage();
    await userEvent.selectOptions(screen.getByLabelText('Form'), 'registration');
    await waitFor(() =>
      expect((screen.getByLabelText('Given names') as HTMLInputElement).value).toBe('Thandiwe Nomsa'),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Show every validation message' }));
    const table = within(screen.getByRole('region', { name: 'Validation messages of this form' }));
    for (const text of [
      'Email is required',
      'Invalid mobile number',
      'Passwords do not match',
      'Password must contain at least one special character',
    ]) {
      expect(table.getByText(text)).toBeTruthy();
    }
  });

  it('switches language', async () => {
    await renderPage();
    await userEvent.selectOptions(screen.getByLabelText('Language'), 'fr');
    expect(await screen.findByText('Aperçu des formulaires')).toBeTruthy();
    await en.changeLanguage('en');
  });
});
