import { createPrivateKey, type KeyObject } from 'node:crypto';
import { SignJWT } from 'jose';
import { ConfigError, HTTP_URL, readSettings, text, type Env } from '../lib/env';
import { credentialSetting } from '../seal/public';
import { PASS_GREEN } from './icons';
import { endOfDay, startOfDay, type WalletPass, type WalletProvider, type WalletProviderDefinition } from './provider';
import { settingsGroupSet } from './settings-group';

const SAVE_URL = 'https://pay.google.com/gp/v/save/';
/** The class every pass of the portal belongs to, under the issuer's id. */
export const GOOGLE_WALLET_CLASS = 'eta_outcome';

export interface GoogleWalletCredentials {
  issuerId: string;
  /** The service account that signs the save links. */
  clientEmail: string;
  privateKey: KeyObject;
  /** The pages the save link may be used on (the portal's address). */
  origins: string[];
}

const SETTINGS = ['GOOGLE_WALLET_ISSUER_ID', 'GOOGLE_WALLET_SERVICE_ACCOUNT'];

/** Reads and checks Google Wallet's settings: undefined when none is set. */
export function googleWalletCredentials(env: Env): GoogleWalletCredentials | undefined {
  if (!settingsGroupSet(env, 'Google Wallet', SETTINGS)) return undefined;
  const issuerId = text(env, 'GOOGLE_WALLET_ISSUER_ID')!;
  if (!/^\d+$/.test(issuerId))
    throw new ConfigError(`GOOGLE_WALLET_ISSUER_ID must be the issuer's number, got "${issuerId}"`);
  const json = credentialSetting(env, 'GOOGLE_WALLET_SERVICE_ACCOUNT', 'json')!;
  let account: { client_email?: unknown; private_key?: unknown };
  try {
    account = JSON.parse(json) as typeof account;
  } catch {
    throw new ConfigError(
      'GOOGLE_WALLET_SERVICE_ACCOUNT holds no readable JSON (the service account key file expected)',
    );
  }
  if (typeof account.client_email !== 'string' || typeof account.private_key !== 'string')
    throw new ConfigError(
      'GOOGLE_WALLET_SERVICE_ACCOUNT must be a service account key, with client_email and private_key',
    );
  let privateKey: KeyObject;
  try {
    privateKey = createPrivateKey(account.private_key);
  } catch {
    throw new ConfigError('GOOGLE_WALLET_SERVICE_ACCOUNT holds a private_key that cannot be read');
  }
  if (privateKey.asymmetricKeyType !== 'rsa')
    throw new ConfigError(
      `GOOGLE_WALLET_SERVICE_ACCOUNT's private_key must be an RSA key, got ${privateKey.asymmetricKeyType}`,
    );
  const frontEndUrl = readSettings({ type: 'object', properties: { FRONT_END_URL: HTTP_URL } }, env).FRONT_END_URL;
  return {
    issuerId,
    clientEmail: account.client_email,
    privateKey,
    origins: frontEndUrl ? [new URL(frontEndUrl).origin] : [],
  };
}

/** Google's ids take letters, digits, ".", "_" and "-" only. */
const idPart = (value: string) => value.replace(/[^A-Za-z0-9._-]/g, '_');

const localized = (value: string, language: string) => ({ defaultValue: { language, value } });

/** The generic pass object of a pass (Google Wallet API), with the seal as its QR code. */
export function genericObject(pass: WalletPass, issuerId: string) {
  const { labels } = pass;
  const field = (id: string, header: string, body: string) => ({ id, header, body });
  return {
    id: `${issuerId}.${idPart(pass.documentNumber)}`,
    classId: `${issuerId}.${GOOGLE_WALLET_CLASS}`,
    state: 'ACTIVE',
    cardTitle: localized(pass.title, pass.language),
    header: localized(pass.holderName, pass.language),
    subheader: localized(labels.holder, pass.language),
    hexBackgroundColor: `#${[PASS_GREEN.red, PASS_GREEN.green, PASS_GREEN.blue].map((c) => c.toString(16).padStart(2, '0')).join('')}`,
    textModulesData: [
      field('document_number', labels.documentNumber, pass.documentNumber),
      field('passport', labels.passport, pass.passportNumber),
      field('nationality', labels.nationality, pass.nationality),
      field('valid_from', labels.validFrom, pass.validFrom),
      field('valid_until', labels.validUntil, pass.validUntil),
    ],
    barcode: { type: 'QR_CODE', value: pass.seal, alternateText: pass.documentNumber },
    validTimeInterval: {
      start: { date: startOfDay(pass.validFrom).toISOString().replace('.000Z', 'Z') },
      end: { date: endOfDay(pass.validUntil).toISOString().replace('.000Z', 'Z') },
    },
  };
}

/** Google Wallet with these credentials: the link is Google's save page with the pass in a signed JWT. */
export function googleWalletProvider(credentials: GoogleWalletCredentials): WalletProvider {
  return {
    wallet: 'google',
    async link(pass) {
      const jwt = await new SignJWT({
        typ: 'savetowallet',
        origins: credentials.origins,
        payload: {
          // Made on first use, so no set-up call to Google is needed before the first pass.
          genericClasses: [{ id: `${credentials.issuerId}.${GOOGLE_WALLET_CLASS}` }],
          genericObjects: [genericObject(pass, credentials.issuerId)],
        },
      })
        .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
        .setIssuer(credentials.clientEmail)
        .setAudience('google')
        .setIssuedAt()
        .sign(credentials.privateKey);
      return `${SAVE_URL}${jwt}`;
    },
  };
}

/** Google Wallet, switched on by GOOGLE_WALLET_ISSUER_ID and GOOGLE_WALLET_SERVICE_ACCOUNT. */
export const googleWallet: WalletProviderDefinition = {
  wallet: 'google',
  settings: SETTINGS,
  configure(env) {
    const credentials = googleWalletCredentials(env);
    return credentials && googleWalletProvider(credentials);
  },
};
