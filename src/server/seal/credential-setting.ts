import { readFileSync } from 'node:fs';
import { ConfigError, text, type Env } from '../lib/env';

/**
 * How a credential setting is written: PEM text (a key or certificate) or JSON (a service account key). Either
 * kind may also be the path of a file that holds it, which is how secrets mounted into a container arrive.
 */
export type CredentialKind = 'pem' | 'json';

const looksInline: Record<CredentialKind, (value: string) => boolean> = {
  pem: (value) => value.includes('-----BEGIN '),
  json: (value) => value.startsWith('{'),
};

/**
 * The credential a setting holds, read from the file it names when it is not written inline; undefined when the
 * setting is not set. A path that cannot be read is a ConfigError naming the setting. Read once at start-up, so
 * reading the file is synchronous.
 */
export function credentialSetting(env: Env, key: string, kind: CredentialKind): string | undefined {
  const value = text(env, key);
  if (value === undefined) return undefined;
  if (looksInline[kind](value)) {
    // Environment files often carry a PEM on one line with "\n" written out.
    return kind === 'pem' && !value.includes('\n') ? value.replace(/\\n/g, '\n') : value;
  }
  let content: string;
  try {
    content = readFileSync(value, 'utf8');
  } catch (error) {
    const what = kind === 'pem' ? 'PEM text' : 'JSON';
    throw new ConfigError(
      `${key} must be ${what} or the path of a readable file holding it; cannot read "${value}" (${(error as NodeJS.ErrnoException).code ?? 'error'})`,
    );
  }
  if (!looksInline[kind](content.trim()))
    throw new ConfigError(`${key} names "${value}", which holds no ${kind === 'pem' ? 'PEM text' : 'JSON'}`);
  return content;
}
