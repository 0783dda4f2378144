import Cookies from 'js-cookie';
import i18next from 'i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, attachmentFileName, buildUrl, productRequest, request, setApiBase, unwrap } from './request';
import { getLoadingCount } from './loading';

type FetchArgs = [input: string, init: RequestInit];

function jsonResponse(status: number, body: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

const fetchMock = vi.fn<(...args: FetchArgs) => Promise<Response>>();

function lastCall(): { url: string; init: RequestInit; headers: Headers } {
  const [url, init] = fetchMock.mock.calls.at(-1)!;
  return { url, init, headers: new Headers(init.headers) };
}

/** A fetch that never answers but rejects like the browser when its signal aborts. */
function hangingFetch(_url: string, init: RequestInit): Promise<Response> {
  return new Promise((_resolve, reject) => {
    init.signal?.addEventListener('abort', () => reject(new DOMException('The operation was aborted.', 'AbortError')));
  });
}

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  setApiBase('');
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  Cookies.remove('authToken', { path: '/' });
});

describe('request: every status is a result', () => {
  it.each([200, 201])('counts %i as success and returns the JSON body as data', async (status) => {
    fetchMock.mockResolvedValue(jsonResponse(status, { id: 'a1' }));
    const result = await request<{ id: string }>({ method: 'GET', path: '/api/eta/profile' });
    expect(result).toEqual({ success: true, status, data: { id: 'a1' } });
  });

  it.each([202, 204, 301, 400, 404, 500])('counts %i as failure without throwing', async (status) => {
    const body = status === 204 ? undefined : { error: 'Something', code: 'X' };
    fetchMock.mockResolvedValue(
      new Response(body ? JSON.stringify(body) : null, { status, statusText: 'Status text' }),
    );
    const result = await request({ method: 'GET', path: '/x' });
    expect(result.success).toBe(false);
    expect(result.status).toBe(status);
    expect(result.timedOut).toBeUndefined();
    expect(result.error).toEqual(body ?? 'Status text');
  });

  it('puts the response body of a failure into error', async () => {
    const body = {
      error: 'Invalid email',
      code: 'VALIDATION_FAILED',
      fields: [{ field: 'email', key: 'k', message: 'm' }],
    };
    fetchMock.mockResolvedValue(jsonResponse(400, body));
    const result = await request({ method: 'POST', path: '/api/eta/profile/login', body: { email: 'x' } });
    expect(result).toEqual({ success: false, status: 400, error: body });
  });

  it('keeps a non-JSON failure body as text', async () => {
    fetchMock.mockResolvedValue(new Response('<html>Bad gateway</html>', { status: 502 }));
    const result = await request({ method: 'GET', path: '/x' });
    expect(result.error).toBe('<html>Bad gateway</html>');
  });

  it('answers a network failure as status 0 with the message', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const result = await request({ method: 'GET', path: '/x' });
    expect(result).toEqual({ success: false, status: 0, error: 'Failed to fetch' });
  });

  it.each([408, 504])('marks %i as timed out', async (status) => {
    fetchMock.mockResolvedValue(jsonResponse(status, { error: 'late', code: 'TIMEOUT' }));
    const result = await request({ method: 'GET', path: '/x' });
    expect(result).toMatchObject({ success: false, status, timedOut: true });
  });
});

describe('request: time-outs', () => {
  it('aborts after 60000 ms by default', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementation(hangingFetch);
    const pending = request({ method: 'GET', path: '/x' });
    await vi.advanceTimersByTimeAsync(59_999);
    expect(lastCall().init.signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const result = await pending;
    expect(result).toMatchObject({ success: false, status: 0, timedOut: true });
  });

  it('gives product calls 90000 ms', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementation(hangingFetch);
    const pending = productRequest({ method: 'GET', path: '/api/eta/applications' });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(lastCall().init.signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(await pending).toMatchObject({ status: 0, timedOut: true });
  });

  it('honours an explicit timeoutMs', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementation(hangingFetch);
    const pending = productRequest({ method: 'GET', path: '/x', timeoutMs: 500 });
    await vi.advanceTimersByTimeAsync(500);
    expect(await pending).toMatchObject({ timedOut: true });
  });

  it('treats a cancellation by the caller as status 0 without timedOut', async () => {
    fetchMock.mockImplementation(hangingFetch);
    const controller = new AbortController();
    const pending = request({ method: 'GET', path: '/x', signal: controller.signal });
    controller.abort();
    const result = await pending;
    expect(result.status).toBe(0);
    expect(result.timedOut).toBeUndefined();
  });
});

