import { outcomeKindOf, type Outcome, type OutcomeKind } from '../../shared/contract';
import type { SealMessage } from '../../shared/seal/seal';
import type { ApplicantDecisionsTable, DecisionRules } from '../decisions/public';
import { directionOf } from '../../shared/languages';
import { translate } from '../i18n';
import type { PdfContent } from '../pdf/render-pdf';
import { holderInitials } from '../seal/public';
import type { OwnedApplicant } from './repository';
import { documentFileName } from '../../shared/document-file-name';
import { departmentDay } from '../../shared/validity';
import { formatCalendarDate } from '../../shared/dates';

/**
 * What an outcome document says, built from the decision, in the reader's language: the page's view (the API's
 * answer), the PDF's content and the seal's message. One place decides the texts, so the page, the PDF and the
 * wallet pass say the same.
 */

export interface OutcomeFacts {
  applicant: OwnedApplicant;
  decision: ApplicantDecisionsTable;
  reference: string;
  /** The applicant's application form answers (the port of entry). */
  answers: Record<string, unknown>;
}

/** The kind of document a decision gave. */
export const kindOf = (facts: Pick<OutcomeFacts, 'applicant' | 'decision'>): OutcomeKind =>
  outcomeKindOf(facts.applicant.application_type, facts.decision.outcome === 'REJECTED');

/** The day a document was issued: the day of its decision in South Africa, as its validity counts it. */
const issuedOn = (decision: ApplicantDecisionsTable) => departmentDay(new Date(decision.decided_at as string));

/** The seal's message: the document's type, number, dates and the holder's initials, nothing more. */
export function sealMessage(facts: OutcomeFacts): SealMessage {
  const { decision, applicant } = facts;
  return {
    typ: kindOf(facts),
    no: decision.document_number as string,
    ini: holderInitials(applicant.given_names, applicant.family_name),
    iss: issuedOn(decision),
    vf: decision.valid_from as string,
    ...(decision.valid_until ? { vu: decision.valid_until } : {}),
  };
}

/** The answer of GET eta, permit or rejection-notice. */
export function outcomeView(facts: OutcomeFacts, rules: DecisionRules, seal: string, lang: string): Outcome {
  const { applicant, decision } = facts;
  const refused = decision.outcome === 'REJECTED';
  const applicationType = applicant.application_type;
  const port = facts.answers.portOfEntry;
  const reasonCodes = JSON.parse(decision.reason_codes) as string[];
  return {
    applicantIdentifier: applicant.id,
    applicationIdentifier: applicant.application_id,
    kind: kindOf(facts),
    status: refused
      ? 'REJECTED'
      : applicant.status === 'EXPIRED' || applicant.status === 'CANCELLED'
        ? applicant.status
        : 'APPROVED',
    documentNumber: decision.document_number as string,
    applicationReference: facts.reference,
    applicationType,
    holder: {
      givenNames: applicant.given_names,
      familyName: applicant.family_name,
      dateOfBirth: applicant.date_of_birth,
      nationality: applicant.nationality,
      passportIssuingCountry: applicant.passport_country,
      passportNumber: applicant.passport_number,
    },
    issuedOn: issuedOn(decision),
    validFrom: decision.valid_from as string,
    validUntil: decision.valid_until,
    // A refusal names no port: the traveller may not enter by any.
    portOfEntry: !refused && typeof port === 'string' ? translate(lang, `forms:enums.entryAirport.${port}`) : null,
    conditions: refused
      ? []
      : rules.conditions[applicationType].map((code) => ({
          code,
          text: translate(lang, `decisions:conditions.${code}`),
        })),
    reasons: refused
      ? reasonCodes.map((code) => ({
          code,
          text: translate(lang, `decisions:reasons.${code}.text`),
          detail: translate(lang, `decisions:reasons.${code}.meaning`),
        }))
      : [],
    seal,
  };
}

/** A country's name in the reader's language (its code when the platform has no name for it). */
export const countryName = (code: string, lang: string) => {
  try {
    return new Intl.DisplayNames([lang], { type: 'region', fallback: 'code' }).of(code) ?? code;
  } catch {
    return code;
  }
};

/** A day (YYYY-MM-DD) written for the reader's language. */
export function formatDay(day: string, lang: string): string {
  try {
    // As the portal's pages write it (12 April 1986).
    return formatCalendarDate(day, lang);
  } catch {
    return day;
  }
}

/** The file name the server gives a document's PDF, e.g. eta-EA-7K3QM-2RXD9-3.pdf. */
export const pdfFileName = (outcome: Outcome) =>
  documentFileName(
    { ETA: 'eta', PERMIT: 'permit', REJECTION_NOTICE: 'rejection-notice' }[outcome.kind],
    outcome.documentNumber,
  );

/** The PDF's content for an outcome, in the reader's language; `verifyUrl` is the portal's public check. */
export function pdfContent(outcome: Outcome, lang: string, verifyUrl: string): PdfContent {
  const t = (key: string, vars?: Record<string, unknown>) => translate(lang, `decisions:document.${key}`, vars);
  const issuer = translate(lang, 'common:header.department');
  const refused = outcome.kind === 'REJECTION_NOTICE';
  const { holder } = outcome;
  const fields = [
    { label: t('fields.name'), value: `${holder.givenNames} ${holder.familyName}` },
    { label: t('fields.dateOfBirth'), value: formatDay(holder.dateOfBirth, lang) },
    { label: t('fields.nationality'), value: countryName(holder.nationality, lang) },
    { label: t('fields.passportIssuingCountry'), value: countryName(holder.passportIssuingCountry, lang) },
    { label: t('fields.passportNumber'), value: holder.passportNumber },
    { label: t('fields.documentNumber'), value: outcome.documentNumber },
    { label: t('fields.applicationReference'), value: outcome.applicationReference },
    { label: t(refused ? 'fields.decisionDate' : 'fields.issuedOn'), value: formatDay(outcome.issuedOn, lang) },
    ...(refused
      ? []
      : [
          { label: t('fields.validFrom'), value: formatDay(outcome.validFrom, lang) },
          { label: t('fields.validUntil'), value: formatDay(outcome.validUntil as string, lang) },
        ]),
    ...(outcome.portOfEntry ? [{ label: t('fields.portOfEntry'), value: outcome.portOfEntry }] : []),
  ];
  const sections: PdfContent['sections'] = refused
    ? [
        {
          heading: t('reasonsHeading'),
          paragraphs: [],
          items: outcome.reasons.map((reason) => `${reason.text} ${reason.detail ?? ''}`.trim()),
        },
        { heading: t('nextStepsHeading'), paragraphs: [t('applyAgain'), t('review')] },
        { heading: t('privacyHeading'), paragraphs: [t('privacy')] },
      ]
    : [
        {
          heading: t('conditionsHeading'),
          paragraphs: [t('approvedNote')],
          items: outcome.conditions.map((condition) => condition.text),
        },
      ];
  return {
    lang,
    dir: directionOf(lang),
    title: t(`titles.${outcome.kind}`),
    issuer,
    subtitle: t('number', { number: outcome.documentNumber }),
    status: {
      label: t(`status.${outcome.status}`),
      tone: outcome.status === 'APPROVED' ? 'positive' : outcome.status === 'REJECTED' ? 'negative' : 'neutral',
    },
    fields,
    sections,
    seal: { text: outcome.seal, caption: t('sealCaption', { url: verifyUrl }) },
    footer: t('footer', { issuer, date: formatDay(outcome.issuedOn, lang), url: verifyUrl }),
  };
}
