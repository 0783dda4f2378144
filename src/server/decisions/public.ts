/**
 * What other areas of the server may use of decisions: the decision of an applicant or of a document number (for
 * the outcome pages, PDFs, seals and wallets) and the rules' configuration (conditions and validity).
 */
export { decisionsRepository } from './repository';
export { loadDecisionRules, type DecisionRules } from './rules';
export { DECISIONS_SETTINGS } from './config';
export type { ApplicantDecisionsTable } from './tables';
