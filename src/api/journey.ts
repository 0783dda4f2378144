import manifestJson from '@schemas/routes.manifest.json';
import { namedStep, resumeHref, stepHref, stepsOf, type JourneyStep, type ResumeAnswer } from '@/shared/forms/journey';
import { PATHS } from '@/shared/route-paths';

/** The applicant's journey the portal was built with (schemas/routes.manifest.json `steps`), in order. */
export const journeySteps: readonly JourneyStep[] = stepsOf(manifestJson);

/** Position of a step in the journey (-1 when unknown). */
export function stepPosition(step: string): number {
  return journeySteps.findIndex((s) => s.step === step);
}

/** The step of that name. */
export function stepNamed(step: string): JourneyStep | undefined {
  return journeySteps.find((s) => s.step === step);
}

/** Where every Continue goes for the API's resume answer: the route of the step it names, for that applicant. */
export function resumePath(answer: ResumeAnswer): string {
  return resumeHref(journeySteps, answer, PATHS.manageApplicants);
}

/**
 * The overview, the task list of every applicant: the route of the application form step, which shows it when no
 * applicant is named.
 */
export const OVERVIEW_PATH = namedStep(journeySteps, 'APPLICATION_FORM').path;

export { stepHref, type JourneyStep };
