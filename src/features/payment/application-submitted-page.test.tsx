import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { i18n as I18n } from 'i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import ApplicationSubmittedPage from './application-submitted-page';
import { ANA, APP, BASE, LEO, mockApi, paymentI18n, renderRoutes } from './testing/payment-harness';

vi.setConfig({ testTimeout: 30_000 });

let i18n: I18n;
beforeAll(async () => {
  i18n = await paymentI18n('en');
});
beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

const PATH = '/applications/application-submitted';
const open = () =>
  renderRoutes(i18n, [{ path: PATH, element: <ApplicationSubmittedPage /> }], `${PATH}?applicationIdentifier=${APP}`);

const SUBMISSION = {
  reference: 'ETA-7K3QM-2RXD9-V',
  submittedAt: '2026-11-24T19:05:00Z',
  applicationType: 'ETA',
  applicants: [
    { applicantIdentifier: ANA, givenNames: 'Ana', familyName: 'Silva' },
    { applicantIdentifier: LEO, givenNames: 'Léo', familyName: 'Silva' },
  ],
  amountPaid: 100_000,
  currency: 'ZAR',
  accountEmail: 'ana@example.com',
};

describe('ApplicationSubmittedPage', () => {
  it('shows the reference read from the API (a bookmark needs nothing else), the applicants and the amount paid', async () => {
    const calls = mockApi((call) => (call.url === `${BASE}/submission` ? [200, SUBMISSION] : undefined));
    open();
    const reference = await screen.findByText('ETA-7K3QM-2RXD9-V');
    expect(reference.tagName).toBe('BDI');
    expect(reference.getAttribute('dir')).toBe('ltr');
    expect(screen.getByRole('heading', { level: 1, name: 'Application submitted' })).toBeTruthy();
    expect(screen.getByText('We have sent a confirmation with this reference number to ana@example.com.')).toBeTruthy();
    const rows = screen.getAllByRole('term').map((term) => term.parentElement?.textContent);
    expect(rows).toContain('Applicants' + 'Ana Silva' + 'Léo Silva');
    expect(rows).toContain('Amount paid' + 'R\u00a01,000.00');
    expect(rows).toContain('Application type' + 'Electronic travel authorisation (ETA)');
    expect(screen.getByRole('heading', { level: 2, name: 'What happens next' })).toBeTruthy();
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([`GET ${BASE}/submission`]);
  });

  it('prints the receipt', async () => {
    mockApi((call) => (call.url === `${BASE}/submission` ? [200, SUBMISSION] : undefined));
    const print = vi.fn();
    vi.stubGlobal('print', print);
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Print receipt' }));
    expect(print).toHaveBeenCalledOnce();
    expect(screen.getByRole('link', { name: 'Go to My applications' }).getAttribute('href')).toBe('/my-applications');
  });

  it('says so when the application has not been submitted yet', async () => {
    mockApi(() => [404, { error: 'This application has not been submitted.', code: 'SUBMISSION_NOT_FOUND' }]);
    open();
    const problem = await screen.findByRole('alert');
    expect(problem.textContent).toContain('This application has not been submitted yet.');
    expect(within(problem).getByRole('link', { name: 'Go to the payment page' }).getAttribute('href')).toBe(
      '/applications/payment-overview',
    );
  });
});
