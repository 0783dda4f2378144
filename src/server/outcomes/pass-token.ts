import { createHmac, timingSafeEqual } from 'node:crypto';
import { isUuid } from '../../shared/contract';

/** How long the address of an Apple Wallet pass works after the wallet link was asked for. */
const PASS_TOKEN_SECONDS = 600;

/** A pass address's signature: applicant, expiry and language, signed (short enough for a path segment). */
const passSignature = (secret: string, payload: string) =>
  createHmac('sha256', `wallet-pass:${secret}`).update(payload).digest('base64url').slice(0, 32);

/** The token of a pass address for the applicant in a language, valid for PASS_TOKEN_SECONDS. */
export function passToken(secret: string, applicantId: string, lang: string, now = Date.now()): string {
  const payload = `${applicantId}.${Math.floor(now / 1000) + PASS_TOKEN_SECONDS}.${lang}`;
  return `${payload}.${passSignature(secret, payload)}`;
}

/** The applicant and language of a valid, unexpired token. */
export function readPassToken(secret: string, token: string): { applicantId: string; lang: string } | undefined {
  const parts = token.split('.');
  if (parts.length !== 4) return undefined;
  const [applicantId, expires, lang, signature] = parts;
  const expected = Buffer.from(passSignature(secret, `${applicantId}.${expires}.${lang}`));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  if (!/^\d+$/.test(expires) || Number(expires) * 1000 < Date.now() || !isUuid(applicantId)) return undefined;
  return { applicantId, lang };
}
