import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  API_PATHS,
  type Applicant,
  type ApplicantDeleted,
  type ApplicantFacts,
  type Application,
  type ApplicationDeleted,
  type ApplyingFor,
  type ClientSettings,
  type CreateApplicationRequest,
  type ResumeAnswer,
} from '@/shared/contract';
import { queryKeys } from './query-keys';
import { productRequest, unwrap, type CallOptions } from './request';
import { useRequestScope, type RequestScope } from './request-scope';

/** Base path of the application calls. */
export const APPLICATIONS_PATH = API_PATHS.applications;

export type {
  Applicant,
  ApplicantFacts,
  ApplicantStatus,
  Application,
  ApplicationStatus,
  ApplicationType,
  ApplyingFor,
  ResumeAnswer,
  StepState,
} from '@/shared/contract';

/** The answers of the create-application form (schemas/create-application.schema.json). */
export type CreateApplicationAnswers = CreateApplicationRequest;

/** The fallback when client-settings cannot be read: the API's own default. */
export const DEFAULT_MAX_APPLICANTS = 10;

const call = async <T>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  body?: unknown,
  options: CallOptions = {},
): Promise<T> =>
  unwrap(
    await productRequest<T>({
      method,
      path: `${APPLICATIONS_PATH}${path}`,
      body,
      loading: method !== 'GET',
      ...options,
    }),
  );

const enc = encodeURIComponent;

/**
 * The same calls as results, never thrown (the error body read by the caller): for the pages' server actions, which
 * answer a form posted without scripts, with the scope of the request they handle.
 */
export const applicationCalls = (scope: RequestScope | undefined) => {
  const result = <T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown) =>
    productRequest<T>({ method, path: `${APPLICATIONS_PATH}${path}`, body, scope });
  return {
    list: () => result<Application[]>('GET', ''),
    applicants: (applicationIdentifier: string) =>
      result<Applicant[]>('GET', `/${enc(applicationIdentifier)}/applicants`),
    remove: (applicationIdentifier: string) => result<ApplicationDeleted>('DELETE', `/${enc(applicationIdentifier)}`),
    resume: (applicationIdentifier: string) =>
      result<ResumeAnswer>('POST', `/${enc(applicationIdentifier)}/step/resume`),
    addApplicant: (applicationIdentifier: string, facts: ApplicantFacts) =>
      result<Applicant>('POST', `/${enc(applicationIdentifier)}/applicants`, facts),
    updateApplicant: (applicationIdentifier: string, applicantIdentifier: string, facts: ApplicantFacts) =>
      result<Applicant>('PUT', `/${enc(applicationIdentifier)}/applicants/${enc(applicantIdentifier)}`, facts),
    removeApplicant: (applicationIdentifier: string, applicantIdentifier: string) =>
      result<ApplicantDeleted>('DELETE', `/${enc(applicationIdentifier)}/applicants/${enc(applicantIdentifier)}`),
  };
};

/** GET the signed-in user's applications, newest first (the query a page's loader and its hook share). */
export const applicationsQuery = (scope: RequestScope | undefined) =>
  queryOptions({
    queryKey: queryKeys.applications.list(),
    queryFn: ({ signal }) => call<Application[]>('GET', '', undefined, { signal, scope }),
  });

/** GET one application with its applicants. */
export const applicationQuery = (applicationIdentifier: string, scope: RequestScope | undefined) =>
  queryOptions({
    queryKey: queryKeys.applications.detail(applicationIdentifier),
    queryFn: ({ signal }) => call<Application>('GET', `/${enc(applicationIdentifier)}`, undefined, { signal, scope }),
  });

/** GET the applicants of one application, in the order they were added. */
export const applicantsQuery = (applicationIdentifier: string, scope: RequestScope | undefined) =>
  queryOptions({
    queryKey: queryKeys.applications.applicants(applicationIdentifier),
    queryFn: ({ signal }) =>
      call<Applicant[]>('GET', `/${enc(applicationIdentifier)}/applicants`, undefined, { signal, scope }),
  });

/** GET /api/eta/static/client-settings: the limits the API enforces, the same for every visitor. */
export const clientSettingsQuery = (scope: RequestScope | undefined) =>
  queryOptions({
    queryKey: queryKeys.static.clientSettings(),
    queryFn: async ({ signal }) =>
      unwrap(
        await productRequest<ClientSettings>({
          method: 'GET',
          path: `${API_PATHS.static}/client-settings`,
          signal,
          scope,
        }),
      ),
    staleTime: Infinity,
  });

/** GET the signed-in user's applications, newest first. */
export function useApplications() {
  return useQuery(applicationsQuery(useRequestScope()));
}

/** GET one application with its applicants; disabled without an identifier. */
export function useApplication(applicationIdentifier: string | undefined) {
  return useQuery({
    ...applicationQuery(applicationIdentifier ?? '', useRequestScope()),
    enabled: Boolean(applicationIdentifier),
  });
}

/** GET the applicants of one application, in the order they were added. */
export function useApplicants(applicationIdentifier: string | undefined) {
  return useQuery({
    ...applicantsQuery(applicationIdentifier ?? '', useRequestScope()),
    enabled: Boolean(applicationIdentifier),
  });
}

/** POST a new application (status IN_PROGRESS, no applicants yet). */
export function useCreateApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (answers: CreateApplicationAnswers) => call<Application>('POST', '', answers),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.applications.all }),
  });
}

/** DELETE an application that is still in progress. */
export function useDeleteApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (applicationIdentifier: string) => call<ApplicationDeleted>('DELETE', `/${enc(applicationIdentifier)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.applications.all }),
  });
}

/** POST step/resume: where the application continues (the applicant furthest behind). */
export function useResumeApplication() {
  return useMutation({
    mutationFn: (applicationIdentifier: string) =>
      call<ResumeAnswer>('POST', `/${enc(applicationIdentifier)}/step/resume`),
  });
}

/** POST an applicant: its eligibility is checked at once (409 with the code when refused). */
export function useAddApplicant(applicationIdentifier: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (facts: ApplicantFacts) => call<Applicant>('POST', `/${enc(applicationIdentifier)}/applicants`, facts),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.applications.all }),
  });
}

/** PUT an applicant's facts: a changed passport is checked for eligibility again. */
export function useUpdateApplicant(applicationIdentifier: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ applicantIdentifier, facts }: { applicantIdentifier: string; facts: ApplicantFacts }) =>
      call<Applicant>('PUT', `/${enc(applicationIdentifier)}/applicants/${enc(applicantIdentifier)}`, facts),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.applications.all }),
  });
}

/** DELETE an applicant who has not been submitted. */
export function useRemoveApplicant(applicationIdentifier: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (applicantIdentifier: string) =>
      call<ApplicantDeleted>('DELETE', `/${enc(applicationIdentifier)}/applicants/${enc(applicantIdentifier)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.applications.all }),
  });
}

/**
 * How many applicants an application may have: one when applying only for oneself, else the configured
 * limit from GET /api/eta/static/client-settings (the API enforces the same numbers).
 */
export function useApplicantLimit(applyingFor: ApplyingFor | undefined): number {
  const settings = useQuery(clientSettingsQuery(useRequestScope()));
  if (applyingFor === 'SELF') return 1;
  const configured = settings.data?.maxApplicantsPerApplication;
  return typeof configured === 'number' && configured > 0 ? configured : DEFAULT_MAX_APPLICANTS;
}
