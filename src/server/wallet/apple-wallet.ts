import { X509Certificate, createPrivateKey, type KeyObject } from 'node:crypto';
import { PKPass } from 'passkit-generator';
import { ConfigError, text, type Env } from '../lib/env';
import { credentialSetting } from '../seal/public';
import { passIcons, PASS_GREEN } from './icons';
import { endOfDay, type WalletPass, type WalletProvider, type WalletProviderDefinition } from './provider';
import { settingsGroupSet } from './settings-group';

const SETTINGS = [
  'APPLE_WALLET_PASS_TYPE_ID',
  'APPLE_WALLET_TEAM_ID',
  'APPLE_WALLET_CERTIFICATE',
  'APPLE_WALLET_KEY',
  'APPLE_WALLET_WWDR',
];

export interface AppleWalletCredentials {
  passTypeIdentifier: string;
  teamIdentifier: string;
  /** The pass type certificate, PEM. */
  signerCert: string;
  /** Its private key, PEM, encrypted with `signerKeyPassphrase` when that is set. */
  signerKey: string;
  signerKeyPassphrase?: string;
  /** Apple's WWDR intermediate certificate, PEM. */
  wwdr: string;
}

/** Reads and checks Apple Wallet's settings: undefined when none is set. */
export function appleWalletCredentials(env: Env): AppleWalletCredentials | undefined {
  if (!settingsGroupSet(env, 'Apple Wallet', SETTINGS)) return undefined;
  const credentials: AppleWalletCredentials = {
    passTypeIdentifier: text(env, 'APPLE_WALLET_PASS_TYPE_ID')!,
    teamIdentifier: text(env, 'APPLE_WALLET_TEAM_ID')!,
    signerCert: credentialSetting(env, 'APPLE_WALLET_CERTIFICATE', 'pem')!,
    signerKey: credentialSetting(env, 'APPLE_WALLET_KEY', 'pem')!,
    signerKeyPassphrase: env.APPLE_WALLET_KEY_PASSPHRASE || undefined,
    wwdr: credentialSetting(env, 'APPLE_WALLET_WWDR', 'pem')!,
  };
  if (!/^[A-Z0-9]{10}$/.test(credentials.teamIdentifier))
    throw new ConfigError(
      `APPLE_WALLET_TEAM_ID must be the ten letters and digits of the team, got "${credentials.teamIdentifier}"`,
    );
  let key: KeyObject;
  try {
    key = createPrivateKey({ key: credentials.signerKey, passphrase: credentials.signerKeyPassphrase });
  } catch {
    throw new ConfigError(
      'APPLE_WALLET_KEY holds no private key that can be read (PEM; is APPLE_WALLET_KEY_PASSPHRASE right?)',
    );
  }
  // The pass is signed with node-forge, which signs with RSA keys only (as Apple issues them).
  if (key.asymmetricKeyType !== 'rsa')
    throw new ConfigError(`APPLE_WALLET_KEY must be an RSA key, got a ${key.asymmetricKeyType} key`);
  const certificate = readCertificate(credentials.signerCert, 'APPLE_WALLET_CERTIFICATE');
  const wwdr = readCertificate(credentials.wwdr, 'APPLE_WALLET_WWDR');
  if (!certificate.checkPrivateKey(key))
    throw new ConfigError('APPLE_WALLET_CERTIFICATE does not certify the key of APPLE_WALLET_KEY');
  if (!certificate.checkIssued(wwdr) || !certificate.verify(wwdr.publicKey))
    throw new ConfigError(
      'APPLE_WALLET_CERTIFICATE was not issued by the certificate of APPLE_WALLET_WWDR (Apple has several WWDR generations: use the one that issued it)',
    );
  trialSignature(credentials);
  return credentials;
}

/**
 * Signs a pass with nothing in it: node-forge, which signs the passes, reads fewer key encryptions than node does,
 * and a key it cannot use is better refused at start-up than at the first traveller's pass.
 */
function trialSignature(credentials: AppleWalletCredentials): void {
  const trial = {
    formatVersion: 1,
    passTypeIdentifier: credentials.passTypeIdentifier,
    teamIdentifier: credentials.teamIdentifier,
    serialNumber: 'trial',
    organizationName: 'trial',
    description: 'trial',
    generic: {},
  };
  try {
    new PKPass({ 'pass.json': Buffer.from(JSON.stringify(trial)) }, certificatesOf(credentials)).getAsBuffer();
  } catch (error) {
    throw new ConfigError(
      `APPLE_WALLET_KEY cannot sign passes: ${(error as Error).message} (an RSA key in PEM, unencrypted or encrypted with AES or 3DES, is expected)`,
    );
  }
}

