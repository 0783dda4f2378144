import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import {
  APPLICATION_ERRORS,
  OUTCOME_ERRORS,
  isUuid,
  type Outcome,
  type OutcomeKind,
  type SealStatus,
  type Wallet,
} from '../../shared/contract';
import { stillValid } from '../../shared/validity';
import type { Database } from '../db/schema';
import { decisionsRepository, type DecisionRules } from '../decisions/public';
import { formOfStep } from '../lifecycle/public';
import { ApiError } from '../errors';
import { translate } from '../i18n';
import type { PagePaths } from '../lib/page-paths';
import { renderOutcomePdf } from '../pdf/render-pdf';
import type { SealSigner } from '../seal/public';
import type { WalletPass, WalletProvider } from '../wallet/public';
import { countryName, kindOf, outcomeView, pdfContent, pdfFileName, sealMessage, type OutcomeFacts } from './document';
import { outcomesRepository } from './repository';
import { API_PATHS } from '../../shared/contract';

/** How long the address of an Apple Wallet pass works after the wallet link was asked for. */
const PASS_TOKEN_SECONDS = 600;

export interface OutcomesServiceOptions {
  db: Kysely<Database>;
  rules: DecisionRules;
  signer: SealSigner;
  wallets: WalletProvider[];
  /** Signs the short-lived addresses of wallet passes. */
  secret: string;
  /** The portal's address (the verification page) and the API's (the pass files). */
  portalUrl: string;
  apiUrl: string;
  /** The address of the portal's seal check page (the route manifest's). */
  pagePaths: Pick<PagePaths, 'verifySeal'>;
  log: Pick<FastifyBaseLogger, 'error'>;
}

const notAvailable = () => new ApiError(404, OUTCOME_ERRORS.outcomeNotAvailable, 'decisions:api.OUTCOME_NOT_AVAILABLE');
const applicantNotFound = () =>
  new ApiError(404, APPLICATION_ERRORS.applicantNotFound, 'applications:api.applicantNotFound');

/**
 * The outcome documents of decided applicants: the view the page shows, the PDF, the seal's public checks and the
 * wallet passes. Only the account that made the application reaches an applicant's documents (another gets 404).
 */
