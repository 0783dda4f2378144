import { lifecycleRepository } from '../repository';
import { inTransaction, type Executor } from './held';

// The transitions of decisions on submitted applicants, and of their validity ending.

/**
 * Records the outcome of a SUBMITTED applicant (APPROVED with the last day it is valid, or REJECTED); once no
 * applicant of the application waits, the application is COMPLETE. Guard: the applicant is SUBMITTED. Decisions on
 * applicants of one application wait for each other (the application's row is taken first): two instances deciding
 * its last two applicants at once would otherwise each still see the other waiting, and neither complete it.
 */
export function decideApplicant(
  executor: Executor,
  applicantId: string,
  outcome: 'APPROVED' | 'REJECTED',
  validUntil: string | null,
  now: Date,
): Promise<void> {
  return inTransaction(executor, async (trx) => {
    const repository = lifecycleRepository(trx);
    const applicant = await repository.applicant(applicantId);
    if (!applicant) throw new Error(`No applicant ${applicantId}`);
    await repository.lockApplication(applicant.application_id);
    if ((await repository.moveApplicants([applicantId], 'SUBMITTED', outcome, now, validUntil)) !== 1)
      throw new Error(`applicant ${applicantId} is ${applicant.status}, not SUBMITTED: it cannot be decided`);
    if (!(await repository.hasApplicantIn(applicant.application_id, 'SUBMITTED')))
      await repository.moveApplication(applicant.application_id, 'SUBMITTED', 'COMPLETE', now);
  });
}

/** Approved applicants whose validity has ended become EXPIRED. */
export function expireApproved(executor: Executor, applicantIds: string[], now: Date): Promise<number> {
  return inTransaction(executor, (trx) =>
    lifecycleRepository(trx).moveApplicants(applicantIds, 'APPROVED', 'EXPIRED', now),
  );
}
