import definitions from '@schemas/definitions.schema.json';
import { PATHS } from '@/shared/route-paths';

/** Where /otp takes a password-reset code (its query says which kind of code it checks). */
export const RESET_CODE_PATH = `${PATHS.otp}?emailAction=RESET_PASSWORD`;

/**
 * The query parameter of /profile/change-password that carries the key an e-mailed reset code was exchanged for, when
 * the code page was sent without scripts (with them, the key goes in router state and never into the address).
 */
export const RESET_KEY_PARAM = 'authKey';

/** The form of the new pair once a code has proven the user (the reset form: a hidden key and the new pair). */
export const WITH_CODE_FORM = 'reset-password';

/** Router state /profile/change-password receives from /otp once an e-mailed reset code has been accepted. */
export interface ChangePasswordState {
  /** Single-use reset key the code was exchanged for; it stands in for the current password. */
  resetKey?: string;
}

const authKeyRule = definitions.definitions.authKey;
const authKeyPattern = new RegExp(authKeyRule.pattern);

/** Whether a link's key has the shape the reset-password schema accepts (anything else cannot be a real link). */
export function isWellFormedKey(key: string): boolean {
  return key.length >= authKeyRule.minLength && key.length <= authKeyRule.maxLength && authKeyPattern.test(key);
}
