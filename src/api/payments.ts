import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  API_PATHS,
  type PaymentConfirmation,
  type PaymentOverview,
  type PaymentStarted,
  type StartPaymentBody,
  type SubmissionSummary,
} from '@/shared/contract';
import languages from 'virtual:eta-languages';
import { queryKeys } from './query-keys';
import { productRequest, unwrap, type CallOptions } from './request';
import { useRequestScope, type RequestScope } from './request-scope';

export type {
  PaymentConfirmation,
  PaymentFailure,
  PaymentOverview,
  PaymentStarted,
  PaymentStatus,
  SubmissionSummary,
} from '@/shared/contract';

/** The header that makes one payment attempt safe to send twice: the API starts at most one payment per key. */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

const enc = encodeURIComponent;
const applicationPath = (applicationIdentifier: string) => `${API_PATHS.applications}/${enc(applicationIdentifier)}`;

/** GET what the application costs and whether it can be paid now. */
export function loadPaymentOverview(applicationIdentifier: string, call: CallOptions = {}) {
  return productRequest<PaymentOverview>({
    method: 'GET',
    path: `${applicationPath(applicationIdentifier)}/payment`,
    ...call,
  });
}

/**
 * POST a payment attempt under `idempotencyKey` (one per attempt: a repeat of the same key answers the same
 * payment), asking for the provider's page in `language` when the provider offers it.
 */
export function startPayment(
  applicationIdentifier: string,
  idempotencyKey: string,
  language?: string,
  call: CallOptions = {},
) {
  const body: StartPaymentBody = {};
  if (language && languages.includes(language)) body.returnLanguage = language;
  return productRequest<PaymentStarted>({
    method: 'POST',
    path: `${applicationPath(applicationIdentifier)}/payment`,
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
    body,
    loading: true,
    ...call,
  });
}

/** POST confirm: the outcome of the last attempt, as the API has checked it with the provider. */
export function confirmPayment(applicationIdentifier: string, call: CallOptions = {}) {
  return productRequest<PaymentConfirmation>({
    method: 'POST',
    path: `${applicationPath(applicationIdentifier)}/payment/confirm`,
    ...call,
  });
}

/** GET the submitted application's receipt: reference, applicants, amount paid. */
export function loadSubmission(applicationIdentifier: string, call: CallOptions = {}) {
  return productRequest<SubmissionSummary>({
    method: 'GET',
    path: `${applicationPath(applicationIdentifier)}/submission`,
    ...call,
  });
}

/** The payment overview of an application (the query a page's loader and its hook share). */
export const paymentOverviewQuery = (applicationIdentifier: string, scope: RequestScope | undefined) =>
  queryOptions({
    queryKey: queryKeys.payments.overview(applicationIdentifier),
    queryFn: async ({ signal }) => unwrap(await loadPaymentOverview(applicationIdentifier, { signal, scope })),
  });

/** The receipt of a submitted application. */
export const submissionQuery = (applicationIdentifier: string, scope: RequestScope | undefined) =>
  queryOptions({
    queryKey: queryKeys.payments.submission(applicationIdentifier),
    queryFn: async ({ signal }) => unwrap(await loadSubmission(applicationIdentifier, { signal, scope })),
  });

/** The payment overview of an application; disabled without an identifier. */
export function usePaymentOverview(applicationIdentifier: string | undefined) {
  return useQuery({
    ...paymentOverviewQuery(applicationIdentifier ?? '', useRequestScope()),
    enabled: Boolean(applicationIdentifier),
  });
}

/** The receipt of a submitted application; disabled without an identifier. */
export function useSubmission(applicationIdentifier: string | undefined) {
  return useQuery({
    ...submissionQuery(applicationIdentifier ?? '', useRequestScope()),
    enabled: Boolean(applicationIdentifier),
  });
}

/** Starts a payment attempt; failures are shown by the page. */
export function useStartPayment(applicationIdentifier: string) {
  return useMutation({
    mutationFn: async ({ idempotencyKey, language }: { idempotencyKey: string; language?: string }) =>
      unwrap(await startPayment(applicationIdentifier, idempotencyKey, language)),
    throwOnError: false,
  });
}

/** Asks the API for the outcome of the last attempt; the application's cached state is refreshed afterwards. */
export function useConfirmPayment(applicationIdentifier: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => unwrap(await confirmPayment(applicationIdentifier)),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.payments.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.applications.all }),
      ]),
    throwOnError: false,
  });
}
