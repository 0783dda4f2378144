import { randomBytes } from 'node:crypto';
import { link, mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { APPLICATION_TYPES, PAYMENT_CURRENCY, type ApplicationType } from '../../shared/contract';
import { ConfigError, type Env } from '../config';

/** Fees per applicant in minor units (cents) when FEE_ETA and FEE_ETA_SECTION_11_1 are not set. */
export const DEFAULT_FEES: Record<ApplicationType, number> = { ETA: 50000, ETA_SECTION_11_1: 42500 };

export interface PaymentsConfig {
  /** The fee per applicant of each application type, in minor units of `currency`. */
  fees: Record<ApplicationType, number>;
  currency: typeof PAYMENT_CURRENCY;
  /** The provider payments are made with (PAYMENT_PROVIDER, a name of providers.ts). */
  provider: string;
}

/** Reads the payment settings: FEE_<APPLICATION TYPE> (minor units) and PAYMENT_PROVIDER. */
export function loadPaymentsConfig(env: Env = process.env): PaymentsConfig {
  const fees = { ...DEFAULT_FEES };
  for (const type of APPLICATION_TYPES) {
    const key = `FEE_${type}`;
    const raw = env[key]?.trim();
    if (!raw) continue;
    if (!/^\d{1,9}$/.test(raw)) throw new ConfigError(`${key} must be a whole number of cents, got "${raw}"`);
    fees[type] = Number(raw);
  }
  return { fees, currency: PAYMENT_CURRENCY, provider: env.PAYMENT_PROVIDER?.trim() || 'sandbox' };
}

/**
 * The secret provider notifications are signed with: PAYMENT_WEBHOOK_SECRET when set, else the one persisted in
 * `${dataDir}/payment-webhook-secret` (written on first start, as the JWT secret is), so it survives restarts.
 */
export async function ensureWebhookSecret(dataDir: string, env: Env = process.env): Promise<string> {
  const configured = env.PAYMENT_WEBHOOK_SECRET?.trim();
  if (configured) {
    if (configured.length < 16) throw new ConfigError('PAYMENT_WEBHOOK_SECRET must be at least 16 characters');
    return configured;
  }
  const file = path.join(dataDir, 'payment-webhook-secret');
  try {
    const stored = (await readFile(file, 'utf8')).trim();
    if (stored.length < 32)
      throw new ConfigError(`${file} holds no usable secret; delete it or set PAYMENT_WEBHOOK_SECRET`);
    return stored;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await mkdir(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  // Written whole under another name and then linked into place, so that another instance starting at the same
  // time never reads a half-written file; the first link wins and everyone uses its secret.
  const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  await writeFile(draft, `${secret}\n`, { mode: 0o600 });
  try {
    await link(draft, file);
    return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return (await readFile(file, 'utf8')).trim();
  } finally {
    await unlink(draft);
  }
}
