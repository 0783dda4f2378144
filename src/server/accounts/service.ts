import { randomUUID } from 'node:crypto';
import {
  ACCOUNT_ERRORS,
  ERROR_CODES,
  type ChangePasswordRequest,
  type EmailRequest,
  type ErrorCode,
  type MessageResult,
  type Profile,
  type RegistrationRequest,
  type ResetCodeAccepted,
  type ResetPasswordRequest,
  type VerifyRequest,
} from '../../shared/contract';
import type { AppConfig } from '../config';
import type { Db } from '../db/database';
import { ApiError } from '../errors';
import { availableLanguages, translate } from '../i18n';
import type { MailTemplate } from '../mail/public';
import { consumeLinkKey, issueCode, issueLinkKey } from './email-keys';
import { commonPasswordError, normaliseEmail, tooMany, type EmailClient, type Guards } from './guards';
import { hashPassword, isCommonPassword, verifyPassword } from './passwords';
import { profilesRepository } from './repository';
import type { ProfilesTable } from './tables';
import { addressBucket, clearBucket, clearBucketFamily, recordEvent, throttleState } from './throttle';
import { revokeAllSessions } from './tokens';

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

export interface AccountsServiceOptions {
  db: Db;
  config: AppConfig;
  guards: Guards;
  /** Sends one of the account e-mails to a profile. */
  mail: (row: Pick<ProfilesTable, 'email' | 'language' | 'given_names'>, template: MailTemplate) => Promise<void>;
}

const unauthorized = () => new ApiError(401, ERROR_CODES.unauthorized, 'api:accounts.unauthorized');

/** A refusal of one field, in the shape of schema validation answers. */
const fieldRefused = (code: ErrorCode, field: string, key: string, lang: string) =>
  new ApiError(400, code, key, {
    fields: [{ field, key, message: translate(lang, key) }],
  });

/** The profile as GET /api/eta/profile answers it. */
export function profileView(row: ProfilesTable): Profile {
  return {
    profileIdentifier: row.id,
    title: row.title,
    givenNames: row.given_names,
    familyName: row.family_name,
    email: row.email,
    mobile: { isoAlpha2Code: row.mobile_country, mobileNumber: row.mobile_number },
    emailVerified: row.email_verified === 1,
    language: row.language,
  };
}

/**
 * Registration, e-mail confirmation, password reset and change, and the profile. Answers about an address never
 * tell whether an account exists: the neutral answer goes at once and the mail, if any, after it.
 */
