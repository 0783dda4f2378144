import { useSearchParams } from 'react-router-dom';
import type { AnswerFormId } from '@/api/answers';
import { journeySteps } from '@/api/journey';
import { useRouterContext } from '@/api/router-context';
import { AnswersStep } from './answers-step';
import { ApplicationOverview } from './overview';

/** The button of a form step's last page when the manifest names none (`submitLabelKey`). */
const DEFAULT_SUBMIT_KEY = 'journey:form.submitStep';

/**
 * The page of every form step of the journey (a manifest route whose `form` a step names, served without a `page` of
 * its own): `?applicantIdentifier=` names the applicant, whose answers it shows, page by page at the form's page
 * addresses; without an applicant, the task list of every applicant of the application in the router context. The
 * heading and the last button are the step's (`headingKey`, `submitLabelKey`), else its name.
 */
export default function StepFormPage({ formId }: { formId?: string }) {
  const { applicationIdentifier } = useRouterContext();
  const [params] = useSearchParams();
  const applicantIdentifier = params.get('applicantIdentifier')?.trim();
  const step = journeySteps.find((s) => s.form === formId);
  if (!formId || !step || !applicationIdentifier || !applicantIdentifier)
    return <ApplicationOverview applicationIdentifier={applicationIdentifier} />;
  return (
    <AnswersStep
      key={`${applicationIdentifier}/${applicantIdentifier}`}
      formId={formId as AnswerFormId}
      step={step.step}
      applicationIdentifier={applicationIdentifier}
      applicantIdentifier={applicantIdentifier}
      headingKey={step.headingKey ?? step.labelKey}
      submitLabelKey={step.submitLabelKey ?? DEFAULT_SUBMIT_KEY}
    />
  );
}
