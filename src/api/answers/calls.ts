import {
  API_PATHS,
  type ApplicationDetails,
  type ResumeAnswer,
  type SaveResult,
  type StepAnswers,
} from '@/shared/contract';
import type { ApiResult } from '@/shared/api-types';
import { namedStep } from '@/shared/forms/journey';
import { journeySteps } from '../journey';
import { productRequest, type CallOptions } from '../request';
import type { AnswersTarget, SaveBody } from './types';

/** The calls that load and save one applicant's answers of the journey's forms. */

const enc = encodeURIComponent;

/** GET one applicant's saved answers of both forms (the application form starts from the applicant's facts). */
export function loadApplicantDetails(
  applicationIdentifier: string,
  applicantIdentifier: string,
  call: CallOptions = {},
) {
  return productRequest<ApplicationDetails>({
    method: 'GET',
    path: `${API_PATHS.applicationDetails}/${enc(applicationIdentifier)}`,
    query: { applicantIdentifier },
    ...call,
  });
}

/** POST step/resume: the applicant furthest behind, their step and, for the form steps, the page to open. */
export function resumeApplication(applicationIdentifier: string, call: CallOptions = {}) {
  return productRequest<ResumeAnswer>({
    method: 'POST',
    path: `${API_PATHS.applications}/${enc(applicationIdentifier)}/step/resume`,
    ...call,
  });
}

/** GET one applicant's answers of one form step and where to start, in one call. */
export function loadStepAnswers(target: AnswersTarget, call: CallOptions = {}) {
  return productRequest<StepAnswers>({
    method: 'GET',
    path: `${API_PATHS.applications}/${enc(target.applicationIdentifier)}/answers/${enc(target.formId)}`,
    query: { applicantIdentifier: target.applicantIdentifier },
    ...call,
  });
}

/**
 * PUT answers of one form for one applicant: the specification's calls for the application form
 * (application-details) and the declarations, the generic answers call for every other form step.
 */
export function saveAnswers(
  target: AnswersTarget,
  body: SaveBody,
  call: CallOptions = {},
): Promise<ApiResult<SaveResult>> {
  // The steps' forms as the route manifest names them.
  if (target.formId === namedStep(journeySteps, 'DECLARATION').form) {
    return productRequest<SaveResult>({
      method: 'PUT',
      path: API_PATHS.declarations,
      body: {
        applicationIdentifier: target.applicationIdentifier,
        applicantIdentifier: target.applicantIdentifier,
        ...body,
      },
      ...call,
    });
  }
  if (target.formId === namedStep(journeySteps, 'APPLICATION_FORM').form) {
    return productRequest<SaveResult>({
      method: 'PUT',
      path: `${API_PATHS.applicationDetails}/${enc(target.applicationIdentifier)}`,
      body: { applicantIdentifier: target.applicantIdentifier, ...body },
      ...call,
    });
  }
  return productRequest<SaveResult>({
    method: 'PUT',
    path: `${API_PATHS.applications}/${enc(target.applicationIdentifier)}/answers/${enc(target.formId)}`,
    body: { applicantIdentifier: target.applicantIdentifier, ...body },
    ...call,
  });
}
