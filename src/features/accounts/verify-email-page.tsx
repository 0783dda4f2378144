import { Spinner } from '@fluentui/react-components';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useActionData, useSearchParams } from 'react-router-dom';
import { useVerifyEmail } from '@/api/accounts';
import { ActionButton } from '@/engine/action-button';
import { ProblemPanel } from '@/engine/problem-panel';
import { PostForm } from '@/ui/post-form';
import { usePageStyles } from '@/ui/page-styles';
import { PageHeading } from '@/ui/page-heading';
import { PATHS } from '@/shared/route-paths';
import { errorBodyOf } from './api-errors';
import { DonePanel } from './done-panel';
import { isWellFormedKey } from './reset-code';
import { ResendForm } from './resend-form';
import {
  CONFIRM_ACTION,
  refusedConfirmation,
  VERIFY_KEY_PARAM,
  type ConfirmOutcome,
  type VerifyEmailActionData,
} from './verify-email-data';

type View = { kind: 'ask'; problem?: string } | { kind: 'confirmed' } | { kind: 'invalid' };

/** What the page shows for an outcome of the button (here, or through the page's action without scripts). */
function viewOf(outcome: ConfirmOutcome): View {
  if (outcome.done === 'confirmed') return { kind: 'confirmed' };
  if (outcome.done === 'invalid') return { kind: 'invalid' };
  return { kind: 'ask', problem: outcome.problem };
}

/**
 * The view the page opens with: what its action answered to a form sent without scripts (the button, or the address
 * form of a new e-mail, which belongs to the link that did not work), else the button, unless the link's key cannot
 * be one.
 */
function firstView(answered: VerifyEmailActionData | undefined, authKey: string): View {
  if (answered?.pressed) {
    if (answered.done === 'confirmed' || answered.done === 'invalid') return viewOf({ done: answered.done });
    return viewOf({ problem: answered.problem ?? '' });
  }
  if (answered) return { kind: 'invalid' };
  return isWellFormedKey(authKey) ? { kind: 'ask' } : { kind: 'invalid' };
}

/**
 * /verify-email?authKey=...: the e-mailed link opens a page with one button, and the press confirms the address (a
 * mail scanner that fetches the link uses nothing up). With the page's scripts the button calls the API; before or
 * without them it posts to the page's action (verify-email-action.ts). Confirmed, the way on is to log in; a link
 * that does not work gets a way to ask for a new e-mail.
 */
export default function VerifyEmailPage() {
  const { t } = useTranslation('accounts');
  const styles = usePageStyles();
  const [params] = useSearchParams();
  const authKey = params.get(VERIFY_KEY_PARAM) ?? '';
  const answered = useActionData() as VerifyEmailActionData | undefined;
  const [view, setView] = useState<View>(() => firstView(answered, authKey));
  const verify = useVerifyEmail();
  // A key confirms once: a second press while the first is on its way would be told the key is spent.
  const pressed = useRef(false);

  const confirm = async () => {
    if (pressed.current) return;
    pressed.current = true;
    let outcome: ConfirmOutcome;
    try {
      await verify.mutateAsync({ authKey });
      outcome = { done: 'confirmed' };
    } catch (error) {
      outcome = refusedConfirmation(errorBodyOf(error), t('common:errorPage.body'));
    }
    // Refused for a reason other than the key (too many attempts, say): the button may be pressed again.
    pressed.current = outcome.problem === undefined;
    setView(viewOf(outcome));
  };

  if (view.kind === 'confirmed') {
    return (
      <DonePanel
        titleKey="verifyEmail.confirmedTitle"
        bodyKey="verifyEmail.confirmedBody"
        actionKey="verifyEmail.login"
      />
    );
  }

  if (view.kind === 'ask') {
    return (
      <div className={styles.page}>
        <PageHeading>{t('verifyEmail.title')}</PageHeading>
        {view.problem && <ProblemPanel message={view.problem} />}
        <p className={styles.lead}>{t('verifyEmail.lead')}</p>
        <PostForm>
          <div className={styles.actions}>
            <ActionButton
              action={CONFIRM_ACTION}
              onPress={() => void confirm()}
              appearance="primary"
              className={styles.fullWidthOnPhone}
              disabled={verify.isPending}
            >
              {t('verifyEmail.submit')}
            </ActionButton>
            {verify.isPending && <Spinner size="small" label={t('verifyEmail.checking')} />}
          </div>
        </PostForm>
      </div>
    );
  }

  return (
    <div className={styles.page}>
      <PageHeading focus>{t('verifyEmail.invalidTitle')}</PageHeading>
      <p className={styles.text}>{t('verifyEmail.invalidBody')}</p>
      <p className={styles.text}>{t('verifyEmail.askAgain')}</p>
      <ResendForm />
      <p className={styles.links}>
        <Link className={styles.link} to={PATHS.otp}>
          {t('verifyEmail.useCode')}
        </Link>
      </p>
    </div>
  );
}
