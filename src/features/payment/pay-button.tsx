import { Button } from '@fluentui/react-components';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStartPayment } from '@/api/payments';
import { ApiError } from '@/api/request';
import { ProblemPanel } from '@/engine/problem-panel';
import { newAttemptKey } from './format';
import { usePaymentStyles } from './styles';

export interface PayButtonProps {
  applicationIdentifier: string;
  /** The total, written for the language, named on the button. */
  amount: string;
  /** Payment cannot start yet; the button stays focusable and names the explanation (`describedBy`). */
  blocked: boolean;
  describedBy?: string;
}

/**
 * Starts one payment attempt and sends the browser to the provider's page. Each attempt has a fresh idempotency
 * key, and a click while an attempt is under way (a double click, an impatient second click) does nothing, so one
 * click never makes two payments.
 */
export function PayButton({ applicationIdentifier, amount, blocked, describedBy }: PayButtonProps) {
  const { t, i18n } = useTranslation('payments');
  const styles = usePaymentStyles();
  const start = useStartPayment(applicationIdentifier);
  // A ref, not state: the second click of a double click arrives before React has re-rendered the button.
  const attempting = useRef(false);
  const [leaving, setLeaving] = useState(false);
  const [problem, setProblem] = useState<string>();

  // Coming back with the browser's Back button may restore this page as it was left (back/forward cache):
  // the attempt is over by then, so the button works again.
  useEffect(() => {
    const onShow = (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      attempting.current = false;
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
        idempotencyKey: newAttemptKey(),
        language: i18n.resolvedLanguage ?? i18n.language,
      });
      setLeaving(true);
      window.location.assign(started.redirectUrl);
    } catch (failure) {
      attempting.current = false;
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
      <div className={styles.actions}>
        <Button
          appearance="primary"
          size="large"
          className={styles.fullWidthOnPhone}
          disabledFocusable={blocked || leaving || start.isPending}
          aria-describedby={describedBy}
          onClick={() => void pay()}
        >
          {leaving || start.isPending ? t('page.overview.paying') : t('page.overview.pay', { amount })}
        </Button>
      </div>
    </>
  );
}