export function createOutcomesService(options: OutcomesServiceOptions) {
  const { db, rules, signer } = options;
  const repository = outcomesRepository(db);
  const decisions = decisionsRepository(db);
  /** A pass address's token: applicant, expiry and language, signed (short enough for a path segment). */
  const passSignature = (payload: string) =>
    createHmac('sha256', `wallet-pass:${options.secret}`).update(payload).digest('base64url').slice(0, 32);
  const passToken = (applicantId: string, lang: string, now = Date.now()) => {
    const payload = `${applicantId}.${Math.floor(now / 1000) + PASS_TOKEN_SECONDS}.${lang}`;
    return `${payload}.${passSignature(payload)}`;
  };
  /** The applicant and language of a valid, unexpired token. */
  const readPassToken = (token: string): { applicantId: string; lang: string } | undefined => {
    const parts = token.split('.');
    if (parts.length !== 4) return undefined;
    const [applicantId, expires, lang, signature] = parts;
    const expected = Buffer.from(passSignature(`${applicantId}.${expires}.${lang}`));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    if (!/^\d+$/.test(expires) || Number(expires) * 1000 < Date.now() || !isUuid(applicantId)) return undefined;
    return { applicantId, lang };
  };
  const verifyUrl = `${options.portalUrl}${options.pagePaths.verifySeal}`;

  /** The facts of a decided applicant of the caller, or 404. */
  async function factsOf(profileId: string, guid: string): Promise<OutcomeFacts> {
    const applicant = isUuid(guid) ? await repository.ownApplicant(profileId, guid) : undefined;
    if (!applicant) throw applicantNotFound();
    return decidedFacts(applicant);
  }

  async function decidedFacts(applicant: OutcomeFacts['applicant']): Promise<OutcomeFacts> {
    const decision = await decisions.byApplicant(applicant.id);
    if (!decision || decision.state !== 'DECIDED' || !decision.document_number) throw notAvailable();
    return {
      applicant,
      decision,
      reference: (await repository.reference(applicant.application_id)) ?? '',
      answers: await repository.answers(applicant.id, formOfStep('APPLICATION_FORM')),
    };
  }

  /** The document's seal: signed the first time the document is shown, then the same on the page, PDF and passes. */
  async function sealOf(facts: OutcomeFacts): Promise<string> {
    if (facts.decision.seal) return facts.decision.seal;
    return decisions.keepSeal(facts.applicant.id, await signer.sign(sealMessage(facts)));
  }

  async function view(facts: OutcomeFacts, lang: string): Promise<Outcome> {
    return outcomeView(facts, rules, await sealOf(facts), lang);
  }

  async function outcomeOfKind(profileId: string, guid: string, kind: OutcomeKind, lang: string): Promise<Outcome> {
    const facts = await factsOf(profileId, guid);
    if (kindOf(facts) !== kind) throw notAvailable();
    return view(facts, lang);
  }

  /** What a wallet pass shows, for an approved document that is still valid. */
  async function passOf(facts: OutcomeFacts, lang: string): Promise<WalletPass> {
    const outcome = await view(facts, lang);
    if (outcome.status !== 'APPROVED' || outcome.kind === 'REJECTION_NOTICE') throw notAvailable();
    const t = (key: string) => translate(lang, `decisions:document.${key}`);
    const country = (code: string) => countryName(code, lang);
    return {
      documentNumber: outcome.documentNumber,
      kind: outcome.kind,
      title: t(`titles.${outcome.kind}`),
      holderName: `${outcome.holder.givenNames} ${outcome.holder.familyName}`,
      passportNumber: outcome.holder.passportNumber,
      nationality: country(outcome.holder.nationality),
      validFrom: outcome.validFrom,
      validUntil: outcome.validUntil as string,
      labels: {
        holder: t('fields.name'),
        passport: t('fields.passportNumber'),
        nationality: t('fields.nationality'),
        validFrom: t('fields.validFrom'),
        validUntil: t('fields.validUntil'),
        documentNumber: t('fields.documentNumber'),
      },
      seal: outcome.seal,
      language: lang,
      issuer: translate(lang, 'common:header.department'),
    };
  }

  const walletNamed = (wallet: Wallet) => {
    const provider = options.wallets.find((candidate) => candidate.wallet === wallet);
    if (!provider) throw new ApiError(404, OUTCOME_ERRORS.walletNotConfigured, 'decisions:api.WALLET_NOT_CONFIGURED');
    return provider;
  };

  return {
    outcome: outcomeOfKind,

    /** The document as a PDF in the caller's language, with the file name the browser saves it under. */
    async pdf(profileId: string, guid: string, kind: OutcomeKind, lang: string) {
      const outcome = await outcomeOfKind(profileId, guid, kind, lang);
      const bytes = await renderOutcomePdf(pdfContent(outcome, lang, verifyUrl));
      return { bytes, fileName: pdfFileName(outcome) };
    },

    /** The wallets passes can be added to on this server. */
    wallets: (): Wallet[] => options.wallets.map((provider) => provider.wallet),

    /** A link that adds the applicant's approved ETA or permit to a wallet. */
    async walletLink(profileId: string, guid: string, wallet: Wallet, lang: string): Promise<string> {
      const provider = walletNamed(wallet);
      const facts = await factsOf(profileId, guid);
      const pass = await passOf(facts, lang);
      const token = passToken(facts.applicant.id, lang);
      try {
        return await provider.link(pass, {
          apiUrl: options.apiUrl,
          passUrl: (passToken) => `${options.apiUrl}${API_PATHS.wallet}/apple/${passToken}`,
          passToken: token,
        });
      } catch (error) {
        options.log.error({ err: error, event: 'wallet-link', wallet }, 'the wallet provider failed');
        throw new ApiError(502, OUTCOME_ERRORS.walletFailed, 'decisions:api.WALLET_FAILED');
      }
    },

    /** The signed Apple Wallet pass a wallet link's address names; undefined when the address is not valid. */
    async applePass(token: string): Promise<Buffer | undefined> {
      const read = readPassToken(token);
      const provider = options.wallets.find((candidate) => candidate.wallet === 'apple');
      const applicant = read ? await repository.applicant(read.applicantId) : undefined;
      if (!read || !applicant || !provider?.pkpass) return undefined;
      try {
        return await provider.pkpass(await passOf(await decidedFacts(applicant), read.lang));
      } catch (error) {
        if (error instanceof ApiError) return undefined;
        throw error;
      }
    },

    /** The published signer certificate, DER. */
    certificate: () => signer.certificate,

    /** Whether the document a seal names still stands today. */
    async sealStatus(documentNumber: string, now = new Date()): Promise<SealStatus> {
      const decision = await decisions.byDocumentNumber(documentNumber.trim().toUpperCase());
      if (!decision || decision.state !== 'DECIDED') return 'UNKNOWN';
      if (decision.outcome === 'REJECTED') return 'REFUSED';
      const applicant = await decisions.applicant(decision.applicant_id);
      if (decision.cancelled_at || applicant?.status === 'CANCELLED') return 'CANCELLED';
      if (applicant?.status === 'EXPIRED' || (decision.valid_until && !stillValid(decision.valid_until, now)))
        return 'EXPIRED';
      return 'VALID';
    },
  };
}
