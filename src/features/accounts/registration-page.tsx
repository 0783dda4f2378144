import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { useRegister, type RegistrationAnswers } from '@/api/accounts';
import { setRouterContext } from '@/api/router-context';
import { SchemaForm } from '@/engine/schema-form';
import type { FieldError } from '@/shared/api-types';
import { usePageStyles } from '@/ui/page-styles';
import { errorBodyOf } from './api-errors';
import { PageHeading } from '@/ui/page-heading';
import { ProblemPanel } from '@/engine/problem-panel';
import { PATHS } from '@/shared/route-paths';

/** Registration (guest only): the registration form; on success the address goes to the router context. */
export default function RegistrationPage({ formId = 'registration' }: { formId?: string }) {
  const { t } = useTranslation('accounts');
  const styles = usePageStyles();
  const navigate = useNavigate();
  const register = useRegister();
  const [fieldErrors, setFieldErrors] = useState<FieldError[] | null>(null);
  const [problem, setProblem] = useState<string>();

  const submit = async (answers: Record<string, unknown>) => {
    setProblem(undefined);
    setFieldErrors(null);
    const registration = answers as unknown as RegistrationAnswers;
    try {
      await register.mutateAsync(registration);
    } catch (error) {
      const body = errorBodyOf(error);
      if (body?.fields?.length) setFieldErrors(body.fields);
      else if (body) setProblem(body.error);
      return;
    }
    setRouterContext({ email: registration.email.trim() });
    navigate(PATHS.emailConfirmation);
  };

  return (
    <div className={styles.page}>
      <PageHeading>{t('registration.title')}</PageHeading>
      <p className={styles.lead}>{t('registration.lead')}</p>
      {problem && <ProblemPanel message={problem} />}
      <SchemaForm
        formId={formId}
        onSubmit={submit}
        serverErrors={fieldErrors}
        submitLabelKey="accounts:registration.submit"
      >
        <p className={styles.links}>
          <span>
            {t('registration.haveProfile')}{' '}
            <Link className={styles.link} to={PATHS.login}>
              {t('registration.login')}
            </Link>
          </span>
        </p>
      </SchemaForm>
    </div>
  );
}
