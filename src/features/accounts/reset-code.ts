import { PATHS } from '@/shared/route-paths';
/** Where /otp takes a password-reset code (its query says which kind of code it checks). */
export const RESET_CODE_PATH = `${PATHS.otp}?emailAction=RESET_PASSWORD`;

/** Router state /profile/change-password receives from /otp once an e-mailed reset code has been accepted. */
export interface ChangePasswordState {
  /** Single-use reset key the code was exchanged for; it stands in for the current password. */
  resetKey?: string;
}
