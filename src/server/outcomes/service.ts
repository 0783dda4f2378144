import type { FastifyBaseLogger } from 'fastify';
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
import type { decisionsRepository, DecisionRules } from '../decisions/public';
import { formOfStep } from '../lifecycle/public';
import { ApiError } from '../errors';
import { translate } from '../i18n';
import type { PagePaths } from '../lib/page-paths';
import { renderOutcomePdf } from '../pdf/render-pdf';
import type { SealSigner } from '../seal/public';
import type { WalletPass, WalletProvider } from '../wallet/public';
import { countryName, kindOf, outcomeView, pdfContent, pdfFileName, sealMessage, type OutcomeFacts } from './document';
import { passToken, readPassToken } from './pass-token';
import type { OutcomesRepository } from './repository';
import { API_PATHS } from '../../shared/contract';

/** What the jobs of outcome documents work with, made once per app (routes.ts). */
export interface OutcomesDeps {
  repository: OutcomesRepository;
  decisions: ReturnType<typeof decisionsRepository>;
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

/*
 * The outcome documents of decided applicants: the view the page shows, the PDF, the seal's public checks and the
 * wallet passes. Only the account that made the application reaches an applicant's documents (another gets 404).
 */

/** The facts of a decided applicant, or 404. */
async function decidedFacts(deps: OutcomesDeps, applicant: OutcomeFacts['applicant']): Promise<OutcomeFacts> {
  const decision = await deps.decisions.byApplicant(applicant.id);
  if (!decision || decision.state !== 'DECIDED' || !decision.document_number) throw notAvailable();
  return {
    applicant,
    decision,
    reference: (await deps.repository.reference(applicant.application_id)) ?? '',
    answers: await deps.repository.answers(applicant.id, formOfStep('APPLICATION_FORM')),
  };
}

/** The facts of a decided applicant of the caller, or 404. */
async function factsOf(deps: OutcomesDeps, profileId: string, guid: string): Promise<OutcomeFacts> {
  const applicant = isUuid(guid) ? await deps.repository.ownApplicant(profileId, guid) : undefined;
  if (!applicant) throw applicantNotFound();
  return decidedFacts(deps, applicant);
}

/** The document as the page shows it, with its seal: signed the first time it is shown, then the same everywhere. */
async function view(deps: OutcomesDeps, facts: OutcomeFacts, lang: string): Promise<Outcome> {
  const seal =
    facts.decision.seal ??
    (await deps.decisions.keepSeal(facts.applicant.id, await deps.signer.sign(sealMessage(facts))));
  return outcomeView(facts, deps.rules, seal, lang);
}

/** The caller's applicant's document of one kind, or 404 when the decision made another. */
export async function outcomeOfKind(
  deps: OutcomesDeps,
  profileId: string,
  guid: string,
  kind: OutcomeKind,
  lang: string,
): Promise<Outcome> {
  const facts = await factsOf(deps, profileId, guid);
  if (kindOf(facts) !== kind) throw notAvailable();
  return view(deps, facts, lang);
}

/** The document as a PDF in the caller's language, with the file name the browser saves it under. */
export async function outcomePdf(deps: OutcomesDeps, profileId: string, guid: string, kind: OutcomeKind, lang: string) {
  const outcome = await outcomeOfKind(deps, profileId, guid, kind, lang);
  const bytes = await renderOutcomePdf(pdfContent(outcome, lang, `${deps.portalUrl}${deps.pagePaths.verifySeal}`));
  return { bytes, fileName: pdfFileName(outcome) };
}

/** What a wallet pass shows, for an approved document that is still valid. */
async function passOf(deps: OutcomesDeps, facts: OutcomeFacts, lang: string): Promise<WalletPass> {
  const outcome = await view(deps, facts, lang);
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

/** A link that adds the applicant's approved ETA or permit to a wallet. */
export async function walletLink(
  deps: OutcomesDeps,
  profileId: string,
  guid: string,
  wallet: Wallet,
  lang: string,
): Promise<string> {
  const provider = deps.wallets.find((candidate) => candidate.wallet === wallet);
  if (!provider) throw new ApiError(404, OUTCOME_ERRORS.walletNotConfigured, 'decisions:api.WALLET_NOT_CONFIGURED');
  const facts = await factsOf(deps, profileId, guid);
  const pass = await passOf(deps, facts, lang);
  const token = passToken(deps.secret, facts.applicant.id, lang);
  try {
    return await provider.link(pass, {
      apiUrl: deps.apiUrl,
      passUrl: (passToken) => `${deps.apiUrl}${API_PATHS.wallet}/apple/${passToken}`,
      passToken: token,
    });
  } catch (error) {
    deps.log.error({ err: error, event: 'wallet-link', wallet }, 'the wallet provider failed');
    throw new ApiError(502, OUTCOME_ERRORS.walletFailed, 'decisions:api.WALLET_FAILED');
  }
}

/** The signed Apple Wallet pass a wallet link's address names; undefined when the address is not valid. */
export async function applePass(deps: OutcomesDeps, token: string): Promise<Buffer | undefined> {
  const read = readPassToken(deps.secret, token);
  const provider = deps.wallets.find((candidate) => candidate.wallet === 'apple');
  const applicant = read ? await deps.repository.applicant(read.applicantId) : undefined;
  if (!read || !applicant || !provider?.pkpass) return undefined;
  try {
    return await provider.pkpass(await passOf(deps, await decidedFacts(deps, applicant), read.lang));
  } catch (error) {
    if (error instanceof ApiError) return undefined;
    throw error;
  }
}

/** Whether the document a seal names still stands today. */
export async function sealStatus(deps: OutcomesDeps, documentNumber: string, now = new Date()): Promise<SealStatus> {
  const decision = await deps.decisions.byDocumentNumber(documentNumber.trim().toUpperCase());
  if (!decision || decision.state !== 'DECIDED') return 'UNKNOWN';
  if (decision.outcome === 'REJECTED') return 'REFUSED';
  const applicant = await deps.decisions.applicant(decision.applicant_id);
  if (decision.cancelled_at || applicant?.status === 'CANCELLED') return 'CANCELLED';
  if (applicant?.status === 'EXPIRED' || (decision.valid_until && !stillValid(decision.valid_until, now)))
    return 'EXPIRED';
  return 'VALID';
}

/** The calls the routes make, each bound to the app's dependencies. */
export function createOutcomesService(deps: OutcomesDeps) {
  return {
    outcome: (profileId: string, guid: string, kind: OutcomeKind, lang: string) =>
      outcomeOfKind(deps, profileId, guid, kind, lang),
    pdf: (profileId: string, guid: string, kind: OutcomeKind, lang: string) =>
      outcomePdf(deps, profileId, guid, kind, lang),
    /** The wallets passes can be added to on this server. */
    wallets: (): Wallet[] => deps.wallets.map((provider) => provider.wallet),
    walletLink: (profileId: string, guid: string, wallet: Wallet, lang: string) =>
      walletLink(deps, profileId, guid, wallet, lang),
    applePass: (token: string) => applePass(deps, token),
    /** The published signer certificate, DER. */
    certificate: () => deps.signer.certificate,
    sealStatus: (documentNumber: string, now?: Date) => sealStatus(deps, documentNumber, now),
  };
}
