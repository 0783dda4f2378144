import type {
  ApplicationType,
  PaymentConfirmation,
  PaymentFailure,
  PaymentOverview,
  PaymentRefund,
  PaymentStatus,
  SubmissionSummary,
} from '../../shared/contract';
import { PAYMENT_CURRENCY } from '../../shared/contract';
import type { ApplicationSubmissionsTable, PaymentsTable } from './tables';

/** The answers of the payment calls, built from rows. */

interface ApplicantRow {
  id: string;
  given_names: string;
  family_name: string;
}

type PaymentState = { status: PaymentStatus; lastFailure?: PaymentFailure; refund?: PaymentRefund };

/** Where the payment of an application stands, from its attempts (newest first) and its submission. */
export function paymentState(
  attempts: PaymentsTable[],
  submission: ApplicationSubmissionsTable | undefined,
): PaymentState {
  if (submission) return { status: 'PAID' };
  const latest = attempts[0];
  if (latest && (latest.status === 'VOIDED' || latest.status === 'REFUNDED' || latest.status === 'HELD')) {
    // The application changed after the attempt started: that attempt tells nothing of the card.
    if (latest.status === 'VOIDED') return { status: 'VOIDED' };
    return { status: 'VOIDED', refund: latest.status };
  }
  const failed = attempts.find((attempt) => attempt.failure !== null);
  const lastFailure = failed?.failure ?? undefined;
  const status: PaymentStatus = !latest
    ? 'NOT_STARTED'
    : latest.status === 'PENDING' || latest.status === 'PAID'
      ? 'PENDING'
      : latest.status === 'CANCELLED'
        ? 'CANCELLED'
        : 'DECLINED';
  return lastFailure ? { status, lastFailure } : { status };
}

export function overviewView(input: {
  applicationId: string;
  applicationType: ApplicationType;
  fee: number;
  applicants: (ApplicantRow & { ready: boolean })[];
  canPay: boolean;
  state: PaymentState;
  submission?: ApplicationSubmissionsTable;
}): PaymentOverview {
  return {
    applicationIdentifier: input.applicationId,
    applicationType: input.applicationType,
    currency: PAYMENT_CURRENCY,
    applicants: input.applicants.map((a) => ({
      applicantIdentifier: a.id,
      givenNames: a.given_names,
      familyName: a.family_name,
      fee: input.fee,
      ready: a.ready,
    })),
    total: input.fee * input.applicants.length,
    canPay: input.canPay,
    ...input.state,
    ...(input.submission ? { reference: input.submission.reference } : {}),
  };
}

export function confirmationView(
  state: PaymentState,
  submission: ApplicationSubmissionsTable | undefined,
): PaymentConfirmation {
  if (submission) return { status: 'PAID', reference: submission.reference, submittedAt: submission.submitted_at };
  return state;
}

export function submissionView(input: {
  submission: ApplicationSubmissionsTable;
  applicationType: ApplicationType;
  applicants: ApplicantRow[];
  accountEmail: string;
}): SubmissionSummary {
  return {
    reference: input.submission.reference,
    submittedAt: input.submission.submitted_at,
    applicationType: input.applicationType,
    applicants: input.applicants.map((a) => ({
      applicantIdentifier: a.id,
      givenNames: a.given_names,
      familyName: a.family_name,
    })),
    amountPaid: input.submission.amount,
    currency: PAYMENT_CURRENCY,
    accountEmail: input.accountEmail,
  };
}
