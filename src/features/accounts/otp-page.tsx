import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useVerifyEmail } from '@/api/accounts';
import { useRouterContext } from '@/api/router-context';
import { SchemaForm } from '@/engine/schema-form';
import type { FieldError } from '@/shared/api-types';
import { useAccountStyles } from './account-styles';
import { errorBodyOf } from './api-errors';
import { ButtonLink } from './button-link';
import { PageHeading } from './page-heading';
import { ProblemPanel } from '@/engine/problem-panel';
import { ResendEmail } from './resend-email';

const CODE_ERRORS = new Set(['CODE_INVALID', 'CODE_ATTEMPTS_EXCEEDED']);

/** /otp: the e-mailed 6-digit code, for users who cannot open the link on this device. */
export default function OtpPage({ formId = 'otp' }: { formId?: string }) {
  const { t } = useTranslation('accounts');
  const styles = useAccountStyles();
  const contextEmail = useRouterContext().email || undefined;
  const verify = useVerifyEmail();
  const [email, setEmail] = useState(contextEmail);
  const [confirmed, setConfirmed] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<FieldError[] | null>(null);
  const [problem, setProblem] = useState<string>();

  const submit = async (answers: Record<string, unknown>) => {
    setProblem(undefined);
    setFieldErrors(null);
    try {
      await verify.mutateAsync({ email: String(answers.email), code: String(answers.code) });
      setConfirmed(true);
    } catch (error) {
      const body = errorBodyOf(error);
      if (!body) return;
      if (body.fields?.length) setFieldErrors(body.fields);
      else if (CODE_ERRORS.has(body.code)) setFieldErrors([{ field: 'code', key: body.code, message: body.error }]);
      else setProblem(body.error);
    }
  };

  if (confirmed) {
    return (
      <div className={styles.page}>
        <div className={styles.panel}>
          <PageHeading focus>{t('verifyEmail.confirmedTitle')}</PageHeading>
        </div>
        <p className={styles.lead}>{t('verifyEmail.confirmedBody')}</p>
        <div className={styles.actions}>
          <ButtonLink to="/login" appearance="primary" className={styles.fullWidthOnPhone}>
            {t('verifyEmail.login')}
          </ButtonLink>
        </div>
      </div>
    );
  }

  return (
    <div className={styles.page}>
      <PageHeading>{t('otp.title')}</PageHeading>
      <p className={styles.lead}>{t('otp.lead')}</p>
      {problem && <ProblemPanel message={problem} />}
      <SchemaForm
        formId={formId}
        formData={contextEmail ? { email: contextEmail } : undefined}
        onChange={(answers) => setEmail(typeof answers.email === 'string' && answers.email.trim() ? answers.email.trim() : undefined)}
        onSubmit={submit}
        serverErrors={fieldErrors}
        submitLabelKey="accounts:otp.submit"
      />
      <h2 className={styles.h2}>{t('otp.newCodeTitle')}</h2>
      <p className={styles.text}>{t('otp.newCodeBody')}</p>
      <ResendEmail email={email} missingEmailKey="otp.missingEmail" />
    </div>
  );
}
