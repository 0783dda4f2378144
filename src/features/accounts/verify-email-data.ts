/**
 * What /verify-email's page and its action (a form posted before, or without, the page's scripts) share. Opening the
 * e-mailed link confirms nothing: mail scanners and link previews fetch every link they see, so the address is
 * confirmed only when the visitor presses the page's button.
 */
import type { ApiErrorBody } from '@/shared/api-types';
import type { AccountActionData } from './account-action-data';

/** The `_action` of "Confirm my e-mail address". */
export const CONFIRM_ACTION = 'confirm';

/** The query parameter of the e-mailed link that carries its key. */
export const VERIFY_KEY_PARAM = 'authKey';

/**
 * What the page's action answered: a press of "Confirm my e-mail address" (`pressed`: the address `done: 'confirmed'`,
 * the key `done: 'invalid'`, or a `problem` to show above the button), else the address form of a new e-mail.
 */
export interface VerifyEmailActionData extends AccountActionData {
  pressed?: true;
}

/** What confirming with a link's key came to, as the page shows it. */
export type ConfirmOutcome =
  { done: 'confirmed' | 'invalid'; problem?: undefined } | { problem: string; done?: undefined };

/**
 * The outcome of a refused confirmation: a key spent, expired, unknown or malformed is a link that does not work;
 * anything else (too many wrong keys lately, the service unavailable) is said as the API says it, and the button stays.
 */
export function refusedConfirmation(body: ApiErrorBody | undefined, fallback: string): ConfirmOutcome {
  if (!body) return { problem: fallback };
  if (body.code === 'VERIFY_LINK_INVALID' || body.code === 'VALIDATION_FAILED') return { done: 'invalid' };
  return { problem: body.error };
}
