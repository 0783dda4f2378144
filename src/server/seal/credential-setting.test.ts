import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../lib/env';
import { credentialSetting } from './credential-setting';

const pem = '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n';
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'credential-'));
  await writeFile(path.join(dir, 'cert.pem'), pem);
  await writeFile(path.join(dir, 'account.json'), '{"client_email":"a@b"}\n');
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('credentialSetting', () => {
  it('answers undefined for a setting not set or blank', () => {
    expect(credentialSetting({}, 'KEY', 'pem')).toBeUndefined();
    expect(credentialSetting({ KEY: '  ' }, 'KEY', 'pem')).toBeUndefined();
  });

  it('answers PEM and JSON written inline, PEM on one line with its line breaks restored', () => {
    expect(credentialSetting({ KEY: pem }, 'KEY', 'pem')).toBe(pem.trim());
    expect(credentialSetting({ KEY: pem.trim().replace(/\n/g, '\\n') }, 'KEY', 'pem')).toBe(pem.trim());
    // In JSON "\n" is an escape of the JSON itself and stays as it is.
    expect(credentialSetting({ KEY: '{"private_key":"a\\nb"}' }, 'KEY', 'json')).toBe('{"private_key":"a\\nb"}');
  });

  it('reads the file a setting names', () => {
    expect(credentialSetting({ KEY: path.join(dir, 'cert.pem') }, 'KEY', 'pem')).toBe(pem);
    expect(credentialSetting({ KEY: path.join(dir, 'account.json') }, 'KEY', 'json')).toContain('client_email');
  });

  it('refuses a file it cannot read, or one that does not hold what the setting needs, naming the setting', () => {
    expect(() => credentialSetting({ KEY: path.join(dir, 'missing.pem') }, 'KEY', 'pem')).toThrow(
      new ConfigError(
        `KEY must be PEM text or the path of a readable file holding it; cannot read "${path.join(dir, 'missing.pem')}" (ENOENT)`,
      ),
    );
    expect(() => credentialSetting({ KEY: path.join(dir, 'account.json') }, 'KEY', 'pem')).toThrow(
      /^KEY names ".*account\.json", which holds no PEM text$/,
    );
    expect(() => credentialSetting({ KEY: path.join(dir, 'cert.pem') }, 'KEY', 'json')).toThrow(/holds no JSON$/);
  });
});
