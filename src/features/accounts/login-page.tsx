import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useActionData, useLocation, useNavigate } from 'react-router-dom';
import { clearSessionEnded, hasSessionEnded, useLogin } from '@/api/accounts';
import { useAuth } from '@/api/auth/use-auth';
import { returnParamOf, safeReturnPath, sessionEndedParam } from '@/api/safe-redirect';
import type { FormActionData } from '@/engine/form-action';
import { SchemaForm } from '@/engine/schema-form';
import type { FieldError } from '@/shared/api-types';
import { usePageStyles } from '@/ui/page-styles';
import { errorBodyOf } from './api-errors';
import { Notice } from '@/ui/notice';
import { PageHeading } from '@/ui/page-heading';
import { ProblemPanel } from '@/engine/problem-panel';
import { ResendEmail } from './resend-email';
import { PATHS } from '@/shared/route-paths';

/** Router state /login may receive: where to return (set by the auth guard) and why the user is here. */
export interface LoginState {
  from?: string;
  notice?: 'sessionExpired';
}

type Problem = { message: string; unverifiedEmail?: string };

/** Log in (guest only): e-mail and password; then back to where the user was sent from, or the profile. */
export default function LoginPage({ formId = 'login' }: { formId?: string }) {
  const { t } = useTranslation('accounts');
  const styles = usePageStyles();
  const location = useLocation();
  const navigate = useNavigate();
  const { signIn } = useAuth();
  const login = useLogin();
  // What the server said of the form, when it was sent before the page's scripts ran (login-action.ts).
  const sent = useActionData() as FormActionData | undefined;
  const [problem, setProblem] = useState<Problem | undefined>(
    sent?.problem
      ? {
          message: sent.problem,
          unverifiedEmail: sent.code === 'EMAIL_NOT_VERIFIED' ? String(sent.answers.email ?? '') : undefined,
        }
      : undefined,
  );
  const [fieldErrors, setFieldErrors] = useState<FieldError[] | null>(sent?.errors.length ? sent.errors : null);
  const [sessionExpired] = useState(
    () =>
      (location.state as LoginState | null)?.notice === 'sessionExpired' ||
      // Sent here by the server when the session ran out while the page had no scripts.
      sessionEndedParam(location.search) ||
      hasSessionEnded(),
  );
  useEffect(() => clearSessionEnded(), []);

  const submit = async (answers: Record<string, unknown>) => {
    const email = String(answers.email ?? '').trim();
    setProblem(undefined);
    setFieldErrors(null);
    try {
      const result = await login.mutateAsync({ email, password: String(answers.password ?? '') });
      signIn(result);
      navigate(safeReturnPath(location.state) ?? returnParamOf(location.search) ?? PATHS.profile, { replace: true });
    } catch (error) {
      const body = errorBodyOf(error);
      if (!body) return;
      if (body.fields?.length) setFieldErrors(body.fields);
      // The API's message for wrong credentials names neither field, so nothing is marked on the form.
      else setProblem({ message: body.error, unverifiedEmail: body.code === 'EMAIL_NOT_VERIFIED' ? email : undefined });
    }
  };

  return (
    <div className={styles.page}>
      <PageHeading>{t('login.title')}</PageHeading>
      {sessionExpired && !problem && <Notice>{t('login.sessionExpired')}</Notice>}
      {problem && (
        <ProblemPanel message={problem.message}>
          {problem.unverifiedEmail && <ResendEmail email={problem.unverifiedEmail} />}
        </ProblemPanel>
      )}
      <p className={styles.lead}>{t('login.lead')}</p>
      <SchemaForm
        formId={formId}
        formData={sent?.answers}
        onSubmit={submit}
        serverErrors={fieldErrors}
        submitLabelKey="accounts:login.submit"
      >
        <p className={styles.links}>
          <Link className={styles.link} to={PATHS.forgotPassword}>
            {t('login.forgotPassword')}
          </Link>
          <span>
            {t('login.noProfile')}{' '}
            <Link className={styles.link} to={PATHS.registrationWarning}>
              {t('login.register')}
            </Link>
          </span>
        </p>
      </SchemaForm>
    </div>
  );
}
