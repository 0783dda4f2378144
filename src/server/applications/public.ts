/**
 * What other areas of the server may use of the application flow: recording that an applicant completed a step
 * (photo capture records CAPTURE_BIOMETRICS), checking a passport's eligibility again, and reaching one of the
 * caller's applications and applicants with the same refusals as the flow's own calls (supporting documents).
 */
export { createPassportRecheck, type EligibilityCode } from './eligibility';
export { createFormCheckers } from './form-answers';
export { assertStepReached, completeStep, reopenStep, stepNames as journeyStepNames } from './steps';
export { applicantOf, ownApplication, withApplication } from './access';
export { storedAnswers } from './repository';
export { assertApplicantEditable, assertEditable, maybeId } from './rules';
export type { ApplicantsTable, ApplicationsTable } from './tables';
