/**
 * What other areas of the server may use of the application flow: recording that an applicant completed a step
 * (photo capture records CAPTURE_BIOMETRICS), and checking a passport's eligibility again.
 */
export { createPassportRecheck, type EligibilityCode } from './eligibility';
export { createFormCheckers } from './form-answers';
export { completeStep } from './steps';
