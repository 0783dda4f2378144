import { Navigate, useSearchParams } from 'react-router-dom';
import type { AnswerFormId } from '@/api/application-details';
import { journeySteps } from '@/api/journey';
import { useRouterContext } from '@/api/router-context';
import { AnswersStep } from './answers-step';
import { OVERVIEW_PATH } from './steps';

/**
 * The page of a form step that an editor added in the manifest alone (a route with `form` and no `page`):
 * `?applicantIdentifier=` names the applicant; the step's label is the heading; without an applicant, the overview.
 */
export default function StepFormPage({ formId }: { formId?: string }) {
  const { applicationIdentifier } = useRouterContext();
  const [params] = useSearchParams();
  const applicantIdentifier = params.get('applicantIdentifier')?.trim();
  const step = journeySteps.find((s) => s.form === formId);
  if (!formId || !step || !applicationIdentifier || !applicantIdentifier)
    return <Navigate to={OVERVIEW_PATH} replace />;
  return (
    <AnswersStep
      key={`${applicationIdentifier}/${applicantIdentifier}`}
      formId={formId as AnswerFormId}
      step={step.step}
      applicationIdentifier={applicationIdentifier}
      applicantIdentifier={applicantIdentifier}
      headingKey={step.labelKey}
      submitLabelKey="journey:form.submitStep"
    />
  );
}
