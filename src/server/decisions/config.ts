import { ConfigError, readSettings, type Env, type SettingsSchema } from '../lib/env';

/** How decisions run: read from the environment once, at start. */
export interface DecisionsConfig {
  /** Seconds between two looks for due decisions; 0: this instance never decides (another one does). */
  pollSeconds: number;
  /** Seconds from submission to the automatic decision, when it overrides the rules file's delaySeconds. */
  delaySeconds: number | undefined;
  /** Seconds after which a decision taken by an instance that then stopped is taken over by another. */
  claimTimeoutSeconds: number;
}

/** The variables of decisions (docs/operators.md, "Configuration"). */
export const DECISIONS_SETTINGS = {
  type: 'object',
  properties: {
    DECISION_POLL_SECONDS: { type: 'integer', minimum: 0, maximum: 3600, default: 5 },
    DECISION_DELAY_SECONDS: { type: 'integer', minimum: 0, maximum: 30 * 86400 },
    DECISION_CLAIM_TIMEOUT_SECONDS: { type: 'integer', minimum: 5, maximum: 3600, default: 60 },
  },
} as const satisfies SettingsSchema;

/** Reads DECISION_POLL_SECONDS (default 5), DECISION_DELAY_SECONDS and DECISION_CLAIM_TIMEOUT_SECONDS (60). */
export function loadDecisionsConfig(env: Env = process.env): DecisionsConfig {
  const settings = readSettings(DECISIONS_SETTINGS, env);
  const config = {
    pollSeconds: settings.DECISION_POLL_SECONDS,
    delaySeconds: settings.DECISION_DELAY_SECONDS,
    claimTimeoutSeconds: settings.DECISION_CLAIM_TIMEOUT_SECONDS,
  };
  if (config.pollSeconds > 0 && config.claimTimeoutSeconds <= config.pollSeconds)
    throw new ConfigError('DECISION_CLAIM_TIMEOUT_SECONDS must be longer than DECISION_POLL_SECONDS');
  return config;
}
