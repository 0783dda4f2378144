import { ACCOUNT_ERRORS, type LoginRequest, type LoginResult, type TokenInfo } from '../../shared/contract';
import { ApiError } from '../errors';
import type { AccountsDeps } from './deps';
import { normaliseEmail, tooMany } from './guards';
import { verifyAgainstDummy, verifyPassword } from './passwords';
import {
  addressBucket,
  addressClientBucket,
  clearBucket,
  delayedState,
  ipBucket,
  mostRestrictive,
  recordEvent,
  throttleState,
  type ThrottleRule,
} from './throttle';
import { revokeSession, rotateRefreshToken, sessionOfRefreshToken, startSession, verifyAccessToken } from './tokens';

/** What a sign-in needs of its request: the client, the known-device cookie, and where to log. */
export interface SignInCaller {
  ip: string;
  /** The known device of this browser if its cookie was issued to the profile. */
  deviceOf: (profileId: string | undefined) => string | undefined;
  /** Marks this browser as known to the profile. */
  rememberDevice: (profileId: string, device: string | undefined) => void;
  log: { info: (details: object, message: string) => void; warn: (details: object, message: string) => void };
}

/** What signing in and out and renewing the tokens work with (made once per app, routes.ts). */
export type SignInDeps = Pick<AccountsDeps, 'repositories' | 'config' | 'rules'>;

/**
 * Signs in with an address and password. A browser that signed in to this account before is counted on its own,
 * so failures elsewhere never lock the owner out; any other client is counted per client address and, with all
 * other new clients, per account.
 */
export async function login(deps: SignInDeps, caller: SignInCaller, body: LoginRequest): Promise<LoginResult> {
  const { repositories, config, rules } = deps;
  const events = repositories.throttle;
  const now = new Date();
  const email = normaliseEmail(body.email);
  const profile = await repositories.profiles.findByEmail(email);
  const device = caller.deviceOf(profile?.id);
  const counted: [string, ThrottleRule][] = device
    ? [[addressClientBucket('login', email, `device:${device}`), rules.loginAccountClient]]
    : [
        [addressClientBucket('login', email, `ip:${caller.ip}`), rules.loginAccountClient],
        [addressBucket('login', email), rules.loginAccount],
        [ipBucket('login', caller.ip), rules.loginIp],
      ];
  const state = mostRestrictive([
    await delayedState(events, counted[0][0], rules.loginAccountClient, now),
    ...(await Promise.all(counted.slice(1).map(([bucket, rule]) => throttleState(events, bucket, rule, now)))),
  ]);
  if (state.limited) throw tooMany(state, 'sign-in');

  // An unknown address costs the same argon2 work as a known one, so timing does not tell them apart.
  const passwordOk = profile
    ? await verifyPassword(profile.password_hash, body.password)
    : await verifyAgainstDummy(body.password);
  if (!profile || !passwordOk) {
    for (const [bucket, rule] of counted) await recordEvent(events, bucket, rule, now);
    caller.log.info({ event: 'login-failed', knownDevice: device !== undefined }, 'sign-in failed');
    throw new ApiError(401, ACCOUNT_ERRORS.invalidCredentials, 'api:accounts.invalidCredentials');
  }
  // Said only to someone who knows the password, so it reveals nothing to a guesser.
  if (profile.email_verified !== 1)
    throw new ApiError(403, ACCOUNT_ERRORS.emailNotVerified, 'api:accounts.emailNotVerified');
  await clearBucket(events, counted[0][0]);
  caller.rememberDevice(profile.id, device);
  const { sessionId, ...tokenInfo } = await startSession(repositories.sessions, config, profile.id, now);
  caller.log.info({ event: 'login', profileId: profile.id, sessionId }, 'signed in');
  return { tokenInfo, profileIdentifier: profile.id };
}

/** New tokens for a refresh token; a rotated token used again ends its whole session family. */
export async function refresh(
  { repositories, config }: SignInDeps,
  caller: Pick<SignInCaller, 'log'>,
  refreshToken: string,
): Promise<TokenInfo> {
  const outcome = await rotateRefreshToken(repositories.sessions, config, refreshToken, new Date(), (details) =>
    caller.log.warn(
      { event: 'refresh-token-reuse', ...details },
      'a rotated refresh token was used again: session family revoked',
    ),
  );
  if (!outcome.ok) throw new ApiError(401, ACCOUNT_ERRORS.refreshTokenInvalid, 'api:accounts.refreshTokenInvalid');
  return outcome.tokenInfo;
}

/** Ends the session of the access token and of the refresh token, whichever are given and valid. */
export async function logout(
  { repositories, config }: SignInDeps,
  accessToken: string | undefined,
  refreshToken: string | undefined,
): Promise<void> {
  const { sessions } = repositories;
  const now = new Date();
  const claims = accessToken ? await verifyAccessToken(sessions, config, accessToken, now) : undefined;
  if (claims) await revokeSession(sessions, claims.sessionId, 'logout', now);
  const family = refreshToken ? await sessionOfRefreshToken(sessions, refreshToken) : undefined;
  if (family) await revokeSession(sessions, family.sessionId, 'logout', now);
}
