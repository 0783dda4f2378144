import { generateKeyPairSync } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../lib/env';
import { holderInitials, loadSealSigner } from '../seal/public';
import { verifySeal } from '../../shared/seal/seal';
import { googleWallet } from './google-wallet';
import { samplePass } from './testing/sample-pass';

const rsaKey = () => generateKeyPairSync('rsa', { modulusLength: 2048 });
const account = rsaKey();
const serviceAccount = JSON.stringify({
  type: 'service_account',
  client_email: 'wallet@eta-portal.iam.gserviceaccount.com',
  private_key: account.privateKey.export({ type: 'pkcs8', format: 'pem' }),
});
const env = {
  GOOGLE_WALLET_ISSUER_ID: '3388000000022222222',
  GOOGLE_WALLET_SERVICE_ACCOUNT: serviceAccount,
  FRONT_END_URL: 'https://eta.example.gov.za/',
};
const context = { apiUrl: 'https://api.example.gov.za', passUrl: (token: string) => `https://api/${token}` };

interface SaveClaims {
  typ: string;
  origins: string[];
  payload: { genericClasses: { id: string }[]; genericObjects: Record<string, unknown>[] };
}

async function saveLink(environment: Record<string, string> = env) {
  const provider = googleWallet.configure(environment)!;
  expect(provider.wallet).toBe('google');
  const link = await provider.link(samplePass, context);
  expect(link.startsWith('https://pay.google.com/gp/v/save/')).toBe(true);
  return link.slice('https://pay.google.com/gp/v/save/'.length);
}

describe('Google Wallet', () => {
  it('is off when none of its settings is set', () => {
    expect(googleWallet.configure({})).toBeUndefined();
  });

  it("links to Google's save page with a JWT signed by the service account", async () => {
    const jwt = await saveLink();
    const { payload, protectedHeader } = await jwtVerify<SaveClaims>(jwt, account.publicKey, {
      issuer: 'wallet@eta-portal.iam.gserviceaccount.com',
      audience: 'google',
      algorithms: ['RS256'],
    });
    expect(protectedHeader.alg).toBe('RS256');
    expect(payload.typ).toBe('savetowallet');
    expect(payload.origins).toEqual(['https://eta.example.gov.za']);
    expect(payload.payload.genericClasses).toEqual([{ id: '3388000000022222222.eta_outcome' }]);
    const [object] = payload.payload.genericObjects;
    expect(object).toMatchObject({
      id: '3388000000022222222.ETA_2026_000123',
      classId: '3388000000022222222.eta_outcome',
      cardTitle: { defaultValue: { language: 'en-GB', value: 'Electronic travel authorisation' } },
      header: { defaultValue: { language: 'en-GB', value: 'Maria Anna Silva' } },
      barcode: { type: 'QR_CODE', value: samplePass.seal },
      validTimeInterval: { start: { date: '2026-11-30T22:00:00Z' }, end: { date: '2027-11-30T21:59:59Z' } },
    });
    expect(object.textModulesData).toEqual(
      expect.arrayContaining([
        { id: 'passport', header: 'Passport number', body: 'X1234567' },
        { id: 'nationality', header: 'Nationality', body: 'Portugal' },
        { id: 'valid_until', header: 'Valid until', body: '2027-11-30' },
        { id: 'document_number', header: 'Document number', body: 'ETA 2026/000123' },
      ]),
    );
  });

  it('carries a real seal that still verifies, in a link of a length browsers follow', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'google-wallet-seal-'));
    try {
      const signer = await loadSealSigner({ dataDir, env: {} });
      const ini = holderInitials('محمد علي', 'السيد');
      const seal = await signer.sign({
        typ: 'ETA',
        no: 'ETA-2026-000123',
        ini,
        iss: '2026-11-20',
        vf: '2026-12-01',
        vu: '2027-11-30',
      });
      const link = await googleWallet.configure(env)!.link({ ...samplePass, seal }, context);
      expect(link.length).toBeLessThan(8000);
      const jwt = link.slice('https://pay.google.com/gp/v/save/'.length);
      const { payload } = await jwtVerify<SaveClaims>(jwt, account.publicKey);
      const barcode = payload.payload.genericObjects[0].barcode as { value: string };
      expect(await verifySeal(barcode.value, signer.certificate)).toMatchObject({
        ok: true,
        seal: { data: { msg: { ini } } },
      });
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('makes a link that does not verify with another key', async () => {
    const jwt = await saveLink();
    await expect(jwtVerify(jwt, rsaKey().publicKey)).rejects.toThrow(/signature verification failed/);
  });

  it('reads the service account from a file, and leaves origins empty without FRONT_END_URL', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'google-wallet-'));
    try {
      const file = path.join(dir, 'service-account.json');
      await writeFile(file, serviceAccount);
      const jwt = await saveLink({ GOOGLE_WALLET_ISSUER_ID: '3388', GOOGLE_WALLET_SERVICE_ACCOUNT: file });
      const { payload } = await jwtVerify<SaveClaims>(jwt, account.publicKey);
      expect(payload.origins).toEqual([]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it.each([
    [{ GOOGLE_WALLET_ISSUER_ID: '3388' }, /^Google Wallet needs .*; GOOGLE_WALLET_SERVICE_ACCOUNT is not set$/],
    [{ GOOGLE_WALLET_SERVICE_ACCOUNT: serviceAccount }, /; GOOGLE_WALLET_ISSUER_ID is not set$/],
    [{ ...env, GOOGLE_WALLET_ISSUER_ID: 'eta-portal' }, /^GOOGLE_WALLET_ISSUER_ID must be the issuer's number/],
    [
      { ...env, GOOGLE_WALLET_SERVICE_ACCOUNT: '{"client_email": ' },
      /^GOOGLE_WALLET_SERVICE_ACCOUNT holds no readable JSON/,
    ],
    [{ ...env, GOOGLE_WALLET_SERVICE_ACCOUNT: '{"client_email":"a@b"}' }, /with client_email and private_key/],
    [
      { ...env, GOOGLE_WALLET_SERVICE_ACCOUNT: '{"client_email":"a@b","private_key":"nope"}' },
      /private_key that cannot be read/,
    ],
    [
      { ...env, GOOGLE_WALLET_SERVICE_ACCOUNT: '/no/such/account.json' },
      /^GOOGLE_WALLET_SERVICE_ACCOUNT must be JSON or the path/,
    ],
  ])('refuses to start on %o', (environment, message) => {
    const attempt = () => googleWallet.configure(environment);
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(message);
  });
});
