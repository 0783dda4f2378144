/**
 * What the account pages' actions (a form posted before, or without, the page's scripts) share: the posted button,
 * the router context set from the server, and "Send the e-mail again". They answer AccountActionData.
 */
import type { TFunction } from 'i18next';
import { accountCalls } from '@/api/accounts';
import { ApiError } from '@/api/request';
import { setResponseCookie, type RequestScope } from '@/api/request-scope';
import { FORM_FIELDS } from '@/engine/form-address';
import { problemsOf, readPostedForm, refused, refusedByApi } from '@/engine/form-action';
import type { EmailAction } from '@/shared/api-types';
import { contextEmailCookie, routerContextCookie, type RouterContext } from '@/shared/router-context-cookie';
import { ADDRESS_FORM, type AccountActionData, type ResendOutcome } from './account-action-data';

/** The button the form was sent with. */
export function postedAction(fields: FormData): string {
  return String(fields.get(FORM_FIELDS.action) ?? '');
}

/** A posted text field, trimmed ('' when absent). */
export function postedText(fields: FormData, name: string): string {
  const value = fields.get(name);
  return typeof value === 'string' ? value.trim() : '';
}

/**
 * Merges `patch` into the router context the server sends back with the answer: the application in its cookie
 * mirror, an e-mail in the cookie that hands it to the next pages (see router-context-cookie.ts).
 */
export function setContextFromServer(scope: RequestScope, patch: Partial<RouterContext>): void {
  const context = { ...scope.routerContext, ...patch };
  setResponseCookie(scope, routerContextCookie(JSON.stringify(context)));
  if ('email' in patch) setResponseCookie(scope, contextEmailCookie(patch.email));
}

/** Answers with nothing to show again but `extra`. */
export function answered(extra: Partial<AccountActionData>): AccountActionData {
  return { answers: {}, errors: [], ...extra };
}

/**
 * "Send the e-mail again" posted without scripts: `email` is the address the page knew (a hidden field, or the
 * address field of the form the button belongs to). Without one, the page says where to enter it (`missingKey`).
 */
export async function resendEmail(
  scope: RequestScope,
  email: string,
  emailAction: EmailAction,
  t: TFunction,
  missingKey = 'accounts:resend.missingEmail',
): Promise<ResendOutcome> {
  if (!email) return { problem: t(missingKey) };
  try {
    await accountCalls(scope).emailRequest({ email, emailAction });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return { problem: error.errorBody?.error ?? t('common:errorPage.body') };
  }
  return { sentTo: email };
}

/**
 * The address form of "Send the e-mail again" (ResendForm) posted without scripts: the address checked as in the
 * browser, then a new confirmation e-mail.
 */
export async function resendFromAddressForm(
  scope: RequestScope,
  fields: FormData,
  t: TFunction,
): Promise<AccountActionData> {
  const posted = await readPostedForm(fields, ADDRESS_FORM);
  const problems = problemsOf(posted, t);
  if (problems.length > 0) return refused(posted, problems);
  const email = String(posted.answers.email ?? '').trim();
  try {
    await accountCalls(scope).emailRequest({ email, emailAction: 'VERIFY_EMAIL' });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return refusedByApi(posted, error.errorBody, t('common:errorPage.body'));
  }
  return { ...refused(posted, []), resend: { sentTo: email } };
}
