import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { i18n as I18n } from 'i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setRouterContext } from '@/api/router-context';
import { formErrorsShowing } from '@/engine/error-title';
import { installFakeXhr } from '@/testing/fake-xhr';
import { englishI18n, renderPage } from '@/testing/page-harness';
import SupportingDocumentsPage from './supporting-documents-page';

vi.setConfig({ testTimeout: 30_000 });

const APP = '0190a0c4-0000-7000-8000-00000000a001';
const ANA = '0190a0c4-0000-7000-8000-000000000001';
const BASE = `/api/eta/applications/${APP}`;

let i18n: I18n;
beforeAll(async () => {
  i18n = await englishI18n(['documents', 'forms']);
});
beforeEach(() => {
  localStorage.clear();
  setRouterContext({ applicationIdentifier: APP });
});
afterEach(() => vi.unstubAllGlobals());

function file(overrides: Record<string, unknown> = {}) {
  return {
    documentIdentifier: '0190a0c4-0000-7000-8000-0000000d0001',
    documentType: 'PROOF_OF_FUNDS',
    fileName: 'bank-statement.pdf',
    contentType: 'application/pdf',
    sizeBytes: 1_400_000,
    sha256: 'a'.repeat(64),
    uploadedAt: '2026-11-24T10:00:00Z',
    ...overrides,
  };
}

interface State {
  funds: ReturnType<typeof file>[];
  other: ReturnType<typeof file>[];
  reusable: ReturnType<typeof file>[];
}

interface Call {
  method: string;
  url: string;
  body?: unknown;
}

