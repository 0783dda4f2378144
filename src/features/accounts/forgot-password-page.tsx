import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useRequestPasswordReset } from '@/api/accounts';
import { setRouterContext } from '@/api/router-context';
import { SchemaForm } from '@/engine/schema-form';
import type { FieldError } from '@/shared/api-types';
import { usePageStyles } from '@/ui/page-styles';
import { errorBodyOf } from './api-errors';
import { ButtonLink } from '@/ui/button-link';
import { PageHeading } from '@/ui/page-heading';
import { RESET_CODE_PATH } from './reset-code';
import { ProblemPanel } from '@/engine/problem-panel';
import { PATHS } from '@/shared/route-paths';

/** Forgotten password: asks for the address and always gives the same answer, account or not; the e-mail's link or code leads on. */
export default function ForgotPasswordPage({ formId = 'forgot-password' }: { formId?: string }) {
  const { t } = useTranslation('accounts');
  const styles = usePageStyles();
  const requestReset = useRequestPasswordReset();
  const [sent, setSent] = useState(false);
  const [problem, setProblem] = useState<string>();
  const [fieldErrors, setFieldErrors] = useState<FieldError[] | null>(null);

  const submit = async (answers: Record<string, unknown>) => {
    setProblem(undefined);
    setFieldErrors(null);
    try {
      const email = String(answers.email ?? '').trim();
      await requestReset.mutateAsync({ email });
      // The code page fills the address in from here.
      setRouterContext({ email });
      setSent(true);
    } catch (error) {
      const body = errorBodyOf(error);
      if (body?.fields?.length) setFieldErrors(body.fields);
      else if (body) setProblem(body.error);
    }
  };

  if (sent) {
    return (
      <div className={styles.page}>
        <PageHeading focus>{t('forgotPassword.sentTitle')}</PageHeading>
        <p className={styles.lead}>{t('forgotPassword.sent')}</p>
        <p className={styles.text}>{t('forgotPassword.sentExpiry')}</p>
        <p className={styles.text}>{t('forgotPassword.sentCode')}</p>
        <div className={styles.actions}>
          <ButtonLink to={RESET_CODE_PATH} appearance="secondary" className={styles.fullWidthOnPhone}>
            {t('forgotPassword.enterCode')}
          </ButtonLink>
        </div>
        <p className={styles.links}>
          <Link className={styles.link} to={PATHS.login}>
            {t('forgotPassword.backToLogin')}
          </Link>
        </p>
      </div>
    );
  }

  return (
    <div className={styles.page}>
      <PageHeading>{t('forgotPassword.title')}</PageHeading>
      <p className={styles.lead}>{t('forgotPassword.lead')}</p>
      {problem && <ProblemPanel message={problem} />}
      <SchemaForm
        formId={formId}
        onSubmit={submit}
        serverErrors={fieldErrors}
        submitLabelKey="accounts:forgotPassword.submit"
      >
        <p className={styles.links}>
          <Link className={styles.link} to={PATHS.login}>
            {t('forgotPassword.backToLogin')}
          </Link>
        </p>
      </SchemaForm>
    </div>
  );
}
