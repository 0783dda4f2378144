import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  CAPTURE_DEVICE_HEADER,
  getCaptureSession,
  isFinalStatus,
  photoOf,
  postCaptureAction,
  startCaptureSession,
} from './capture';
import { ApiError } from './request';

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

const SESSION = 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_abcde';

function answer(status: number, body: unknown) {
  const fetch = vi.fn(
    async () => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

describe('capture calls', () => {
  it('names the photo a status is about and which statuses are final', () => {
    expect(photoOf({ status: 'BIO_PHONE_LINKED' })).toBe('biometrics');
    expect(photoOf({ status: 'BIO_CAPTURE_COMPLETE' })).toBe('passport');
    expect(photoOf({ status: 'PASSPORT_LINKING_PHONE' })).toBe('passport');
    expect(photoOf({ status: 'CAPTURE_RETRIES_EXCEEDED', captureType: 'passport' })).toBe('passport');
    expect(isFinalStatus('PASSPORT_CAPTURE_COMPLETE')).toBe(true);
    expect(isFinalStatus('ACTIVE_ETA_VISA_EXISTS')).toBe(true);
    expect(isFinalStatus('PASSPORT_CAPTURE_STARTED')).toBe(false);
  });

  it('starts a session with a POST of both identifiers', async () => {
    const fetch = answer(201, {
      sessionIdentifier: SESSION,
      status: 'BIO_LINKING_PHONE',
      expiresAt: '2030-01-01T00:00:00Z',
    });
    const started = await startCaptureSession({ applicationIdentifier: 'a', applicantIdentifier: 'b' });
    expect(started.sessionIdentifier).toBe(SESSION);
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/eta/biometrics');
    expect(JSON.parse(String(init.body))).toEqual({ applicationIdentifier: 'a', applicantIdentifier: 'b' });
  });

  it('keeps the device token of LINK_PHONE for the tab and sends it on the next calls only for that session', async () => {
    answer(200, {
      status: 'BIO_PHONE_LINKED',
      attemptsLeft: 5,
      expiresAt: '2030-01-01T00:00:00Z',
      deviceToken: 'T'.repeat(43),
    });
    await postCaptureAction(SESSION, { action: 'LINK_PHONE' });
    const fetch = answer(200, { status: 'BIO_PHONE_LINKED', attemptsLeft: 5, expiresAt: '2030-01-01T00:00:00Z' });
    await getCaptureSession(SESSION);
    await getCaptureSession(`${SESSION.slice(1)}x`);
    const headersOf = (call: number) =>
      new Headers((fetch.mock.calls[call] as unknown as [string, RequestInit])[1].headers);
    expect(headersOf(0).get(CAPTURE_DEVICE_HEADER)).toBe('T'.repeat(43));
    expect(headersOf(1).get(CAPTURE_DEVICE_HEADER)).toBeNull();
  });

  it('throws the API error of a refused photo with its code and the session status', async () => {
    answer(422, {
      error: 'This photo is blurred.',
      code: 'IMAGE_BLURRED',
      status: 'BIO_CAPTURE_STARTED',
      attemptsLeft: 4,
      expiresAt: '2030-01-01T00:00:00Z',
    });
    const failure = await postCaptureAction(SESSION, {
      action: 'UPLOAD_IMAGE',
      captureType: 'biometrics',
      image: 'AAAA',
    }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).errorBody?.code).toBe('IMAGE_BLURRED');
  });
});
