import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../lib/env';
import { appleWallet, passJson } from './apple-wallet';
import { hasOpenssl, hasUnzip, makeAppleCredentials, type TestAppleCredentials } from './testing/apple-credentials';
import { samplePass } from './testing/sample-pass';

let dir: string;
let credentials: TestAppleCredentials;
let env: Record<string, string>;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'apple-wallet-'));
  if (!hasOpenssl) return;
  credentials = makeAppleCredentials(dir);
  env = {
    APPLE_WALLET_PASS_TYPE_ID: 'pass.za.gov.dha.eta',
    APPLE_WALLET_TEAM_ID: 'ABCDE12345',
    APPLE_WALLET_CERTIFICATE: credentials.signerCert,
    APPLE_WALLET_KEY: credentials.signerKey,
    APPLE_WALLET_KEY_PASSPHRASE: credentials.passphrase,
    APPLE_WALLET_WWDR: credentials.wwdrFile,
  };
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const context = { apiUrl: 'https://api.example', passUrl: (token: string) => `https://api.example/pass/${token}` };

/** The files of a .pkpass, unpacked into a folder of its own. */
async function unpack(pkpass: Buffer, name: string): Promise<string> {
  const file = path.join(dir, `${name}.pkpass`);
  const into = path.join(dir, name);
  await writeFile(file, pkpass);
  execFileSync('unzip', ['-q', '-o', file, '-d', into]);
  return into;
}

/** Whether openssl accepts `signature` as a detached PKCS#7 signature of `manifest` by a certificate of `ca`. */
function signatureVerifies(folder: string, manifest: string, ca: string): boolean {
  try {
    execFileSync(
      'openssl',
      [
        'smime',
        '-verify',
        '-binary',
        '-inform',
        'DER',
        '-in',
        path.join(folder, 'signature'),
        '-content',
        manifest,
        '-CAfile',
        ca,
        '-purpose',
        'any',
        '-out',
        '/dev/null',
      ],
      { stdio: 'pipe' },
    );
    return true;
  } catch {
    return false;
  }
}

