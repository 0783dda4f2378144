import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * A browser that has signed in to an account before carries an HttpOnly cookie naming it, signed for that account.
 * Sign-in failures from it are counted on their own, so an attacker who fails many times elsewhere cannot lock the
 * owner out. The cookie grants nothing else: the password is still needed.
 */
export const KNOWN_DEVICE_COOKIE = 'eta_known_device';
const LIFETIME_SECONDS = 365 * 24 * 60 * 60;
/**
 * Sent to the whole portal: sign-in reads it both in the accounts call the browser's scripts make and in the sign-in
 * page's form posted to /login (which calls the API in-process with the page's cookies); a narrower path kept it from
 * the page's form, so a sign-in there never counted as a known device.
 */
const COOKIE_PATH = '/';

function signature(secret: string, profileId: string, deviceId: string): string {
  return createHmac('sha256', secret).update(`known-device:${profileId}:${deviceId}`).digest('base64url');
}

/** The device identifier of the request's cookie when it was issued to this profile, else undefined. */
export function knownDeviceOf(
  request: FastifyRequest,
  secret: string,
  profileId: string | undefined,
): string | undefined {
  const value = request.cookies[KNOWN_DEVICE_COOKIE];
  const [deviceId, signed, ...rest] = value?.split('.') ?? [];
  if (!profileId || !deviceId || !signed || rest.length > 0 || !/^[\w-]{22}$/.test(deviceId)) return undefined;
  const expected = Buffer.from(signature(secret, profileId, deviceId));
  const given = Buffer.from(signed);
  return given.length === expected.length && timingSafeEqual(given, expected) ? deviceId : undefined;
}

/** Marks the browser as known to the profile (keeping its identifier when it already was). */
export function rememberDevice(
  reply: FastifyReply,
  secret: string,
  profileId: string,
  deviceId: string | undefined,
  secure: boolean,
): void {
  const id = deviceId ?? randomBytes(16).toString('base64url');
  const attributes = [
    `Path=${COOKIE_PATH}`,
    `Max-Age=${LIFETIME_SECONDS}`,
    'HttpOnly',
    'SameSite=Strict',
    ...(secure ? ['Secure'] : []),
  ];
  reply.header(
    'set-cookie',
    `${KNOWN_DEVICE_COOKIE}=${id}.${signature(secret, profileId, id)}; ${attributes.join('; ')}`,
  );
}
