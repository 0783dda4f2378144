import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { useChangePassword, type ChangePasswordAnswers } from '@/api/accounts';
import { SchemaForm } from '@/engine/schema-form';
import type { FieldError } from '@/shared/api-types';
import { useAccountStyles } from './account-styles';
import { errorBodyOf } from './api-errors';
import { PageHeading } from './page-heading';
import { ProblemPanel } from '@/engine/problem-panel';
import type { ProfileState } from './profile-page';

/** /profile/change-password: the current password and a new pair; back to the profile, which says it worked. */
export default function ChangePasswordPage({ formId = 'change-password' }: { formId?: string }) {
  const { t } = useTranslation('accounts');
  const styles = useAccountStyles();
  const navigate = useNavigate();
  const change = useChangePassword();
  const [problem, setProblem] = useState<string>();
  const [fieldErrors, setFieldErrors] = useState<FieldError[] | null>(null);

  const submit = async (answers: Record<string, unknown>) => {
    setProblem(undefined);
    setFieldErrors(null);
    try {
      await change.mutateAsync(answers as unknown as ChangePasswordAnswers);
    } catch (error) {
      const body = errorBodyOf(error);
      if (body?.fields?.length) setFieldErrors(body.fields);
      else if (body) setProblem(body.error);
      return;
    }
    const state: ProfileState = { notice: 'passwordChanged' };
    navigate('/profile', { state });
  };

  return (
    <div className={styles.page}>
      <PageHeading>{t('changePassword.title')}</PageHeading>
      <p className={styles.lead}>{t('changePassword.lead')}</p>
      {problem && <ProblemPanel message={problem} />}
      <SchemaForm formId={formId} onSubmit={submit} serverErrors={fieldErrors} submitLabelKey="accounts:changePassword.submit">
        <p className={styles.links}>
          <Link className={styles.link} to="/profile">
            {t('changePassword.back')}
          </Link>
        </p>
      </SchemaForm>
    </div>
  );
}
