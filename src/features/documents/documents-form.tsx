import { Button } from '@fluentui/react-components';
import { useIsMutating } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { resumeApplication } from '@/api/application-details';
import { useDocumentChanges, type ApplicantDocuments, type DocumentTarget } from '@/api/documents';
import { resumePath } from '@/api/journey';
import { queryKeys } from '@/api/query-keys';
import { ErrorSummary, type SummaryError } from '@/engine/error-summary';
import { useReportFormErrors } from '@/engine/error-title';
import { ProblemPanel } from '@/engine/problem-panel';
import { ButtonLink } from '@/ui/button-link';
import { Notice } from '@/ui/notice';
import { DocumentSection, inputIdOf } from './document-section';
import { codeOf, messageOf, missingByType } from './errors';
import { useDocumentStyles } from './styles';
import { PATHS } from '@/shared/route-paths';

export interface DocumentsFormProps {
  target: DocumentTarget;
  documents: ApplicantDocuments;
}

/**
 * The document types of one applicant, required ones first and the optional ones after (as the API lists them),
 * with one error summary for the page and Continue, which completes the step and goes on where the journey says.
 */
export function DocumentsForm({ target, documents }: DocumentsFormProps) {
  const { t } = useTranslation('documents');
  const styles = useDocumentStyles();
  const navigate = useNavigate();
  const changes = useDocumentChanges(target);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string>();
  const [done, setDone] = useState<string>();
  const [focusSummary, setFocusSummary] = useState(0);
  const summary = useRef<HTMLDivElement>(null);
  const working = useIsMutating({
    mutationKey: queryKeys.documents.applicant(target.applicationIdentifier, target.applicantIdentifier),
  });

  const requirements = [...documents.requirements].sort((a, b) => Number(b.required) - Number(a.required));
  const summaryErrors: SummaryError[] = requirements
    .filter((r) => errors[r.documentType])
    .map((r) => ({ path: r.documentType, message: errors[r.documentType], targetId: inputIdOf(r.documentType) }));
  useReportFormErrors(summaryErrors.length > 0);
  // Focus moves to the summary each time a new problem is reported (GOV.UK), not when one is cleared.
  useEffect(() => {
    if (focusSummary > 0) summary.current?.focus();
  }, [focusSummary]);

  const onProblem = (documentType: string, message: string) => {
    setDone(undefined);
    setProblem(undefined);
    setErrors((current) => ({ ...current, [documentType]: message }));
    setFocusSummary((n) => n + 1);
  };
  const onDone = (documentType: string, message: string) => {
    setErrors(({ [documentType]: _cleared, ...rest }) => rest);
    setDone(message);
  };

  const onContinue = async () => {
    setDone(undefined);
    setProblem(undefined);
    let completed;
    try {
      completed = await changes.complete.mutateAsync();
    } catch (failure) {
      const missing = missingByType(failure);
      if (codeOf(failure) === 'DOCUMENTS_MISSING' && Object.keys(missing).length > 0) {
        setErrors(missing);
        setFocusSummary((n) => n + 1);
      } else {
        setErrors({});
        setProblem(messageOf(failure, t('page.continueFailed')));
      }
      return;
    }
    // Where the application goes on: the applicant furthest behind, else the payment. Should that question
    // fail, this applicant's own next step is still right.
    const resumed = await resumeApplication(target.applicationIdentifier);
    navigate(
      resumePath(
        resumed.success && resumed.data
          ? resumed.data
          : { step: completed.step, applicantIdentifier: completed.applicantIdentifier },
      ),
    );
  };

  return (
    <>
      {problem && <ProblemPanel message={problem} />}
      <ErrorSummary ref={summary} errors={summaryErrors} />
      {done && <Notice tone="success">{done}</Notice>}
      <p className={styles.lead}>{t('page.lead')}</p>
      {requirements.map((requirement) => (
        <DocumentSection
          key={requirement.documentType}
          requirement={requirement}
          reusable={documents.reusable}
          maxFileBytes={documents.maxFileBytes}
          acceptedTypes={documents.acceptedTypes}
          error={errors[requirement.documentType]}
          changes={changes}
          onProblem={onProblem}
          onDone={onDone}
        />
      ))}
      <div className={styles.actions}>
        <Button
          appearance="primary"
          size="large"
          className={styles.continue}
          disabled={working > 0 || changes.complete.isPending}
          onClick={() => void onContinue()}
        >
          {t('page.continue')}
        </Button>
        <ButtonLink to={PATHS.myApplications} appearance="secondary" className={styles.fullWidthOnPhone}>
          {t('page.later')}
        </ButtonLink>
      </div>
    </>
  );
}