export function createAccountsService({ db, config, guards, mail }: AccountsServiceOptions) {
  const profiles = profilesRepository(db);
  const findByEmail = (email: string) => profiles.findByEmail(normaliseEmail(email));

  const sendVerification = async (row: ProfilesTable, now: Date) => {
    const authKey = await issueLinkKey(db, row.id, 'VERIFY_EMAIL', now);
    const code = await issueCode(db, config.jwtSecret, row.id, 'VERIFY_EMAIL', now);
    await mail(row, { template: 'verify-email', authKey, code });
  };

  const sendReset = async (row: ProfilesTable, now: Date) => {
    const authKey = await issueLinkKey(db, row.id, 'RESET_PASSWORD', now);
    const code = await issueCode(db, config.jwtSecret, row.id, 'RESET_PASSWORD', now);
    await mail(row, { template: 'reset-password', authKey, code });
  };

  /** Who asks for an e-mail to the address of `profile`: the client address, and the browser if it is known to it. */
  const clientOf = (caller: AccountCaller, profile: ProfilesTable | undefined): EmailClient => ({
    ip: caller.ip,
    device: profile ? caller.deviceOf?.(profile.id) : undefined,
  });

  /** Who asks for an e-mail to `email`: the client address, and the browser if it is known to that account. */
  const emailClient = async (caller: AccountCaller, email: string): Promise<EmailClient> =>
    clientOf(caller, await profiles.findByEmail(email));

  const markVerified = (profileId: string, now: Date) => profiles.update(profileId, { email_verified: 1 }, now);

  const setPassword = async (profileId: string, password: string, now: Date) =>
    profiles.update(profileId, { password_hash: await hashPassword(password) }, now);

  const signedIn = async (caller: AccountCaller) => {
    const profile = caller.profileId ? await profiles.findById(caller.profileId) : undefined;
    if (!profile) throw unauthorized();
    return profile;
  };

  return {
    async register(caller: AccountCaller, body: RegistrationRequest): Promise<MessageResult> {
      if (isCommonPassword(body.password)) throw commonPasswordError('password', caller.lang);
      const now = new Date();
      const email = normaliseEmail(body.email);
      // The confirmation e-mail of an address without an account is the owner's own sign-up, not counted against
      // the address (see allowEmailFor); an e-mail to an account that exists (account-exists) is.
      const account = await profiles.findByEmail(email);
      const signUp = !account;
      const client = clientOf(caller, account);
      await guards.allowEmailFor(email, 'VERIFY_EMAIL', client, now, { signUp });
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
      if (signUp && !created) await guards.countEmailFor(email, 'VERIFY_EMAIL', client, now);
      caller.afterAnswer('registration e-mail', async () => {
        if (created) return sendVerification(row, now);
        const existing = await profiles.findByEmail(email);
        if (existing) await mail(existing, { template: 'account-exists' });
      });
      return { message: translate(caller.lang, 'api:accounts.registered', { email }) };
    },

    /** Confirms the address with the link's key or the e-mailed code; a reset code is traded for a reset key. */
    async verify(caller: AccountCaller, body: VerifyRequest): Promise<MessageResult | ResetCodeAccepted> {
      const { lang, ip } = caller;
      const now = new Date();
      await guards.guardCodeEntry(ip, now);
      if (body.authKey !== undefined) {
        const profileId = await consumeLinkKey(db, body.authKey, 'VERIFY_EMAIL', now);
        if (!profileId) {
          await guards.countWrongEntry(ip, now);
          throw new ApiError(400, ACCOUNT_ERRORS.verifyLinkInvalid, 'api:accounts.verifyLinkInvalid');
        }
        await markVerified(profileId, now);
        return { message: translate(lang, 'api:accounts.verified') };
      }
      const purpose = body.emailAction ?? 'VERIFY_EMAIL';
      const profile = await findByEmail(body.email);
      const outcome = await guards.checkCode(normaliseEmail(body.email), profile, purpose, body.code, now);
      if (!outcome.ok) {
        await guards.countWrongEntry(ip, now);
        if (outcome.reason === 'attempts-exceeded') {
          throw new ApiError(400, ACCOUNT_ERRORS.codeAttemptsExceeded, 'api:accounts.codeAttemptsExceeded');
        }
        throw new ApiError(400, ACCOUNT_ERRORS.codeInvalid, 'api:accounts.codeInvalid');
      }
      // Either code proves the address belongs to the user.
      await markVerified(profile!.id, now);
      if (purpose === 'RESET_PASSWORD') {
        // Reset-password and change-password take the key like the e-mailed link's.
        const authKey = await issueLinkKey(db, profile!.id, 'RESET_PASSWORD', now);
        return { message: translate(lang, 'api:accounts.resetCodeAccepted'), authKey };
      }
      return { message: translate(lang, 'api:accounts.verified') };
    },

    /** Sends a new confirmation or reset e-mail, if the address has an account that needs it. */
    async emailRequest(caller: AccountCaller, { email, emailAction }: EmailRequest): Promise<MessageResult> {
      const now = new Date();
      const address = normaliseEmail(email);
      await guards.allowEmailFor(address, emailAction, await emailClient(caller, address), now);
      caller.afterAnswer('e-mail request', async () => {
        const profile = await findByEmail(email);
        if (!profile) return;
        if (emailAction === 'VERIFY_EMAIL' && profile.email_verified === 0) await sendVerification(profile, now);
        if (emailAction === 'RESET_PASSWORD') await sendReset(profile, now);
      });
      return { message: translate(caller.lang, 'api:accounts.emailRequestSent') };
    },

    async requestPasswordReset(caller: AccountCaller, email: string): Promise<MessageResult> {
      const now = new Date();
      const address = normaliseEmail(email);
      await guards.allowEmailFor(address, 'RESET_PASSWORD', await emailClient(caller, address), now);
      caller.afterAnswer('password reset e-mail', async () => {
        const profile = await findByEmail(email);
        if (profile) await sendReset(profile, now);
      });
      return { message: translate(caller.lang, 'api:accounts.passwordResetRequested') };
    },

    /** Sets a new password with a reset key; every session of the profile ends. */
    async resetPassword(caller: AccountCaller, body: ResetPasswordRequest): Promise<MessageResult> {
      const { lang, ip } = caller;
      const now = new Date();
      if (isCommonPassword(body.newPassword)) throw commonPasswordError('newPassword', lang);
      await guards.guardCodeEntry(ip, now);
      const profileId = await consumeLinkKey(db, body.authKey, 'RESET_PASSWORD', now);
      const profile = profileId ? await profiles.findById(profileId) : undefined;
      if (!profile) {
        await guards.countWrongEntry(ip, now);
        throw new ApiError(400, ACCOUNT_ERRORS.resetLinkInvalid, 'api:accounts.resetLinkInvalid');
      }
      await setPassword(profile.id, body.newPassword, now);
      // The link proved the address belongs to the user.
      await markVerified(profile.id, now);
      await revokeAllSessions(db, profile.id, 'password-reset', now);
      // The owner proved the address: every client may sign in with the new password at once.
      await clearBucketFamily(db, addressBucket('login', profile.email));
      caller.afterAnswer('password-changed e-mail', () =>
        mail(profile, { template: 'password-changed', changedAt: now }),
      );
      return { message: translate(lang, 'api:accounts.passwordReset') };
    },

    /** Changes the signed-in user's password, proven by the current one or by a key from an e-mailed code. */
    async changePassword(caller: AccountCaller, body: ChangePasswordRequest): Promise<MessageResult> {
      const { lang, ip } = caller;
      const now = new Date();
      if (isCommonPassword(body.newPassword)) throw commonPasswordError('newPassword', lang);
      const profile = await signedIn(caller);
      const passwordBucket = addressBucket('current-password', profile.email);
      if (body.authKey !== undefined) {
        await guards.guardCodeEntry(ip, now);
        // Only a key of the signed-in profile is used up: another profile's key stays usable by its owner.
        if (!(await consumeLinkKey(db, body.authKey, 'RESET_PASSWORD', now, profile.id))) {
          await guards.countWrongEntry(ip, now);
          throw fieldRefused(ACCOUNT_ERRORS.resetLinkInvalid, 'authKey', 'api:accounts.resetCodeExpired', lang);
        }
      } else {
        const rule = guards.rules.currentPassword;
        const state = await throttleState(db, passwordBucket, rule, now);
        if (state.limited) throw tooMany(state, 'current-password');
        if (!(await verifyPassword(profile.password_hash, body.currentPassword))) {
          await recordEvent(db, passwordBucket, rule, now);
          throw fieldRefused(
            ACCOUNT_ERRORS.currentPasswordInvalid,
            'currentPassword',
            'api:accounts.currentPasswordInvalid',
            lang,
          );
        }
      }
      await setPassword(profile.id, body.newPassword, now);
      await revokeAllSessions(db, profile.id, 'password-changed', now, caller.sessionId);
      // As after a reset, the address may sign in at once with the new password.
      if (body.authKey !== undefined) {
        await clearBucketFamily(db, addressBucket('login', profile.email));
        await clearBucket(db, passwordBucket);
      }
      caller.afterAnswer('password-changed e-mail', () =>
        mail(profile, { template: 'password-changed', changedAt: now }),
      );
      return { message: translate(lang, 'api:accounts.passwordChanged') };
    },

    async profile(caller: AccountCaller): Promise<Profile> {
      return profileView(await signedIn(caller));
    },

    /** Saves the language the API answers and e-mails the signed-in user in: one of the offered languages. */
    async setLanguage(caller: AccountCaller, language: string): Promise<Profile> {
      if (!availableLanguages().includes(language)) {
        throw new ApiError(400, ERROR_CODES.validationFailed, 'validation:request.invalid', {
          fields: [
            {
              field: 'language',
              key: 'api:accounts.languageNotOffered',
              message: translate(caller.lang, 'api:accounts.languageNotOffered'),
            },
          ],
        });
      }
      await profiles.update(caller.profileId ?? '', { language }, new Date());
      return profileView(await signedIn(caller));
    },
  };
}
