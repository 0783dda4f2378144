import type { AccountsDeps } from './deps';
import { issueCode, issueLinkKey } from './email-keys';
import type { ProfilesTable } from './tables';

/** E-mails the profile a new link and code that confirm its address (the earlier ones stop working). */
export async function sendVerification(deps: AccountsDeps, row: ProfilesTable, now: Date): Promise<void> {
  const { emailKeys } = deps.repositories;
  const authKey = await issueLinkKey(emailKeys, row.id, 'VERIFY_EMAIL', now);
  const code = await issueCode(emailKeys, deps.config.jwtSecret, row.id, 'VERIFY_EMAIL', now);
  await deps.mail(row, { template: 'verify-email', authKey, code });
}

/** E-mails the profile a new link and code that reset its password (the earlier ones stop working). */
export async function sendReset(deps: AccountsDeps, row: ProfilesTable, now: Date): Promise<void> {
  const { emailKeys } = deps.repositories;
  const authKey = await issueLinkKey(emailKeys, row.id, 'RESET_PASSWORD', now);
  const code = await issueCode(emailKeys, deps.config.jwtSecret, row.id, 'RESET_PASSWORD', now);
  await deps.mail(row, { template: 'reset-password', authKey, code });
}
