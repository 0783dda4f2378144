import { Button, Field, Input, makeStyles, tokens } from '@fluentui/react-components';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useActionData, useSearchParams } from 'react-router-dom';
import { ErrorSummary } from '@/engine/error-summary';
import { ProblemPanel } from '@/engine/problem-panel';
import { Notice } from '@/ui/notice';
import { PageHeading } from '@/ui/page-heading';
import { usePageStyles } from '@/ui/page-styles';
import { PostForm } from '@/ui/post-form';
import { SIGN_IN_FIELDS, type StaffSignInData } from './sign-in-action';
import { SIGNED_OUT_PARAM } from './sign-out';
import { STAFF_RETURN_PARAM } from './staff-session';

const useStyles = makeStyles({
  fields: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  code: { maxWidth: '10em' },
});

const inputId = (name: string) => `staff-sign-in-${name}`;

/**
 * The staff's sign-in (`/staff/sign-in`): e-mail address, password and the authenticator app's code, posted to the
 * page's action, with or without scripts. Apart from the applicants' sign-in: staff accounts are the administrators'
 * to make (`npm run staff -- add`).
 */
export default function StaffSignInPage() {
  const { t } = useTranslation('staff');
  const page = usePageStyles();
  const styles = useStyles();
  const [search] = useSearchParams();
  const answered = useActionData() as StaffSignInData | undefined;
  const missing = answered?.missing ?? {};
  const summary = SIGN_IN_FIELDS.filter((name) => missing[name]).map((name) => ({
    path: name,
    message: missing[name]!,
    targetId: inputId(name),
  }));
  const summaryRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (summary.length > 0) summaryRef.current?.focus();
  }, [summary.length]);

  const field = (name: (typeof SIGN_IN_FIELDS)[number]) => ({
    label: { children: t(`signIn.${name}.label`), htmlFor: inputId(name) },
    ...(missing[name] ? { validationMessage: missing[name], validationState: 'error' as const } : {}),
  });

  return (
    <div className={page.page}>
      <PageHeading>{t('signIn.title')}</PageHeading>
      {search.has(SIGNED_OUT_PARAM) && !answered && <Notice tone="success">{t('signIn.signedOut')}</Notice>}
      {search.has(STAFF_RETURN_PARAM) && !answered && <Notice>{t('signIn.needed')}</Notice>}
      <ErrorSummary ref={summaryRef} errors={summary} />
      {answered?.problem && <ProblemPanel message={answered.problem} />}
      <p className={page.text}>{t('signIn.intro')}</p>
      <PostForm aria-label={t('signIn.title')} noValidate>
        <div className={styles.fields}>
          <Field {...field('email')}>
            <Input
              id={inputId('email')}
              name="email"
              type="email"
              autoComplete="username"
              spellCheck={false}
              defaultValue={answered?.email ?? ''}
            />
          </Field>
          <Field {...field('password')}>
            <Input id={inputId('password')} name="password" type="password" autoComplete="current-password" />
          </Field>
          <Field {...field('code')} hint={t('signIn.code.hint')}>
            <Input
              id={inputId('code')}
              className={styles.code}
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={16}
            />
          </Field>
        </div>
        <div className={page.actions}>
          <Button type="submit" appearance="primary">
            {t('signIn.submit')}
          </Button>
        </div>
      </PostForm>
    </div>
  );
}