describe('Apple Wallet', () => {
  it('is off when none of its settings is set', () => {
    expect(appleWallet.configure({})).toBeUndefined();
  });

  it.skipIf(!hasOpenssl)("links to the pass file's address the caller makes", async () => {
    const provider = appleWallet.configure(env)!;
    expect(provider.wallet).toBe('apple');
    expect(await provider.link(samplePass, { ...context, passToken: 'tok3n' })).toBe('https://api.example/pass/tok3n');
    await expect(provider.link(samplePass, context)).rejects.toThrow(/token/);
  });

  it.skipIf(!hasOpenssl || !hasUnzip)('makes a signed .pkpass with the seal as its QR code', async () => {
    const provider = appleWallet.configure(env)!;
    const folder = await unpack(await provider.pkpass!(samplePass), 'pass');
    const files = (await readdir(folder)).sort();
    expect(files).toEqual(['icon.png', 'icon@2x.png', 'icon@3x.png', 'manifest.json', 'pass.json', 'signature']);

    const pass = JSON.parse(await readFile(path.join(folder, 'pass.json'), 'utf8'));
    expect(pass).toMatchObject({
      formatVersion: 1,
      passTypeIdentifier: 'pass.za.gov.dha.eta',
      teamIdentifier: 'ABCDE12345',
      serialNumber: 'ETA 2026/000123',
      organizationName: 'Department of Home Affairs',
      description: 'Electronic travel authorisation',
      barcodes: [{ format: 'PKBarcodeFormatQR', message: samplePass.seal, messageEncoding: 'iso-8859-1' }],
    });
    expect(new Date(pass.expirationDate).toISOString()).toBe('2027-11-30T21:59:59.000Z');
    const fields = Object.values(
      pass.generic as Record<string, { key: string; label: string; value: string }[]>,
    ).flat();
    expect(fields).toEqual(
      expect.arrayContaining([
        { key: 'holder', label: 'Holder', value: 'Maria Anna Silva' },
        { key: 'passport', label: 'Passport number', value: 'X1234567' },
        { key: 'nationality', label: 'Nationality', value: 'Portugal' },
        { key: 'validUntil', label: 'Valid until', value: '30 Nov 2027' },
        { key: 'documentNumber', label: 'Document number', value: 'ETA 2026/000123' },
      ]),
    );

    const manifest = JSON.parse(await readFile(path.join(folder, 'manifest.json'), 'utf8'));
    const signed = files.filter((file) => file !== 'manifest.json' && file !== 'signature');
    expect(Object.keys(manifest).sort()).toEqual(signed);
    for (const file of signed) {
      const sha1 = createHash('sha1')
        .update(await readFile(path.join(folder, file)))
        .digest('hex');
      expect(manifest[file], file).toBe(sha1);
    }

    expect(await sharp(path.join(folder, 'icon.png')).metadata()).toMatchObject({
      format: 'png',
      width: 29,
      height: 29,
    });
    expect(await sharp(path.join(folder, 'icon@2x.png')).metadata()).toMatchObject({ width: 58, height: 58 });

    const manifestFile = path.join(folder, 'manifest.json');
    expect(signatureVerifies(folder, manifestFile, credentials.wwdrFile)).toBe(true);
    const tampered = path.join(dir, 'tampered-manifest.json');
    await writeFile(tampered, JSON.stringify({ ...manifest, 'pass.json': '0'.repeat(40) }));
    expect(signatureVerifies(folder, tampered, credentials.wwdrFile)).toBe(false);
    const stranger = makeAppleCredentials(dir, 'stranger');
    expect(signatureVerifies(folder, manifestFile, stranger.wwdrFile)).toBe(false);
  });

  it('writes the barcode in Latin-1, as Wallet expects, unless the seal has characters beyond it', () => {
    const ids = { passTypeIdentifier: 'pass.x', teamIdentifier: 'ABCDE12345' };
    const encoding = (seal: string) => passJson({ ...samplePass, seal }, ids).barcodes[0].messageEncoding;
    expect(encoding(samplePass.seal)).toBe('iso-8859-1');
    expect(encoding('{"ini":"\u00d8."}')).toBe('iso-8859-1');
    expect(encoding('{"ini":"\u738b"}')).toBe('utf-8');
  });

  it('names what is missing when only some settings are set', () => {
    const attempt = () =>
      appleWallet.configure({ APPLE_WALLET_PASS_TYPE_ID: 'pass.x', APPLE_WALLET_TEAM_ID: 'ABCDE12345' });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(
      /^Apple Wallet needs .*; APPLE_WALLET_CERTIFICATE, APPLE_WALLET_KEY, APPLE_WALLET_WWDR are not set$/,
    );
  });

  it.skipIf(!hasOpenssl)('refuses a WWDR of the same name but another key', async () => {
    const elsewhere = await mkdtemp(path.join(tmpdir(), 'apple-wallet-twin-'));
    try {
      const twin = makeAppleCredentials(elsewhere);
      expect(twin.wwdr).not.toBe(credentials.wwdr);
      expect(() => appleWallet.configure({ ...env, APPLE_WALLET_WWDR: twin.wwdr })).toThrow(/was not issued by/);
    } finally {
      await rm(elsewhere, { recursive: true, force: true });
    }
  });

  it.skipIf(!hasOpenssl)('refuses a key node-forge cannot read, when the pass would be signed', () => {
    const camellia = execFileSync(
      'openssl',
      [
        'pkcs8',
        '-topk8',
        '-v2',
        'camellia-256-cbc',
        '-passin',
        `pass:${credentials.passphrase}`,
        '-passout',
        `pass:${credentials.passphrase}`,
      ],
      { input: credentials.signerKey, stdio: 'pipe' },
    ).toString();
    const attempt = () => appleWallet.configure({ ...env, APPLE_WALLET_KEY: camellia });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(/^APPLE_WALLET_KEY cannot sign passes: .*encryption/);
  });

  it.skipIf(!hasOpenssl).each([
    ['APPLE_WALLET_CERTIFICATE', undefined, /; APPLE_WALLET_CERTIFICATE is not set$/],
    ['APPLE_WALLET_KEY_PASSPHRASE', 'wrong', /^APPLE_WALLET_KEY holds no private key that can be read/],
    ['APPLE_WALLET_TEAM_ID', 'abc', /^APPLE_WALLET_TEAM_ID must be/],
    ['APPLE_WALLET_WWDR', '/no/such/wwdr.pem', /^APPLE_WALLET_WWDR must be PEM text or the path/],
    ['APPLE_WALLET_CERTIFICATE', 'stranger', /^APPLE_WALLET_CERTIFICATE does not certify the key of APPLE_WALLET_KEY$/],
    [
      'APPLE_WALLET_WWDR',
      'stranger',
      /^APPLE_WALLET_CERTIFICATE was not issued by the certificate of APPLE_WALLET_WWDR \(/,
    ],
  ])('refuses to start when %s is %s', (setting, value, message) => {
    let changed = value;
    if (value === 'stranger') {
      const stranger = makeAppleCredentials(dir, `stranger-${setting}`);
      changed = setting === 'APPLE_WALLET_WWDR' ? stranger.wwdr : stranger.signerCert;
    }
    const attempt = () => appleWallet.configure({ ...env, [setting]: changed as string });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(message);
  });
});
