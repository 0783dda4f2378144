/**
 * What the account pages' actions (a form posted before, or without, the page's scripts; see account-action.ts) hand
 * back to their page, as the page reads it.
 */
import { useActionData } from 'react-router-dom';
import type { FormActionData } from '@/engine/form-action';

/** What an account page shows instead of its form once its action is done. */
export type AccountDone =
  /** Forgotten password: the e-mail is on its way. */
  | 'sent'
  /** Reset password: the new password is saved. */
  | 'reset'
  /** Reset password: the link's key is spent, expired or not a key. */
  | 'invalid'
  /** The code confirmed the e-mail address. */
  | 'confirmed';

/** What "Send the e-mail again" answered: where the e-mail went, or why it was not sent. */
export interface ResendOutcome {
  sentTo?: string;
  problem?: string;
}

/** An account page's action data: a form refused (FormActionData), or done, or an e-mail sent again. */
export interface AccountActionData extends FormActionData {
  done?: AccountDone;
  resend?: ResendOutcome;
  /** Change password: the e-mailed code's key was refused, so the page offers the current-password form again. */
  keyRefused?: boolean;
}

/** The `_action` of "Send the e-mail again" (the button of ResendEmail). */
export const RESEND_ACTION = 'resend';

/** The form that asks only for the address (forgotten password, and "Send the e-mail again" without one). */
export const ADDRESS_FORM = 'forgot-password';

/** What the page's action answered, read by the page (undefined when nothing was posted). */
export function useAccountActionData(): AccountActionData | undefined {
  return useActionData() as AccountActionData | undefined;
}

/** The `_action` of the profile's "Change password" (the profile's action puts the address in the router context). */
export const CHANGE_PASSWORD_ACTION = 'change-password';

/** The `_action` of the change-password page's "E-mail me a code". */
export const SEND_CODE_ACTION = 'send-code';

/**
 * The query parameter of /profile naming what was just done elsewhere, when the page that did it was sent without
 * scripts (with them, router state says it): `?notice=passwordChanged`.
 */
export const PROFILE_NOTICE_PARAM = 'notice';
