import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useActionData, useNavigate } from 'react-router-dom';
import { useCreateApplication, type CreateApplicationAnswers } from '@/api/applications';
import { setRouterContext } from '@/api/router-context';
import type { FormActionData } from '@/engine/form-action';
import { SchemaForm } from '@/engine/schema-form';
import type { FieldError } from '@/shared/api-types';
import { errorBodyOf } from './api-errors';
import { PageHeading } from '@/ui/page-heading';
import { ProblemPanel } from '@/engine/problem-panel';
import { usePageStyles } from '@/ui/page-styles';
import { PATHS } from '@/shared/route-paths';

/**
 * Starts an application: its type, explained in plain words, and who it is for; then on to the applicants. Sent before
 * (or without) the page's scripts, the page's action answers (create-application-action.ts).
 */
export default function CreateApplicationPage({ formId = 'create-application' }: { formId?: string }) {
  const { t } = useTranslation('applications');
  const styles = usePageStyles();
  const navigate = useNavigate();
  const create = useCreateApplication();
  // What the server said of the form when it was sent before the page's scripts ran.
  const sent = useActionData() as FormActionData | undefined;
  const [fieldErrors, setFieldErrors] = useState<FieldError[] | null>(sent?.errors.length ? sent.errors : null);
  const [problem, setProblem] = useState<string | undefined>(sent?.problem);

  const submit = async (answers: Record<string, unknown>) => {
    setProblem(undefined);
    setFieldErrors(null);
    try {
      const application = await create.mutateAsync(answers as unknown as CreateApplicationAnswers);
      setRouterContext({ applicationIdentifier: application.applicationIdentifier });
      navigate(PATHS.manageApplicants);
    } catch (error) {
      const body = errorBodyOf(error);
      if (body?.fields?.length) setFieldErrors(body.fields);
      else setProblem(body?.error ?? t('pages.create.failed'));
    }
  };

  return (
    <div className={styles.page}>
      <PageHeading>{t('create.title')}</PageHeading>
      {problem && <ProblemPanel message={problem} />}
      <p className={styles.lead}>{t('pages.create.lead')}</p>
      <h2 className={styles.h2}>{t('pages.create.typesTitle')}</h2>
      <h3 className={styles.h3}>{t('pages.create.etaTitle')}</h3>
      <p className={styles.text}>{t('pages.create.etaBody')}</p>
      <h3 className={styles.h3}>{t('pages.create.section11Title')}</h3>
      <p className={styles.text}>{t('pages.create.section11Body')}</p>
      <SchemaForm
        formId={formId}
        formData={sent?.answers}
        onSubmit={submit}
        serverErrors={fieldErrors}
        submitLabelKey="applications:pages.create.submit"
      />
    </div>
  );
}
