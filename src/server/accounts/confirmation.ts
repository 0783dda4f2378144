import {
  ACCOUNT_ERRORS,
  type EmailRequest,
  type MessageResult,
  type ResetCodeAccepted,
  type VerifyRequest,
} from '../../shared/contract';
import { ApiError } from '../errors';
import { translate } from '../i18n';
import { sendReset, sendVerification } from './account-mail';
import { emailClient, markVerified, profileOfAddress, type AccountCaller, type AccountsDeps } from './deps';
import { consumeLinkKey, issueLinkKey } from './email-keys';
import { allowEmailFor, checkCode, countWrongEntry, guardCodeEntry, normaliseEmail } from './guards';

/** Confirms the address with the link's key or the e-mailed code; a reset code is traded for a reset key. */
export async function verify(
  deps: AccountsDeps,
  caller: AccountCaller,
  body: VerifyRequest,
): Promise<MessageResult | ResetCodeAccepted> {
  const { repositories } = deps;
  const { lang, ip } = caller;
  const now = new Date();
  await guardCodeEntry(deps, ip, now);
  if (body.authKey !== undefined) {
    const profileId = await consumeLinkKey(repositories.emailKeys, body.authKey, 'VERIFY_EMAIL', now);
    if (!profileId) {
      await countWrongEntry(deps, ip, now);
      throw new ApiError(400, ACCOUNT_ERRORS.verifyLinkInvalid, 'api:accounts.verifyLinkInvalid');
    }
    await markVerified(deps, profileId, now);
    return { message: translate(lang, 'api:accounts.verified') };
  }
  const purpose = body.emailAction ?? 'VERIFY_EMAIL';
  const profile = await profileOfAddress(deps, body.email);
  const outcome = await checkCode(deps, normaliseEmail(body.email), profile, purpose, body.code, now);
  if (!outcome.ok) {
    await countWrongEntry(deps, ip, now);
    if (outcome.reason === 'attempts-exceeded') {
      throw new ApiError(400, ACCOUNT_ERRORS.codeAttemptsExceeded, 'api:accounts.codeAttemptsExceeded');
    }
    throw new ApiError(400, ACCOUNT_ERRORS.codeInvalid, 'api:accounts.codeInvalid');
  }
  // Either code proves the address belongs to the user.
  await markVerified(deps, profile!.id, now);
  if (purpose === 'RESET_PASSWORD') {
    // Reset-password and change-password take the key like the e-mailed link's.
    const authKey = await issueLinkKey(repositories.emailKeys, profile!.id, 'RESET_PASSWORD', now);
    return { message: translate(lang, 'api:accounts.resetCodeAccepted'), authKey };
  }
  return { message: translate(lang, 'api:accounts.verified') };
}

/**
 * Sends a new confirmation or reset e-mail, if the address has an account that needs it. The answer never tells
 * whether it has: it goes at once, and the mail after it.
 */
export async function emailRequest(
  deps: AccountsDeps,
  caller: AccountCaller,
  { email, emailAction }: EmailRequest,
): Promise<MessageResult> {
  const now = new Date();
  const address = normaliseEmail(email);
  await allowEmailFor(deps, address, emailAction, await emailClient(deps, caller, address), now);
  caller.afterAnswer('e-mail request', async () => {
    const profile = await profileOfAddress(deps, email);
    if (!profile) return;
    if (emailAction === 'VERIFY_EMAIL' && profile.email_verified === 0) await sendVerification(deps, profile, now);
    if (emailAction === 'RESET_PASSWORD') await sendReset(deps, profile, now);
  });
  return { message: translate(caller.lang, 'api:accounts.emailRequestSent') };
}
