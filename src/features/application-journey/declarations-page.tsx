import { Navigate, useSearchParams } from 'react-router-dom';
import { useRouterContext } from '@/api/router-context';
import { AnswersStep } from './answers-step';
import { OVERVIEW_PATH } from './steps';

/** /applications/declarations?applicantIdentifier=...: that applicant's declarations; without one, the overview. */
export default function DeclarationsPage() {
  const { applicationIdentifier } = useRouterContext();
  const [params] = useSearchParams();
  const applicantIdentifier = params.get('applicantIdentifier')?.trim();
  if (!applicationIdentifier || !applicantIdentifier) return <Navigate to={OVERVIEW_PATH} replace />;
  return (
    <AnswersStep
      key={`${applicationIdentifier}/${applicantIdentifier}`}
      formId="declarations"
      step="DECLARATION"
      applicationIdentifier={applicationIdentifier}
      applicantIdentifier={applicantIdentifier}
      headingKey="journey:form.declarationsHeading"
      submitLabelKey="journey:form.submitDeclarations"
    />
  );
}
