/**
 * The state machine of applications, applicants and payments: every change of a status or a step is one of these
 * named transitions, with its guard, run inside the transaction that changes the data (the caller's, or one of
 * its own when called outside one). The states, and the transitions between them:
 *
 * Application  IN_PROGRESS --submit--> SUBMITTED --decide (last applicant)--> COMPLETE; deleted while IN_PROGRESS.
 *              CANCELLED is a status of the specification that no transition leads to.
 * Applicant    NOT_SUBMITTED (steps in manifest order: completeStep moves one on, reopenStep back) --submit-->
 *              SUBMITTED --decide--> APPROVED --expire--> EXPIRED, or REJECTED; removed while NOT_SUBMITTED.
 *              CANCELLED, likewise, no transition leads to.
 * Payment      PENDING --pay--> PAID (the application submitted with exactly the applicants it was started for),
 *              --fail--> DECLINED | CANCELLED, --supersede--> SUPERSEDED (a newer attempt), --void--> VOIDED (the
 *              application changed). Money the provider took for an attempt that cannot be used (VOIDED,
 *              SUPERSEDED, or a PENDING one whose submission is refused) --refund--> REFUNDED, or HELD for a person
 *              when the provider could not refund it (HELD --refund--> REFUNDED).
 *
 * One module as seen from outside: its transitions are written in transitions/, by what they change.
 */
export {
  inTransaction,
  holdApplication,
  editableApplicant,
  type HeldApplication,
  type Refused,
  type StepCheck,
} from './transitions/held';
export {
  admitApplicant,
  applicationChanged,
  deleteApplication,
  heldApplicationChanged,
  openApplication,
  removeApplicant,
  type ChangeOutcome,
} from './transitions/applications';
export { completeHeldStep, completeStep, reopenHeldStep, reopenStep } from './transitions/steps';
export {
  endPayment,
  settleUnusedMoney,
  startPayment,
  submitPaid,
  type StartRefusal,
  type SubmitRefusal,
} from './transitions/payments';
export { decideApplicant, expireApproved } from './transitions/decisions';
