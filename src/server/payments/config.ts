import { APPLICATION_TYPES, PAYMENT_CURRENCY, type ApplicationType } from '../../shared/contract';
import { ConfigError, type Env } from '../lib/env';
import { persistedSecret } from '../lib/persisted-secret';

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
  return persistedSecret(dataDir, 'payment-webhook-secret', 'PAYMENT_WEBHOOK_SECRET');
}