const certificatesOf = (credentials: AppleWalletCredentials) => ({
  wwdr: credentials.wwdr,
  signerCert: credentials.signerCert,
  signerKey: credentials.signerKey,
  signerKeyPassphrase: credentials.signerKeyPassphrase,
});

function readCertificate(pem: string, setting: string): X509Certificate {
  try {
    return new X509Certificate(pem);
  } catch {
    throw new ConfigError(`${setting} holds no readable X.509 certificate (PEM expected)`);
  }
}

const rgb = ({ red, green, blue }: typeof PASS_GREEN) => `rgb(${red}, ${green}, ${blue})`;

/** A day (YYYY-MM-DD) as the pass's language writes it, e.g. "1 Dec 2026". */
function shownDate(day: string, language: string): string {
  try {
    return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' }).format(
      new Date(`${day}T12:00:00Z`),
    );
  } catch {
    return day;
  }
}

/** The pass.json of a pass: a generic pass with the holder in front and the seal as its QR code. */
export function passJson(
  pass: WalletPass,
  credentials: Pick<AppleWalletCredentials, 'passTypeIdentifier' | 'teamIdentifier'>,
) {
  const { labels } = pass;
  return {
    formatVersion: 1,
    passTypeIdentifier: credentials.passTypeIdentifier,
    teamIdentifier: credentials.teamIdentifier,
    serialNumber: pass.documentNumber,
    organizationName: pass.issuer,
    description: pass.title,
    logoText: pass.title,
    backgroundColor: rgb(PASS_GREEN),
    foregroundColor: 'rgb(255, 255, 255)',
    labelColor: 'rgb(255, 255, 255)',
    expirationDate: endOfDay(pass.validUntil).toISOString(),
    barcodes: [
      // Seals are ASCII (see asciiJson), which Latin-1, the encoding Wallet expects, carries unchanged.
      {
        format: 'PKBarcodeFormatQR',
        message: pass.seal,
        messageEncoding: /[\u0100-\uffff]/.test(pass.seal) ? 'utf-8' : 'iso-8859-1',
        altText: pass.documentNumber,
      },
    ],
    generic: {
      headerFields: [{ key: 'documentNumber', label: labels.documentNumber, value: pass.documentNumber }],
      primaryFields: [{ key: 'holder', label: labels.holder, value: pass.holderName }],
      secondaryFields: [
        { key: 'validFrom', label: labels.validFrom, value: shownDate(pass.validFrom, pass.language) },
        { key: 'validUntil', label: labels.validUntil, value: shownDate(pass.validUntil, pass.language) },
      ],
      auxiliaryFields: [
        { key: 'passport', label: labels.passport, value: pass.passportNumber },
        { key: 'nationality', label: labels.nationality, value: pass.nationality },
      ],
      backFields: [{ key: 'issuer', label: pass.title, value: pass.issuer }],
    },
  };
}

/** Apple Wallet with these credentials: the link is the API's address of the pass's signed file. */
export function appleWalletProvider(credentials: AppleWalletCredentials): WalletProvider {
  return {
    wallet: 'apple',
    async link(_pass, context) {
      if (!context.passToken) throw new Error('Apple Wallet links need the token of the pass file');
      return context.passUrl(context.passToken);
    },
    async pkpass(pass) {
      const files: Record<string, Buffer> = {
        ...(await passIcons()),
        'pass.json': Buffer.from(JSON.stringify(passJson(pass, credentials))),
      };
      return new PKPass(files, certificatesOf(credentials)).getAsBuffer();
    },
  };
}

/** Apple Wallet, switched on by APPLE_WALLET_PASS_TYPE_ID, _TEAM_ID, _CERTIFICATE, _KEY and _WWDR. */
export const appleWallet: WalletProviderDefinition = {
  wallet: 'apple',
  settings: [...SETTINGS, 'APPLE_WALLET_KEY_PASSPHRASE'],
  configure(env) {
    const credentials = appleWalletCredentials(env);
    return credentials && appleWalletProvider(credentials);
  },
};
