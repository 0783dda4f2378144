import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { englishI18n, i18nIn, renderPage, type MockCall } from '@/testing/page-harness';
import ViewEtaPage from './view-eta-page';
import ViewNoticePage from './view-notice-page';
import ViewVisaPage from './view-visa-page';

let i18n: I18n;
beforeAll(async () => {
  i18n = await englishI18n(['outcomes', 'common', 'forms']);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const APPLICANT = '0190a0c4-0000-7000-8000-000000000001';

function outcomeFixture(overrides: Record<string, unknown> = {}) {
  return {
    applicantIdentifier: APPLICANT,
    applicationIdentifier: '0190a0c4-0000-7000-8000-00000000a001',
    kind: 'ETA',
    status: 'APPROVED',
    documentNumber: 'ETA-2026-000123',
    applicationReference: 'ETA-7KQ2M-RX4DN-S',
    applicationType: 'ETA',
    holder: {
      givenNames: 'Amélie',
      familyName: 'Dubois',
      dateOfBirth: '1986-04-12',
      nationality: 'FR',
      passportIssuingCountry: 'BE',
      passportNumber: 'AB1234567',
    },
    issuedOn: '2026-03-10',
    validFrom: '2026-03-10',
    validUntil: '2028-03-09',
    portOfEntry: 'O.R. Tambo International Airport',
    conditions: [{ code: 'NO_WORK', text: 'You may not work.', detail: 'Paid or unpaid work needs a work visa.' }],
    reasons: [],
    seal: '{"data":{"hdr":{"t":"eta.outcome"}}}',
    ...overrides,
  };
}

type Answer = [number, unknown] | Response;

/** Replaces fetch: `answer(call)` gives [status, JSON body] or a whole Response; returns the calls made. */
function stubFetch(answer: (call: MockCall) => Answer): MockCall[] {
  const calls: MockCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const call = { method: init?.method ?? 'GET', url: String(url), body: init?.body } as MockCall;
      Object.defineProperty(call, 'headers', { value: new Headers(init?.headers), enumerable: false });
      calls.push(call);
      const result = answer(call);
      if (result instanceof Response) return result;
      return new Response(JSON.stringify(result[1]), {
        status: result[0],
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  return calls;
}

const headingOutline = () => screen.getAllByRole('heading').map((h) => `${h.tagName.toLowerCase()} ${h.textContent}`);

/** Headings never skip a level going down (h1, then h2, ...). */
function expectHeadingsInOrder() {
  const levels = screen.getAllByRole('heading').map((h) => Number(h.tagName.slice(1)));
  expect(levels[0]).toBe(1);
  expect(levels.filter((l) => l === 1)).toHaveLength(1);
  levels.forEach((level, i) => {
    if (i > 0) expect(level - levels[i - 1]).toBeLessThanOrEqual(1);
  });
}

describe('ETA page', () => {
  it('shows the ETA as a document: status, holder in <bdi>, countries by name, dates in words, conditions, seal', async () => {
    const calls = stubFetch((call) =>
      call.url.endsWith('/wallets') ? [200, { wallets: [] }] : [200, outcomeFixture()],
    );
    renderPage(
      i18n,
      <ViewEtaPage />,
      '/applications/view-eta',
      `/applications/view-eta?applicantIdentifier=${APPLICANT}`,
    );
    expect(await screen.findByText('Approved')).toBeTruthy();
    const heading = screen.getByRole('heading', { level: 1 });
    expect(heading.textContent).toBe('Issued by the Department of Home AffairsElectronic travel authorisation (ETA)');
    expect(calls[0].url).toBe(`/api/eta/applicants/${APPLICANT}/eta`);
    const names = screen.getByText('Amélie Dubois');
    expect(names.tagName).toBe('BDI');
    expect(screen.getByText('AB1234567').tagName).toBe('BDI');
    expect(screen.getByText('ETA-2026-000123').tagName).toBe('BDI');
    const term = (text: string) => screen.getByText(text, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(term('Date of birth')).toBe('12 April 1986');
    expect(screen.getByText('12 April 1986').tagName).toBe('BDI');
    expect(term('Nationality')).toBe('France');
    expect(term('Passport issued by')).toBe('Belgium');
    expect(term('Valid until')).toBe('9 March 2028');
    expect(term('Port of entry')).toBe('O.R. Tambo International Airport');
    expect(screen.getByText('You may not work.')).toBeTruthy();
    expect(screen.getByText('Paid or unpaid work needs a work visa.')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'QR code of this document’s digital seal'.replace('’', "'") })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Check a digital seal' }).getAttribute('href')).toBe('/verify-seal');
    expect(headingOutline()).toEqual([
      'h1 Issued by the Department of Home AffairsElectronic travel authorisation (ETA)',
      'h2 Details',
      'h2 Conditions',
      'h2 Digital seal',
    ]);
    expectHeadingsInOrder();
    expect(screen.queryByRole('button', { name: /Wallet/ })).toBeNull();
  });

  it('in Arabic, isolates numbers made of digit groups left to right, and names in their own direction', async () => {
    const arabic = await i18nIn('ar', ['outcomes', 'common', 'forms']);
    const holder = { ...outcomeFixture().holder, passportNumber: '12 345 678' };
    stubFetch((call) =>
      call.url.endsWith('/wallets')
        ? [200, { wallets: [] }]
        : [200, outcomeFixture({ holder, documentNumber: 'ETA 2026 000123', applicationReference: '7700 900123' })],
    );
    renderPage(
      arabic,
      <ViewEtaPage />,
      '/applications/view-eta',
      `/applications/view-eta?applicantIdentifier=${APPLICANT}`,
    );
    for (const value of ['12 345 678', 'ETA 2026 000123', '7700 900123']) {
      const element = await screen.findByText(value);
      expect([element.tagName, element.getAttribute('dir')], value).toEqual(['BDI', 'ltr']);
    }
    const names = screen.getByText('Amélie Dubois');
    expect([names.tagName, names.getAttribute('dir')]).toEqual(['BDI', null]);
  });

  it('explains a decision that is not ready or of another kind, and links back to My applications', async () => {
    stubFetch(() => [404, { error: 'No such document.', code: 'OUTCOME_NOT_AVAILABLE' }]);
    renderPage(
      i18n,
      <ViewEtaPage />,
      '/applications/view-eta',
      `/applications/view-eta?applicantIdentifier=${APPLICANT}`,
    );
    expect(await screen.findByText('This document is not available')).toBeTruthy();
    expect(screen.getByText(/not ready yet, or it is of another kind/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to My applications' }).getAttribute('href')).toBe('/my-applications');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Your ETA');
  });

  it('shows the API’s message for someone else’s applicant, and asks nothing without an applicant', async () => {
    stubFetch(() => [404, { error: 'No such applicant.', code: 'APPLICANT_NOT_FOUND' }]);
    renderPage(
      i18n,
      <ViewEtaPage />,
      '/applications/view-eta',
      `/applications/view-eta?applicantIdentifier=${APPLICANT}`,
    );
    expect(await screen.findByText('No such applicant.')).toBeTruthy();
    const calls = stubFetch(() => [500, {}]);
    renderPage(i18n, <ViewEtaPage />, '/applications/view-eta');
    expect(screen.getByText(/This link does not say whose document to show/)).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('downloads the PDF under the server’s name, and on failure says so and lets the user try again', async () => {
    let pdfAnswers = 0;
    const calls = stubFetch((call) => {
      if (call.url.endsWith('/eta-pdf')) {
        pdfAnswers += 1;
        if (pdfAnswers === 1) return [500, { error: 'Broken', code: 'INTERNAL' }];
        return new Response('%PDF-1.7', {
          status: 200,
          headers: {
            'Content-Type': 'application/pdf',
            'Content-Disposition': 'attachment; filename="eta-ETA-2026-000123.pdf"',
          },
        });
      }
      return call.url.endsWith('/wallets') ? [200, { wallets: [] }] : [200, outcomeFixture()];
    });
    const createObjectURL = vi.fn(() => 'blob:pdf');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    renderPage(
      i18n,
      <ViewEtaPage />,
      '/applications/view-eta',
      `/applications/view-eta?applicantIdentifier=${APPLICANT}`,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Download PDF' }));
    const problem = await screen.findByRole('alert');
    expect(within(problem).getByText('The PDF could not be downloaded. Try again.')).toBeTruthy();
    const pdfCall = calls.find((c) => c.url.endsWith('/eta-pdf'));
    expect(pdfCall?.method).toBe('POST');
    expect(pdfCall?.body).toBeUndefined();
    fireEvent.click(screen.getByRole('button', { name: 'Download PDF' }));
    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(clicked[0].download).toBe('eta-ETA-2026-000123.pdf');
    expect(clicked[0].href).toBe('blob:pdf');
    expect((createObjectURL.mock.calls[0] as unknown as [Blob])[0].type).toBe('application/pdf');
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });

  it('offers the configured wallets for an approved ETA and goes to the wallet error page when the link fails', async () => {
    const calls = stubFetch((call) => {
      if (call.url.endsWith('/wallets')) return [200, { wallets: ['apple', 'google'] }];
      if (call.url.includes('/wallet-link')) return [502, { error: 'Failed', code: 'WALLET_FAILED' }];
      return [200, outcomeFixture()];
    });
    renderPage(
      i18n,
      <ViewEtaPage />,
      '/applications/view-eta',
      `/applications/view-eta?applicantIdentifier=${APPLICANT}`,
    );
    expect(await screen.findByRole('button', { name: 'Add to Apple Wallet' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add to Google Wallet' }));
    expect(await screen.findByRole('heading', { name: 'page /wallet-error' })).toBeTruthy();
    expect(calls.at(-1)?.url).toBe(`/api/eta/applicants/wallet-link?applicantIdentifier=${APPLICANT}&wallet=google`);
  });

  it('goes to the wallet’s address when the link is made', async () => {
    stubFetch((call) => {
      if (call.url.endsWith('/wallets')) return [200, { wallets: ['apple'] }];
      if (call.url.includes('/wallet-link')) return [200, { url: 'https://wallet.example/pass/1' }];
      return [200, outcomeFixture()];
    });
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    renderPage(
      i18n,
      <ViewEtaPage />,
      '/applications/view-eta',
      `/applications/view-eta?applicantIdentifier=${APPLICANT}`,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Add to Apple Wallet' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://wallet.example/pass/1'));
  });

  it('offers no wallet for an expired ETA and does not ask for them', async () => {
    const calls = stubFetch(() => [200, outcomeFixture({ status: 'EXPIRED' })]);
    renderPage(
      i18n,
      <ViewEtaPage />,
      '/applications/view-eta',
      `/applications/view-eta?applicantIdentifier=${APPLICANT}`,
    );
    expect(await screen.findByText('Expired')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Wallet/ })).toBeNull();
    expect(calls.map((c) => c.url)).toEqual([`/api/eta/applicants/${APPLICANT}/eta`]);
  });
});

describe('visa page', () => {
  it('reads the permit and shows it as the visitor’s visa under section 11(1)', async () => {
    const calls = stubFetch((call) =>
      call.url.endsWith('/wallets')
        ? [200, { wallets: [] }]
        : [200, outcomeFixture({ kind: 'PERMIT', applicationType: 'ETA_SECTION_11_1', documentNumber: 'P-1' })],
    );
    renderPage(
      i18n,
      <ViewVisaPage />,
      '/applications/view-visa',
      `/applications/view-visa?applicantIdentifier=${APPLICANT}`,
    );
    expect(await screen.findByText("Visitor's visa under section 11(1)")).toBeTruthy();
    expect(calls[0].url).toBe(`/api/eta/applicants/${APPLICANT}/permit`);
    expect(screen.getByText('Amélie Dubois').tagName).toBe('BDI');
    expectHeadingsInOrder();
  });

  it('explains when there is no visa', async () => {
    stubFetch(() => [404, { error: 'No such document.', code: 'OUTCOME_NOT_AVAILABLE' }]);
    renderPage(
      i18n,
      <ViewVisaPage />,
      '/applications/view-visa',
      `/applications/view-visa?applicantIdentifier=${APPLICANT}`,
    );
    expect(await screen.findByText('This document is not available')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Your visa');
  });
});

describe('rejection notice page', () => {
  const notice = outcomeFixture({
    kind: 'REJECTION_NOTICE',
    status: 'REJECTED',
    documentNumber: 'RN-7K3QM-2RXD9-3',
    validUntil: null,
    portOfEntry: null,
    conditions: [],
    reasons: [
      { code: 'FUNDS', text: 'You did not show enough funds.', detail: 'Bank statements must cover the stay.' },
    ],
  });

  it('shows the refusal, its reasons with their meaning, what to do next and the personal information section', async () => {
    const calls = stubFetch(() => [200, notice]);
    renderPage(
      i18n,
      <ViewNoticePage />,
      '/applications/view-notice',
      `/applications/view-notice?applicantIdentifier=${APPLICANT}`,
    );
    expect(await screen.findByText('Refused')).toBeTruthy();
    expect(calls.map((c) => c.url)).toEqual([`/api/eta/applicants/${APPLICANT}/rejection-notice`]);
    expect(screen.getByText('You did not show enough funds.')).toBeTruthy();
    expect(screen.getByText('Bank statements must cover the stay.')).toBeTruthy();
    expect(screen.getByText('Decided on', { selector: 'dt' })).toBeTruthy();
    expect(screen.queryByText('Valid until', { selector: 'dt' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Start a new application' }).getAttribute('href')).toBe(
      '/applications/create-application',
    );
    const contact = screen.getByText(/quote your application reference/).closest('p') as HTMLElement;
    expect(contact.textContent).toMatch(/quote your application reference ETA-7KQ2M-RX4DN-S\.$/);
    // Numbers are never broken at their hyphens on a phone: each is drawn whole, inside its sentence.
    const review = screen.getByText(/Quote the document number/).closest('p') as HTMLElement;
    expect(review.textContent).toMatch(/Quote the document number RN-7K3QM-2RXD9-3\.$/);
    for (const [paragraph, number] of [
      [review, 'RN-7K3QM-2RXD9-3'],
      [contact, 'ETA-7KQ2M-RX4DN-S'],
    ] as const) {
      const whole = within(paragraph).getByText(number);
      expect(getComputedStyle(whole).whiteSpace).toBe('nowrap');
      expect(whole.getAttribute('dir')).toBe('ltr');
    }
    expect(headingOutline()).toEqual([
      'h1 Issued by the Department of Home AffairsNotice of refusal',
      'h2 Details',
      'h2 Reasons for the decision',
      'h2 What you can do next',
      'h2 Your personal information',
      'h2 Digital seal',
    ]);
    expectHeadingsInOrder();
    expect(screen.queryByRole('button', { name: /Wallet/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Print' })).toBeTruthy();
  });

  it('downloads the notice’s PDF from its own address', async () => {
    const calls = stubFetch((call) =>
      call.url.endsWith('-pdf') ? new Response('%PDF', { status: 200 }) : [200, notice],
    );
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() }));
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    renderPage(
      i18n,
      <ViewNoticePage />,
      '/applications/view-notice',
      `/applications/view-notice?applicantIdentifier=${APPLICANT}`,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Download PDF' }));
    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(calls.at(-1)?.url).toBe(`/api/eta/applicants/${APPLICANT}/rejection-notice-pdf`);
    expect(clicked[0].download).toBe('rejection-notice-RN-7K3QM-2RXD9-3.pdf');
  });
});
