import { ConfigError, text, type Env } from '../lib/env';

/**
 * Whether a group of settings that switch a feature on is set: false when none of them is, true when all are, and
 * a ConfigError naming the missing ones when only some are.
 */
export function settingsGroupSet(env: Env, feature: string, keys: string[]): boolean {
  const missing = keys.filter((key) => text(env, key) === undefined);
  if (missing.length === keys.length) return false;
  if (missing.length > 0)
    throw new ConfigError(
      `${feature} needs ${keys.join(', ')}; ${missing.join(', ')} ${missing.length > 1 ? 'are' : 'is'} not set`,
    );
  return true;
}
