import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  OUTCOME_PATH_SEGMENTS,
  type Outcome,
  type OutcomeKind,
  type SealCertificate,
  type SealStatusAnswer,
  type Wallet,
  type WalletLink,
  type Wallets,
} from '@/shared/contract/outcomes';
import { queryKeys } from './query-keys';
import { productRequest, unwrap, type CallOptions } from './request';
import { useRequestScope, type RequestScope } from './request-scope';
import { API_PATHS } from '@/shared/contract';

export type { Outcome, OutcomeKind, SealStatus, Wallet } from '@/shared/contract/outcomes';

const APPLICANTS_PATH = API_PATHS.applicants;
const SEAL_PATH = API_PATHS.seal;
const enc = encodeURIComponent;
const applicantPath = (applicantIdentifier: string) => `${APPLICANTS_PATH}/${enc(applicantIdentifier)}`;

/** The query key of one applicant's document of a kind, from the applicants' key factory. */
export function outcomeQueryKey(kind: OutcomeKind, applicantIdentifier: string) {
  if (kind === 'ETA') return queryKeys.applicants.eta(applicantIdentifier);
  if (kind === 'PERMIT') return queryKeys.applicants.permit(applicantIdentifier);
  return queryKeys.applicants.rejectionNotice(applicantIdentifier);
}

/** GET an applicant's ETA, permit or rejection notice. */
export function loadOutcome(kind: OutcomeKind, applicantIdentifier: string, call: CallOptions = {}) {
  return productRequest<Outcome>({
    method: 'GET',
    path: `${applicantPath(applicantIdentifier)}/${OUTCOME_PATH_SEGMENTS[kind]}`,
    ...call,
  });
}

/** POST for the document as a PDF: the file, and the name the server gives it. */
export function downloadOutcomePdf(kind: OutcomeKind, applicantIdentifier: string, call: CallOptions = {}) {
  return productRequest<Blob>({
    method: 'POST',
    path: `${applicantPath(applicantIdentifier)}/${OUTCOME_PATH_SEGMENTS[kind]}-pdf`,
    responseType: 'blob',
    loading: true,
    ...call,
  });
}

/** GET the wallets this server can make passes for. */
export function loadWallets(call: CallOptions = {}) {
  return productRequest<Wallets>({ method: 'GET', path: `${APPLICANTS_PATH}/wallets`, ...call });
}

/** GET the address where the browser adds the applicant's pass to a wallet. */
export function loadWalletLink(applicantIdentifier: string, wallet: Wallet, call: CallOptions = {}) {
  return productRequest<WalletLink>({
    method: 'GET',
    path: `${APPLICANTS_PATH}/wallet-link`,
    query: { applicantIdentifier, wallet },
    loading: true,
    ...call,
  });
}

/** GET the published signer certificate of the seals (public), DER in base64url. */
export function loadSealCertificate(call: CallOptions = {}) {
  return productRequest<SealCertificate>({ method: 'GET', path: `${SEAL_PATH}/certificate`, auth: false, ...call });
}

/** GET whether the document a seal names still stands (public). */
export function loadSealStatus(documentNumber: string, call: CallOptions = {}) {
  return productRequest<SealStatusAnswer>({
    method: 'GET',
    path: `${SEAL_PATH}/status`,
    query: { documentNumber },
    auth: false,
    ...call,
  });
}

/** One applicant's document of a kind (the query a page's loader and its hook share). */
export const outcomeQuery = (kind: OutcomeKind, applicantIdentifier: string, scope: RequestScope | undefined) =>
  queryOptions({
    queryKey: outcomeQueryKey(kind, applicantIdentifier),
    queryFn: async ({ signal }) => unwrap(await loadOutcome(kind, applicantIdentifier, { signal, scope })),
  });

/** The wallets configured on the server. */
export const walletsQuery = (scope: RequestScope | undefined) =>
  queryOptions({
    queryKey: queryKeys.applicants.wallets(),
    queryFn: async ({ signal }) => unwrap(await loadWallets({ signal, scope })).wallets,
    staleTime: Infinity,
  });

/** One applicant's document of a kind; disabled without an identifier. Not found is an answer: no retry. */
export function useOutcome(kind: OutcomeKind, applicantIdentifier: string | undefined) {
  return useQuery({
    ...outcomeQuery(kind, applicantIdentifier ?? '', useRequestScope()),
    enabled: Boolean(applicantIdentifier),
    throwOnError: false,
  });
}

/** The wallets configured on the server (empty when none, or when the call fails: the buttons then stay away). */
export function useWallets(enabled = true) {
  return useQuery({ ...walletsQuery(useRequestScope()), enabled, throwOnError: false });
}

/** Downloads the document's PDF: resolves with the file and its name; failures are shown by the page. */
export function useDownloadOutcomePdf(kind: OutcomeKind, applicantIdentifier: string) {
  return useMutation({
    mutationFn: async () => {
      const result = await downloadOutcomePdf(kind, applicantIdentifier);
      return { file: unwrap(result), fileName: result.fileName };
    },
    throwOnError: false,
  });
}

/** Asks for a wallet link; the page goes there, or to the wallet error page when the call fails. */
export function useWalletLink(applicantIdentifier: string) {
  return useMutation({
    mutationKey: queryKeys.applicants.walletLink(applicantIdentifier),
    mutationFn: async (wallet: Wallet) => unwrap(await loadWalletLink(applicantIdentifier, wallet)).url,
    throwOnError: false,
  });
}

/**
 * The public seal checks, cached through the query client: the published certificate (kept for the visit) and a
 * document's current status (asked afresh each time). Both throw ApiError when the call fails.
 */
export function useSealLookups() {
  const queryClient = useQueryClient();
  return {
    certificate: () =>
      queryClient.fetchQuery({
        queryKey: queryKeys.seal.certificate(),
        queryFn: async ({ signal }) => unwrap(await loadSealCertificate({ signal })).certificate,
        staleTime: Infinity,
      }),
    status: (documentNumber: string) =>
      queryClient.fetchQuery({
        queryKey: queryKeys.seal.status(documentNumber),
        queryFn: async ({ signal }) => unwrap(await loadSealStatus(documentNumber, { signal })).status,
        staleTime: 0,
      }),
  };
}
