import { APPLICATION_TYPES, PAYMENT_CURRENCY, type ApplicationType } from '../../shared/contract';
import { readSettings, type Env, type SettingSchema, type SettingsSchema } from '../lib/env';
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

const FEE = { type: 'integer', minimum: 0, maximum: 999_999_999 } as const satisfies SettingSchema;

/** The variables of payments (docs/operators.md, "Configuration"): FEE_<APPLICATION TYPE> in minor units, the provider, the secret. */
export const PAYMENTS_SETTINGS = {
  type: 'object',
  properties: {
    ...(Object.fromEntries(APPLICATION_TYPES.map((type) => [`FEE_${type}`, FEE])) as Record<
      `FEE_${ApplicationType}`,
      typeof FEE
    >),
    PAYMENT_PROVIDER: { type: 'string', default: 'sandbox' },
    PAYMENT_WEBHOOK_SECRET: { type: 'string', minLength: 16 },
  },
} as const satisfies SettingsSchema;

/** Reads the payment settings: FEE_<APPLICATION TYPE> (minor units) and PAYMENT_PROVIDER. */
export function loadPaymentsConfig(env: Env = process.env): PaymentsConfig {
  const settings = readSettings(PAYMENTS_SETTINGS, env);
  const fees = { ...DEFAULT_FEES };
  for (const type of APPLICATION_TYPES) fees[type] = settings[`FEE_${type}`] ?? DEFAULT_FEES[type];
  return { fees, currency: PAYMENT_CURRENCY, provider: settings.PAYMENT_PROVIDER };
}

/**
 * The secret provider notifications are signed with: PAYMENT_WEBHOOK_SECRET when set, else the one persisted in
 * `${dataDir}/payment-webhook-secret` (written on first start, as the JWT secret is), so it survives restarts.
 */
export async function ensureWebhookSecret(dataDir: string, env: Env = process.env): Promise<string> {
  const configured = readSettings(PAYMENTS_SETTINGS, env).PAYMENT_WEBHOOK_SECRET;
  if (configured) return configured;
  return persistedSecret(dataDir, 'payment-webhook-secret', 'PAYMENT_WEBHOOK_SECRET');
}
