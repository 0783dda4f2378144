/**
 * What other areas of the server may use of the application flow: checking a passport's eligibility again, and
 * reaching one of the caller's applications and applicants with the same refusals as the flow's own calls
 * (supporting documents). Steps and statuses are the state machine's (src/server/lifecycle).
 */
export { createPassportRecheck, type EligibilityCode } from './eligibility';
export { createFormCheckers } from './form-answers';
export { applicantOf, ownApplication, withApplication } from './access';
export { storedAnswers } from './repository';
export { maybeId } from './guards';
export { APPLICATIONS_SETTINGS } from './config';
export type { ApplicantsTable, ApplicationsTable } from './tables';
