import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { i18n as I18n } from 'i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setRouterContext } from '@/api/router-context';
import { settingsOf, type Settings } from '@/api/settings';
import PaymentOverviewPage from './payment-overview-page';
import { ATTEMPT_KEY_FIELD } from './paths';
import { ANA, APP, BASE, LEO, mockApi, overviewFixture, paymentI18n, renderRoutes } from './testing/payment-harness';

vi.setConfig({ testTimeout: 30_000 });

const PATH = '/applications/payment-overview';
/** English money as South Africans write it: the rand's symbol R, a no-break space, then the amount. */
const zar = (text: string) => text.replace(/R (?=\d)/g, 'R\u00a0');

let english: I18n;
beforeAll(async () => {
  english = await paymentI18n('en');
});
beforeEach(() => {
  localStorage.clear();
  setRouterContext({ applicationIdentifier: APP });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const open = (i18n: I18n = english, settings?: Settings) =>
  renderRoutes(
    i18n,
    [{ path: PATH, element: <PaymentOverviewPage /> }],
    `${PATH}?applicantIdentifier=${ANA}`,
    settings,
  );

/** Stops window.location.assign from leaving the test page, and records where it was sent. */
function stubAssign() {
  const assign = vi.fn();
  vi.stubGlobal('location', { ...window.location, assign });
  return assign;
}

describe('PaymentOverviewPage', () => {
  it('lists the fee of each applicant and the total in the language’s money format (English)', async () => {
    mockApi((call) => (call.url === `${BASE}/payment` ? [200, overviewFixture()] : undefined));
    open();
    const table = await screen.findByRole('table', { name: 'Fees: Electronic travel authorisation (ETA)' });
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(rows).toEqual(['ApplicantFee', 'Ana SilvaR 500.00', 'Léo SilvaR 500.00', 'Total to payR 1,000.00'].map(zar));
    expect(screen.getByRole('button', { name: zar('Pay R 1,000.00') })).toBeTruthy();
    const official = screen.getByText(/only official website/).closest('[role=status]');
    expect(official?.textContent).toContain(zar('The official fee is R 500.00 per applicant'));
    expect(screen.getByRole('heading', { level: 2, name: 'What happens next' })).toBeTruthy();
  });

  it('writes the amounts the Arabic way, right to left', async () => {
    mockApi((call) => (call.url === `${BASE}/payment` ? [200, overviewFixture()] : undefined));
    open(await paymentI18n('ar'));
    const total = new Intl.NumberFormat('ar', {
      style: 'currency',
      currency: 'ZAR',
      currencyDisplay: 'narrowSymbol',
    }).format(1000);
    // The Arabic currency format puts the symbol after the amount (with a right-to-left mark before the digits).
    expect(total).toMatch(/^\u200f?(1,000\.00|١٬٠٠٠٫٠٠)\s?R$/);
    const table = await screen.findByRole('table');
    expect(within(table).getAllByRole('row').at(-1)?.textContent).toBe(`المبلغ الإجمالي المستحق${total}`);
    expect(screen.getByRole('button', { name: `ادفع ${total}` })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).closest('.fui-FluentProvider')?.getAttribute('dir')).toBe('rtl');
  });

  it('creates one payment for a double click, under the key the page came with, and opens the provider’s page', async () => {
    const assign = stubAssign();
    let release: () => void = () => undefined;
    const calls = mockApi(async (call) => {
      if (call.method === 'GET' && call.url === `${BASE}/payment`) return [200, overviewFixture()];
      if (call.method === 'POST' && call.url === `${BASE}/payment`) {
        await new Promise<void>((resolve) => (release = resolve));
        return [201, { paymentIdentifier: 'p-1', redirectUrl: 'https://pay.example/sandbox/p-1' }];
      }
      return undefined;
    });
    // The key the server sent with the page, which Pay posted before the scripts ran would send too.
    const pageKey = '5b0f7a7e-3c1d-4e8a-9f5e-2d6c1b8a4e7f';
    renderRoutes(
      english,
      [{ path: PATH, element: <PaymentOverviewPage />, loader: () => ({ attemptKey: pageKey }) }],
      `${PATH}?applicantIdentifier=${ANA}`,
    );
    const pay = await screen.findByRole('button', { name: zar('Pay R 1,000.00') });
    expect((document.querySelector(`input[name="${ATTEMPT_KEY_FIELD}"]`) as HTMLInputElement | null)?.value).toBe(
      pageKey,
    );
    await userEvent.dblClick(pay);
    await userEvent.click(pay);
    release();
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://pay.example/sandbox/p-1'));
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0].headers.get('Idempotency-Key')).toBe(pageKey);
    expect(posts[0].body).toEqual({ returnLanguage: 'en' });
    expect(screen.getByRole('button', { name: 'Opening the payment page…' }).getAttribute('aria-disabled')).toBe(
      'true',
    );
  });

  it('tries again with a new key after an attempt that could not start', async () => {
    const assign = stubAssign();
    let attempts = 0;
    const calls = mockApi((call) => {
      if (call.method === 'GET') return [200, overviewFixture()];
      attempts += 1;
      return attempts === 1
        ? [503, { error: 'The service is temporarily unavailable. Please try again later.', code: 'UNAVAILABLE' }]
        : [201, { paymentIdentifier: 'p-2', redirectUrl: 'https://pay.example/sandbox/p-2' }];
    });
    open();
    await userEvent.click(await screen.findByRole('button', { name: zar('Pay R 1,000.00') }));
    expect((await screen.findByRole('alert')).textContent).toContain('The service is temporarily unavailable.');
    await userEvent.click(screen.getByRole('button', { name: zar('Pay R 1,000.00') }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://pay.example/sandbox/p-2'));
    const [first, second] = calls.filter((c) => c.method === 'POST').map((c) => c.headers.get('Idempotency-Key'));
    expect(first).not.toBe(second);
  });

  it('explains why it cannot be paid yet, with a link to each unfinished applicant, and sends nothing', async () => {
    const calls = mockApi((call) => {
      if (call.url === `${BASE}/payment`)
        return [
          200,
          overviewFixture({
            canPay: false,
            applicants: [
              { applicantIdentifier: ANA, givenNames: 'Ana', familyName: 'Silva', fee: 50_000, ready: true },
              { applicantIdentifier: LEO, givenNames: 'Léo', familyName: 'Silva', fee: 50_000, ready: false },
            ],
          }),
        ];
      if (call.url === BASE)
        return [200, { applicationIdentifier: APP, applicants: [{ applicantIdentifier: LEO, step: 'DECLARATION' }] }];
      return undefined;
    });
    open();
    const pay = await screen.findByRole('button', { name: zar('Pay R 1,000.00') });
    expect(pay.getAttribute('aria-disabled')).toBe('true');
    const explanation = document.getElementById(pay.getAttribute('aria-describedby') ?? '');
    expect(explanation?.textContent).toMatch(/^You can pay once every applicant has finished the earlier steps/);
    const link = await within(explanation!).findByRole('link', { name: 'Finish the application of Léo Silva' });
    await waitFor(() =>
      expect(link.getAttribute('href')).toBe(`/applications/declarations?applicantIdentifier=${LEO}`),
    );
    await userEvent.click(pay);
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('says why the last payment was not taken and offers to pay again', async () => {
    mockApi((call) =>
      call.url === `${BASE}/payment`
        ? [200, overviewFixture({ status: 'DECLINED', lastFailure: 'INSUFFICIENT_FUNDS' })]
        : undefined,
    );
    open();
    const problem = await screen.findByRole('alert');
    expect(within(problem).getByRole('heading', { name: 'Your payment was not taken' })).toBeTruthy();
    expect(problem.textContent).toContain('there is not enough money in the account. No money has been taken.');
    expect(screen.getByRole('button', { name: zar('Pay R 1,000.00') }).getAttribute('aria-disabled')).toBeNull();
  });

  it('warns before Pay when the portal was opened at another address than the one the card page returns to', async () => {
    mockApi((call) => (call.url === `${BASE}/payment` ? [200, overviewFixture()] : undefined));
    const here = window.location.origin;
    const portal = new URL(here).hostname === 'localhost' ? 'http://127.0.0.1:8080' : 'http://localhost:8080';
    open(english, settingsOf([{ key: 'FRONT_END_URL', value: portal }]));
    const notice = (await screen.findByText(/but it is set up at/)).closest('[role="status"]') as HTMLElement;
    expect(notice.textContent).toContain(
      `You opened the portal at ${here}, but it is set up at ${portal}. After you pay or cancel, the card page sends you back to ${portal}, where you are not signed in.`,
    );
    const link = within(notice).getByRole('link', { name: `Open this page at ${portal} and sign in there to pay` });
    expect(link.getAttribute('href')).toBe(`${portal}${PATH}?applicantIdentifier=${ANA}`);
    // Before the Pay button, so that it is read first.
    const pay = screen.getByRole('button', { name: zar('Pay R 1,000.00') });
    expect(notice.compareDocumentPosition(pay) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('says nothing of the address when the portal was opened at its own', async () => {
    mockApi((call) => (call.url === `${BASE}/payment` ? [200, overviewFixture()] : undefined));
    open(english, settingsOf([{ key: 'FRONT_END_URL', value: window.location.origin }]));
    await screen.findByRole('button', { name: zar('Pay R 1,000.00') });
    expect(screen.queryByText(/but it is set up at/)).toBeNull();
  });

  it('says the payment was stopped because the application changed, and offers to pay again for it as it is', async () => {
    mockApi((call) => (call.url === `${BASE}/payment` ? [200, overviewFixture({ status: 'VOIDED' })] : undefined));
    open();
    const problem = await screen.findByRole('alert');
    expect(
      within(problem).getByRole('heading', { name: 'Your application changed after you started to pay' }),
    ).toBeTruthy();
    expect(problem.textContent).toContain('so it has been stopped. No money has been taken.');
    expect(screen.getByRole('button', { name: zar('Pay R 1,000.00') }).getAttribute('aria-disabled')).toBeNull();
  });

  it('says a payment taken for the application as it was has been refunded (French)', async () => {
    mockApi((call) =>
      call.url === `${BASE}/payment`
        ? [200, overviewFixture({ status: 'VOIDED', refund: 'REFUNDED', lastFailure: 'DECLINED' })]
        : undefined,
    );
    open(await paymentI18n('fr'));
    const problem = await screen.findByRole('alert');
    expect(
      within(problem).getByRole('heading', { name: 'Votre demande a changé après le début du paiement' }),
    ).toBeTruthy();
    expect(problem.textContent).toContain('Le montant a été remboursé sur votre carte');
    // The voided payment says nothing of the card: an older refusal is not shown with it.
    expect(screen.getAllByRole('alert')).toHaveLength(1);
  });
});
