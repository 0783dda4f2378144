import { randomInt } from 'node:crypto';
import { hashPassword, normaliseEmail } from '../accounts/public';
import { uuidv7 } from '../lib/uuidv7';
import { recordAction, type Actor } from './audit';
import type { StaffRepository } from './repository';
import { isStaffRole, STAFF_ROLES, type StaffRole } from './roles';
import type { StaffAccountsTable } from './tables';
import { newTotpSecret, totpAddress } from './totp';

/** Why a change of staff accounts was refused: the staff pages say it in the member's language by this. */
export type StaffRefusal =
  | 'unknown-role'
  | 'no-role'
  | 'translator-languages'
  | 'not-an-email'
  | 'already-exists'
  | 'no-account'
  | 'already-disabled'
  /** An administrator's change of their own account that would lock them out (the staff pages only). */
  | 'own-account';

/** A refused change of staff accounts: in words for the operator's command, and `reason` for the staff pages. */
export class StaffError extends Error {
  constructor(
    message: string,
    readonly reason: StaffRefusal,
  ) {
    super(message);
  }
}

/** A staff account as it is shown: no password hash, no key. */
export interface StaffMember {
  id: string;
  email: string;
  roles: StaffRole[];
  languages: string[];
  createdAt: string;
  disabled: boolean;
}

export const memberOf = (row: StaffAccountsTable): StaffMember => ({
  id: row.id,
  email: row.email,
  roles: JSON.parse(row.roles) as StaffRole[],
  languages: JSON.parse(row.languages) as string[],
  createdAt: row.created_at,
  disabled: row.disabled_at !== null,
});

/** An address as staff sign in with it: as applicants' are kept. */
export const staffEmail = normaliseEmail;

/** A password of 25 random letters and digits in five groups, given once to the new member of staff. */
function newPassword(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
  // Each letter drawn evenly from the alphabet (randomInt draws without the bias of a byte modulo its length).
  const letters = Array.from({ length: 25 }, () => alphabet[randomInt(alphabet.length)]).join('');
  return letters.match(/.{5}/g)!.join('-');
}

function checkedRoles(roles: readonly string[], languages: readonly string[]): StaffRole[] {
  const unknown = roles.filter((role) => !isStaffRole(role));
  if (unknown.length > 0)
    throw new StaffError(
      `Unknown role ${unknown.join(', ')}: the roles are ${STAFF_ROLES.join(', ')}.`,
      'unknown-role',
    );
  if (roles.length === 0) throw new StaffError(`Give at least one role: ${STAFF_ROLES.join(', ')}.`, 'no-role');
  if (roles.includes('translator') && languages.length === 0) {
    throw new StaffError(
      'A translator works on named languages: give each with --language <code>.',
      'translator-languages',
    );
  }
  return [...new Set(roles as StaffRole[])];
}

/**
 * Adds a member of staff with their roles (and a translator's languages): their password and their authenticator's
 * key are made here and answered once, to be handed to them; only the password's hash is kept.
 */
export async function addStaff(
  repository: StaffRepository,
  input: { email: string; roles: readonly string[]; languages?: readonly string[] },
  actor: Actor,
  now: Date,
): Promise<{ member: StaffMember; password: string; totpSecret: string; totpAddress: string }> {
  const email = staffEmail(input.email);
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email))
    throw new StaffError(`"${input.email}" is not an e-mail address.`, 'not-an-email');
  const languages = [...new Set(input.languages ?? [])];
  const roles = checkedRoles(input.roles, languages);
  if (await repository.accountByEmail(email))
    throw new StaffError(`${email} already has a staff account.`, 'already-exists');
  const password = newPassword();
  const totpSecret = newTotpSecret();
  const row: StaffAccountsTable = {
    id: uuidv7(now.getTime()),
    email,
    password_hash: await hashPassword(password),
    roles: JSON.stringify(roles),
    languages: JSON.stringify(languages),
    totp_secret: totpSecret,
    totp_last_step: null,
    created_at: now.toISOString(),
    created_by: actor.name,
    disabled_at: null,
  };
  await repository.insertAccount(row);
  await recordAction(repository, actor, 'staff.added', email, { roles, languages }, now);
  return { member: memberOf(row), password, totpSecret, totpAddress: totpAddress(email, totpSecret) };
}

/** Changes a member's roles (and languages), recording the difference. */
export async function setRoles(
  repository: StaffRepository,
  email: string,
  input: { roles: readonly string[]; languages?: readonly string[] },
  actor: Actor,
  now: Date,
): Promise<StaffMember> {
  const account = await existing(repository, email);
  const languages = [...new Set(input.languages ?? [])];
  const roles = checkedRoles(input.roles, languages);
  const before = memberOf(account);
  await repository.updateAccount(account.id, { roles: JSON.stringify(roles), languages: JSON.stringify(languages) });
  await recordAction(
    repository,
    actor,
    'staff.roles-changed',
    account.email,
    { before: { roles: before.roles, languages: before.languages }, after: { roles, languages } },
    now,
  );
  return { ...before, roles, languages };
}

/** Disables an account and ends its sessions; it can no longer sign in. */
export async function disableStaff(repository: StaffRepository, email: string, actor: Actor, now: Date): Promise<void> {
  const account = await existing(repository, email);
  if (account.disabled_at !== null) throw new StaffError(`${account.email} is already disabled.`, 'already-disabled');
  await repository.updateAccount(account.id, { disabled_at: now.toISOString() });
  await repository.endSessionsOf(account.id, now.toISOString());
  await recordAction(repository, actor, 'staff.disabled', account.email, {}, now);
}

async function existing(repository: StaffRepository, email: string): Promise<StaffAccountsTable> {
  const account = await repository.accountByEmail(staffEmail(email));
  if (!account) throw new StaffError(`There is no staff account for ${staffEmail(email)}.`, 'no-account');
  return account;
}
