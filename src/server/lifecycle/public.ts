/**
 * The state machine of applications, applicants and payments (transitions.ts): the only code that changes a
 * status or a step. Other areas change them only through these transitions, and report every other change of an
 * application in progress through `applicationChanged` (which voids its live payment).
 */
export {
  assertStepReached,
  firstStep,
  formOfStep,
  journeyForms,
  journeySteps,
  lastStep,
  loadJourney,
  stepIndex,
  stepNames,
  stepNotReached,
  stepOfForm,
  stepStates,
  type Step,
  type StepState,
} from './journey';
export { changesFingerprint, formAnswersIn, readContent, stepsComplete, type ApplicantContent } from './content';
export { assertApplicantEditable, assertDeletable, assertEditable } from './guards';
export {
  admitApplicant,
  completeHeldStep,
  completeStep,
  decideApplicant,
  deleteApplication,
  editableApplicant,
  endPayment,
  expireApproved,
  heldApplicationChanged,
  holdApplication,
  inTransaction,
  openApplication,
  removeApplicant,
  reopenHeldStep,
  reopenStep,
  settleUnusedMoney,
  startPayment,
  submitPaid,
  type ChangeOutcome,
  type HeldApplication,
  type StartRefusal,
  type StepCheck,
  type SubmitRefusal,
} from './transitions';
export { lifecyclePlugin, type Lifecycle } from './plugin';
export type { PaymentApplicantsTable } from './tables';
