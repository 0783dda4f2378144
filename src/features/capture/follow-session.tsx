import { Button } from '@fluentui/react-components';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useActionData, useHref, useNavigate } from 'react-router-dom';
import { captureErrorCode, isBlockingStatus, isSessionGone, useCaptureSession } from '@/api/capture';
import { queryKeys } from '@/api/query-keys';
import { ButtonLink } from '@/ui/button-link';
import { Notice } from '@/ui/notice';
import { useHydrated } from '@/ui/use-hydrated';
import { APPLICATION_OVERVIEW, markCapturingHere } from './capture-links';
import { CaptureOutcome } from './capture-outcome';
import { CaptureProgress } from './capture-progress';
import { CaptureWays } from './capture-ways';
import { fileChosenIn, PhotoFilesForm } from './photo-files-form';
import type { PhotosActionData } from './send-photos';
import { SessionPending } from './session-pending';
import { useCaptureStyles } from './styles';

interface FollowSessionProps {
  sessionIdentifier: string;
  heading: ReactNode;
  /** Starts a new session (when the applicant is known); offered when this one can no longer be used. */
  onStartAgain?: () => void;
  /** The page that starts a new session, for Start again before (or without) the page's scripts. */
  startAgainHref?: string;
  startingAgain: boolean;
}

/**
 * Follows a capture session until both photos are taken, then returns to the application. Before (or without) the
 * page's scripts, which the camera and the phone need, the photos still needed are file inputs of one form; a file
 * chosen there before the scripts ran keeps that form, so it is sent rather than dropped.
 */
export function FollowSession({
  sessionIdentifier,
  heading,
  onStartAgain,
  startAgainHref,
  startingAgain,
}: FollowSessionProps) {
  const { t } = useTranslation('capture');
  const styles = useCaptureStyles();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const hydrated = useHydrated();
  const sent = useActionData() as PhotosActionData | undefined;
  const filesForm = useRef<HTMLFormElement>(null);
  const [filesChosenAhead, setFilesChosenAhead] = useState(false);
  useLayoutEffect(() => {
    if (fileChosenIn(filesForm.current)) setFilesChosenAhead(true);
  }, []);
  const overview = useHref(APPLICATION_OVERVIEW);
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
            {onStartAgain && startAgainHref ? (
              <Button
                as="a"
                href={startAgainHref}
                appearance="primary"
                size="large"
                className={styles.fullWidthOnPhone}
                disabledFocusable={startingAgain}
                onClick={(event) => {
                  event.preventDefault();
                  onStartAgain();
                }}
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
        {/* Without the page's scripts it does not move on by itself. */}
        {!hydrated && (
          <div className={styles.actions}>
            <Button as="a" href={overview} appearance="primary" size="large" className={styles.fullWidthOnPhone}>
              {t('result.continueApplication')}
            </Button>
          </div>
        )}
      </div>
    );
  }
  return (
    <div className={styles.wide}>
      {heading}
      {hydrated && !filesChosenAhead && <p className={styles.lead}>{t('captureBiometrics.lead')}</p>}
      {session.error && <Notice>{t('captureBiometrics.followFailed')}</Notice>}
      <CaptureProgress view={view} />
      {hydrated && !filesChosenAhead ? (
        <CaptureWays sessionIdentifier={sessionIdentifier} view={view} />
      ) : (
        <PhotoFilesForm ref={filesForm} view={view} sent={sent} />
      )}
    </div>
  );
}