describe('request: headers, URL and body', () => {
  it('sends the bearer token from the authToken cookie and the current language', async () => {
    Cookies.set('authToken', 'tok-123', { path: '/' });
    await i18next.init({ lng: 'fr', resources: {} });
    fetchMock.mockResolvedValue(jsonResponse(200, {}));
    await request({ method: 'GET', path: '/api/eta/profile' });
    const { headers } = lastCall();
    expect(headers.get('Authorization')).toBe('Bearer tok-123');
    expect(headers.get('Accept-Language')).toBe('fr');
    await i18next.changeLanguage('en');
  });

  it('sends no Authorization header without a cookie or with auth: false', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, {}));
    await request({ method: 'GET', path: '/x' });
    expect(lastCall().headers.has('Authorization')).toBe(false);
    Cookies.set('authToken', 'tok-123', { path: '/' });
    await request({ method: 'GET', path: '/x', auth: false });
    expect(lastCall().headers.has('Authorization')).toBe(false);
  });

  it('prefixes API_URL, appends the query and leaves out empty values', async () => {
    setApiBase('https://api.example.org/');
    fetchMock.mockResolvedValue(jsonResponse(200, []));
    await request({
      method: 'GET',
      path: '/api/eta/static/countries',
      query: { search: 'south af', page: 2, x: undefined },
    });
    expect(lastCall().url).toBe('https://api.example.org/api/eta/static/countries?search=south+af&page=2');
  });

  it('uses the page origin when API_URL is empty', () => {
    expect(buildUrl('/envs')).toBe('/envs');
  });

  it('sends a JSON body with its content type, and FormData as it is', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, {}));
    await request({ method: 'PUT', path: '/x', body: { a: 1 } });
    expect(lastCall().init.body).toBe('{"a":1}');
    expect(lastCall().headers.get('Content-Type')).toBe('application/json');
    expect(lastCall().init.method).toBe('PUT');
    const form = new FormData();
    form.append('file', 'content');
    await request({ method: 'POST', path: '/x', body: form });
    expect(lastCall().init.body).toBe(form);
    expect(lastCall().headers.has('Content-Type')).toBe(false);
  });

  it('returns a blob for file calls and still reads the error body of a failed one', async () => {
    fetchMock.mockResolvedValueOnce(
      new Response('%PDF-1.7', { status: 200, headers: { 'Content-Type': 'application/pdf' } }),
    );
    const ok = await productRequest<Blob>({
      method: 'POST',
      path: '/api/eta/applicants/g/eta-pdf',
      responseType: 'blob',
    });
    expect(ok.success).toBe(true);
    expect(ok.data?.type).toBe('application/pdf');
    expect(await ok.data?.text()).toBe('%PDF-1.7');
    fetchMock.mockResolvedValueOnce(jsonResponse(404, { error: 'Not found', code: 'NOT_FOUND' }));
    const failed = await productRequest<Blob>({ method: 'POST', path: '/x', responseType: 'blob' });
    expect(failed.error).toEqual({ error: 'Not found', code: 'NOT_FOUND' });
  });

  it('names a downloaded file as its Content-Disposition says, and only file calls carry a name', async () => {
    fetchMock.mockResolvedValueOnce(
      new Response('%PDF-1.7', {
        status: 200,
        headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': 'attachment; filename="eta-ETA123.pdf"' },
      }),
    );
    const file = await productRequest<Blob>({ method: 'POST', path: '/x', responseType: 'blob' });
    expect(file.fileName).toBe('eta-ETA123.pdf');
    fetchMock.mockResolvedValueOnce(new Response('%PDF-1.7', { status: 200 }));
    expect((await productRequest<Blob>({ method: 'POST', path: '/x', responseType: 'blob' })).fileName).toBeUndefined();
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { a: 1 }));
    expect(await request({ method: 'GET', path: '/x' })).toEqual({ success: true, status: 200, data: { a: 1 } });
  });

  it('reads the plain and the UTF-8 file names of a Content-Disposition header', () => {
    expect(attachmentFileName('attachment; filename="a \\"b\\".pdf"')).toBe('a "b".pdf');
    expect(attachmentFileName('attachment; filename=plain.pdf')).toBe('plain.pdf');
    expect(attachmentFileName('attachment; filename="x.pdf"; filename*=UTF-8\'\'%D8%A3.pdf')).toBe('\u0623.pdf');
    expect(attachmentFileName('attachment')).toBeUndefined();
    expect(attachmentFileName(null)).toBeUndefined();
  });

  it('answers an empty 200 body as undefined data', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 200 }));
    expect(await request({ method: 'POST', path: '/x' })).toEqual({ success: true, status: 200, data: undefined });
  });
});

describe('request: loading indicator', () => {
  it('counts the call while it runs only when loading is asked for', async () => {
    let answer: (response: Response) => void = () => undefined;
    fetchMock.mockImplementation(() => new Promise<Response>((resolve) => (answer = resolve)));
    const quiet = request({ method: 'GET', path: '/x' });
    expect(getLoadingCount()).toBe(0);
    answer(jsonResponse(200, {}));
    await quiet;
    const loud = request({ method: 'GET', path: '/x', loading: true });
    expect(getLoadingCount()).toBe(1);
    answer(jsonResponse(500, {}));
    await loud;
    expect(getLoadingCount()).toBe(0);
  });

  it('ends the count after a network failure too', async () => {
    fetchMock.mockRejectedValue(new TypeError('offline'));
    await request({ method: 'GET', path: '/x', loading: true });
    expect(getLoadingCount()).toBe(0);
  });
});

describe('unwrap and ApiError', () => {
  it('returns data on success and throws an ApiError carrying status, body and time-out on failure', () => {
    expect(unwrap({ success: true, status: 200, data: 5 })).toBe(5);
    const body = { error: 'Invalid credentials', code: 'INVALID_CREDENTIALS' };
    const thrown = (() => {
      try {
        unwrap({ success: false, status: 401, error: body });
      } catch (error) {
        return error;
      }
    })();
    expect(thrown).toBeInstanceOf(ApiError);
    const apiError = thrown as ApiError;
    expect(apiError.status).toBe(401);
    expect(apiError.errorBody).toEqual(body);
    expect(apiError.message).toBe('Invalid credentials');
    expect(new ApiError({ success: false, status: 0, error: 'x', timedOut: true }).timedOut).toBe(true);
    expect(new ApiError({ success: false, status: 500, error: 'oops' }).errorBody).toBeUndefined();
  });
});
