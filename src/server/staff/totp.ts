import { generateSecret, generateURI, verify } from 'otplib';

/**
 * The staff's second factor: time-based one-time codes (RFC 6238, 6 digits every 30 seconds) from an authenticator
 * app, with otplib. A code is accepted within one step either side of now (a phone's clock may drift), and once.
 */
const PERIOD_SECONDS = 30;
const TOLERANCE_SECONDS = PERIOD_SECONDS;

/** A new authenticator key (160 bits, base32). */
export const newTotpSecret = (): string => generateSecret();

/** The `otpauth://` address an authenticator app takes the key from (as text or as a QR code). */
export const totpAddress = (email: string, secret: string): string =>
  generateURI({ issuer: 'ETA portal staff', label: email, secret });

/**
 * The time step a code was accepted for, or undefined when it is not a code of `secret` now. A code of a step at or
 * before `afterStep` (one already taken) is refused.
 */
export async function acceptedStep(
  secret: string,
  code: string,
  now: Date,
  afterStep?: number | null,
): Promise<number | undefined> {
  const token = code.replace(/\s+/g, '');
  if (!/^\d{6}$/.test(token)) return undefined;
  const epoch = Math.floor(now.getTime() / 1000);
  const result = await verify({
    secret,
    token,
    epoch,
    epochTolerance: TOLERANCE_SECONDS,
    ...(afterStep !== null && afterStep !== undefined ? { afterTimeStep: afterStep } : {}),
  });
  // The step matched: now's, moved by how far the code's clock was from it.
  return result.valid ? Math.floor(epoch / PERIOD_SECONDS) + result.delta : undefined;
}
