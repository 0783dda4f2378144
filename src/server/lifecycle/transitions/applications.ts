import { assertApplicantEditable, assertDeletable, assertEditable } from '../guards';
import { firstStep, stepIndex, stepNames, type Step } from '../journey';
import { lifecycleRepository } from '../repository';
import type { ApplicantRow, ApplicationRow } from '../tables';
import { holdApplication, inTransaction, type Executor, type HeldApplication, type StepCheck } from './held';

// The transitions of an application and of its applicants as members of it: opened, deleted, changed, an applicant
// admitted or removed.

/** A new application, IN_PROGRESS. */
export function openApplication(executor: Executor, row: Omit<ApplicationRow, 'status'>): Promise<ApplicationRow> {
  return inTransaction(executor, async (trx) => {
    const application: ApplicationRow = { ...row, status: 'IN_PROGRESS' };
    await lifecycleRepository(trx).insertApplication(application);
    return application;
  });
}

/**
 * Deletes an application IN_PROGRESS with its applicants (their answers, photos and documents cascade); its live
 * payment is voided first. Answers the voided payments, to be cancelled at the provider once this commits.
 */
export function deleteApplication(executor: Executor, application: ApplicationRow, lang: string): Promise<string[]> {
  return inTransaction(executor, async (trx) => {
    assertDeletable(application, lang);
    const repository = lifecycleRepository(trx);
    await repository.lockApplication(application.id);
    const voided = await repository.voidLive(application.id, new Date());
    await repository.deleteApplication(application.id);
    return voided;
  });
}

/**
 * Anything of an application in progress changed (an applicant added, removed or changed, answers, photos,
 * documents): its live payment was started for something else and is voided, and an applicant past a step whose
 * owner finds it incomplete now goes back to it. Answers the voided payments, to be cancelled at the provider
 * once this commits.
 */
export function applicationChanged(
  executor: Executor,
  applicationId: string,
  checks: ReadonlyMap<Step, StepCheck> = new Map(),
): Promise<string[]> {
  return inTransaction(executor, async (trx) => {
    const held = await holdApplication(trx, applicationId);
    if (!held) return lifecycleRepository(trx).voidLive(applicationId, new Date());
    return (await heldApplicationChanged(held, checks)).voided;
  });
}

/** What `heldApplicationChanged` did: the payments it voided, and the applicants it sent back, with their step. */
export interface ChangeOutcome {
  voided: string[];
  reopened: ReadonlyMap<string, Step>;
}

/** applicationChanged for an application the caller's transaction holds. */
export async function heldApplicationChanged(
  held: HeldApplication,
  checks: ReadonlyMap<Step, StepCheck> = new Map(),
): Promise<ChangeOutcome> {
  const { trx, row: application } = held;
  const repository = lifecycleRepository(trx);
  const now = new Date();
  const voided = await repository.voidLive(application.id, now);
  const reopened = new Map<string, Step>();
  if (checks.size === 0 || application.status !== 'IN_PROGRESS') return { voided, reopened };
  const steps = stepNames();
  for (const applicant of await repository.applicantsOf(application.id)) {
    if (applicant.status !== 'NOT_SUBMITTED') continue;
    const at = stepIndex(applicant.current_step);
    for (const step of steps.slice(0, Math.max(at, 0))) {
      const check = checks.get(step);
      if (check && !(await check(trx, application, applicant))) {
        await repository.moveStep(applicant.id, steps.slice(stepIndex(step) + 1), step, now);
        reopened.set(applicant.id, step);
        break;
      }
    }
  }
  return { voided, reopened };
}

/** A new applicant of an application in progress, NOT_SUBMITTED at the first step; the live payment is voided. */
export function admitApplicant(
  executor: Executor,
  application: ApplicationRow,
  row: Omit<ApplicantRow, 'status' | 'current_step' | 'valid_until'>,
  lang: string,
): Promise<{ applicant: ApplicantRow; voided: string[] }> {
  return inTransaction(executor, async (trx) => {
    assertEditable(application, lang);
    const applicant: ApplicantRow = { ...row, status: 'NOT_SUBMITTED', current_step: firstStep(), valid_until: null };
    await lifecycleRepository(trx).insertApplicant(applicant);
    return { applicant, voided: await applicationChanged(trx, application.id) };
  });
}

/** Removes an applicant not yet submitted (answers, photos and documents cascade); the live payment is voided. */
export function removeApplicant(
  executor: Executor,
  application: ApplicationRow,
  applicant: ApplicantRow,
  lang: string,
): Promise<string[]> {
  return inTransaction(executor, async (trx) => {
    assertEditable(application, lang);
    assertApplicantEditable(applicant);
    const voided = await applicationChanged(trx, application.id);
    await lifecycleRepository(trx).deleteApplicant(applicant.id);
    return voided;
  });
}
