import { ConfigError, integer, text, type Env } from '../lib/env';

/** How decisions run: read from the environment once, at start. */
export interface DecisionsConfig {
  /** Seconds between two looks for due decisions; 0: this instance never decides (another one does). */
  pollSeconds: number;
  /** Seconds from submission to the automatic decision, when it overrides the rules file's delaySeconds. */
  delaySeconds: number | undefined;
  /** Seconds after which a decision taken by an instance that then stopped is taken over by another. */
  claimTimeoutSeconds: number;
}

/** Reads DECISION_POLL_SECONDS (default 5), DECISION_DELAY_SECONDS and DECISION_CLAIM_TIMEOUT_SECONDS (60). */
export function loadDecisionsConfig(env: Env = process.env): DecisionsConfig {
  const delay = text(env, 'DECISION_DELAY_SECONDS');
  const config = {
    pollSeconds: integer(env, 'DECISION_POLL_SECONDS', 5, 0, 3600),
    delaySeconds: delay === undefined ? undefined : integer(env, 'DECISION_DELAY_SECONDS', 0, 0, 30 * 86400),
    claimTimeoutSeconds: integer(env, 'DECISION_CLAIM_TIMEOUT_SECONDS', 60, 5, 3600),
  };
  if (config.pollSeconds > 0 && config.claimTimeoutSeconds <= config.pollSeconds)
    throw new ConfigError('DECISION_CLAIM_TIMEOUT_SECONDS must be longer than DECISION_POLL_SECONDS');
  return config;
}
