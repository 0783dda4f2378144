import { Button, Spinner } from '@fluentui/react-components';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import {
  captureErrorCode,
  isBlockingStatus,
  isSessionGone,
  photoOf,
  useCaptureAction,
  useCaptureSession,
  useStartCaptureSession,
  type CaptureSessionView,
  type CaptureStatus,
  type CaptureType,
} from '@/api/capture';
import { queryKeys } from '@/api/query-keys';
import { ApiError } from '@/api/request';
import { useRouterContext } from '@/api/router-context';
import {
  APPLICATION_OVERVIEW,
  captureBiometricsPath,
  entryPath,
  isCapturingHere,
  markCapturingHere,
  phoneAddress,
  phoneLink,
} from './capture-links';
import { CaptureOutcome } from './capture-outcome';
import { ButtonLink } from '@/ui/button-link';
import { Notice } from '@/ui/notice';
import { PageHeading } from '@/ui/page-heading';
import { ProblemPanel } from '@/engine/problem-panel';
import { QrCode } from './qr-code';
import { useCaptureStyles } from './styles';

const LINKING: readonly CaptureStatus[] = ['BIO_LINKING_PHONE', 'PASSPORT_LINKING_PHONE'];
const LINKED: readonly CaptureStatus[] = ['BIO_PHONE_LINKED', 'PASSPORT_PHONE_LINKED'];
const UNDER_WAY: readonly CaptureStatus[] = ['BIO_CAPTURE_STARTED', 'BIO_CAPTURE_COMPLETE', 'PASSPORT_CAPTURE_STARTED'];

/** The message of a failed call: the API's own words when it sent some. */
function messageOf(error: unknown, fallback: string): string {
  return error instanceof ApiError ? (error.errorBody?.error ?? fallback) : fallback;
}

/**
 * /capture/capture-biometrics: starts (or resumes) the capture session of one applicant and offers this
 * device's camera or a phone (QR code and link); follows the session and moves on by itself when done.
 */
