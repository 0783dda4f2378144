import {
  X509Certificate,
  createHash,
  createPrivateKey,
  generateKeyPairSync,
  sign as signBytes,
  type KeyObject,
} from 'node:crypto';
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { placeFileOnce } from '../lib/durable-files';
import { ConfigError, readSettings, type Env, type SettingsSchema } from '../lib/env';
import {
  SEAL_ALGORITHM,
  SEAL_TYPE,
  SEAL_VERSION,
  parseSeal,
  signedBytes,
  toBase64Url,
  type Seal,
  type SealData,
  type SealMessage,
} from '../../shared/seal/seal';
import { certificatePem, selfSignedCertificate } from './certificate';
import { credentialSetting } from './credential-setting';

/** Signs the visible digital seals of outcome documents. */
export interface SealSigner {
  /** The signer certificate, DER. */
  certificate: Uint8Array;
  /** Signs a message: answers the seal's text (compact JSON, what the QR code holds). */
  sign(msg: SealMessage): Promise<string>;
}

export interface SealSignerOptions {
  /** Where a generated key and certificate are kept. */
  dataDir: string;
  env: Env;
  /** The organisation named in a generated certificate. */
  issuer?: string;
}

/** The file in the data folder that holds the generated key and its certificate, both PEM. */
export const GENERATED_SIGNER_FILE = 'seal-signer.pem';
export const DEFAULT_ISSUER = 'Department of Home Affairs';
export const DEFAULT_ISSUER_COUNTRY = 'ZAF';
const CERTIFICATE_YEARS = 10;

interface SignerPair {
  key: KeyObject;
  certificate: Uint8Array;
}

/**
 * The seal signer: the key and certificate of SEAL_SIGNER_KEY and SEAL_SIGNER_CERTIFICATE when both are set,
 * otherwise a pair generated on first start and kept in the data folder, so seals stay verifiable across restarts.
 */
export async function loadSealSigner(options: SealSignerOptions): Promise<SealSigner> {
  const issuerCountry = sealIssuerCountry(options.env);
  const pair =
    configuredPair(options.env) ?? (await generatedPair(options.dataDir, options.issuer?.trim() || DEFAULT_ISSUER));
  // The certificate is named by reference, not carried (see seal.ts): the seal and its QR code stay small.
  const cr = toBase64Url(createHash('sha256').update(pair.certificate).digest().subarray(0, 8));
  return {
    certificate: pair.certificate,
    async sign(msg) {
      const data: SealData = { hdr: { t: SEAL_TYPE, v: SEAL_VERSION, is: issuerCountry }, msg: messageOf(msg) };
      const signature = signBytes('sha256', signedBytes(data), { key: pair.key, dsaEncoding: 'ieee-p1363' });
      const seal: Seal = { data, sig: { alg: SEAL_ALGORITHM, cr, sigvl: toBase64Url(signature) } };
      const sealText = asciiJson(seal);
      // A seal no reader would accept (an empty or overlong field) is a fault of the caller, not a document.
      if (!parseSeal(sealText)) throw new Error(`cannot seal document ${msg.no}: a field is empty or too long`);
      return sealText;
    },
  };
}

/**
 * JSON with every character beyond ASCII written as a \uXXXX escape: the same value for any reader, and a text that a
 * QR code's byte mode and Apple Wallet's Latin-1 barcodes carry unchanged (initials may be Arabic or Chinese).
 */
export const asciiJson = (value: unknown): string =>
  JSON.stringify(value).replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

/**
 * The variables of the seal (docs/operators.md, "Configuration"); SEAL_SIGNER_KEY and SEAL_SIGNER_CERTIFICATE are PEM text or
 * a file's path, read by `credentialSetting`.
 */
export const SEAL_SETTINGS = {
  type: 'object',
  properties: {
    SEAL_ISSUER_COUNTRY: {
      type: 'string',
      pattern: '^[A-Za-z]{3}$',
      default: DEFAULT_ISSUER_COUNTRY,
      errorMessage: 'must be a three-letter country code (ISO 3166-1 alpha-3)',
    },
    SEAL_SIGNER_KEY: { type: 'string' },
    SEAL_SIGNER_CERTIFICATE: { type: 'string' },
  },
} as const satisfies SettingsSchema;

