import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useActionData, useLoaderData } from 'react-router-dom';
import { useStartPayment } from '@/api/payments';
import { ApiError } from '@/api/request';
import { ProblemPanel } from '@/engine/problem-panel';
import { PostForm } from '@/ui/post-form';
import { newAttemptKey } from './format';
import { ATTEMPT_KEY_FIELD, PAY_ACTION } from './paths';
import type { PayActionData } from './payment-overview-action';
import type { PaymentOverviewLoaderData } from './payment-overview-loader';
import { usePaymentStyles } from './styles';
import { ActionButton } from '@/engine/action-button';

export interface PayButtonProps {
  applicationIdentifier: string;
  /** The total, written for the language, named on the button. */
  amount: string;
  /** Payment cannot start yet; the button stays focusable and names the explanation (`describedBy`). */
  blocked: boolean;
  describedBy?: string;
}

/**
 * Starts one payment attempt and sends the browser to the provider's page. A click while an attempt is under way (a
 * double click, an impatient second click) does nothing, so one click never makes two payments. Before (or without)
 * the page's scripts, Pay posts a form with the attempt's key the page came with (payment-overview-action.ts), which
 * the server answers with the provider's page. The scripts' first attempt uses that same key, so a press answered both
 * ways (one click taken by the scripts, the next posted by the browser) is still one payment; an attempt after a
 * failure, or after coming back to the page, takes a fresh key.
 */
export function PayButton({ applicationIdentifier, amount, blocked, describedBy }: PayButtonProps) {
  const { t, i18n } = useTranslation('payments');
  const styles = usePaymentStyles();
  const start = useStartPayment(applicationIdentifier);
  // A ref, not state: the second click of a double click arrives before React has re-rendered the button.
  const attempting = useRef(false);
  const [leaving, setLeaving] = useState(false);
  const attemptKey = (useLoaderData() as PaymentOverviewLoaderData | undefined)?.attemptKey ?? '';
  // The key of the next attempt: the page's own first (a fresh one made once, when the page came without one).
  const nextKey = useRef(attemptKey);
  if (!nextKey.current) nextKey.current = newAttemptKey();
  // Why a payment posted without scripts did not start.
  const sent = useActionData() as PayActionData | undefined;
  const [problem, setProblem] = useState<string | undefined>(sent?.problem);

  // Coming back with the browser's Back button may restore this page as it was left (back/forward cache):
  // the attempt is over by then, so the button works again.
  useEffect(() => {
    const onShow = (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      attempting.current = false;
      nextKey.current = newAttemptKey();
      setLeaving(false);
    };
    window.addEventListener('pageshow', onShow);
    return () => window.removeEventListener('pageshow', onShow);
  }, []);

  const pay = async () => {
    if (attempting.current || blocked) return;
    attempting.current = true;
    setProblem(undefined);
    try {
      const started = await start.mutateAsync({
        idempotencyKey: nextKey.current,
        language: i18n.resolvedLanguage ?? i18n.language,
      });
      setLeaving(true);
      window.location.assign(started.redirectUrl);
    } catch (failure) {
      attempting.current = false;
      nextKey.current = newAttemptKey();
      setProblem(
        failure instanceof ApiError
          ? (failure.errorBody?.error ?? t('page.overview.payFailed'))
          : t('page.overview.payFailed'),
      );
    }
  };

  return (
    <>
      {problem && <ProblemPanel message={problem} />}
      <PostForm className={styles.actions}>
        <input type="hidden" name={ATTEMPT_KEY_FIELD} value={attemptKey} />
        <ActionButton
          action={PAY_ACTION}
          onPress={() => void pay()}
          appearance="primary"
          className={styles.fullWidthOnPhone}
          disabledFocusable={blocked || leaving || start.isPending}
          aria-describedby={describedBy}
        >
          {leaving || start.isPending ? t('page.overview.paying') : t('page.overview.pay', { amount })}
        </ActionButton>
      </PostForm>
    </>
  );
}