export default function CaptureBiometricsPage() {
  const { t } = useTranslation('capture');
  const styles = useCaptureStyles();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const sessionIdentifier = params.get('sessionIdentifier') || undefined;
  const applicantIdentifier = params.get('applicantIdentifier') || undefined;
  const { applicationIdentifier } = useRouterContext();
  const start = useStartCaptureSession();
  const canStart = Boolean(applicationIdentifier && applicantIdentifier);

  const begin = () => {
    if (!applicationIdentifier || !applicantIdentifier) return;
    start.mutate(
      { applicationIdentifier, applicantIdentifier },
      {
        onSuccess: (session) =>
          navigate(captureBiometricsPath(session.sessionIdentifier, applicantIdentifier), { replace: true }),
      },
    );
  };

  // One session per visit: a reload keeps the identifier in the address and follows the same session.
  const asked = useRef(false);
  useEffect(() => {
    if (sessionIdentifier || asked.current || !canStart) return;
    asked.current = true;
    begin();
    // begin reads the same values this effect depends on.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [sessionIdentifier, canStart]);

  const heading = <PageHeading>{t('captureBiometrics.title')}</PageHeading>;

  if (!sessionIdentifier) {
    if (!canStart) {
      return (
        <div className={styles.wide}>
          {heading}
          <p className={styles.lead}>{t('captureBiometrics.noApplicant')}</p>
          <ButtonLink to={APPLICATION_OVERVIEW} appearance="primary" className={styles.fullWidthOnPhone}>
            {t('captureBiometrics.backToApplication')}
          </ButtonLink>
        </div>
      );
    }
    if (start.error) {
      return (
        <div className={styles.wide}>
          {heading}
          <ProblemPanel message={messageOf(start.error, t('captureBiometrics.followFailed'))}>
            <Link className={styles.link} to={APPLICATION_OVERVIEW}>
              {t('captureBiometrics.backToApplication')}
            </Link>
          </ProblemPanel>
        </div>
      );
    }
    return (
      <div className={styles.wide}>
        {heading}
        <Spinner label={t('captureBiometrics.starting')} />
      </div>
    );
  }

  return (
    <FollowSession
      key={sessionIdentifier}
      sessionIdentifier={sessionIdentifier}
      heading={heading}
      onStartAgain={canStart ? begin : undefined}
      startingAgain={start.isPending}
    />
  );
}

interface FollowSessionProps {
  sessionIdentifier: string;
  heading: React.ReactNode;
  /** Starts a new session (when the applicant is known); offered when this one can no longer be used. */
  onStartAgain?: () => void;
  startingAgain: boolean;
}

function FollowSession({ sessionIdentifier, heading, onStartAgain, startingAgain }: FollowSessionProps) {
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
  if (!session.data) {
    if (session.error) {
      return (
        <div className={styles.wide}>
          {heading}
          <ProblemPanel message={messageOf(session.error, t('captureBiometrics.followFailed'))}>
            <Link className={styles.link} to={APPLICATION_OVERVIEW}>
              {t('captureBiometrics.backToApplication')}
            </Link>
          </ProblemPanel>
        </div>
      );
    }
    return (
      <div className={styles.wide}>
        {heading}
        <Spinner label={t('captureBiometrics.starting')} />
      </div>
    );
  }

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
      <Progress view={view} />
      <Ways sessionIdentifier={sessionIdentifier} view={view} />
    </div>
  );
}

function Progress({ view }: { view: CaptureSessionView }) {
  const { t } = useTranslation('capture');
  const styles = useCaptureStyles();
  const current = photoOf(view);
  const stateOf = (photo: CaptureType) => {
    if (photo === 'biometrics') return current === 'passport' ? 'done' : 'next';
    return current === 'passport' ? 'next' : 'waiting';
  };
  const tagClass = { done: styles.tagDone, next: styles.tagNext, waiting: styles.tagWaiting } as const;
  return (
    <section aria-labelledby="capture-progress">
      <h2 id="capture-progress" className={styles.h2}>
        {t('captureBiometrics.progressHeading')}
      </h2>
      <ul className={styles.progress}>
        {(['biometrics', 'passport'] as const).map((photo) => {
          const state = stateOf(photo);
          return (
            <li key={photo} className={styles.progressItem}>
              <span>{t(`captureBiometrics.photo.${photo}`)}</span>
              <strong className={`${styles.tag} ${tagClass[state]}`}>
                {t(`captureBiometrics.photoState.${state}`)}
              </strong>
            </li>
          );
        })}
      </ul>
      <p className={styles.visuallyHidden} role="status">
        {t(`status.${view.status}`)}
      </p>
    </section>
  );
}

function Ways({ sessionIdentifier, view }: { sessionIdentifier: string; view: CaptureSessionView }) {
  const { t } = useTranslation('capture');
  const styles = useCaptureStyles();
  const action = useCaptureAction(sessionIdentifier);
  const [copied, setCopied] = useState(false);
  const photo = photoOf(view);
  const link = phoneLink(sessionIdentifier);
  const address = phoneAddress();
  // A capture under way that this tab did not start is a phone's.
  const phoneAtWork =
    LINKED.includes(view.status) || (UNDER_WAY.includes(view.status) && !isCapturingHere(sessionIdentifier));
  const showQr = LINKING.includes(view.status);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };

  return (
    <div className={styles.ways}>
      <section className={styles.way} aria-labelledby="way-this-device">
        <h2 id="way-this-device" className={styles.wayHeading}>
          {t('captureBiometrics.thisDeviceHeading')}
        </h2>
        <p className={styles.text}>{t('captureBiometrics.thisDeviceText')}</p>
        <ButtonLink
          to={entryPath(photo, sessionIdentifier, 'web')}
          appearance="primary"
          className={styles.fullWidthOnPhone}
        >
          {t(`captureBiometrics.useThisDevice.${photo}`)}
        </ButtonLink>
      </section>
      <section className={styles.way} aria-labelledby="way-phone">
        <h2 id="way-phone" className={styles.wayHeading}>
          {t('captureBiometrics.phoneHeading')}
        </h2>
        {!phoneAtWork && !address.reachable && (
          <Notice tone="warning">
            <p className={styles.noticeText}>{t('captureBiometrics.phoneUnreachable', { address: address.base })}</p>
            <p className={styles.noticeText}>{t('captureBiometrics.phoneUnreachableFix')}</p>
          </Notice>
        )}
        {!phoneAtWork && address.network && (
          <p className={styles.text}>{t('captureBiometrics.phoneNetwork', { address: address.base })}</p>
        )}
        {phoneAtWork ? (
          <Notice>{t('captureBiometrics.phoneLinked')}</Notice>
        ) : showQr ? (
          <>
            <p className={styles.text}>{t('captureBiometrics.phoneText')}</p>
            <QrCode className={styles.qr} text={link} label={t('captureBiometrics.qrLabel')} />
            <p className={styles.text}>{t('captureBiometrics.linkLabel')}</p>
            {/* Text to type on the phone, not a link: opened here it would link this computer instead. */}
            <p className={styles.phoneLink} data-testid="phone-link">
              {link}
            </p>
            <Button appearance="secondary" onClick={() => void copy()}>
              {t('captureBiometrics.copyLink')}
            </Button>
            <p className={styles.visuallyHidden} role="status">
              {copied ? t('captureBiometrics.copied') : ''}
            </p>
          </>
        ) : (
          <>
            <p className={styles.text}>{t('captureBiometrics.phoneText')}</p>
            {action.error && <ProblemPanel message={messageOf(action.error, t('result.unknownError'))} />}
            <Button
              appearance="secondary"
              size="large"
              className={styles.fullWidthOnPhone}
              disabled={action.isPending}
              onClick={() => {
                markCapturingHere(sessionIdentifier, false);
                action.mutate({ action: 'REQUEST_PHONE_LINK' });
              }}
            >
              {t('captureBiometrics.usePhone')}
            </Button>
          </>
        )}
        <p className={styles.text}>{t('captureBiometrics.autoMove')}</p>
      </section>
    </div>
  );
}
