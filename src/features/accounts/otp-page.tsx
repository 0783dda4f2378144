import { useState } from 'react';
import { DonePanel } from './done-panel';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useVerifyEmail, useVerifyResetCode } from '@/api/accounts';
import { useAuth } from '@/api/auth/use-auth';
import { useRouterContext } from '@/api/router-context';
import { SchemaForm } from '@/engine/schema-form';
import type { FieldError } from '@/shared/api-types';
import { usePageStyles } from '@/ui/page-styles';
import { errorBodyOf } from './api-errors';
import { PageHeading } from '@/ui/page-heading';
import { ProblemPanel } from '@/engine/problem-panel';
import type { ChangePasswordState } from './reset-code';
import { ResendEmail } from './resend-email';
import { PATHS } from '@/shared/route-paths';
import { useAccountActionData } from './account-action-data';
import { CODE_ERRORS, sameAddress } from './one-time-code';

/** The id of the page's form, which its "Send the e-mail again" button sends without scripts (with the address). */
const OTP_FORM_ID = 'otp-form';

/**
 * /otp: the e-mailed 6-digit code, for users who cannot open the link on this device. Without a query it
 * confirms the e-mail address; with ?emailAction=RESET_PASSWORD it takes the password-reset code and goes on
 * to choose the new password: on /profile/change-password for the signed-in owner of the address (who stays
 * signed in), on /reset-password otherwise. Sent before (or without) the page's scripts, the form and its "Send the
 * e-mail again" are answered by the page's action (otp-action.ts).
 */
export default function OtpPage({ formId = 'otp' }: { formId?: string }) {
  const { t } = useTranslation('accounts');
  const styles = usePageStyles();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const resetMode = params.get('emailAction') === 'RESET_PASSWORD';
  const { loggedIn } = useAuth();
  const contextEmail = useRouterContext().email || undefined;
  const verify = useVerifyEmail();
  const verifyResetCode = useVerifyResetCode();
  const answered = useAccountActionData();
  const startAnswers = answered?.answers ?? (contextEmail ? { email: contextEmail } : undefined);
  const [email, setEmail] = useState(
    typeof startAnswers?.email === 'string' && startAnswers.email ? startAnswers.email : undefined,
  );
  const [confirmed, setConfirmed] = useState(answered?.done === 'confirmed');
  const [fieldErrors, setFieldErrors] = useState<FieldError[] | null>(answered?.errors.length ? answered.errors : null);
  const [problem, setProblem] = useState<string | undefined>(answered?.problem);

  const continueWithKey = (address: string, authKey: string) => {
    if (loggedIn && sameAddress(contextEmail, address)) {
      const state: ChangePasswordState = { resetKey: authKey };
      navigate(PATHS.changePassword, { state, replace: true });
    } else {
      navigate(`${PATHS.resetPassword}?authKey=${encodeURIComponent(authKey)}`, { replace: true });
    }
  };

  const submit = async (answers: Record<string, unknown>) => {
    setProblem(undefined);
    setFieldErrors(null);
    const entered = { email: String(answers.email).trim(), code: String(answers.code) };
    try {
      if (resetMode) {
        const { authKey } = await verifyResetCode.mutateAsync(entered);
        continueWithKey(entered.email, authKey);
      } else {
        await verify.mutateAsync(entered);
        setConfirmed(true);
      }
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
      <DonePanel
        titleKey="verifyEmail.confirmedTitle"
        bodyKey="verifyEmail.confirmedBody"
        actionKey="verifyEmail.login"
      />
    );
  }

  return (
    <div className={styles.page}>
      <PageHeading>{t('otp.title')}</PageHeading>
      <p className={styles.lead}>{t(resetMode ? 'otp.resetLead' : 'otp.lead')}</p>
      {problem && <ProblemPanel message={problem} />}
      <SchemaForm
        id={OTP_FORM_ID}
        formId={formId}
        formData={startAnswers}
        onChange={(answers) =>
          setEmail(typeof answers.email === 'string' && answers.email.trim() ? answers.email.trim() : undefined)
        }
        onSubmit={submit}
        serverErrors={fieldErrors}
        submitLabelKey={resetMode ? 'accounts:otp.resetSubmit' : 'accounts:otp.submit'}
      />
      <h2 className={styles.h2}>{t('otp.newCodeTitle')}</h2>
      <p className={styles.text}>{t('otp.newCodeBody')}</p>
      <ResendEmail
        email={email}
        missingEmailKey="otp.missingEmail"
        emailAction={resetMode ? 'RESET_PASSWORD' : 'VERIFY_EMAIL'}
        sentKey={resetMode ? 'resend.sentReset' : undefined}
        addressFormId={OTP_FORM_ID}
      />
    </div>
  );
}
