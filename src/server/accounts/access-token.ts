import { SignJWT, jwtVerify } from 'jose';

/** What signing and reading access tokens need from the server configuration. */
export interface AccessTokenSettings {
  jwtSecret: string;
  accessTokenTtlSeconds: number;
}

/** Who an access token speaks for. */
export interface AccessClaims {
  profileId: string;
  sessionId: string;
}

const ISSUER = 'eta-portal';
const AUDIENCE = 'eta-api';

/**
 * The HMAC keys of the secrets in use, each imported once: importing the key was half the cost of checking a token.
 * A server has one secret; the few kept cover tests that each start a server with a secret of its own.
 */
const keys = new Map<string, Promise<CryptoKey>>();
const KEYS_KEPT = 8;

function secretKey(settings: AccessTokenSettings): Promise<CryptoKey> {
  if (!settings.jwtSecret) throw new Error('No JWT secret configured');
  let key = keys.get(settings.jwtSecret);
  if (!key) {
    const raw = new TextEncoder().encode(settings.jwtSecret);
    key = crypto.subtle.importKey('raw', raw, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
    if (keys.size >= KEYS_KEPT) keys.delete(keys.keys().next().value as string);
    keys.set(settings.jwtSecret, key);
  }
  return key;
}

/** A signed access token (HS256 JWT) for a profile in one session family, valid `accessTokenTtlSeconds` from `now`. */
export async function signAccessToken(settings: AccessTokenSettings, claims: AccessClaims, now: Date): Promise<string> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  return new SignJWT({ sid: claims.sessionId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.profileId)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + settings.accessTokenTtlSeconds)
    .sign(await secretKey(settings));
}

/**
 * The claims of an access token whose signature, expiry, issuer and audience hold at `now`; undefined otherwise.
 * Whether its session family is still live is the database's to say (verifyAccessToken).
 */
export async function readAccessToken(
  settings: AccessTokenSettings,
  token: string,
  now: Date,
): Promise<AccessClaims | undefined> {
  try {
    const { payload } = await jwtVerify(token, await secretKey(settings), {
      algorithms: ['HS256'],
      issuer: ISSUER,
      audience: AUDIENCE,
      currentDate: now,
      requiredClaims: ['sub', 'exp', 'sid'],
    });
    if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return undefined;
    return { profileId: payload.sub, sessionId: payload.sid };
  } catch {
    return undefined;
  }
}
