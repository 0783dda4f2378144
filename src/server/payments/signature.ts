import { createHmac, timingSafeEqual } from 'node:crypto';
import { WebhookRejected } from './provider';

/**
 * Signed notifications: the header `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`, accepted for
 * five minutes either side of its time, so that a captured notification cannot be replayed later.
 */

export const SIGNATURE_HEADER = 'x-payment-signature';
export const SIGNATURE_TOLERANCE_SECONDS = 300;

const hmac = (secret: string, timestamp: number, body: string) =>
  createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');

/** The signature header's value for `body` at `now`. */
export function signPayload(secret: string, body: string, now: Date = new Date()): string {
  const timestamp = Math.floor(now.getTime() / 1000);
  return `t=${timestamp},v1=${hmac(secret, timestamp, body)}`;
}

/** Throws WebhookRejected unless `header` signs `body` with `secret` within the tolerance of `now`. */
export function verifySignature(secret: string, header: string | undefined, body: string, now: Date): void {
  if (!header) throw new WebhookRejected('no signature');
  const parts = new Map<string, string[]>();
  for (const part of header.split(',')) {
    const at = part.indexOf('=');
    if (at <= 0) continue;
    const key = part.slice(0, at).trim();
    parts.set(key, [...(parts.get(key) ?? []), part.slice(at + 1).trim()]);
  }
  const timestamp = Number(parts.get('t')?.[0]);
  if (!Number.isInteger(timestamp)) throw new WebhookRejected('no timestamp');
  if (Math.abs(now.getTime() / 1000 - timestamp) > SIGNATURE_TOLERANCE_SECONDS)
    throw new WebhookRejected('timestamp outside the tolerance');
  const expected = Buffer.from(hmac(secret, timestamp, body), 'hex');
  // Several v1 values are allowed, so that a secret can be rotated without losing notifications.
  const matches = (parts.get('v1') ?? []).some((candidate) => {
    if (!/^[0-9a-f]{64}$/i.test(candidate)) return false;
    return timingSafeEqual(Buffer.from(candidate, 'hex'), expected);
  });
  if (!matches) throw new WebhookRejected('signature does not match');
}
