import { afterEach, describe, expect, it, vi } from 'vitest';
import { confirmPayment, IDEMPOTENCY_KEY_HEADER, loadSubmission, startPayment } from './payments';

afterEach(() => vi.unstubAllGlobals());

function answer(status: number, body: unknown) {
  const fetch = vi.fn(
    async (_url: string, _init?: RequestInit) =>
      new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

describe('payment calls', () => {
  it('start a payment under the attempt’s idempotency key, asking for the provider’s page in the language', async () => {
    const fetch = answer(201, { paymentIdentifier: 'p-1', redirectUrl: 'https://pay.example/p-1' });
    const result = await startPayment('app-1', 'key-1', 'fr');
    expect(result.data).toEqual({ paymentIdentifier: 'p-1', redirectUrl: 'https://pay.example/p-1' });
    const [url, init] = fetch.mock.calls[0];
    expect(url).toBe('/api/eta/applications/app-1/payment');
    expect(init?.method).toBe('POST');
    expect(new Headers(init?.headers).get(IDEMPOTENCY_KEY_HEADER)).toBe('key-1');
    expect(JSON.parse(String(init?.body))).toEqual({ returnLanguage: 'fr' });
  });

  it('send no language the provider does not offer', async () => {
    const fetch = answer(201, { paymentIdentifier: 'p-1', redirectUrl: 'https://pay.example/p-1' });
    await startPayment('app-1', 'key-2', 'en-XA');
    expect(JSON.parse(String(fetch.mock.calls[0][1]?.body))).toEqual({});
  });

  it('confirm with a POST and read the receipt with a GET, under the application', async () => {
    let fetch = answer(200, { status: 'DECLINED', lastFailure: 'DECLINED' });
    expect((await confirmPayment('app-1')).data).toEqual({ status: 'DECLINED', lastFailure: 'DECLINED' });
    expect(fetch.mock.calls[0][0]).toBe('/api/eta/applications/app-1/payment/confirm');
    expect(fetch.mock.calls[0][1]?.method).toBe('POST');
    fetch = answer(404, { error: 'This application has not been submitted.', code: 'SUBMISSION_NOT_FOUND' });
    const receipt = await loadSubmission('app-1');
    expect(receipt.success).toBe(false);
    expect(fetch.mock.calls[0][0]).toBe('/api/eta/applications/app-1/submission');
  });
});
