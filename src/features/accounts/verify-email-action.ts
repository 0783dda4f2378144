import { accountCalls } from '@/api/accounts';
import { ApiError } from '@/api/request';
import type { RequestScope } from '@/api/request-scope';
import type { PageAction } from '@/engine/form-action';
import { postedAction, resendFromAddressForm } from './account-action';
import { isWellFormedKey } from './reset-code';
import {
  CONFIRM_ACTION,
  refusedConfirmation,
  VERIFY_KEY_PARAM,
  type ConfirmOutcome,
  type VerifyEmailActionData,
} from './verify-email-data';

/** Confirms the address with the link's key, as the page's button does once its scripts run. */
async function confirmWith(scope: RequestScope, authKey: string, fallback: string): Promise<ConfirmOutcome> {
  if (!isWellFormedKey(authKey)) return { done: 'invalid' };
  try {
    await accountCalls(scope).verify({ authKey });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return refusedConfirmation(error.errorBody, fallback);
  }
  return { done: 'confirmed' };
}

/**
 * /verify-email posted without scripts: "Confirm my e-mail address" (the key is the one of the page's own address,
 * which the form posts to) confirms the address; otherwise it is the address form of a link that did not work,
 * asking for a new e-mail.
 */
export const action: PageAction = async ({ request, fields, scope, t }): Promise<VerifyEmailActionData> => {
  if (postedAction(fields) !== CONFIRM_ACTION) return resendFromAddressForm(scope, fields, t);
  const authKey = new URL(request.url).searchParams.get(VERIFY_KEY_PARAM) ?? '';
  const outcome = await confirmWith(scope, authKey, t('common:errorPage.body'));
  return { answers: {}, errors: [], pressed: true, ...outcome };
};
