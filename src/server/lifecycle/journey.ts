import { APPLICATION_ERRORS, type Step, type StepState } from '../../shared/contract';
import { namedStep, stepsOf, type JourneyStep, type NamedFormStep } from '../../shared/forms/journey';
import type { ApplicantRow } from './tables';
import { ApiError } from '../errors';
import { translate } from '../i18n';
import { DEFAULT_SCHEMAS_DIR } from '../validation/schema-files';
import { readRouteManifest } from '../lib/route-manifest';

export type { Step, StepState };

let journey: { dir: string; steps: JourneyStep[] } | undefined;

/**
 * Reads the journey from the route manifest of a schemas folder (the server's SCHEMAS_DIR): the steps every
 * applicant goes through, in order. The manifest is the one list; the transitions enforce its order.
 */
export function loadJourney(dir: string): readonly JourneyStep[] {
  if (journey?.dir !== dir) {
    journey = { dir, steps: stepsOf(readRouteManifest(dir) as Parameters<typeof stepsOf>[0]) };
  }
  return journey.steps;
}

/** The steps of the journey in force (the repository's manifest until `loadJourney` names another folder). */
export function journeySteps(): readonly JourneyStep[] {
  return journey?.steps ?? loadJourney(DEFAULT_SCHEMAS_DIR);
}

/** The steps' names in order. */
export function stepNames(): string[] {
  return journeySteps().map((s) => s.step);
}

/**
 * The form a step of the journey is answered in (the manifest's `form` of that step): the application form's and the
 * declarations' ids are read here, never written in code.
 */
export function formOfStep(step: NamedFormStep): string {
  return namedStep(journeySteps(), step).form;
}

/** The step whose answers are the given form, if one is. */
export function stepOfForm(formId: string): JourneyStep | undefined {
  return journeySteps().find((s) => s.form === formId);
}

/** The forms the journey's steps are made of, in step order. */
export function journeyForms(): string[] {
  return journeySteps().flatMap((s) => (s.form ? [s.form] : []));
}

/** The first step of the journey (where a new applicant starts). */
export function firstStep(): Step {
  return stepNames()[0];
}

/** The last step of the journey (payment): an applicant on it has completed every earlier one. */
export function lastStep(): Step {
  const names = stepNames();
  return names[names.length - 1];
}

/** Position of a step in the flow (-1 for an unknown name). */
export function stepIndex(step: string): number {
  return stepNames().indexOf(step);
}

/** Each step with its state for an applicant whose furthest step is `current`. */
export function stepStates(current: string): { step: Step; state: StepState }[] {
  const at = stepIndex(current);
  return stepNames().map((step, i) => ({
    step,
    state: i < at ? 'COMPLETED' : i === at ? 'IN_PROGRESS' : 'CANNOT_START_YET',
  }));
}

/** The 409 answered when a call belongs to a step the applicant has not reached yet. */
export function stepNotReached(lang: string, current: string): ApiError {
  return new ApiError(409, APPLICATION_ERRORS.stepNotReached, 'applications:api.stepNotReached', {
    vars: { current: translate(lang, `applications:enums.step.${current}`) },
  });
}

/** Throws STEP_NOT_REACHED unless the applicant has reached `step` (earlier steps stay open for changes). */
export function assertStepReached(applicant: Pick<ApplicantRow, 'current_step'>, step: Step, lang: string): void {
  if (stepIndex(applicant.current_step) < stepIndex(step)) throw stepNotReached(lang, applicant.current_step);
}
