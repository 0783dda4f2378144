import type { FromSchema } from 'json-schema-to-ts';
import { closedObject } from './closed-object';

/**
 * What the outcome calls answer: an applicant's ETA, permit (the visitor's visa) or rejection notice, its seal,
 * the seal's public checks and the wallet link (see applications.ts for how the schemas are used).
 */

/** The documents a decision gives: ETA applicants an ETA, ETA_SECTION_11_1 applicants a permit, refusals a notice. */
export const OUTCOME_KINDS = ['ETA', 'PERMIT', 'REJECTION_NOTICE'] as const;
export type OutcomeKind = (typeof OUTCOME_KINDS)[number];

/** The path segment of each kind under /api/eta/applicants/{guid}/ (the PDF adds "-pdf"). */
export const OUTCOME_PATH_SEGMENTS: Record<OutcomeKind, string> = {
  ETA: 'eta',
  PERMIT: 'permit',
  REJECTION_NOTICE: 'rejection-notice',
};

/** The document a decided applicant gets: refused, a notice; approved, an ETA or (under section 11(1)) a permit. */
export function outcomeKindOf(applicationType: string, refused: boolean): OutcomeKind {
  if (refused) return 'REJECTION_NOTICE';
  return applicationType === 'ETA_SECTION_11_1' ? 'PERMIT' : 'ETA';
}

/**
 * The portal page that shows each kind (with ?applicantIdentifier=), by its route's name in the route manifest
 * (`routeName` of src/shared/manifest-routes.ts); its address is the manifest's.
 */
export const OUTCOME_PAGES = {
  ETA: 'viewEta',
  PERMIT: 'viewVisa',
  REJECTION_NOTICE: 'viewNotice',
} as const satisfies Record<OutcomeKind, string>;

/** Where a seal's validity stands now, as the public check answers it. */
export const SEAL_STATUSES = ['VALID', 'EXPIRED', 'CANCELLED', 'REFUSED', 'UNKNOWN'] as const;
export type SealStatus = (typeof SEAL_STATUSES)[number];

/** The digital wallets a pass can be added to. */
export const WALLETS = ['apple', 'google'] as const;
export type Wallet = (typeof WALLETS)[number];

/** Outcome pages, PDFs, seals and wallets. */
export const OUTCOME_ERRORS = {
  /** The applicant has no document of that kind (not decided yet, or decided otherwise). */
  outcomeNotAvailable: 'OUTCOME_NOT_AVAILABLE',
  /** No wallet of that name is configured. */
  walletNotConfigured: 'WALLET_NOT_CONFIGURED',
  /** The wallet provider failed to make the pass. */
  walletFailed: 'WALLET_FAILED',
} as const;
export type OutcomeErrorCode = (typeof OUTCOME_ERRORS)[keyof typeof OUTCOME_ERRORS];

const uuid = { type: 'string', format: 'uuid' } as const;
const date = { type: 'string', format: 'date' } as const;
const coded = closedObject(
  {
    code: { type: 'string', description: 'Stable code of the condition or reason (the rules configuration).' },
    text: { type: 'string', description: 'The text in the language asked for.' },
    detail: { type: 'string', description: 'What it means for the traveller, when the configuration says more.' },
  },
  { optional: ['detail'] },
);

/** One decided document of one applicant, as its page and PDF show it. */
export const outcomeSchema = closedObject({
  applicantIdentifier: uuid,
  applicationIdentifier: uuid,
  kind: { type: 'string', enum: OUTCOME_KINDS },
  status: { type: 'string', enum: ['APPROVED', 'REJECTED', 'EXPIRED', 'CANCELLED'] },
  documentNumber: { type: 'string', description: 'The number of this document, printed on it and in its seal.' },
  applicationReference: { type: 'string', description: 'The reference of the submitted application.' },
  applicationType: { type: 'string', enum: ['ETA', 'ETA_SECTION_11_1'] },
  holder: {
    type: 'object',
    additionalProperties: false,
    required: ['givenNames', 'familyName', 'dateOfBirth', 'nationality', 'passportIssuingCountry', 'passportNumber'],
    properties: {
      givenNames: { type: 'string' },
      familyName: { type: 'string' },
      dateOfBirth: date,
      nationality: { type: 'string', pattern: '^[A-Z]{2}$' },
      passportIssuingCountry: { type: 'string', pattern: '^[A-Z]{2}$' },
      passportNumber: { type: 'string' },
    },
  },
  issuedOn: date,
  validFrom: { ...date, description: 'First day of validity; the decision day for a notice.' },
  validUntil: { type: ['string', 'null'], format: 'date', description: 'Last day of validity; null for a notice.' },
  portOfEntry: { type: ['string', 'null'], description: 'The port of entry named in the application, translated.' },
  conditions: { type: 'array', items: coded, description: 'Conditions of an ETA or permit; empty for a notice.' },
  reasons: { type: 'array', items: coded, description: 'Reasons of a refusal; empty for an ETA or permit.' },
  seal: {
    type: 'string',
    description: 'The visible digital seal (see src/shared/seal): the QR code holds this text.',
  },
});
export type Outcome = FromSchema<typeof outcomeSchema>;

/** GET /api/eta/applicants/wallet-link: which applicant, which wallet. */
export const walletLinkQuerySchema = closedObject({
  applicantIdentifier: uuid,
  wallet: { type: 'string', enum: WALLETS },
});
export type WalletLinkQuery = FromSchema<typeof walletLinkQuerySchema>;

export const walletLinkSchema = closedObject({
  url: { type: 'string', description: 'Where the browser goes to add the pass to the wallet.' },
});
export type WalletLink = FromSchema<typeof walletLinkSchema>;

/** The wallets this server can make passes for (GET /api/eta/applicants/wallets). */
export const walletsSchema = closedObject({
  wallets: { type: 'array', items: { type: 'string', enum: WALLETS } },
});
export type Wallets = FromSchema<typeof walletsSchema>;

/** The published signer certificate of the seals (GET /api/eta/seal/certificate). */
export const sealCertificateSchema = closedObject({
  certificate: { type: 'string', description: 'The signer certificate, DER in base64url.' },
});
export type SealCertificate = FromSchema<typeof sealCertificateSchema>;

/** Whether the document a seal names still stands (GET /api/eta/seal/status?documentNumber=...). */
export const sealStatusQuerySchema = closedObject({
  documentNumber: { type: 'string', minLength: 1, maxLength: 40 },
});
export type SealStatusQuery = FromSchema<typeof sealStatusQuerySchema>;

export const sealStatusSchema = closedObject({ status: { type: 'string', enum: SEAL_STATUSES } });
export type SealStatusAnswer = FromSchema<typeof sealStatusSchema>;
