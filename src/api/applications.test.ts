import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  useAddApplicant,
  useApplicantLimit,
  useApplications,
  useDeleteApplication,
  useResumeApplication,
} from './applications';
import { ApiError } from './request';

afterEach(() => vi.unstubAllGlobals());

function stubFetch(answer: (method: string, url: string) => [number, unknown]) {
  const calls: { method: string; url: string; body?: string }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      calls.push({ method, url: String(url), body: init?.body ? String(init.body) : undefined });
      const [status, body] = answer(method, String(url));
      return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
    }),
  );
  return calls;
}

function wrapper() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return {
    client,
    Wrapper: ({ children }: { children: ReactNode }) => createElement(QueryClientProvider, { client }, children),
  };
}

describe('application hooks', () => {
  it('lists applications and refetches the list after a delete', async () => {
    let list = [{ applicationIdentifier: 'a1' }];
    const calls = stubFetch((method) => {
      if (method === 'DELETE') {
        list = [];
        return [200, { applicationIdentifier: 'a1', deleted: true }];
      }
      return [200, list];
    });
    const { Wrapper } = wrapper();
    const { result } = renderHook(() => ({ list: useApplications(), remove: useDeleteApplication() }), {
      wrapper: Wrapper,
    });
    await waitFor(() => expect(result.current.list.data).toEqual([{ applicationIdentifier: 'a1' }]));
    await act(() => result.current.remove.mutateAsync('a1'));
    await waitFor(() => expect(result.current.list.data).toEqual([]));
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'GET /api/eta/applications',
      'DELETE /api/eta/applications/a1',
      'GET /api/eta/applications',
    ]);
  });

  it('posts an applicant and carries an eligibility refusal as an ApiError with its code', async () => {
    const calls = stubFetch(() => [409, { error: 'Not eligible', code: 'PASSPORT_COUNTRY_NOT_WHITELISTED' }]);
    const { Wrapper } = wrapper();
    const { result } = renderHook(() => useAddApplicant('app 1'), { wrapper: Wrapper });
    const facts = {
      isAccountHolder: true,
      givenNames: 'A',
      familyName: 'B',
      dateOfBirth: '1990-01-01',
      nationality: 'ZA',
      passportIssuingCountry: 'ZA',
      passportNumber: 'AB12345',
    };
    const failure = await result.current.mutateAsync(facts).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).errorBody?.code).toBe('PASSPORT_COUNTRY_NOT_WHITELISTED');
    expect(calls[0]).toMatchObject({ method: 'POST', url: '/api/eta/applications/app%201/applicants' });
    expect(JSON.parse(calls[0].body!)).toEqual(facts);
  });

  it('resumes with a POST to step/resume', async () => {
    const calls = stubFetch(() => [
      200,
      { applicationIdentifier: 'a1', applicantIdentifier: null, step: 'MANAGE_APPLICANTS' },
    ]);
    const { Wrapper } = wrapper();
    const { result } = renderHook(() => useResumeApplication(), { wrapper: Wrapper });
    expect(await result.current.mutateAsync('a1')).toEqual({
      applicationIdentifier: 'a1',
      applicantIdentifier: null,
      step: 'MANAGE_APPLICANTS',
    });
    expect(calls[0]).toMatchObject({ method: 'POST', url: '/api/eta/applications/a1/step/resume' });
  });

  it('limits applicants to one for oneself, else to the configured number, else to the API default', async () => {
    stubFetch(() => [200, { maxApplicantsPerApplication: 4 }]);
    const first = wrapper();
    expect(renderHook(() => useApplicantLimit('SELF'), { wrapper: first.Wrapper }).result.current).toBe(1);
    const configured = renderHook(() => useApplicantLimit('OTHERS'), { wrapper: first.Wrapper });
    await waitFor(() => expect(configured.result.current).toBe(4));

    stubFetch(() => [500, { error: 'down', code: 'INTERNAL' }]);
    const second = wrapper();
    expect(renderHook(() => useApplicantLimit('SELF_AND_OTHERS'), { wrapper: second.Wrapper }).result.current).toBe(10);
  });
});
