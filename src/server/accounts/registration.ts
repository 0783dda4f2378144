import { randomUUID } from 'node:crypto';
import type { MessageResult, RegistrationRequest } from '../../shared/contract';
import { translate } from '../i18n';
import { sendVerification } from './account-mail';
import { clientOf, type AccountCaller, type AccountsDeps } from './deps';
import { allowEmailFor, commonPasswordError, countEmailFor, normaliseEmail } from './guards';
import { hashPassword, isCommonPassword } from './passwords';
import type { ProfilesTable } from './tables';

/**
 * Registers a profile and e-mails it a confirmation; an address that has an account already gets an e-mail saying
 * so. The answer never tells whether an account exists: it goes at once, and the mail after it.
 */
export async function register(
  deps: AccountsDeps,
  caller: AccountCaller,
  body: RegistrationRequest,
): Promise<MessageResult> {
  const { profiles } = deps.repositories;
  if (isCommonPassword(body.password)) throw commonPasswordError('password', caller.lang);
  const now = new Date();
  const email = normaliseEmail(body.email);
  // The confirmation e-mail of an address without an account is the owner's own sign-up, not counted against
  // the address (see allowEmailFor); an e-mail to an account that exists (account-exists) is.
  const account = await profiles.findByEmail(email);
  const signUp = !account;
  const client = clientOf(caller, account);
  await allowEmailFor(deps, email, 'VERIFY_EMAIL', client, now, { signUp });
  // Hashing happens whether or not the address is taken, so both answers take as long.
  const row: ProfilesTable = {
    id: randomUUID(),
    title: body.title,
    given_names: body.givenNames.trim(),
    family_name: body.familyName.trim(),
    email,
    mobile_country: body.mobile.isoAlpha2Code,
    mobile_number: body.mobile.mobileNumber,
    password_hash: await hashPassword(body.password),
    email_verified: 0,
    language: caller.lang,
    created_at: now.toISOString(),
    updated_at: now.toISOString(),
  };
  const created = await profiles.insertUnlessTaken(row);
  if (signUp && !created) await countEmailFor(deps, email, 'VERIFY_EMAIL', client, now);
  caller.afterAnswer('registration e-mail', async () => {
    if (created) return sendVerification(deps, row, now);
    const existing = await profiles.findByEmail(email);
    if (existing) await deps.mail(existing, { template: 'account-exists' });
  });
  return { message: translate(caller.lang, 'api:accounts.registered', { email }) };
}
