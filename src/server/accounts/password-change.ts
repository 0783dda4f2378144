import { ACCOUNT_ERRORS, type ChangePasswordRequest, type MessageResult } from '../../shared/contract';
import { translate } from '../i18n';
import { fieldRefused, setPassword, signedIn, type AccountCaller, type AccountsDeps } from './deps';
import { consumeLinkKey } from './email-keys';
import { commonPasswordError, countWrongEntry, guardCodeEntry, tooMany } from './guards';
import { isCommonPassword, verifyPassword } from './passwords';
import type { ProfilesTable } from './tables';
import { addressBucket, clearBucket, clearBucketFamily, recordEvent, throttleState } from './throttle';
import { revokeAllSessions } from './tokens';

/**
 * Checks the proof of a password change: a key from an e-mailed code of the signed-in profile, or its current
 * password (wrong ones counted per address); answers the refusal of the field at fault.
 */
async function proveOwner(
  deps: AccountsDeps,
  caller: AccountCaller,
  profile: ProfilesTable,
  body: ChangePasswordRequest,
  now: Date,
): Promise<void> {
  const { repositories } = deps;
  const { lang, ip } = caller;
  if (body.authKey !== undefined) {
    await guardCodeEntry(deps, ip, now);
    // Only a key of the signed-in profile is used up: another profile's key stays usable by its owner.
    if (!(await consumeLinkKey(repositories.emailKeys, body.authKey, 'RESET_PASSWORD', now, profile.id))) {
      await countWrongEntry(deps, ip, now);
      throw fieldRefused(ACCOUNT_ERRORS.resetLinkInvalid, 'authKey', 'api:accounts.resetCodeExpired', lang);
    }
    return;
  }
  const rule = deps.rules.currentPassword;
  const passwordBucket = addressBucket('current-password', profile.email);
  const state = await throttleState(repositories.throttle, passwordBucket, rule, now);
  if (state.limited) throw tooMany(state, 'current-password');
  if (!(await verifyPassword(profile.password_hash, body.currentPassword))) {
    await recordEvent(repositories.throttle, passwordBucket, rule, now);
    throw fieldRefused(
      ACCOUNT_ERRORS.currentPasswordInvalid,
      'currentPassword',
      'api:accounts.currentPasswordInvalid',
      lang,
    );
  }
}

/**
 * Changes the signed-in user's password, proven by the current one or by a key from an e-mailed code; every other
 * session of the profile ends.
 */
export async function changePassword(
  deps: AccountsDeps,
  caller: AccountCaller,
  body: ChangePasswordRequest,
): Promise<MessageResult> {
  const { repositories } = deps;
  const now = new Date();
  if (isCommonPassword(body.newPassword)) throw commonPasswordError('newPassword', caller.lang);
  const profile = await signedIn(deps, caller);
  await proveOwner(deps, caller, profile, body, now);
  await setPassword(deps, profile.id, body.newPassword, now);
  await revokeAllSessions(repositories.sessions, profile.id, 'password-changed', now, caller.sessionId);
  // As after a reset, the address may sign in at once with the new password.
  if (body.authKey !== undefined) {
    await clearBucketFamily(repositories.throttle, addressBucket('login', profile.email));
    await clearBucket(repositories.throttle, addressBucket('current-password', profile.email));
  }
  caller.afterAnswer('password-changed e-mail', () =>
    deps.mail(profile, { template: 'password-changed', changedAt: now }),
  );
  return { message: translate(caller.lang, 'api:accounts.passwordChanged') };
}
