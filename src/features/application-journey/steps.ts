import { stepNamed } from '@/api/journey';

export { journeySteps, resumePath, stepHref, stepNamed, stepPosition, type JourneyStep } from '@/api/journey';

/** The path of the overview (the task list of every applicant). */
export const OVERVIEW_PATH = stepNamed('APPLICATION_FORM')?.path ?? '/applications/application';
