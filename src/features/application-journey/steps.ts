import manifestJson from '../../../schemas/routes.manifest.json';

/** One step of the application's step flow, as the route manifest lists it. */
export interface JourneyStep {
  step: string;
  path: string;
  labelKey: string;
}

// Features may not import the router, so the step flow is read from the manifest file itself.
/** The steps in the flow's order, each with its route and name (schemas/routes.manifest.json `steps`). */
export const journeySteps: readonly JourneyStep[] = (manifestJson as { steps?: JourneyStep[] }).steps ?? [];

/** Position of a step in the flow (-1 when unknown). */
export function stepPosition(step: string): number {
  return journeySteps.findIndex((s) => s.step === step);
}

/** The step of that name. */
export function stepNamed(step: string): JourneyStep | undefined {
  return journeySteps.find((s) => s.step === step);
}

/** The link to a step for one applicant. */
export function stepHref(step: JourneyStep, applicantIdentifier: string): string {
  return `${step.path}?applicantIdentifier=${encodeURIComponent(applicantIdentifier)}`;
}

/** The path of the overview (the task list of every applicant). */
export const OVERVIEW_PATH = stepNamed('APPLICATION_FORM')?.path ?? '/applications/application';
