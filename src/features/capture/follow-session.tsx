import { Button } from '@fluentui/react-components';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { captureErrorCode, isBlockingStatus, isSessionGone, useCaptureSession } from '@/api/capture';
import { queryKeys } from '@/api/query-keys';
import { ButtonLink } from '@/ui/button-link';
import { Notice } from '@/ui/notice';
import { APPLICATION_OVERVIEW, markCapturingHere } from './capture-links';
import { CaptureOutcome } from './capture-outcome';
import { CaptureProgress } from './capture-progress';
import { CaptureWays } from './capture-ways';
import { SessionPending } from './session-pending';
import { useCaptureStyles } from './styles';

interface FollowSessionProps {
  sessionIdentifier: string;
  heading: ReactNode;
  /** Starts a new session (when the applicant is known); offered when this one can no longer be used. */
  onStartAgain?: () => void;
  startingAgain: boolean;
}

/** Follows a capture session until both photos are taken, then returns to the application. */
export function FollowSession({ sessionIdentifier, heading, onStartAgain, startingAgain }: FollowSessionProps) {
  const { t } = useTranslation('capture');
  const styles = useCaptureStyles();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const session = useCaptureSession(sessionIdentifier, { follow: true });
  const status = session.data?.status;

  useEffect(() => {
    if (status !== 'PASSPORT_CAPTURE_COMPLETE') return;
    markCapturingHere(sessionIdentifier, false);
    void queryClient.invalidateQueries({ queryKey: queryKeys.applications.all });
    navigate(APPLICATION_OVERVIEW);
  }, [status, sessionIdentifier, navigate, queryClient]);

  const gone = session.error && isSessionGone(session.error) ? captureErrorCode(session.error) : undefined;
  if (gone) {
    return (
      <div className={styles.wide}>
        {heading}
        <CaptureOutcome code={gone} signedIn>
          <div className={styles.actions}>
            {onStartAgain ? (
              <Button
                appearance="primary"
                size="large"
                className={styles.fullWidthOnPhone}
                disabled={startingAgain}
                onClick={onStartAgain}
              >
                {t('captureBiometrics.startAgain')}
              </Button>
            ) : (
              <ButtonLink to={APPLICATION_OVERVIEW} appearance="primary" className={styles.fullWidthOnPhone}>
                {t('captureBiometrics.backToApplication')}
              </ButtonLink>
            )}
          </div>
        </CaptureOutcome>
      </div>
    );
  }
  if (!session.data) return <SessionPending heading={heading} error={session.error} />;

  const view = session.data;
  if (isBlockingStatus(view.status)) {
    return (
      <div className={styles.wide}>
        {heading}
        <CaptureOutcome code={view.status} retryAfter={view.retryAfter} signedIn />
      </div>
    );
  }
  if (view.status === 'PASSPORT_CAPTURE_COMPLETE') {
    return (
      <div className={styles.wide}>
        {heading}
        <Notice tone="success">{t('captureBiometrics.complete')}</Notice>
      </div>
    );
  }
  return (
    <div className={styles.wide}>
      {heading}
      <p className={styles.lead}>{t('captureBiometrics.lead')}</p>
      {session.error && <Notice>{t('captureBiometrics.followFailed')}</Notice>}
      <CaptureProgress view={view} />
      <CaptureWays sessionIdentifier={sessionIdentifier} view={view} />
    </div>
  );
}