/** The API of the page: the application, the applicant's documents from `state`, and `extra` for the rest. */
function api(state: State, extra: (call: Call) => [number, unknown] | undefined = () => undefined) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const call = { method: init?.method ?? 'GET', url, body: init?.body ? JSON.parse(String(init.body)) : undefined };
      calls.push(call);
      let answer = extra(call);
      if (!answer && call.method === 'GET' && url === BASE)
        answer = [
          200,
          {
            applicationIdentifier: APP,
            applicants: [{ applicantIdentifier: ANA, givenNames: 'Ana', familyName: 'Silva' }],
          },
        ];
      if (!answer && call.method === 'GET' && url.startsWith(`${BASE}/documents?`))
        answer = [
          200,
          {
            applicantIdentifier: ANA,
            requirements: [
              { documentType: 'OTHER', required: false, files: state.other },
              { documentType: 'PROOF_OF_FUNDS', required: true, files: state.funds },
            ],
            reusable: state.reusable,
            complete: state.funds.length > 0,
            maxFileBytes: 10_000_000,
            acceptedTypes: ['application/pdf', 'image/jpeg', 'image/png'],
          },
        ];
      const [status, body] = answer ?? [500, { error: 'unexpected call', code: 'TEST' }];
      return new Response(status === 204 ? null : JSON.stringify(body), {
        status,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  return calls;
}

function open() {
  return renderPage(
    i18n,
    <SupportingDocumentsPage />,
    '/applications/supporting-documents',
    `/applications/supporting-documents?applicantIdentifier=${ANA}`,
  );
}

const section = async (name: RegExp | string) => screen.findByRole('region', { name });

describe('SupportingDocumentsPage', () => {
  it('shows each document type with its hint, the applicant as caption, required types before optional ones', async () => {
    api({ funds: [file()], other: [], reusable: [] });
    open();
    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: 'Applicant: Ana Silva Supporting documents' },
        { timeout: 5000 },
      ),
    ).toBeTruthy();
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings).toEqual(['Proof of funds', 'Other document (optional)']);
    const funds = await section('Proof of funds');
    expect(within(funds).getByText(/Bank statements for the last 3 months/)).toBeTruthy();
    const list = within(funds).getByRole('list', { name: 'Files uploaded for Proof of funds' });
    expect(within(list).getByRole('listitem').textContent).toMatch(/^bank-statement\.pdf \(1\.4 MB\)Replace/);
    expect(within(funds).getByRole('button', { name: /^Remove\s*bank-statement\.pdf$/ })).toBeTruthy();
  });

  it('uploads a chosen file with a real progress bar, then lists the new file', async () => {
    const xhr = installFakeXhr();
    const state: State = { funds: [], other: [], reusable: [] };
    api(state);
    open();
    const funds = await section('Proof of funds');
    const input = within(funds).getByLabelText(/^Upload a file/);
    expect(input.getAttribute('type')).toBe('file');
    // The button and "no file chosen" are the page's, in its language, drawn under the transparent input.
    expect(input.parentElement?.textContent).toBe('Choose fileNo file chosen');
    const chosen = new File(['x'.repeat(2000)], 'statement.pdf', { type: 'application/pdf' });
    await userEvent.upload(input, chosen);

    const request = xhr.sent[0];
    expect(request.url).toBe(`${BASE}/documents?applicantIdentifier=${ANA}&documentType=PROOF_OF_FUNDS`);
    expect(request.file()?.name).toBe('statement.pdf');
    request.progress(1000, 2000);
    const bar = within(funds).getByRole('progressbar', { name: 'Uploading statement.pdf: 50%' });
    expect(bar.getAttribute('aria-valuetext')).toBe('50% uploaded');
    expect(bar.getAttribute('aria-valuenow')).toBe('0.5');

    state.funds = [file({ fileName: 'statement.pdf', sizeBytes: 2000 })];
    await request.respond(201, state.funds[0]);
    const list = await within(funds).findByRole('list', { name: 'Files uploaded for Proof of funds' });
    expect(within(list).getByRole('listitem').textContent).toMatch(/^statement\.pdf \(2 kB\)/);
    expect(within(funds).queryByRole('progressbar')).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('statement.pdf has been uploaded.');
    // The input gave way to the progress bar; focus is back at it, now "Upload another file".
    await waitFor(() => expect(document.activeElement).toBe(within(funds).getByLabelText(/^Upload another file/)));
  });

  it('shows a refused file’s name and the API’s reason in the summary and at the field, and moves focus to the summary', async () => {
    const xhr = installFakeXhr();
    api({ funds: [], other: [], reusable: [] });
    open();
    const funds = await section('Proof of funds');
    const input = within(funds).getByLabelText(/^Upload a file/);
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(input, new File(['MZ'], 'setup.exe', { type: 'application/octet-stream' }));
    const reason = 'The selected file must be a PDF, JPG or PNG';
    await xhr.sent[0].respond(422, { error: reason, code: 'DOCUMENT_WRONG_TYPE' });
    // GOV.UK's file upload: the message names the file and says why it was refused.
    const message = `setup.exe was not uploaded. ${reason}`;

    const summary = await screen.findByRole('alert');
    expect(within(summary).getByRole('heading', { name: 'There is a problem' })).toBeTruthy();
    const link = within(summary).getByRole('link', { name: message });
    expect(link.getAttribute('href')).toBe('#document-PROOF_OF_FUNDS');
    await waitFor(() => expect(document.activeElement).toBe(summary));
    expect(formErrorsShowing()).toBe(true);
    const field = within(await section('Proof of funds')).getByLabelText(/^Upload a file/);
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(within(funds).getByText(message).closest('p')?.textContent).toBe(`Error: ${message}`);
    // The picker says the file was not uploaded, not "No file chosen" as if nothing had happened.
    expect(field.parentElement?.textContent).toBe('Choose filesetup.exe was not uploaded');
    await userEvent.click(link);
    expect(document.activeElement).toBe(field);
  });

  it('refuses a file over the size limit before sending it', async () => {
    const xhr = installFakeXhr();
    api({ funds: [], other: [], reusable: [] });
    open();
    const input = within(await section('Proof of funds')).getByLabelText(/^Upload a file/);
    const huge = new File(['x'], 'scan.png', { type: 'image/png' });
    Object.defineProperty(huge, 'size', { value: 12_000_000 });
    await userEvent.upload(input, huge);
    const summary = await screen.findByRole('alert');
    expect(
      within(summary).getByText('scan.png was not uploaded. The selected file must be smaller than 10 MB'),
    ).toBeTruthy();
    expect(input.parentElement?.textContent).toBe('Choose filescan.png was not uploaded');
    expect(xhr.sent).toEqual([]);
  });

  it('removes a file and gives a file of another applicant again', async () => {
    const state: State = {
      funds: [file()],
      other: [],
      reusable: [
        file({
          documentIdentifier: 'shared-1',
          documentType: 'PROOF_OF_ACCOMMODATION',
          fileName: 'hotel.pdf',
          sha256: 'b'.repeat(64),
        }),
      ],
    };
    const calls = api(state, (call) => {
      if (call.method === 'DELETE') {
        state.funds = [];
        return [204, undefined];
      }
      if (call.method === 'POST' && call.url.endsWith('/documents/shared-1/reuse')) {
        state.other = [
          file({ documentIdentifier: 'copy-1', documentType: 'OTHER', fileName: 'hotel.pdf', sha256: 'b'.repeat(64) }),
        ];
        return [201, state.other[0]];
      }
      return undefined;
    });
    open();
    const funds = await section('Proof of funds');
    await userEvent.click(within(funds).getByRole('button', { name: /^Remove\s*bank-statement\.pdf$/ }));
    expect(await within(funds).findByText('No file uploaded yet.')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('bank-statement.pdf has been removed.');
    expect(document.activeElement).toBe(within(funds).getByLabelText(/^Upload a file/));
    expect(calls).toContainEqual({
      method: 'DELETE',
      url: `${BASE}/documents/${file().documentIdentifier}`,
      body: undefined,
    });

    const other = await section('Other document (optional)');
    await userEvent.click(within(other).getByText('Use a file you uploaded already'));
    await userEvent.click(within(other).getByRole('button', { name: 'Use this file: hotel.pdf' }));
    expect(await within(other).findByRole('list', { name: 'Files uploaded for Other document' })).toBeTruthy();
    // Its button has gone with the offer: focus is at the file input.
    expect(document.activeElement).toBe(within(other).getByLabelText(/^Upload another file/));
    expect(calls).toContainEqual({
      method: 'POST',
      url: `${BASE}/documents/shared-1/reuse`,
      body: { applicantIdentifier: ANA, documentType: 'OTHER' },
    });
    // A file given already is not offered again.
    expect(within(other).queryByText('Use a file you uploaded already')).toBeNull();
  });

  it('lists each missing document from the API when Continue is refused', async () => {
    const calls = api({ funds: [], other: [], reusable: [] }, (call) =>
      call.url.endsWith('/documents/complete')
        ? [
            400,
            {
              error: 'Upload every required document',
              code: 'DOCUMENTS_MISSING',
              fields: [
                {
                  field: 'PROOF_OF_FUNDS',
                  key: 'documents:api.documentMissing',
                  message: 'Upload a file for: Proof of funds',
                },
              ],
            },
          ]
        : undefined,
    );
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Continue' }));
    const summary = await screen.findByRole('alert');
    expect(within(summary).getByRole('link', { name: 'Upload a file for: Proof of funds' }).getAttribute('href')).toBe(
      '#document-PROOF_OF_FUNDS',
    );
    await waitFor(() => expect(document.activeElement).toBe(summary));
    expect(calls).toContainEqual({
      method: 'POST',
      url: `${BASE}/documents/complete`,
      body: { applicantIdentifier: ANA },
    });
  });

  it('completes the step and goes on where the journey says', async () => {
    api({ funds: [file()], other: [], reusable: [] }, (call) => {
      if (call.url.endsWith('/documents/complete'))
        return [200, { applicationIdentifier: APP, applicantIdentifier: ANA, step: 'AWAITING_PAYMENT' }];
      if (call.url.endsWith('/step/resume'))
        return [200, { applicationIdentifier: APP, applicantIdentifier: ANA, step: 'AWAITING_PAYMENT' }];
      return undefined;
    });
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Continue' }));
    expect(
      await screen.findByRole('heading', { name: `page /applications/payment-overview?applicantIdentifier=${ANA}` }),
    ).toBeTruthy();
  });

  it('goes to the task list without an applicant', async () => {
    api({ funds: [], other: [], reusable: [] });
    renderPage(i18n, <SupportingDocumentsPage />, '/applications/supporting-documents');
    expect(await screen.findByRole('heading', { name: 'page /applications/application' })).toBeTruthy();
  });
});
