import { generateKeyPairSync } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../lib/env';
import { configuredWallets, walletProviders } from './providers';
import { hasOpenssl, makeAppleCredentials } from './testing/apple-credentials';

const google = {
  GOOGLE_WALLET_ISSUER_ID: '3388000000022222222',
  GOOGLE_WALLET_SERVICE_ACCOUNT: JSON.stringify({
    client_email: 'wallet@eta-portal.iam.gserviceaccount.com',
    private_key: generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({
      type: 'pkcs8',
      format: 'pem',
    }),
  }),
};

describe('configuredWallets', () => {
  it('registers Apple and Google Wallet', () => {
    expect(walletProviders.map((definition) => definition.wallet)).toEqual(['apple', 'google']);
  });

  it('answers no wallet when none is configured', () => {
    expect(configuredWallets({})).toEqual([]);
    expect(configuredWallets({ FRONT_END_URL: 'https://eta.example', APPLE_WALLET_KEY_PASSPHRASE: 'x' })).toEqual([]);
  });

  it('switches each wallet on by its own credentials', async () => {
    expect(configuredWallets(google).map((provider) => provider.wallet)).toEqual(['google']);
    if (!hasOpenssl) return;
    const dir = await mkdtemp(path.join(tmpdir(), 'wallets-'));
    try {
      const apple = makeAppleCredentials(dir);
      const env = {
        ...google,
        APPLE_WALLET_PASS_TYPE_ID: 'pass.za.gov.dha.eta',
        APPLE_WALLET_TEAM_ID: 'ABCDE12345',
        APPLE_WALLET_CERTIFICATE: apple.signerCert,
        APPLE_WALLET_KEY: apple.signerKey,
        APPLE_WALLET_KEY_PASSPHRASE: apple.passphrase,
        APPLE_WALLET_WWDR: apple.wwdr,
      };
      const wallets = configuredWallets(env);
      expect(wallets.map((provider) => provider.wallet)).toEqual(['apple', 'google']);
      expect(wallets[0].pkpass).toBeTypeOf('function');
      expect(wallets[1].pkpass).toBeUndefined();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it.each([
    [
      { APPLE_WALLET_TEAM_ID: 'ABCDE12345' },
      /^Apple Wallet needs .*APPLE_WALLET_PASS_TYPE_ID, APPLE_WALLET_CERTIFICATE/,
    ],
    [{ ...google, APPLE_WALLET_WWDR: '/wwdr.pem' }, /^Apple Wallet needs /],
    [{ GOOGLE_WALLET_SERVICE_ACCOUNT: google.GOOGLE_WALLET_SERVICE_ACCOUNT }, /GOOGLE_WALLET_ISSUER_ID is not set$/],
    [{ GOOGLE_WALLET_ISSUER_ID: '3388' }, /GOOGLE_WALLET_SERVICE_ACCOUNT is not set$/],
  ])('refuses a partial configuration (%#)', (env, message) => {
    expect(() => configuredWallets(env)).toThrow(ConfigError);
    expect(() => configuredWallets(env)).toThrow(message);
  });
});
