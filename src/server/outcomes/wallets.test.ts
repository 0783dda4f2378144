import { execFileSync } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  inLanguage,
  signIn,
  validApplicationForm,
  validDeclarations,
  type Caller,
} from '../applications/testing/client';
import { decideAll, submitWith } from '../decisions/testing/client';
import { buildTestApp } from '../testing/harness';
import { hasOpenssl, hasUnzip, makeAppleCredentials } from '../wallet/testing/apple-credentials';

process.env.DECISION_POLL_SECONDS = '0';

describe.skipIf(!hasOpenssl || !hasUnzip)('wallet links of approved documents', () => {
  let dir: string;
  let app: FastifyInstance;
  let caller: Caller;
  let approved: string;
  let refused: string;
  const saved = { ...process.env };

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'eta-wallets-'));
    const apple = makeAppleCredentials(dir);
    const google = generateKeyPairSync('rsa', { modulusLength: 2048 });
    Object.assign(process.env, {
      APPLE_WALLET_PASS_TYPE_ID: 'pass.za.gov.dha.eta',
      APPLE_WALLET_TEAM_ID: 'ABCDE12345',
      APPLE_WALLET_CERTIFICATE: apple.signerCert,
      APPLE_WALLET_KEY: apple.signerKey,
      APPLE_WALLET_KEY_PASSPHRASE: apple.passphrase,
      APPLE_WALLET_WWDR: apple.wwdr,
      GOOGLE_WALLET_ISSUER_ID: '3388000000022222222',
      GOOGLE_WALLET_SERVICE_ACCOUNT: JSON.stringify({
        client_email: 'wallet@eta.iam.gserviceaccount.com',
        private_key: google.privateKey.export({ type: 'pkcs8', format: 'pem' }),
      }),
    });
    app = await buildTestApp();
    caller = await signIn(app);
    const ok = await submitWith(app, caller, { answers: validApplicationForm(), declarations: validDeclarations() });
    const no = await submitWith(app, caller, {
      answers: validApplicationForm({ departureDate: '2030-03-20', passportExpiryDate: '2030-03-25' }),
      declarations: validDeclarations(),
    });
    await decideAll(app);
    approved = ok.applicants[0];
    refused = no.applicants[0];
  });
  afterAll(async () => {
    await app?.close();
    process.env = saved;
    await rm(dir, { recursive: true, force: true });
  });

  const get = (url: string) =>
    inLanguage(app, caller, 'pt', () =>
      app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${caller.token}`, 'accept-language': 'pt' } }),
    );

  it('lists both wallets and links an approved ETA to an Apple pass that carries its seal', async () => {
    expect((await get('/api/eta/applicants/wallets')).json()).toEqual({ wallets: ['apple', 'google'] });
    const { seal } = (await get(`/api/eta/applicants/${approved}/eta`)).json();
    const link = await get(`/api/eta/applicants/wallet-link?applicantIdentifier=${approved}&wallet=apple`);
    expect(link.statusCode).toBe(200);
    const url = new URL(link.json().url);
    expect(url.pathname).toMatch(/^\/api\/eta\/wallet\/apple\/[\w.-]+$/);

    // The pass's address works without sign-in: the signed token is the credential.
    const pass = await app.inject({ method: 'GET', url: url.pathname });
    expect(pass.statusCode).toBe(200);
    expect(pass.headers['content-type']).toBe('application/vnd.apple.pkpass');
    const file = path.join(dir, 'eta.pkpass');
    await writeFile(file, pass.rawPayload);
    execFileSync('unzip', ['-q', '-o', file, '-d', path.join(dir, 'pass')]);
    const json = JSON.parse(await readFile(path.join(dir, 'pass', 'pass.json'), 'utf8'));
    // The pass carries the very seal the page and the PDF show.
    expect(json.barcodes[0].message).toBe(seal);
    expect(json.description).toBe('Autorização eletrónica de viagem');

    const forged = await app.inject({ method: 'GET', url: `${url.pathname.slice(0, -3)}abc` });
    expect(forged.statusCode).toBe(404);
  });

  it('links to Google Wallet with a save link whose JWT carries the seal', async () => {
    const { seal } = (await get(`/api/eta/applicants/${approved}/eta`)).json();
    const link = (await get(`/api/eta/applicants/wallet-link?applicantIdentifier=${approved}&wallet=google`)).json();
    expect(link.url.startsWith('https://pay.google.com/gp/v/save/')).toBe(true);
    const claims = decodeJwt(link.url.split('/').pop()) as {
      payload: { genericObjects: { barcode: { value: string } }[] };
    };
    expect(claims.payload.genericObjects[0].barcode.value).toBe(seal);
  });

  it('makes no pass of a rejection notice', async () => {
    const link = await get(`/api/eta/applicants/wallet-link?applicantIdentifier=${refused}&wallet=apple`);
    expect(link.statusCode).toBe(404);
    expect(link.json().code).toBe('OUTCOME_NOT_AVAILABLE');
  });
});
