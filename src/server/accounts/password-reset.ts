import { ACCOUNT_ERRORS, type MessageResult, type ResetPasswordRequest } from '../../shared/contract';
import { ApiError } from '../errors';
import { translate } from '../i18n';
import { sendReset } from './account-mail';
import {
  emailClient,
  markVerified,
  profileOfAddress,
  setPassword,
  type AccountCaller,
  type AccountsDeps,
} from './deps';
import { consumeLinkKey } from './email-keys';
import { allowEmailFor, commonPasswordError, countWrongEntry, guardCodeEntry, normaliseEmail } from './guards';
import { isCommonPassword } from './passwords';
import { addressBucket, clearBucketFamily } from './throttle';
import { revokeAllSessions } from './tokens';

/**
 * E-mails a reset link and code to the address, if it has an account. The answer never tells whether it has: it
 * goes at once, and the mail after it.
 */
export async function requestPasswordReset(
  deps: AccountsDeps,
  caller: AccountCaller,
  email: string,
): Promise<MessageResult> {
  const now = new Date();
  const address = normaliseEmail(email);
  await allowEmailFor(deps, address, 'RESET_PASSWORD', await emailClient(deps, caller, address), now);
  caller.afterAnswer('password reset e-mail', async () => {
    const profile = await profileOfAddress(deps, email);
    if (profile) await sendReset(deps, profile, now);
  });
  return { message: translate(caller.lang, 'api:accounts.passwordResetRequested') };
}

/** Sets a new password with a reset key; every session of the profile ends. */
export async function resetPassword(
  deps: AccountsDeps,
  caller: AccountCaller,
  body: ResetPasswordRequest,
): Promise<MessageResult> {
  const { repositories } = deps;
  const { lang, ip } = caller;
  const now = new Date();
  if (isCommonPassword(body.newPassword)) throw commonPasswordError('newPassword', lang);
  await guardCodeEntry(deps, ip, now);
  const profileId = await consumeLinkKey(repositories.emailKeys, body.authKey, 'RESET_PASSWORD', now);
  const profile = profileId ? await repositories.profiles.findById(profileId) : undefined;
  if (!profile) {
    await countWrongEntry(deps, ip, now);
    throw new ApiError(400, ACCOUNT_ERRORS.resetLinkInvalid, 'api:accounts.resetLinkInvalid');
  }
  await setPassword(deps, profile.id, body.newPassword, now);
  // The link proved the address belongs to the user.
  await markVerified(deps, profile.id, now);
  await revokeAllSessions(repositories.sessions, profile.id, 'password-reset', now);
  // The owner proved the address: every client may sign in with the new password at once.
  await clearBucketFamily(repositories.throttle, addressBucket('login', profile.email));
  caller.afterAnswer('password-changed e-mail', () =>
    deps.mail(profile, { template: 'password-changed', changedAt: now }),
  );
  return { message: translate(lang, 'api:accounts.passwordReset') };
}
