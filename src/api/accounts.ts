import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type ChangePasswordRequest,
  type EmailRequest,
  type LoginRequest,
  type LoginResult,
  type MessageResult,
  type Profile,
  type RegistrationRequest,
  type ResetCodeAccepted,
  type ResetPasswordRequest,
  type VerifyRequest,
} from '@/shared/contract';
import { queryKeys } from './query-keys';
import { PROFILE_PATH } from './profile-session';
import { productRequest, unwrap } from './request';
import { useRequestScope, type RequestScope } from './request-scope';

// The account helpers the portal's shell uses on every page (no react-query), kept in their own module so the
// first page does not load react-query's hooks for them.
export {
  clearSessionEnded,
  fetchProfile,
  hasSessionEnded,
  markSessionEnded,
  PROFILE_PATH,
  refreshSessionNow,
  saveProfileLanguage,
} from './profile-session';

export type { MessageResult, MobileNumber, Profile } from '@/shared/contract';

/** The answers of each account form, as the call takes them. */
export type RegistrationAnswers = RegistrationRequest;
export type VerifyAnswers = VerifyRequest;
export type LoginAnswers = LoginRequest;
export type ResetPasswordAnswers = ResetPasswordRequest;
/** A password change proves the user either with the current password or with a key from an e-mailed code. */
export type ChangePasswordAnswers = ChangePasswordRequest;
export type { EmailRequest };

/** The e-mailed password-reset code, exchanged for a reset key (POST verify with emailAction RESET_PASSWORD). */
export interface ResetCodeAnswers {
  email: string;
  code: string;
}

/** What the reset code is exchanged for: a single-use key that sets a new password within the hour. */
export type ResetKeyResult = ResetCodeAccepted;

/**
 * The account calls, as plain functions: the hooks below use them in the browser (no `scope`), and the pages' actions
 * use them on the server for a form posted without scripts, with the scope of the request they handle.
 */
export const accountCalls = (scope?: RequestScope) => {
  const post = async <T>(path: string, body: unknown, auth = false): Promise<T> =>
    unwrap(
      await productRequest<T>({ method: 'POST', path: `${PROFILE_PATH}${path}`, body, auth, loading: true, scope }),
    );
  return {
    /** POST register: creates the profile and e-mails a link and a code. */
    register: (answers: RegistrationAnswers) => post<MessageResult>('/register', answers),
    /** POST verify: confirms the e-mail address with the link's key or with the e-mailed code. */
    verify: (answers: VerifyAnswers) => post<MessageResult>('/verify', answers),
    /** POST verify with emailAction RESET_PASSWORD: checks the e-mailed reset code and answers a reset key. */
    verifyResetCode: (answers: ResetCodeAnswers) =>
      post<ResetKeyResult>('/verify', { ...answers, emailAction: 'RESET_PASSWORD' }),
    /** POST verify-email-request: sends a new confirmation (VERIFY_EMAIL) or reset (RESET_PASSWORD) e-mail. */
    emailRequest: (request: EmailRequest) => post<MessageResult>('/verify-email-request', request),
    /** POST login: answers the tokens and the profile identifier; the caller signs in with them. */
    login: (answers: LoginAnswers) => post<LoginResult>('/login', answers),
    /** POST request-password-reset: always the same answer, whether or not the account exists. */
    requestPasswordReset: (answers: { email: string }) => post<MessageResult>('/request-password-reset', answers),
    /** POST reset-password: sets a new password with the key from the reset e-mail. */
    resetPassword: (answers: ResetPasswordAnswers) => post<MessageResult>('/reset-password', answers),
    /** POST change-password (signed in): checks the current password, or an e-mailed code's key, and sets the new one. */
    changePassword: (answers: ChangePasswordAnswers) => post<MessageResult>('/change-password', answers, true),
  };
};

/** POST register (see accountCalls). */
export function useRegister() {
  return useMutation({ mutationFn: accountCalls().register });
}

/** POST verify (see accountCalls). */
export function useVerifyEmail() {
  return useMutation({ mutationFn: accountCalls().verify });
}

/** POST verify with emailAction RESET_PASSWORD (see accountCalls). */
export function useVerifyResetCode() {
  return useMutation({ mutationFn: accountCalls().verifyResetCode });
}

/** POST verify-email-request (see accountCalls). */
export function useEmailRequest() {
  return useMutation({ mutationFn: accountCalls().emailRequest });
}

/** POST login (see accountCalls). */
export function useLogin() {
  return useMutation({ mutationFn: accountCalls().login });
}

/** POST request-password-reset (see accountCalls). */
export function useRequestPasswordReset() {
  return useMutation({ mutationFn: accountCalls().requestPasswordReset });
}

/** POST reset-password (see accountCalls). */
export function useResetPassword() {
  return useMutation({ mutationFn: accountCalls().resetPassword });
}

/** POST change-password (see accountCalls); the profile is read again after it. */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: accountCalls().changePassword,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.profile.all }),
  });
}

/** GET profile of the signed-in user (the query a page's loader and its hook share). */
export const profileQuery = (scope: RequestScope | undefined) =>
  queryOptions({
    queryKey: queryKeys.profile.detail(),
    queryFn: async ({ signal }) =>
      unwrap(await productRequest<Profile>({ method: 'GET', path: PROFILE_PATH, signal, scope })),
  });

/** GET profile of the signed-in user. */
export function useProfile() {
  return useQuery(profileQuery(useRequestScope()));
}
