/**
 * The applicant's journey, as the route manifest's `steps` lists it (schemas/routes.manifest.json): the one list
 * the task list shows, the API enforces and every Continue follows. Each step is a form of the flow (`form`) or a
 * page that is not a form (`page`: photo capture, supporting documents, payment), served at `path`.
 */

import type { ResumeAnswer as ContractResumeAnswer } from '../contract';

/** One step of the journey. */
export interface JourneyStep {
  /** The step's name in the API (an applicant's `step`). */
  step: string;
  /** The route that serves the step. */
  path: string;
  /** i18n key of the step's name in the task list. */
  labelKey: string;
  /** The form whose answers make this step (a form step). */
  form?: string;
  /** The page registry's id of the page that serves a step that is not a form. */
  page?: string;
  /** A form step: i18n key of its page's heading (the step's name without it). */
  headingKey?: string;
  /** A form step: i18n key of its last page's button. */
  submitLabelKey?: string;
}

/**
 * The form steps the portal's code names, whatever else the manifest lists: the application form (the applicant's
 * facts are read from its answers, and its route is the task list) and the declarations. The manifest's check
 * (tools/catalogue/manifest-checks.ts) requires each, with its form.
 */
export const NAMED_FORM_STEPS = ['APPLICATION_FORM', 'DECLARATION'] as const;
export type NamedFormStep = (typeof NAMED_FORM_STEPS)[number];

/** A step the portal's code names, which the checked manifest always has. */
export function namedStep(steps: readonly JourneyStep[], name: NamedFormStep): JourneyStep & { form: string } {
  const step = steps.find((s) => s.step === name);
  if (!step?.form) throw new Error(`schemas/routes.manifest.json names no form step ${name} (npm run check:schemas)`);
  return step as JourneyStep & { form: string };
}

/** The steps of a route manifest, in order. */
export function stepsOf(manifest: unknown): JourneyStep[] {
  const steps = manifest && typeof manifest === 'object' ? (manifest as { steps?: unknown }).steps : undefined;
  return Array.isArray(steps) ? (steps as JourneyStep[]) : [];
}

/** The link to a step for one applicant. */
export function stepHref(step: Pick<JourneyStep, 'path'>, applicantIdentifier: string): string {
  return `${step.path}?applicantIdentifier=${encodeURIComponent(applicantIdentifier)}`;
}

/** What the resolver reads of the API's answer to "where does this application go on" (POST step/resume). */
export type ResumeAnswer = Pick<ContractResumeAnswer, 'step' | 'applicantIdentifier' | 'page'>;

/**
 * The one resume resolver: where Continue goes for the server's resume answer. The applicants page
 * (`applicantsPath`, where the applicants of an application are managed) while the application has none, else the
 * route of the step the server names, for that applicant.
 */
export function resumeHref(steps: readonly JourneyStep[], answer: ResumeAnswer, applicantsPath: string): string {
  const step = steps.find((s) => s.step === answer.step);
  if (!answer.applicantIdentifier || !step) return applicantsPath;
  return stepHref(step, answer.applicantIdentifier);
}
