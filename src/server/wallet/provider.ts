import type { Wallet } from '../../shared/contract/outcomes';
import { endOfValidity, startOfValidity } from '../../shared/validity';
import type { Env } from '../lib/env';

/** What a wallet pass shows of an ETA or permit, already translated into the applicant's language. */
export interface WalletPass {
  documentNumber: string;
  kind: 'ETA' | 'PERMIT';
  /** The document's translated title, e.g. "Electronic travel authorisation". */
  title: string;
  holderName: string;
  passportNumber: string;
  /** The holder's nationality: the translated country name. */
  nationality: string;
  /** First and last day of validity, YYYY-MM-DD. */
  validFrom: string;
  validUntil: string;
  /** The translated labels of the pass's fields. */
  labels: {
    holder: string;
    passport: string;
    nationality: string;
    validFrom: string;
    validUntil: string;
    documentNumber: string;
  };
  /** The seal's text: the pass's QR code carries it. */
  seal: string;
  /** The language of the texts (BCP 47), which also formats the dates. */
  language: string;
  /** The department that issues the document. */
  issuer: string;
}

/** What the caller (the wallet-link route) knows of where the pass is served. */
export interface WalletLinkContext {
  /** The API's public address. */
  apiUrl: string;
  /** The address at which the API serves the pass's file for `token` (Apple). */
  passUrl: (token: string) => string;
  /** The token of this pass's file, made by the caller (Apple): `passUrl(passToken)` is the link. */
  passToken?: string;
}

/** A digital wallet the API can add passes to. */
export interface WalletProvider {
  wallet: Wallet;
  /** A link the browser follows to add the pass. */
  link(pass: WalletPass, context: WalletLinkContext): Promise<string>;
  /** Apple only: the signed .pkpass file for a pass (served by the API at the address `passUrl` makes). */
  pkpass?(pass: WalletPass): Promise<Buffer>;
}

/** One wallet of the registry (providers.ts): made from its settings, or undefined when they are not set. */
export interface WalletProviderDefinition {
  wallet: Wallet;
  /** The environment variables it is configured by (docs/operators.md, "Configuration"). */
  settings: readonly string[];
  /** The provider when its credentials are configured; a ConfigError naming what is missing when only some are. */
  configure(env: Env): WalletProvider | undefined;
}

/** The last moment of a last day of validity (YYYY-MM-DD): its end in South Africa. */
export const endOfDay = (day: string): Date => endOfValidity(day);

/** The first moment of a first day of validity (YYYY-MM-DD): midnight in South Africa. */
export const startOfDay = (day: string): Date => startOfValidity(day);
