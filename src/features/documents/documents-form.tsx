import { useIsMutating } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useActionData, useNavigate, useSearchParams } from 'react-router-dom';
import { resumeApplication } from '@/api/answers';
import { useDocumentChanges, type ApplicantDocuments, type DocumentTarget } from '@/api/documents';
import { resumePath } from '@/api/journey';
import { queryKeys } from '@/api/query-keys';
import { ErrorSummary, type SummaryError } from '@/engine/error-summary';
import { useReportFormErrors } from '@/engine/error-title';
import { ProblemPanel } from '@/engine/problem-panel';
import { ButtonLink } from '@/ui/button-link';
import { PostForm } from '@/ui/post-form';
import { Notice } from '@/ui/notice';
import { DocumentSection, inputIdOf } from './document-section';
import { DOCUMENT_ACTIONS, DOCUMENT_PARAMS, DONE_MESSAGES } from './documents-action-names';
import { codeOf, messageOf, missingByType } from './errors';
import type { DocumentsActionData } from './supporting-documents-action';
import { useDocumentStyles } from './styles';
import { PATHS } from '@/shared/route-paths';
import { ActionButton } from '@/engine/action-button';

export interface DocumentsFormProps {
  target: DocumentTarget;
  documents: ApplicantDocuments;
}

/**
 * The document types of one applicant, required ones first and the optional ones after (as the API lists them),
 * with one error summary for the page and Continue, which completes the step and goes on where the journey says.
 * Posted before (or without) the page's scripts, its forms come back with what the server said
 * (supporting-documents-action.ts): the refusals, or the change confirmed by the page's address (`done`, `file`).
 */
export function DocumentsForm({ target, documents }: DocumentsFormProps) {
  const { t } = useTranslation('documents');
  const styles = useDocumentStyles();
  const navigate = useNavigate();
  const changes = useDocumentChanges(target);
  const sent = useActionData() as DocumentsActionData | undefined;
  const [params] = useSearchParams();
  const doneKey = DONE_MESSAGES[params.get(DOCUMENT_PARAMS.done) ?? ''];
  const [errors, setErrors] = useState<Record<string, string>>(sent?.byType ?? {});
  const [problem, setProblem] = useState<string | undefined>(sent?.problem);
  const [done, setDone] = useState<string | undefined>(() =>
    !sent && doneKey ? t(doneKey, { name: params.get(DOCUMENT_PARAMS.file) ?? '' }) : undefined,
  );
  const replacing = params.get(DOCUMENT_PARAMS.replace) ?? undefined;
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
          refusedName={sent?.refused?.[requirement.documentType]}
          replacing={replacing}
          changes={changes}
          onProblem={onProblem}
          onDone={onDone}
        />
      ))}
      <PostForm className={styles.actions}>
        <ActionButton
          action={DOCUMENT_ACTIONS.continue}
          onPress={() => void onContinue()}
          appearance="primary"
          className={styles.continue}
          disabled={working > 0 || changes.complete.isPending}
        >
          {t('page.continue')}
        </ActionButton>
        <ButtonLink to={PATHS.applicationsList} appearance="secondary" className={styles.fullWidthOnPhone}>
          {t('page.later')}
        </ButtonLink>
      </PostForm>
    </>
  );
}
