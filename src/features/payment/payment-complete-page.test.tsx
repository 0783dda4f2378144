import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { i18n as I18n } from 'i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { getRouterContext } from '@/api/router-context';
import PaymentCompletePage from './payment-complete-page';
import PaymentOverviewPage from './payment-overview-page';
import { APP, BASE, mockApi, overviewFixture, paymentI18n, renderRoutes } from './testing/payment-harness';

vi.setConfig({ testTimeout: 30_000 });

let i18n: I18n;
beforeAll(async () => {
  i18n = await paymentI18n('en');
});
beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

/** The provider's return link, here claiming success: the page must not believe it. */
const RETURN = `/applications/payment-complete?applicationIdentifier=${APP}&status=success`;

const open = () =>
  renderRoutes(
    i18n,
    [
      { path: '/applications/payment-complete', element: <PaymentCompletePage /> },
      { path: '/applications/payment-overview', element: <PaymentOverviewPage /> },
    ],
    RETURN,
  );

describe('PaymentCompletePage', () => {
  it('asks the API, not the link, and goes back to the payment page with the reason when the card was declined', async () => {
    let confirmed = false;
    const calls = mockApi((call) => {
      if (call.method === 'POST' && call.url === `${BASE}/payment/confirm`) {
        confirmed = true;
        return [200, { status: 'DECLINED', lastFailure: 'DECLINED' }];
      }
      if (call.method === 'GET' && call.url === `${BASE}/payment`)
        return [200, overviewFixture(confirmed ? { status: 'DECLINED', lastFailure: 'DECLINED' } : {})];
      return undefined;
    });
    const { router } = open();
    expect(screen.getByRole('status').textContent).toContain('Checking your payment with the payment provider.');
    const problem = await screen.findByRole('alert');
    expect(within(problem).getByRole('heading', { name: 'Your payment was not taken' })).toBeTruthy();
    expect(problem.textContent).toContain('Your card was declined. No money has been taken.');
    expect(router.state.location.pathname).toBe('/applications/payment-overview');
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual([`${BASE}/payment/confirm`]);
    expect(getRouterContext().applicationIdentifier).toBe(APP);
  });

  it('goes on to the confirmation when the API says the payment was taken', async () => {
    mockApi((call) =>
      call.url === `${BASE}/payment/confirm`
        ? [200, { status: 'PAID', reference: 'ETA-7K3QM-2RXD9-V', submittedAt: '2026-11-24T19:00:00Z' }]
        : undefined,
    );
    open();
    expect(
      await screen.findByRole('heading', {
        name: `page /applications/application-submitted?applicationIdentifier=${APP}`,
      }),
    ).toBeTruthy();
  });

  it('waits politely while the payment is pending, and checks again', async () => {
    let answers = 0;
    mockApi((call) => {
      if (call.url !== `${BASE}/payment/confirm`) return undefined;
      answers += 1;
      return answers === 1
        ? [200, { status: 'PENDING' }]
        : [200, { status: 'PAID', reference: 'ETA-7K3QM-2RXD9-V', submittedAt: '2026-11-24T19:00:00Z' }];
    });
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Your payment is being processed' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('Your bank has not confirmed the payment yet.');
    await userEvent.click(screen.getByRole('link', { name: 'Check again' }));
    expect(await screen.findByRole('heading', { name: /^page \/applications\/application-submitted/ })).toBeTruthy();
  });

  it('goes back to the payment page, which says why, when the application changed after the payment started', async () => {
    mockApi((call) => {
      if (call.method === 'POST' && call.url === `${BASE}/payment/confirm`) return [200, { status: 'VOIDED' }];
      if (call.method === 'GET' && call.url === `${BASE}/payment`)
        return [200, overviewFixture({ status: 'VOIDED', canPay: false })];
      return undefined;
    });
    const { router } = open();
    const problem = await screen.findByRole('alert');
    expect(
      within(problem).getByRole('heading', { name: 'Your application changed after you started to pay' }),
    ).toBeTruthy();
    expect(router.state.location.pathname).toBe('/applications/payment-overview');
  });
});
