import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { EmailAction, LoginResult, ResetCodeAccepted, TokenInfo } from '../../shared/api-types';
import { ERROR_CODES, ApiError } from '../errors';
import { availableLanguages, languageOf, translate } from '../i18n';
import { sendMail } from '../mail/mailer';
import { renderMail, type MailTemplate } from '../mail/templates';
import { authenticate, bearerToken, UNAUTHORIZED } from './authenticate';
import {
  CODE_LIFETIME_SECONDS,
  CODE_MAX_ATTEMPTS,
  consumeCode,
  consumeLinkKey,
  issueCode,
  issueLinkKey,
  type CodeOutcome,
} from './email-keys';
import { hashPassword, isCommonPassword, verifyAgainstDummy, verifyPassword } from './passwords';
import type { ProfilesTable } from './tables';
import { knownDeviceOf, rememberDevice } from './known-device';
import {
  throttleRules,
  addressBucket,
  addressClientBucket,
  clearBucket,
  clearBucketFamily,
  consume,
  delayedState,
  ipBucket,
  mostRestrictive,
  recordEvent,
  throttleState,
  type ThrottleRule,
  type ThrottleState,
} from './throttle';
import {
  revokeAllSessions,
  revokeSession,
  rotateRefreshToken,
  sessionOfRefreshToken,
  startSession,
  verifyAccessToken,
} from './tokens';

/** Stable codes of the accounts area (contract 11). */
export const ACCOUNT_ERRORS = {
  validationFailed: 'VALIDATION_FAILED',
  invalidCredentials: 'INVALID_CREDENTIALS',
  emailNotVerified: 'EMAIL_NOT_VERIFIED',
  verifyLinkInvalid: 'VERIFY_LINK_INVALID',
  codeInvalid: 'CODE_INVALID',
  codeAttemptsExceeded: 'CODE_ATTEMPTS_EXCEEDED',
  resetLinkInvalid: 'RESET_LINK_INVALID',
  refreshTokenInvalid: 'REFRESH_TOKEN_INVALID',
  currentPasswordInvalid: 'CURRENT_PASSWORD_INVALID',
} as const;

export const PROFILE_PREFIX = '/api/eta/profile';

interface MobileBody {
  isoAlpha2Code: string;
  mobileNumber: string;
}
interface RegistrationBody {
  title: string;
  givenNames: string;
  familyName: string;
  email: string;
  mobile: MobileBody;
  password: string;
  confirmPassword: string;
  acceptTerms: true;
}
type VerifyBody = { authKey: string } | { email: string; code: string; emailAction?: EmailAction };
interface EmailRequestBody {
  email: string;
  emailAction: EmailAction;
}
interface LoginBody {
  email: string;
  password: string;
}
interface ResetPasswordBody {
  authKey: string;
  newPassword: string;
  confirmPassword: string;
}
/** The current password, or the authKey of a password reset link or of an accepted reset code. */
type ChangePasswordBody =
  | { currentPassword: string; newPassword: string; confirmPassword: string }
  | { authKey: string; newPassword: string; confirmPassword: string };

/** The profile as GET /api/eta/profile answers it. */
export interface ProfileView {
  profileIdentifier: string;
  title: string | null;
  givenNames: string;
  familyName: string;
  email: string;
  mobile: MobileBody;
  emailVerified: boolean;
  language: string;
}

/** A neutral answer: the same whatever the account's state, so that it reveals nothing. */
interface MessageBody {
  message: string;
}

const normaliseEmail = (email: string) => email.trim().toLowerCase();

function tooMany(state: ThrottleState): ApiError {
  // A short growing delay is said in seconds, a longer wait in minutes.
  const inSeconds = state.retryAfterSeconds < 60;
  return new ApiError(
    429,
    ERROR_CODES.tooManyRequests,
    inSeconds ? 'api:accounts.tooManyAttemptsSeconds' : 'api:accounts.tooManyAttempts',
    {
      retryAfterSeconds: state.retryAfterSeconds,
      vars: {
        count: inSeconds ? Math.max(1, Math.ceil(state.retryAfterSeconds)) : Math.ceil(state.retryAfterSeconds / 60),
      },
    },
  );
}

