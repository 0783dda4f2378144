import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  downloadOutcomePdf,
  loadOutcome,
  loadSealCertificate,
  loadSealStatus,
  loadWalletLink,
  loadWallets,
  outcomeQueryKey,
} from './outcomes';
import { queryKeys } from './query-keys';

afterEach(() => vi.unstubAllGlobals());

function answer(response: () => Response) {
  const fetch = vi.fn(async (_url: string, _init?: RequestInit) => response());
  vi.stubGlobal('fetch', fetch);
  return fetch;
}
const json = (status: number, body: unknown) => () =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const GUID = '0190a0c4-0000-7000-8000-000000000001';

describe('outcome calls', () => {
  it('read each kind of document under the applicant, with the access token and the language', async () => {
    const fetch = answer(json(200, { kind: 'ETA' }));
    for (const [kind, segment] of [
      ['ETA', 'eta'],
      ['PERMIT', 'permit'],
      ['REJECTION_NOTICE', 'rejection-notice'],
    ] as const) {
      const result = await loadOutcome(kind, GUID);
      expect(result.success).toBe(true);
      const [url, init] = fetch.mock.calls.at(-1)!;
      expect(url).toBe(`/api/eta/applicants/${GUID}/${segment}`);
      expect(init?.method).toBe('GET');
      expect(new Headers(init?.headers).get('Accept-Language')).toBeTruthy();
    }
  });

  it('keep not found as an error answer with its code', async () => {
    answer(json(404, { error: 'Not ready', code: 'OUTCOME_NOT_AVAILABLE' }));
    const result = await loadOutcome('PERMIT', GUID);
    expect(result.success).toBe(false);
    expect(result.error).toEqual({ error: 'Not ready', code: 'OUTCOME_NOT_AVAILABLE' });
  });

  it('download a PDF with a POST without a body, under the name the server gives', async () => {
    const fetch = answer(
      () =>
        new Response('%PDF-1.7', {
          status: 200,
          headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': 'attachment; filename="permit-P1.pdf"' },
        }),
    );
    const result = await downloadOutcomePdf('PERMIT', GUID);
    expect(result.fileName).toBe('permit-P1.pdf');
    expect(await result.data?.text()).toBe('%PDF-1.7');
    const [url, init] = fetch.mock.calls[0];
    expect(url).toBe(`/api/eta/applicants/${GUID}/permit-pdf`);
    expect(init?.method).toBe('POST');
    expect(init?.body).toBeUndefined();
  });

  it('ask for the wallets and a wallet link with the applicant and wallet in the query', async () => {
    const fetch = answer(json(200, { wallets: ['google'] }));
    expect((await loadWallets()).data).toEqual({ wallets: ['google'] });
    expect(fetch.mock.calls[0][0]).toBe('/api/eta/applicants/wallets');
    await loadWalletLink(GUID, 'apple');
    expect(fetch.mock.calls[1][0]).toBe(`/api/eta/applicants/wallet-link?applicantIdentifier=${GUID}&wallet=apple`);
  });

  it('ask the public seal checks without the access token', async () => {
    const fetch = answer(json(200, { certificate: 'AAAA' }));
    await loadSealCertificate();
    await loadSealStatus('ETA 1/2');
    expect(fetch.mock.calls[0][0]).toBe('/api/eta/seal/certificate');
    expect(fetch.mock.calls[1][0]).toBe('/api/eta/seal/status?documentNumber=ETA+1%2F2');
    for (const [, init] of fetch.mock.calls) expect(new Headers(init?.headers).has('Authorization')).toBe(false);
  });

  it('key each kind of document from the applicants’ key factory', () => {
    expect(outcomeQueryKey('ETA', 'a')).toEqual(queryKeys.applicants.eta('a'));
    expect(outcomeQueryKey('PERMIT', 'a')).toEqual(queryKeys.applicants.permit('a'));
    expect(outcomeQueryKey('REJECTION_NOTICE', 'a')).toEqual(queryKeys.applicants.rejectionNotice('a'));
  });
});
