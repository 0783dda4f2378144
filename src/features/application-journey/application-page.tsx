import { useSearchParams } from 'react-router-dom';
import type { AnswerFormId } from '@/api/application-details';
import { useRouterContext } from '@/api/router-context';
import { AnswersStep } from './answers-step';
import { ApplicationOverview } from './overview';

/**
 * /applications/application: without an applicant, the steps of every applicant of the application in the
 * router context; with `?applicantIdentifier=`, that applicant's application form.
 */
export default function ApplicationPage({ formId = 'application-form' }: { formId?: string }) {
  const { applicationIdentifier } = useRouterContext();
  const [params] = useSearchParams();
  const applicantIdentifier = params.get('applicantIdentifier')?.trim();
  if (!applicationIdentifier || !applicantIdentifier)
    return <ApplicationOverview applicationIdentifier={applicationIdentifier} />;
  return (
    <AnswersStep
      key={`${applicationIdentifier}/${applicantIdentifier}`}
      formId={formId as AnswerFormId}
      step="APPLICATION_FORM"
      applicationIdentifier={applicationIdentifier}
      applicantIdentifier={applicantIdentifier}
      headingKey="journey:form.applicationHeading"
      submitLabelKey="journey:form.submitApplication"
    />
  );
}
