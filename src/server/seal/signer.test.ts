import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { X509Certificate, createPrivateKey, generateKeyPairSync, sign as signBytes } from 'node:crypto';
import QRCode from 'qrcode';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError } from '../lib/env';
import {
  certificatePublicKeyInfo,
  certificateReference,
  fromBase64Url,
  signedBytes,
  toBase64Url,
  verifySeal,
  type Seal,
  type SealMessage,
} from '../../shared/seal/seal';
import { certificatePem, selfSignedCertificate } from './certificate';
import { holderInitials } from './initials';
import { GENERATED_SIGNER_FILE, loadSealSigner } from './signer';

const message: SealMessage = {
  typ: 'ETA',
  no: 'ETA-2026-000123',
  ini: 'M. A. S.',
  iss: '2026-11-20',
  vf: '2026-12-01',
  vu: '2027-11-30',
};

let dataDir: string;
beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'seal-'));
});
afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

const hasOpenssl = (() => {
  try {
    execFileSync('openssl', ['version']);
    return true;
  } catch {
    return false;
  }
})();

/** A key on `curve` and a self-signed certificate for it (or for `certifiedKey`), both PEM. */
function pemPair(curve: 'P-256' | 'P-384', certifiedKey?: string) {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: curve });
  const notBefore = new Date();
  const notAfter = new Date(notBefore.getTime() + 86400_000);
  const certified = certifiedKey ? createPrivateKey(certifiedKey) : privateKey;
  const certificate = selfSignedCertificate(certified, {
    commonName: 'Configured signer',
    organization: 'Test',
    notBefore,
    notAfter,
  });
  return {
    key: privateKey.export({ type: 'pkcs8', format: 'pem' }) as string,
    certificate: certificatePem(certificate),
  };
}

const reseal = (text: string, change: (seal: Seal) => void) => {
  const seal = JSON.parse(text) as Seal;
  change(seal);
  return JSON.stringify(seal);
};