/** The issuing state of the seals (`hdr.is`): SEAL_ISSUER_COUNTRY, three letters, ZAF by default. */
export function sealIssuerCountry(env: Env): string {
  return readSettings(SEAL_SETTINGS, env).SEAL_ISSUER_COUNTRY.toUpperCase();
}

/** Only the fields of a seal message, in a fixed order, without the absent ones. */
function messageOf(msg: SealMessage): SealMessage {
  const { typ, no, ini, iss, vf, vu } = msg;
  return vu === undefined ? { typ, no, ini, iss, vf } : { typ, no, ini, iss, vf, vu };
}

function configuredPair(env: Env): SignerPair | undefined {
  const keyText = credentialSetting(env, 'SEAL_SIGNER_KEY', 'pem');
  const certificateText = credentialSetting(env, 'SEAL_SIGNER_CERTIFICATE', 'pem');
  if (keyText === undefined && certificateText === undefined) return undefined;
  if (keyText === undefined)
    throw new ConfigError('SEAL_SIGNER_CERTIFICATE is set but SEAL_SIGNER_KEY is not: set both, or neither');
  if (certificateText === undefined)
    throw new ConfigError('SEAL_SIGNER_KEY is set but SEAL_SIGNER_CERTIFICATE is not: set both, or neither');
  return readPair(keyText, certificateText, { key: 'SEAL_SIGNER_KEY', certificate: 'SEAL_SIGNER_CERTIFICATE' });
}

/** Reads and checks a key and its certificate; `names` says where each came from, for the messages. */
function readPair(keyText: string, certificateText: string, names: { key: string; certificate: string }): SignerPair {
  let key: KeyObject;
  try {
    key = createPrivateKey(keyText);
  } catch {
    throw new ConfigError(`${names.key} holds no readable private key (PKCS#8 PEM of an EC P-256 key expected)`);
  }
  const curve = key.asymmetricKeyDetails?.namedCurve;
  if (key.asymmetricKeyType !== 'ec' || curve !== 'prime256v1') {
    const got = key.asymmetricKeyType === 'ec' ? `an EC key on ${curve}` : `a ${key.asymmetricKeyType} key`;
    throw new ConfigError(`${names.key} must be an EC P-256 (prime256v1) key, got ${got}`);
  }
  let certificate: X509Certificate;
  try {
    certificate = new X509Certificate(certificateText);
  } catch {
    throw new ConfigError(`${names.certificate} holds no readable X.509 certificate (PEM expected)`);
  }
  if (!certificate.checkPrivateKey(key))
    throw new ConfigError(`${names.certificate} does not certify the key of ${names.key}: its public key differs`);
  return { key, certificate: new Uint8Array(certificate.raw) };
}

/**
 * The pair kept in `${dataDir}/seal-signer.pem`, generated and written on first start. Key and certificate are one
 * file, placed once (placeFileOnce): when two instances start together the first placed wins and both sign with its
 * pair.
 */
async function generatedPair(dataDir: string, issuer: string): Promise<SignerPair> {
  const file = path.join(dataDir, GENERATED_SIGNER_FILE);
  const stored = await readStored(file);
  if (stored) return stored;
  await mkdir(dataDir, { recursive: true });
  await placeFileOnce(file, generatePem(issuer));
  return (await readStored(file))!;
}

async function readStored(file: string): Promise<SignerPair | undefined> {
  let content: string;
  try {
    content = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  try {
    return readPair(content, content, { key: file, certificate: file });
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    throw new ConfigError(
      `${error.message}; delete ${file} to generate a new signer, or set SEAL_SIGNER_KEY and SEAL_SIGNER_CERTIFICATE`,
    );
  }
}

/** A new P-256 key and its self-signed certificate, valid ten years, both PEM in one text. */
function generatePem(issuer: string): string {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const notBefore = new Date();
  const notAfter = new Date(notBefore);
  notAfter.setUTCFullYear(notAfter.getUTCFullYear() + CERTIFICATE_YEARS);
  const certificate = selfSignedCertificate(privateKey, {
    commonName: 'ETA document signer',
    organization: issuer,
    notBefore,
    notAfter,
  });
  return `${privateKey.export({ type: 'pkcs8', format: 'pem' }) as string}${certificatePem(certificate)}`;
}
