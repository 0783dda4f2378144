import { QueryClientProvider, useMutation, useQuery } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { Component, type ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isLoggedIn, storeTokens } from '@/api/auth/tokens';
import { ApiError, productRequest, unwrap } from '@/api/request';
import { createQueryClient, isHandledInPlace, shouldRetryQuery } from './query-client';

const showErrorDialog = vi.hoisted(() => vi.fn<(message: string) => void>());
vi.mock('@/app/shell/error-dialog', () => ({ showErrorDialog }));
vi.mock('i18next', async (importOriginal) => {
  const actual = await importOriginal<typeof import('i18next')>();
  const t = (key: string) => (key === 'common:errors.requestTimedOut' ? 'Request timed out' : key);
  return { ...actual, default: Object.assign(actual.default, { t }) };
});

const fetchMock = vi.fn<(url: string, init: RequestInit) => Promise<Response>>();

class Boundary extends Component<{ children: ReactNode }, { error: unknown }> {
  state = { error: undefined as unknown };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  render() {
    return this.state.error ? <p>error page</p> : this.props.children;
  }
}

function Profile() {
  const query = useQuery({
    queryKey: ['profile'],
    queryFn: async ({ signal }) => unwrap(await productRequest({ method: 'GET', path: '/api/eta/profile', signal })),
    retryDelay: 0,
  });
  if (query.isPending) return <p>pending</p>;
  if (query.isError) return <p>handled: {query.error.message}</p>;
  return <p>data</p>;
}

function renderWithClient(ui: ReactNode) {
  const client = createQueryClient();
  render(
    <QueryClientProvider client={client}>
      <Boundary>{ui}</Boundary>
    </QueryClientProvider>,
  );
  return client;
}

function answer(status: number, body?: unknown) {
  return new Response(body === undefined ? null : JSON.stringify(body), { status });
}

beforeEach(() => {
  fetchMock.mockReset();
  showErrorDialog.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.spyOn(console, 'error').mockRestore();
});

describe('retry policy', () => {
  it('retries only time-outs, at most three times', () => {
    const timeout = new ApiError({ success: false, status: 504, timedOut: true });
    expect([0, 1, 2, 3].map((n) => shouldRetryQuery(n, timeout))).toEqual([true, true, true, false]);
    expect(shouldRetryQuery(0, new ApiError({ success: false, status: 500 }))).toBe(false);
    expect(shouldRetryQuery(0, new Error('bug'))).toBe(false);
  });

  it('calls a timing-out query four times in all, then shows the time-out dialog and stays on the page', async () => {
    fetchMock.mockImplementation(async () => answer(504, { error: 'Gateway time-out', code: 'TIMEOUT' }));
    renderWithClient(<Profile />);
    expect(await screen.findByText(/handled:/, undefined, { timeout: 3000 })).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(4);
    expect(showErrorDialog).toHaveBeenCalledTimes(1);
    expect(showErrorDialog).toHaveBeenCalledWith('Request timed out');
  });

  it('does not retry other failures', async () => {
    fetchMock.mockImplementation(async () => answer(400, { error: 'Invalid email', code: 'VALIDATION_FAILED' }));
    renderWithClient(<Profile />);
    expect(await screen.findByText('handled: Invalid email')).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(showErrorDialog).not.toHaveBeenCalled();
  });
});

describe('error routing', () => {
  it('classifies what is handled in place', () => {
    expect(isHandledInPlace(new ApiError({ success: false, status: 401 }))).toBe(true);
    expect(isHandledInPlace(new ApiError({ success: false, status: 403 }))).toBe(true);
    expect(isHandledInPlace(new ApiError({ success: false, status: 0, timedOut: true }))).toBe(true);
    expect(isHandledInPlace(new ApiError({ success: false, status: 409, error: { error: 'x', code: 'C' } }))).toBe(
      true,
    );
    expect(isHandledInPlace(new ApiError({ success: false, status: 500, error: '<html>' }))).toBe(false);
    expect(isHandledInPlace(new ApiError({ success: false, status: 0, error: 'Failed to fetch' }))).toBe(false);
    expect(isHandledInPlace(new TypeError('bug'))).toBe(false);
  });

  it('sends an error without an error field to the error page', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    fetchMock.mockImplementation(async () => answer(500, 'Internal'));
    renderWithClient(<Profile />);
    expect(await screen.findByText('error page')).toBeTruthy();
  });

  it.each([401, 403])('on %i removes the auth cookies and empties the query cache', async (status) => {
    storeTokens({ accessToken: 'a', expiresIn: 900, refreshToken: 'r', refreshExpiresIn: 3600 });
    fetchMock.mockImplementation(async () => answer(status, { error: 'Not allowed', code: 'UNAUTHORISED' }));
    const client = renderWithClient(<Profile />);
    client.setQueryData(['other'], 1);
    expect(await screen.findByText('handled: Not allowed')).toBeTruthy();
    expect(isLoggedIn()).toBe(false);
    expect(client.getQueryData(['other'])).toBeUndefined();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('applies the same policy to mutations, without retries', async () => {
    fetchMock.mockImplementation(async () => answer(408));
    function Save() {
      const mutation = useMutation({
        mutationFn: async () =>
          unwrap(await productRequest({ method: 'PUT', path: '/api/eta/declarations', body: {} })),
      });
      return (
        <button type="button" onClick={() => mutation.mutate()}>
          {mutation.isError ? 'failed' : 'save'}
        </button>
      );
    }
    renderWithClient(<Save />);
    screen.getByText('save').click();
    await waitFor(() => expect(screen.getByText('failed')).toBeTruthy());
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(showErrorDialog).toHaveBeenCalledWith('Request timed out');
  });
});