function commonPasswordError(field: string, lang: string): ApiError {
  return new ApiError(400, ACCOUNT_ERRORS.validationFailed, 'validation:request.invalid', {
    fields: [{ field, key: 'api:password.common', message: translate(lang, 'api:password.common') }],
  });
}

function profileView(row: ProfilesTable): ProfileView {
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

/** The /api/eta/profile calls: registration, e-mail confirmation, sign-in, tokens, password reset and change, profile. */
export const accountRoutes: FastifyPluginAsync = async (app) => {
  const { db, config } = app;
  const THROTTLE_RULES = throttleRules(config.clientLimits);
  const pending = new Set<Promise<void>>();

  /**
   * Work whose duration or outcome would reveal whether an account exists (issuing keys, sending mail)
   * runs after the answer has gone; failures are logged, never shown to the caller.
   */
  const afterAnswer = (request: FastifyRequest, what: string, task: () => Promise<void>) => {
    const run = new Promise<void>((resolve) => setImmediate(resolve))
      .then(task)
      .catch((error: unknown) => request.log.error({ err: error }, `${what} failed`))
      .finally(() => pending.delete(run));
    pending.add(run);
  };
  app.addHook('onClose', async () => {
    await Promise.allSettled([...pending]);
  });

  const mail = (row: Pick<ProfilesTable, 'email' | 'language' | 'given_names'>, template: MailTemplate) =>
    sendMail(
      app,
      renderMail(template, {
        to: row.email,
        language: row.language,
        name: row.given_names,
        publicUrl: config.publicUrl,
      }),
    );

  const findByEmail = (email: string) =>
    db.selectFrom('profiles').selectAll().where('email', '=', normaliseEmail(email)).executeTakeFirst();
  const findById = (id: string) => db.selectFrom('profiles').selectAll().where('id', '=', id).executeTakeFirst();

  /** Counts one e-mail towards the address's and the client's hourly limits, or answers 429. */
  const allowEmail = async (email: string, ip: string, now: Date) => {
    const state = mostRestrictive([
      await consume(db, addressBucket('mail', email), THROTTLE_RULES.emailAddress, now),
      await consume(db, ipBucket('mail', ip), THROTTLE_RULES.emailIp, now),
    ]);
    if (state.limited) throw tooMany(state);
  };

  /**
   * Wrong codes for an address without a live code (no account, already confirmed, code expired) are counted per
   * address and purpose like a real code's attempts, so that the fifth answer is the same whether or not a code is
   * pending: the answers never tell a guesser that an account exists. A new e-mail request starts the count again,
   * as a new code would.
   */
  const ABSENT_CODE_RULE = { limit: CODE_MAX_ATTEMPTS, windowSeconds: CODE_LIFETIME_SECONDS };
  const absentCodeBucket = (email: string, purpose: EmailAction) => addressBucket(`absent-code-${purpose}`, email);

  const checkCode = async (
    email: string,
    profile: ProfilesTable | undefined,
    purpose: EmailAction,
    code: string,
    now: Date,
  ): Promise<CodeOutcome> => {
    const outcome: CodeOutcome = profile
      ? await consumeCode(db, config.jwtSecret, profile.id, purpose, code, now)
      : { ok: false, reason: 'no-code' };
    if (outcome.ok || outcome.reason !== 'no-code') return outcome;
    const before = await consume(db, absentCodeBucket(email, purpose), ABSENT_CODE_RULE, now);
    return before.limited || before.count + 1 >= CODE_MAX_ATTEMPTS
      ? { ok: false, reason: 'attempts-exceeded' }
      : { ok: false, reason: 'invalid' };
  };

  /** Counts an e-mail request and forgets the address's wrong codes of that purpose (see checkCode). */
  const allowEmailFor = async (email: string, purpose: EmailAction, ip: string, now: Date) => {
    await allowEmail(email, ip, now);
    await clearBucket(db, absentCodeBucket(email, purpose));
  };

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

  const markVerified = (profileId: string, now: Date) =>
    db
      .updateTable('profiles')
      .set({ email_verified: 1, updated_at: now.toISOString() })
      .where('id', '=', profileId)
      .execute();

  const setPassword = async (profileId: string, password: string, now: Date) => {
    const passwordHash = await hashPassword(password);
    await db
      .updateTable('profiles')
      .set({ password_hash: passwordHash, updated_at: now.toISOString() })
      .where('id', '=', profileId)
      .execute();
  };

  app.post<{ Body: RegistrationBody }>(
    `${PROFILE_PREFIX}/register`,
    { schema: { body: { $ref: 'registration#' } } },
    async (request, reply): Promise<MessageBody> => {
      const lang = languageOf(request);
      const body = request.body;
      if (isCommonPassword(body.password)) throw commonPasswordError('password', lang);
      const now = new Date();
      const email = normaliseEmail(body.email);
      await allowEmailFor(email, 'VERIFY_EMAIL', request.ip, now);
      // Hashing happens whether or not the address is taken, so both answers take as long.
      const passwordHash = await hashPassword(body.password);
      const row: ProfilesTable = {
        id: randomUUID(),
        title: body.title,
        given_names: body.givenNames.trim(),
        family_name: body.familyName.trim(),
        email,
        mobile_country: body.mobile.isoAlpha2Code,
        mobile_number: body.mobile.mobileNumber,
        password_hash: passwordHash,
        email_verified: 0,
        language: lang,
        created_at: now.toISOString(),
        updated_at: now.toISOString(),
      };
      const inserted = await db
        .insertInto('profiles')
        .values(row)
        .onConflict((conflict) => conflict.column('email').doNothing())
        .executeTakeFirst();
      const created = Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1;
      afterAnswer(request, 'registration e-mail', async () => {
        if (created) return sendVerification(row, now);
        const existing = await findByEmail(email);
        if (existing) await mail(existing, { template: 'account-exists' });
      });
      reply.code(201);
      return { message: translate(lang, 'api:accounts.registered', { email }) };
    },
  );

  /** Answers 429 when this client has entered too many wrong keys or codes lately. */
  const guardCodeEntry = async (ip: string, now: Date) => {
    const state = await throttleState(db, ipBucket('code', ip), THROTTLE_RULES.codeEntryIp, now);
    if (state.limited) throw tooMany(state);
  };
  const countWrongEntry = (ip: string, now: Date) =>
    recordEvent(db, ipBucket('code', ip), THROTTLE_RULES.codeEntryIp, now);

  app.post<{ Body: VerifyBody }>(
    `${PROFILE_PREFIX}/verify`,
    { schema: { body: { $ref: 'api/verify#' } } },
    async (request): Promise<MessageBody | ResetCodeAccepted> => {
      const lang = languageOf(request);
      const now = new Date();
      await guardCodeEntry(request.ip, now);
      const body = request.body;
      if ('authKey' in body) {
        const profileId = await consumeLinkKey(db, body.authKey, 'VERIFY_EMAIL', now);
        if (!profileId) {
          await countWrongEntry(request.ip, now);
          throw new ApiError(400, ACCOUNT_ERRORS.verifyLinkInvalid, 'api:accounts.verifyLinkInvalid');
        }
        await markVerified(profileId, now);
        return { message: translate(lang, 'api:accounts.verified') };
      }
      // The code of the confirmation e-mail, or (RESET_PASSWORD) the code of the password reset e-mail.
      const purpose = body.emailAction ?? 'VERIFY_EMAIL';
      const profile = await findByEmail(body.email);
      const outcome = await checkCode(normaliseEmail(body.email), profile, purpose, body.code, now);
      if (!outcome.ok) {
        await countWrongEntry(request.ip, now);
        if (outcome.reason === 'attempts-exceeded') {
          throw new ApiError(400, ACCOUNT_ERRORS.codeAttemptsExceeded, 'api:accounts.codeAttemptsExceeded');
        }
        throw new ApiError(400, ACCOUNT_ERRORS.codeInvalid, 'api:accounts.codeInvalid');
      }
      // Either code proves the address belongs to the user.
      await markVerified(profile!.id, now);
      if (purpose === 'RESET_PASSWORD') {
        // The code is traded for a reset key, which reset-password and change-password take like the e-mailed link's.
        const authKey = await issueLinkKey(db, profile!.id, 'RESET_PASSWORD', now);
        return { message: translate(lang, 'api:accounts.resetCodeAccepted'), authKey };
      }
      return { message: translate(lang, 'api:accounts.verified') };
    },
  );

  app.post<{ Body: EmailRequestBody }>(
    `${PROFILE_PREFIX}/verify-email-request`,
    { schema: { body: { $ref: 'api/email-request#' } } },
    async (request): Promise<MessageBody> => {
      const lang = languageOf(request);
      const { email, emailAction } = request.body;
      const now = new Date();
      await allowEmailFor(normaliseEmail(email), emailAction, request.ip, now);
      afterAnswer(request, 'e-mail request', async () => {
        const profile = await findByEmail(email);
        if (!profile) return;
        if (emailAction === 'VERIFY_EMAIL' && profile.email_verified === 0) await sendVerification(profile, now);
        if (emailAction === 'RESET_PASSWORD') await sendReset(profile, now);
      });
      return { message: translate(lang, 'api:accounts.emailRequestSent') };
    },
  );

  app.post<{ Body: { email: string } }>(
    `${PROFILE_PREFIX}/request-password-reset`,
    { schema: { body: { $ref: 'forgot-password#' } } },
    async (request): Promise<MessageBody> => {
      const lang = languageOf(request);
      const { email } = request.body;
      const now = new Date();
      await allowEmailFor(normaliseEmail(email), 'RESET_PASSWORD', request.ip, now);
      afterAnswer(request, 'password reset e-mail', async () => {
        const profile = await findByEmail(email);
        if (profile) await sendReset(profile, now);
      });
      return { message: translate(lang, 'api:accounts.passwordResetRequested') };
    },
  );

  app.post<{ Body: LoginBody }>(
    `${PROFILE_PREFIX}/login`,
    { schema: { body: { $ref: 'login#' } } },
    async (request, reply): Promise<LoginResult> => {
      const now = new Date();
      const email = normaliseEmail(request.body.email);
      const profile = await findByEmail(email);
      // A browser that signed in to this account before is counted on its own, so failures elsewhere never lock
      // the owner out; any other client is counted per client address and, with all other new clients, per account.
      const device = knownDeviceOf(request, config.jwtSecret, profile?.id);
      const counted: [string, ThrottleRule][] = device
        ? [[addressClientBucket('login', email, `device:${device}`), THROTTLE_RULES.loginAccountClient]]
        : [
            [addressClientBucket('login', email, `ip:${request.ip}`), THROTTLE_RULES.loginAccountClient],
            [addressBucket('login', email), THROTTLE_RULES.loginAccount],
            [ipBucket('login', request.ip), THROTTLE_RULES.loginIp],
          ];
      const state = mostRestrictive([
        await delayedState(db, counted[0][0], THROTTLE_RULES.loginAccountClient, now),
        ...(await Promise.all(counted.slice(1).map(([bucket, rule]) => throttleState(db, bucket, rule, now)))),
      ]);
      if (state.limited) throw tooMany(state);

      // An unknown address costs the same argon2 work as a known one, so timing does not tell them apart.
      const passwordOk = profile
        ? await verifyPassword(profile.password_hash, request.body.password)
        : await verifyAgainstDummy(request.body.password);
      if (!profile || !passwordOk) {
        for (const [bucket, rule] of counted) await recordEvent(db, bucket, rule, now);
        request.log.info({ event: 'login-failed', knownDevice: device !== undefined }, 'sign-in failed');
        throw new ApiError(401, ACCOUNT_ERRORS.invalidCredentials, 'api:accounts.invalidCredentials');
      }
      // Said only to someone who knows the password, so it reveals nothing to a guesser.
      if (profile.email_verified !== 1)
        throw new ApiError(403, ACCOUNT_ERRORS.emailNotVerified, 'api:accounts.emailNotVerified');
      await clearBucket(db, counted[0][0]);
      rememberDevice(reply, config.jwtSecret, profile.id, device, config.publicUrl.startsWith('https:'));
      const { sessionId, ...tokenInfo } = await startSession(db, config, profile.id, now);
      request.log.info({ event: 'login', profileId: profile.id, sessionId }, 'signed in');
      return { tokenInfo, profileIdentifier: profile.id };
    },
  );

  app.post<{ Body: { refreshToken: string } }>(
    `${PROFILE_PREFIX}/refresh`,
    { schema: { body: { $ref: 'api/refresh#' } } },
    async (request): Promise<TokenInfo> => {
      const outcome = await rotateRefreshToken(db, config, request.body.refreshToken, new Date(), (details) =>
        request.log.warn(
          { event: 'refresh-token-reuse', ...details },
          'a rotated refresh token was used again: session family revoked',
        ),
      );
      if (!outcome.ok) throw new ApiError(401, ACCOUNT_ERRORS.refreshTokenInvalid, 'api:accounts.refreshTokenInvalid');
      return outcome.tokenInfo;
    },
  );

  app.post<{ Body: { refreshToken?: string } | undefined }>(
    `${PROFILE_PREFIX}/logout`,
    {
      schema: { body: { $ref: 'api/logout#' } },
      // Signing out must work even for a client that sends no body at all.
      preValidation: async (request) => {
        request.body ??= {};
      },
    },
    async (request): Promise<MessageBody> => {
      const now = new Date();
      const token = bearerToken(request);
      const claims = token ? await verifyAccessToken(db, config, token, now) : undefined;
      if (claims) await revokeSession(db, claims.sessionId, 'logout', now);
      const refreshToken = request.body?.refreshToken;
      const family = refreshToken ? await sessionOfRefreshToken(db, refreshToken) : undefined;
      if (family) await revokeSession(db, family.sessionId, 'logout', now);
      return { message: translate(languageOf(request), 'api:accounts.loggedOut') };
    },
  );

  app.post<{ Body: ResetPasswordBody }>(
    `${PROFILE_PREFIX}/reset-password`,
    { schema: { body: { $ref: 'reset-password#' } } },
    async (request): Promise<MessageBody> => {
      const lang = languageOf(request);
      const now = new Date();
      if (isCommonPassword(request.body.newPassword)) throw commonPasswordError('newPassword', lang);
      await guardCodeEntry(request.ip, now);
      const profileId = await consumeLinkKey(db, request.body.authKey, 'RESET_PASSWORD', now);
      const profile = profileId ? await findById(profileId) : undefined;
      if (!profile) {
        await countWrongEntry(request.ip, now);
        throw new ApiError(400, ACCOUNT_ERRORS.resetLinkInvalid, 'api:accounts.resetLinkInvalid');
      }
      await setPassword(profile.id, request.body.newPassword, now);
      // The link proved the address belongs to the user.
      await markVerified(profile.id, now);
      await revokeAllSessions(db, profile.id, 'password-reset', now);
      // The owner proved the address: every client may sign in with the new password at once.
      await clearBucketFamily(db, addressBucket('login', profile.email));
      afterAnswer(request, 'password-changed e-mail', () =>
        mail(profile, { template: 'password-changed', changedAt: now }),
      );
      return { message: translate(lang, 'api:accounts.passwordReset') };
    },
  );

  app.post<{ Body: ChangePasswordBody }>(
    `${PROFILE_PREFIX}/change-password`,
    { schema: { body: { $ref: 'api/change-password#' } }, onRequest: authenticate },
    async (request): Promise<MessageBody> => {
      const lang = languageOf(request);
      const now = new Date();
      const body = request.body;
      if (isCommonPassword(body.newPassword)) throw commonPasswordError('newPassword', lang);
      const profile = await findById(request.profileId);
      if (!profile) throw new ApiError(401, UNAUTHORIZED, 'api:accounts.unauthorized');
      const passwordBucket = addressBucket('current-password', profile.email);
      if ('authKey' in body) {
        await guardCodeEntry(request.ip, now);
        // Only a key of the signed-in profile is used up: another profile's key stays usable by its owner.
        if (!(await consumeLinkKey(db, body.authKey, 'RESET_PASSWORD', now, profile.id))) {
          await countWrongEntry(request.ip, now);
          throw new ApiError(400, ACCOUNT_ERRORS.resetLinkInvalid, 'api:accounts.resetCodeExpired', {
            fields: [
              {
                field: 'authKey',
                key: 'api:accounts.resetCodeExpired',
                message: translate(lang, 'api:accounts.resetCodeExpired'),
              },
            ],
          });
        }
      } else {
        const state = await throttleState(db, passwordBucket, THROTTLE_RULES.currentPassword, now);
        if (state.limited) throw tooMany(state);
        if (!(await verifyPassword(profile.password_hash, body.currentPassword))) {
          await recordEvent(db, passwordBucket, THROTTLE_RULES.currentPassword, now);
          throw new ApiError(400, ACCOUNT_ERRORS.currentPasswordInvalid, 'api:accounts.currentPasswordInvalid', {
            fields: [
              {
                field: 'currentPassword',
                key: 'api:accounts.currentPasswordInvalid',
                message: translate(lang, 'api:accounts.currentPasswordInvalid'),
              },
            ],
          });
        }
      }
      await setPassword(profile.id, body.newPassword, now);
      await revokeAllSessions(db, profile.id, 'password-changed', now, request.sessionId);
      // As after a reset, the address may sign in at once with the new password.
      if ('authKey' in body) {
        await clearBucketFamily(db, addressBucket('login', profile.email));
        await clearBucket(db, passwordBucket);
      }
      afterAnswer(request, 'password-changed e-mail', () =>
        mail(profile, { template: 'password-changed', changedAt: now }),
      );
      return { message: translate(lang, 'api:accounts.passwordChanged') };
    },
  );

  app.get(PROFILE_PREFIX, { onRequest: authenticate }, async (request): Promise<ProfileView> => {
    const profile = await findById(request.profileId);
    if (!profile) throw new ApiError(401, UNAUTHORIZED, 'api:accounts.unauthorized');
    return profileView(profile);
  });

  app.patch<{ Body: { language: string } }>(
    PROFILE_PREFIX,
    { schema: { body: { $ref: 'api/profile-update#' } }, onRequest: authenticate },
    async (request): Promise<ProfileView> => {
      const { language } = request.body;
      if (!availableLanguages().includes(language)) {
        const lang = languageOf(request);
        throw new ApiError(400, ACCOUNT_ERRORS.validationFailed, 'validation:request.invalid', {
          fields: [
            {
              field: 'language',
              key: 'api:accounts.languageNotOffered',
              message: translate(lang, 'api:accounts.languageNotOffered'),
            },
          ],
        });
      }
      const now = new Date();
      await db
        .updateTable('profiles')
        .set({ language, updated_at: now.toISOString() })
        .where('id', '=', request.profileId)
        .execute();
      const profile = await findById(request.profileId);
      if (!profile) throw new ApiError(401, UNAUTHORIZED, 'api:accounts.unauthorized');
      return profileView(profile);
    },
  );
};
