import { createHash, randomBytes } from 'node:crypto';
import { verifyAgainstDummy, verifyPassword } from '../accounts/public';
import { recordAction } from './audit';
import { memberOf, staffEmail, type StaffMember } from './accounts';
import type { StaffRepository } from './repository';
import { acceptedStep } from './totp';

/**
 * Staff sign-in: e-mail, password and the authenticator's code, all three right, or one answer that says not
 * which was wrong. Sessions are shorter than applicants': they end after IDLE_MINUTES without use and
 * LONGEST_HOURS after sign-in, whichever comes first.
 */
export const IDLE_MINUTES = 30;
export const LONGEST_HOURS = 8;
/** Refused sign-ins of one address in FAILURE_WINDOW_MINUTES after which it is refused until the window passes. */
export const MOST_FAILURES = 5;
export const FAILURE_WINDOW_MINUTES = 15;

export type SignInOutcome =
  { signedIn: true; member: StaffMember; sessionKey: string } | { signedIn: false; reason: 'wrong' | 'too-many' };

const hashOf = (key: string) => createHash('sha256').update(key).digest('hex');
const minutesBefore = (now: Date, minutes: number) => new Date(now.getTime() - minutes * 60_000).toISOString();

export async function signInStaff(
  repository: StaffRepository,
  input: { email: string; password: string; code: string },
  now: Date,
): Promise<SignInOutcome> {
  const email = staffEmail(input.email);
  const failures = await repository.countSince(
    'staff.sign-in-refused',
    email,
    minutesBefore(now, FAILURE_WINDOW_MINUTES),
  );
  if (failures >= MOST_FAILURES) return { signedIn: false, reason: 'too-many' };
  const account = await repository.accountByEmail(email);
  const refuse = async (why: string) => {
    await recordAction(
      repository,
      { staffId: account?.id ?? null, name: email },
      'staff.sign-in-refused',
      email,
      { why },
      now,
    );
    return { signedIn: false, reason: 'wrong' } as const;
  };
  // An unknown address takes as long as a known one: the answer does not tell which addresses have accounts.
  if (!account) {
    await verifyAgainstDummy(input.password);
    return refuse('unknown address');
  }
  if (!(await verifyPassword(account.password_hash, input.password))) return refuse('password');
  if (account.disabled_at !== null) return refuse('disabled');
  const step = await acceptedStep(account.totp_secret, input.code, now, account.totp_last_step);
  // A code is taken once, even by two sign-ins at the same moment.
  if (step === undefined || !(await repository.takeTotpStep(account.id, step))) return refuse('code');
  const sessionKey = randomBytes(32).toString('base64url');
  await repository.insertSession({
    id: hashOf(sessionKey),
    staff_id: account.id,
    created_at: now.toISOString(),
    last_seen_at: now.toISOString(),
    ended_at: null,
  });
  await recordAction(repository, { staffId: account.id, name: email }, 'staff.signed-in', email, {}, now);
  return { signedIn: true, member: memberOf(account), sessionKey };
}

/** The member of staff a session key stands for, while the session lasts; each use moves its idle limit on. */
export async function staffOfSession(
  repository: StaffRepository,
  sessionKey: string,
  now: Date,
): Promise<StaffMember | undefined> {
  const session = await repository.session(hashOf(sessionKey));
  if (!session || session.ended_at !== null) return undefined;
  const expired =
    session.last_seen_at <= minutesBefore(now, IDLE_MINUTES) ||
    session.created_at <= minutesBefore(now, LONGEST_HOURS * 60);
  if (expired) {
    await repository.endSession(session.id, now.toISOString());
    return undefined;
  }
  const account = await repository.account(session.staff_id);
  if (!account || account.disabled_at !== null) return undefined;
  await repository.touchSession(session.id, now.toISOString());
  return memberOf(account);
}

/** Ends a session (sign-out). */
export async function signOutStaff(repository: StaffRepository, sessionKey: string, now: Date): Promise<void> {
  const session = await repository.session(hashOf(sessionKey));
  if (!session || session.ended_at !== null) return;
  await repository.endSession(session.id, now.toISOString());
  const account = await repository.account(session.staff_id);
  if (account)
    await recordAction(
      repository,
      { staffId: account.id, name: account.email },
      'staff.signed-out',
      account.email,
      {},
      now,
    );
}