describe('a generated seal signer', () => {
  it('signs seals that verify against its certificate', async () => {
    const signer = await loadSealSigner({ dataDir, env: {} });
    const text = await signer.sign(message);
    const check = await verifySeal(text, signer.certificate);
    expect(check).toMatchObject({
      ok: true,
      seal: { data: { hdr: { t: 'eta.outcome', v: 2, is: 'ZAF' }, msg: message } },
    });
    const seal = JSON.parse(text) as Seal;
    expect(seal.sig.alg).toBe('ES256');
    // The signer is named by its certificate's reference: the certificate itself is not carried.
    expect(seal.sig.cer).toBeUndefined();
    expect(seal.sig.cr).toBe(await certificateReference(new Uint8Array(signer.certificate)));
    expect(fromBase64Url(seal.sig.cr as string)).toHaveLength(8);
    expect(fromBase64Url(seal.sig.sigvl)).toHaveLength(64);
    expect(text).toBe(JSON.stringify(JSON.parse(text)));
  });

  it('makes a seal small enough for a QR code that a screen or a printed page shows at a readable size', async () => {
    const signer = await loadSealSigner({ dataDir, env: {} });
    const text = await signer.sign({ ...message, no: 'EA-7K3QM-2RXD9-3' });
    // With the whole certificate it was about 900 characters, a QR code of 121 modules a side.
    expect(text.length).toBeLessThan(320);
    const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
    expect(modules.size).toBeLessThanOrEqual(69);
  });

  it('signs a notice without a last day of validity', async () => {
    const signer = await loadSealSigner({ dataDir, env: {} });
    const { vu: _vu, ...notice } = { ...message, typ: 'REJECTION_NOTICE' };
    const text = await signer.sign(notice);
    expect(text).not.toContain('"vu"');
    expect(await verifySeal(text, signer.certificate)).toMatchObject({ ok: true });
  });

  it('names the issuing country of SEAL_ISSUER_COUNTRY and refuses a code that is not three letters', async () => {
    const signer = await loadSealSigner({ dataDir, env: { SEAL_ISSUER_COUNTRY: 'nam' } });
    expect((JSON.parse(await signer.sign(message)) as Seal).data.hdr.is).toBe('NAM');
    await expect(loadSealSigner({ dataDir, env: { SEAL_ISSUER_COUNTRY: 'ZA' } })).rejects.toThrow(
      /SEAL_ISSUER_COUNTRY/,
    );
  });

  it('writes the seal in ASCII, with initials in any script as escapes that read back the same', async () => {
    const signer = await loadSealSigner({ dataDir, env: {} });
    for (const ini of [holderInitials('محمد علي', 'السيد'), holderInitials('小明', '王'), 'Ø. 😀.']) {
      const text = await signer.sign({ ...message, ini });
      expect(text).toMatch(/^[\x20-\x7e]+$/);
      expect(await verifySeal(text, signer.certificate)).toMatchObject({ ok: true, seal: { data: { msg: { ini } } } });
    }
  });

  it('refuses to seal an empty field', async () => {
    const signer = await loadSealSigner({ dataDir, env: {} });
    await expect(signer.sign({ ...message, ini: '' })).rejects.toThrow(/ETA-2026-000123/);
  });

  it('makes a ten-year self-signed certificate, named after the issuer, that verifies with its own key', async () => {
    const signer = await loadSealSigner({ dataDir, env: {}, issuer: 'Department of Home Affairs, Pretoria' });
    const certificate = new X509Certificate(signer.certificate);
    expect(certificate.subject).toBe('CN=ETA document signer\nO=Department of Home Affairs\\, Pretoria');
    expect(certificate.issuer).toBe(certificate.subject);
    expect(certificate.verify(certificate.publicKey)).toBe(true);
    expect(certificate.ca).toBe(false);
    const years = (Date.parse(certificate.validTo) - Date.parse(certificate.validFrom)) / (365.25 * 86400_000);
    expect(Math.round(years)).toBe(10);
  });

  it.skipIf(!hasOpenssl)('makes a certificate openssl reads, for digital signatures only', async () => {
    const signer = await loadSealSigner({ dataDir, env: {} });
    const printed = execFileSync('openssl', ['x509', '-inform', 'DER', '-noout', '-text'], {
      input: signer.certificate,
    }).toString();
    expect(printed).toMatch(/Signature Algorithm: ecdsa-with-SHA256/);
    expect(printed).toMatch(/NIST CURVE: P-256/);
    expect(printed).toMatch(/X509v3 Key Usage: critical\s+Digital Signature\n/);
    expect(printed).toMatch(/X509v3 Basic Constraints: critical\s+CA:FALSE/);
    const pem = path.join(dataDir, 'signer.pem');
    await writeFile(pem, certificatePem(signer.certificate));
    expect(execFileSync('openssl', ['verify', '-CAfile', pem, '-partial_chain', pem]).toString()).toMatch(/OK/);
  });

  it('keeps its pair in the data folder, the key readable by the owner only, and uses it again after a restart', async () => {
    const first = await loadSealSigner({ dataDir, env: {} });
    const file = path.join(dataDir, GENERATED_SIGNER_FILE);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(await readFile(file, 'utf8')).toMatch(/BEGIN PRIVATE KEY[\s\S]+BEGIN CERTIFICATE/);
    const again = await loadSealSigner({ dataDir, env: {} });
    expect(again.certificate).toEqual(first.certificate);
    expect(await verifySeal(await again.sign(message), first.certificate)).toMatchObject({ ok: true });
  });

  it('agrees with another instance starting at the same time', async () => {
    const signers = await Promise.all([1, 2, 3].map(() => loadSealSigner({ dataDir, env: {} })));
    for (const signer of signers) expect(signer.certificate).toEqual(signers[0].certificate);
    const seals = await Promise.all(signers.map((signer) => signer.sign(message)));
    for (const text of seals) expect(await verifySeal(text, signers[0].certificate)).toMatchObject({ ok: true });
  });

  it('refuses to start on a damaged pair file, saying what to do', async () => {
    await writeFile(path.join(dataDir, GENERATED_SIGNER_FILE), 'not a key');
    await expect(loadSealSigner({ dataDir, env: {} })).rejects.toThrow(/delete .*seal-signer\.pem.*SEAL_SIGNER_KEY/);
  });
});

