export {
  journeySteps,
  OVERVIEW_PATH,
  resumePath,
  stepHref,
  stepNamed,
  stepPosition,
  type JourneyStep,
} from '@/api/journey';

/** `_action` of the task list's Continue, posted to the task list's address without scripts. */
export const RESUME_ACTION = 'resume';

/** What the task list is shown again with when Continue, posted without scripts, failed. */
export interface ResumeActionData {
  resumeProblem: string;
}

/** The message the task list shows after a form step was saved without scripts: whose answers were saved. */
export interface SavedFlash {
  page: string;
  savedFor: string;
}
