import { ConfigError } from '../lib/env';
import type { ServerSettings } from './schema';

// The rules between settings that the table of settings cannot say of one variable alone: each answers the value
// the configuration uses, or throws a ConfigError naming the variable.

/** How long a session may stay idle and last at most: defaults that follow the refresh token lifetime, bounded by it. */
export function sessionLimits(settings: ServerSettings): { sessionIdleSeconds: number; sessionMaxSeconds: number } {
  const { REFRESH_TOKEN_TTL_SECONDS: refreshTokenTtlSeconds } = settings;
  const sessionIdleSeconds = settings.SESSION_IDLE_SECONDS ?? Math.min(1800, refreshTokenTtlSeconds);
  if (sessionIdleSeconds > refreshTokenTtlSeconds) {
    throw new ConfigError(
      `SESSION_IDLE_SECONDS must not be more than REFRESH_TOKEN_TTL_SECONDS (${refreshTokenTtlSeconds}), got ${sessionIdleSeconds}`,
    );
  }
  // A longer refresh token lifetime raises the default rather than making an unset variable an error.
  const sessionMaxSeconds = settings.SESSION_MAX_SECONDS ?? Math.max(12 * 3600, refreshTokenTtlSeconds);
  if (sessionMaxSeconds < refreshTokenTtlSeconds) {
    throw new ConfigError(
      `SESSION_MAX_SECONDS must not be less than REFRESH_TOKEN_TTL_SECONDS (${refreshTokenTtlSeconds}), got ${sessionMaxSeconds}`,
    );
  }
  return { sessionIdleSeconds, sessionMaxSeconds };
}

/** Seconds between two housekeeping runs: 0 (off) or at least a minute. */
export function housekeepingInterval(settings: ServerSettings): number {
  const housekeepingIntervalSeconds = settings.HOUSEKEEPING_INTERVAL_SECONDS;
  // More often than once a minute would only load the database: every rule keeps rows for an hour or more.
  if (housekeepingIntervalSeconds > 0 && housekeepingIntervalSeconds < 60) {
    throw new ConfigError(
      `HOUSEKEEPING_INTERVAL_SECONDS must be 0 (off) or at least 60, got ${housekeepingIntervalSeconds}`,
    );
  }
  return housekeepingIntervalSeconds;
}