describe('verifying a seal', () => {
  let certificate: Uint8Array;
  let text: string;
  beforeEach(async () => {
    const signer = await loadSealSigner({ dataDir, env: {} });
    certificate = signer.certificate;
    text = await signer.sign(message);
  });

  it.each([
    ['last day of validity', (seal: Seal) => (seal.data.msg.vu = '2028-11-30')],
    ['document number', (seal: Seal) => (seal.data.msg.no = 'ETA-2026-000124')],
    ['initials', (seal: Seal) => (seal.data.msg.ini = 'M. A.')],
    ['kind', (seal: Seal) => (seal.data.msg.typ = 'PERMIT')],
    ['first day of validity', (seal: Seal) => (seal.data.msg.vf = '2026-11-01')],
    ['issue date', (seal: Seal) => (seal.data.msg.iss = '2026-11-21')],
    ['message (a field added)', (seal: Seal) => Object.assign(seal.data.msg, { nat: 'DE' })],
    ['issuing country', (seal: Seal) => (seal.data.hdr.is = 'NAM')],
    [
      'signature (one byte)',
      (seal: Seal) => {
        const signature = fromBase64Url(seal.sig.sigvl);
        signature[10] ^= 0x01;
        seal.sig.sigvl = toBase64Url(signature);
      },
    ],
    ['signature (truncated)', (seal: Seal) => (seal.sig.sigvl = seal.sig.sigvl.slice(0, 40))],
  ])('refuses a seal with a changed %s as a bad signature', async (_what, change) => {
    expect(await verifySeal(reseal(text, change), certificate)).toEqual({ ok: false, problem: 'BAD_SIGNATURE' });
  });

  it("refuses another signer's seal as from an unknown signer, and the other certificate put in this seal", async () => {
    const otherDir = await mkdtemp(path.join(tmpdir(), 'seal-other-'));
    try {
      const other = await loadSealSigner({ dataDir: otherDir, env: {} });
      expect(other.certificate).not.toEqual(certificate);
      expect(await verifySeal(await other.sign(message), certificate)).toEqual({
        ok: false,
        problem: 'UNKNOWN_SIGNER',
      });
      const otherReference = await certificateReference(new Uint8Array(other.certificate));
      const swapped = reseal(text, (seal) => (seal.sig.cr = otherReference));
      expect(await verifySeal(swapped, certificate)).toEqual({ ok: false, problem: 'UNKNOWN_SIGNER' });
      expect(await verifySeal(swapped, other.certificate)).toEqual({ ok: false, problem: 'BAD_SIGNATURE' });
    } finally {
      await rm(otherDir, { recursive: true, force: true });
    }
  });

  it.each([
    ['garbage', () => 'garbage'],
    ['an empty text', () => ''],
    ['truncated JSON', (text: string) => text.slice(0, -5)],
    ['another algorithm', (text: string) => reseal(text, (seal) => (seal.sig.alg = 'ES384'))],
    ['another seal type', (text: string) => reseal(text, (seal) => (seal.data.hdr.t = 'other'))],
    ['another version', (text: string) => reseal(text, (seal) => (seal.data.hdr.v = 3))],
    ['a version 2 seal carrying a certificate', (text: string) => reseal(text, (seal) => (seal.sig.cer = 'AAAA'))],
    ['a version 1 seal without its certificate', (text: string) => reseal(text, (seal) => (seal.data.hdr.v = 1))],
    ['a signature that is not base64url', (text: string) => reseal(text, (seal) => (seal.sig.sigvl = '+/=='))],
    ['no document number', (text: string) => reseal(text, (seal) => delete (seal.data.msg as Partial<SealMessage>).no)],
  ])('refuses %s as unreadable', async (_what, make) => {
    expect(await verifySeal(make(text), certificate)).toEqual({ ok: false, problem: 'UNREADABLE' });
  });

  it('still verifies a seal issued before, which carried the whole certificate (version 1)', async () => {
    const pem = await readFile(path.join(dataDir, GENERATED_SIGNER_FILE), 'utf8');
    const data = { hdr: { t: 'eta.outcome', v: 1, is: 'ZAF' }, msg: message };
    const signature = signBytes('sha256', signedBytes(data), { key: createPrivateKey(pem), dsaEncoding: 'ieee-p1363' });
    const issued = JSON.stringify({
      data,
      sig: { alg: 'ES256', cer: toBase64Url(certificate), sigvl: toBase64Url(signature) },
    });
    expect(await verifySeal(issued, certificate)).toMatchObject({ ok: true, seal: { data } });
    expect(
      await verifySeal(
        reseal(issued, (seal) => (seal.data.msg.vu = '2028-11-30')),
        certificate,
      ),
    ).toEqual({
      ok: false,
      problem: 'BAD_SIGNATURE',
    });
    const otherDir = await mkdtemp(path.join(tmpdir(), 'seal-other-'));
    try {
      const other = await loadSealSigner({ dataDir: otherDir, env: {} });
      expect(await verifySeal(issued, other.certificate)).toEqual({ ok: false, problem: 'UNKNOWN_SIGNER' });
    } finally {
      await rm(otherDir, { recursive: true, force: true });
    }
  });

  it('reads the same public key from the certificate as node does', () => {
    const spki = new X509Certificate(certificate).publicKey.export({ type: 'spki', format: 'der' });
    expect(certificatePublicKeyInfo(certificate)).toEqual(new Uint8Array(spki));
  });
});

