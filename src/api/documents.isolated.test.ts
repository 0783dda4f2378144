import Cookies from 'js-cookie';
import i18next from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installFakeXhr } from '@/testing/fake-xhr';
import { removeDocument, replaceDocument, uploadDocument } from './documents';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  Cookies.remove('authToken', { path: '/' });
});

const TARGET = { applicationIdentifier: 'app-1', applicantIdentifier: 'person-1' };
const pdf = () => new File(['%PDF-1.7 hello'], 'bank statement.pdf', { type: 'application/pdf' });
const stored = {
  documentIdentifier: 'doc-1',
  documentType: 'PROOF_OF_FUNDS',
  fileName: 'bank statement.pdf',
  contentType: 'application/pdf',
  sizeBytes: 14,
  sha256: 'a'.repeat(64),
  uploadedAt: '2026-11-24T10:00:00Z',
};

describe('document uploads', () => {
  it('send the file as multipart with the headers of every call and report its progress', async () => {
    const xhr = installFakeXhr();
    Cookies.set('authToken', 'tok-123', { path: '/' });
    await i18next.init({ lng: 'pt', resources: {} });
    const progress = vi.fn();
    const result = uploadDocument(TARGET, 'PROOF_OF_FUNDS', pdf(), { onProgress: progress });
    const request = xhr.sent[0];
    expect(request.method).toBe('POST');
    expect(request.url).toBe(
      '/api/eta/applications/app-1/documents?applicantIdentifier=person-1&documentType=PROOF_OF_FUNDS',
    );
    expect(request.headers).toMatchObject({ authorization: 'Bearer tok-123', 'accept-language': 'pt' });
    expect(request.headers['content-type']).toBeUndefined();
    expect(request.file()?.name).toBe('bank statement.pdf');
    request.progress(7, 14);
    expect(progress).toHaveBeenLastCalledWith({ loaded: 7, total: 14 });
    await request.respond(201, stored);
    expect(await result).toEqual({ success: true, status: 201, data: stored });
    await i18next.changeLanguage('en');
  });

  it('answer a refused file with the API’s error body, never throwing', async () => {
    const xhr = installFakeXhr();
    const result = replaceDocument('app-1', 'doc-1', pdf());
    expect(xhr.sent[0].method).toBe('PUT');
    expect(xhr.sent[0].url).toBe('/api/eta/applications/app-1/documents/doc-1');
    const refusal = { error: 'The selected file contains a virus', code: 'DOCUMENT_VIRUS' };
    await xhr.sent[0].respond(422, refusal);
    expect(await result).toEqual({ success: false, status: 422, error: refusal });
  });

  it('give up as a time-out when nothing has been sent for the idle time, however long the upload runs', async () => {
    vi.useFakeTimers();
    const xhr = installFakeXhr();
    const result = uploadDocument(TARGET, 'OTHER', pdf(), { idleTimeoutMs: 1000 });
    vi.advanceTimersByTime(900);
    xhr.sent[0].progress(5, 14);
    vi.advanceTimersByTime(900);
    expect(xhr.sent[0].aborted).toBe(false);
    vi.advanceTimersByTime(200);
    expect(xhr.sent[0].aborted).toBe(true);
    expect(await result).toMatchObject({ success: false, status: 0, timedOut: true });
  });

  it('count the 204 of a removed file as success', async () => {
    const fetch = vi.fn(async () => new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', fetch);
    expect(await removeDocument('app-1', 'doc-1')).toEqual({ success: true, status: 204 });
    expect(fetch).toHaveBeenCalledWith(
      '/api/eta/applications/app-1/documents/doc-1',
      expect.objectContaining({ method: 'DELETE' }),
    );
  });
});
