/** Reading settings from the environment: each reader trims, checks and answers a plain message when wrong. */

/** Environment as read by the server: any string map (process.env or a test fixture). */
export type Env = Record<string, string | undefined>;

/** A setting that cannot be used as given; the server does not start. */
export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

export function text(env: Env, key: string): string | undefined {
  const value = env[key]?.trim();
  return value ? value : undefined;
}

export function integer(env: Env, key: string, fallback: number, min: number, max: number): number {
  const raw = text(env, key);
  if (raw === undefined) return fallback;
  if (!/^\d+$/.test(raw)) throw new ConfigError(`${key} must be a whole number, got "${raw}"`);
  const value = Number(raw);
  if (value < min || value > max) throw new ConfigError(`${key} must be between ${min} and ${max}, got ${value}`);
  return value;
}

export function flag(env: Env, key: string, fallback: boolean): boolean {
  const raw = text(env, key)?.toLowerCase();
  if (raw === undefined) return fallback;
  if (['true', '1', 'yes', 'on'].includes(raw)) return true;
  if (['false', '0', 'no', 'off'].includes(raw)) return false;
  throw new ConfigError(`${key} must be true or false, got "${raw}"`);
}

export function url(env: Env, key: string, fallback: string): string {
  const raw = text(env, key);
  if (raw === undefined) return fallback;
  try {
    const parsed = new URL(raw);
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new Error('protocol');
  } catch {
    throw new ConfigError(`${key} must be an http(s) URL, got "${raw}"`);
  }
  return raw.replace(/\/+$/, '');
}

export function emailAddress(env: Env, key: string): string | undefined {
  const raw = text(env, key);
  if (raw !== undefined && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(raw))
    throw new ConfigError(`${key} must be an e-mail address, got "${raw}"`);
  return raw;
}
