import { FALLBACK_LANGUAGE } from '../../../shared/languages';
import { stepIndex, stepNames, stepNotReached, type Step } from '../journey';
import { lifecycleRepository } from '../repository';
import type { ApplicantRow } from '../tables';
import { assertHeldEditable, heldApplicant, inTransaction, type Executor, type HeldApplication } from './held';

// The transitions of an applicant's steps: one completed, or one reopened.

/**
 * Marks `step` done for an applicant: when it is the applicant's current step, the next step becomes current.
 * Completing a step already passed changes nothing; completing one not reached yet throws STEP_NOT_REACHED. The
 * last step (payment) ends with the submission instead. Guard: the application is in progress and the applicant
 * not submitted. Answers the applicant's current step afterwards.
 */
export function completeStep(
  executor: Executor,
  applicantId: string,
  step: Step,
  lang = FALLBACK_LANGUAGE,
): Promise<Step> {
  return inTransaction(executor, async (trx) => {
    const { held, applicant } = await heldApplicant(trx, applicantId, lang);
    return completeHeldStep(held, applicant, step, lang);
  });
}

/**
 * completeStep for an applicant of a held application, as read in its transaction after the application was taken.
 */
export async function completeHeldStep(
  held: HeldApplication,
  applicant: ApplicantRow,
  step: Step,
  lang = FALLBACK_LANGUAGE,
): Promise<Step> {
  assertHeldEditable(held, applicant, lang);
  const current = applicant.current_step;
  const at = stepIndex(current);
  const done = stepIndex(step);
  if (done > at) throw stepNotReached(lang, current);
  const steps = stepNames();
  if (done < at || done === steps.length - 1) return current;
  const next = steps[done + 1];
  // Moved only from the step completed, so that two concurrent completions advance once.
  await lifecycleRepository(held.trx).moveStep(applicant.id, [step], next, new Date());
  return next;
}

/** Sends an applicant back to `step` when they had gone past it (what completed it is no longer complete). */
export function reopenStep(
  executor: Executor,
  applicantId: string,
  step: Step,
  lang = FALLBACK_LANGUAGE,
): Promise<void> {
  return inTransaction(executor, async (trx) => {
    const { held, applicant } = await heldApplicant(trx, applicantId, lang);
    await reopenHeldStep(held, applicant, step, lang);
  });
}

/**
 * reopenStep for an applicant of a held application, as read in its transaction after the application was taken:
 * answers the applicant's current step afterwards.
 */
export async function reopenHeldStep(
  held: HeldApplication,
  applicant: ApplicantRow,
  step: Step,
  lang = FALLBACK_LANGUAGE,
): Promise<Step> {
  assertHeldEditable(held, applicant, lang);
  const later = stepNames().slice(stepIndex(step) + 1);
  if (!later.includes(applicant.current_step)) return applicant.current_step;
  await lifecycleRepository(held.trx).moveStep(applicant.id, later, step, new Date());
  return step;
}