describe('a configured seal signer', () => {
  it('signs with the key and certificate given as PEM text', async () => {
    const pair = pemPair('P-256');
    const signer = await loadSealSigner({
      dataDir,
      env: { SEAL_SIGNER_KEY: pair.key, SEAL_SIGNER_CERTIFICATE: pair.certificate },
    });
    expect(signer.certificate).toEqual(new Uint8Array(new X509Certificate(pair.certificate).raw));
    expect(await verifySeal(await signer.sign(message), signer.certificate)).toMatchObject({ ok: true });
    await expect(stat(path.join(dataDir, GENERATED_SIGNER_FILE))).rejects.toThrow();
  });

  it('reads them from files, and from PEM written on one line with \\n', async () => {
    const pair = pemPair('P-256');
    await writeFile(path.join(dataDir, 'key.pem'), pair.key);
    await writeFile(path.join(dataDir, 'cert.pem'), pair.certificate);
    const fromFiles = await loadSealSigner({
      dataDir,
      env: { SEAL_SIGNER_KEY: path.join(dataDir, 'key.pem'), SEAL_SIGNER_CERTIFICATE: path.join(dataDir, 'cert.pem') },
    });
    const oneLine = await loadSealSigner({
      dataDir,
      env: { SEAL_SIGNER_KEY: pair.key.replace(/\n/g, '\\n'), SEAL_SIGNER_CERTIFICATE: pair.certificate },
    });
    expect(oneLine.certificate).toEqual(fromFiles.certificate);
    expect(await verifySeal(await oneLine.sign(message), fromFiles.certificate)).toMatchObject({ ok: true });
  });

  it('can be pointed at a generated pair file for both settings', async () => {
    const generated = await loadSealSigner({ dataDir, env: {} });
    const file = path.join(dataDir, GENERATED_SIGNER_FILE);
    const configured = await loadSealSigner({
      dataDir: path.join(dataDir, 'elsewhere'),
      env: { SEAL_SIGNER_KEY: file, SEAL_SIGNER_CERTIFICATE: file },
    });
    expect(configured.certificate).toEqual(generated.certificate);
  });

  it('refuses one setting without the other', async () => {
    const pair = pemPair('P-256');
    await expect(loadSealSigner({ dataDir, env: { SEAL_SIGNER_KEY: pair.key } })).rejects.toThrow(
      new ConfigError('SEAL_SIGNER_KEY is set but SEAL_SIGNER_CERTIFICATE is not: set both, or neither'),
    );
    await expect(loadSealSigner({ dataDir, env: { SEAL_SIGNER_CERTIFICATE: pair.certificate } })).rejects.toThrow(
      /SEAL_SIGNER_CERTIFICATE is set but SEAL_SIGNER_KEY is not/,
    );
  });

  it('refuses a certificate of another key', async () => {
    const certified = pemPair('P-256');
    const mismatched = pemPair('P-256');
    const env = { SEAL_SIGNER_KEY: mismatched.key, SEAL_SIGNER_CERTIFICATE: certified.certificate };
    await expect(loadSealSigner({ dataDir, env })).rejects.toThrow(
      /SEAL_SIGNER_CERTIFICATE does not certify the key of SEAL_SIGNER_KEY/,
    );
  });

  it('refuses a P-384 key, naming the setting', async () => {
    const pair = pemPair('P-384');
    const env = { SEAL_SIGNER_KEY: pair.key, SEAL_SIGNER_CERTIFICATE: pair.certificate };
    const error = await loadSealSigner({ dataDir, env }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toBe(
      'SEAL_SIGNER_KEY must be an EC P-256 (prime256v1) key, got an EC key on secp384r1',
    );
  });

  it('refuses an unreadable key, certificate or path, naming the setting', async () => {
    const pair = pemPair('P-256');
    const broken = '-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----';
    await expect(
      loadSealSigner({ dataDir, env: { SEAL_SIGNER_KEY: broken, SEAL_SIGNER_CERTIFICATE: pair.certificate } }),
    ).rejects.toThrow(/^SEAL_SIGNER_KEY holds no readable private key/);
    await expect(
      loadSealSigner({ dataDir, env: { SEAL_SIGNER_KEY: pair.key, SEAL_SIGNER_CERTIFICATE: pair.key } }),
    ).rejects.toThrow(/^SEAL_SIGNER_CERTIFICATE holds no readable X.509 certificate/);
    await expect(
      loadSealSigner({
        dataDir,
        env: { SEAL_SIGNER_KEY: '/no/such/key.pem', SEAL_SIGNER_CERTIFICATE: pair.certificate },
      }),
    ).rejects.toThrow(/^SEAL_SIGNER_KEY must be PEM text or the path of a readable file.*ENOENT/);
  });
});
