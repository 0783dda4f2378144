import { ERROR_CODES, type ErrorCode } from '../../shared/contract';
import type { AppConfig } from '../config';
import { ApiError } from '../errors';
import { translate } from '../i18n';
import type { MailTemplate } from '../mail/public';
import { normaliseEmail, type AccountRules, type EmailClient } from './guards';
import { hashPassword } from './passwords';
import type { EmailKeysRepository, ProfilesRepository, SessionsRepository, ThrottleRepository } from './repository';
import type { ProfilesTable } from './tables';

/** Who calls: the client address, the language of the answers, and (signed in) the profile and session. */
export interface AccountCaller {
  ip: string;
  lang: string;
  profileId?: string;
  sessionId?: string;
  /** The known device of this browser when its cookie was issued to the profile (see known-device.ts). */
  deviceOf?: (profileId: string) => string | undefined;
  /**
   * Runs work whose duration or outcome would reveal whether an account exists (issuing keys, sending mail)
   * after the answer has gone.
   */
  afterAnswer: (what: string, task: () => Promise<void>) => void;
}

/** What the jobs of the accounts work with, made once per app (routes.ts). */
export interface AccountsDeps {
  /** The app's repositories of the accounts (app.repositories). */
  repositories: {
    profiles: ProfilesRepository;
    emailKeys: EmailKeysRepository;
    throttle: ThrottleRepository;
    sessions: SessionsRepository;
  };
  config: AppConfig;
  /** The limits of the account calls (throttleRules of the configured client limits). */
  rules: AccountRules;
  /** Sends one of the account e-mails to a profile. */
  mail: (row: Pick<ProfilesTable, 'email' | 'language' | 'given_names'>, template: MailTemplate) => Promise<void>;
}

export const unauthorized = () => new ApiError(401, ERROR_CODES.unauthorized, 'api:accounts.unauthorized');

/** A refusal of one field, in the shape of schema validation answers. */
export const fieldRefused = (code: ErrorCode, field: string, key: string, lang: string) =>
  new ApiError(400, code, key, {
    fields: [{ field, key, message: translate(lang, key) }],
  });

/** The profile of an address as typed (it is compared as stored: trimmed, in lower case). */
export const profileOfAddress = ({ repositories }: AccountsDeps, email: string) =>
  repositories.profiles.findByEmail(normaliseEmail(email));

/** The signed-in caller's profile; 401 when there is none. */
export async function signedIn({ repositories }: AccountsDeps, caller: AccountCaller): Promise<ProfilesTable> {
  const profile = caller.profileId ? await repositories.profiles.findById(caller.profileId) : undefined;
  if (!profile) throw unauthorized();
  return profile;
}

/** Who asks for an e-mail to the address of `profile`: the client address, and the browser if it is known to it. */
export const clientOf = (caller: AccountCaller, profile: ProfilesTable | undefined): EmailClient => ({
  ip: caller.ip,
  device: profile ? caller.deviceOf?.(profile.id) : undefined,
});

/** Who asks for an e-mail to `email` (as stored): the client address, and the browser if it is known to that account. */
export const emailClient = async (
  { repositories }: AccountsDeps,
  caller: AccountCaller,
  email: string,
): Promise<EmailClient> => clientOf(caller, await repositories.profiles.findByEmail(email));

/** Records that the profile's address is proven to be its owner's. */
export const markVerified = ({ repositories }: AccountsDeps, profileId: string, now: Date) =>
  repositories.profiles.update(profileId, { email_verified: 1 }, now);

/** Stores the hash of the profile's new password. */
export const setPassword = async ({ repositories }: AccountsDeps, profileId: string, password: string, now: Date) =>
  repositories.profiles.update(profileId, { password_hash: await hashPassword(password) }, now);
