import { useEffect, useEffectEvent, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useHref, useLoaderData, useNavigate, useSearchParams } from 'react-router-dom';
import { useStartCaptureSession } from '@/api/capture';
import { ApiError } from '@/api/request';
import { useRouterContext } from '@/api/router-context';
import { ButtonLink } from '@/ui/button-link';
import { PageHeading } from '@/ui/page-heading';
import type { CaptureStartLoaderData } from './capture-biometrics-loader';
import { APPLICATION_OVERVIEW, captureBiometricsPath } from './capture-links';
import { FollowSession } from './follow-session';
import { SessionPending } from './session-pending';
import { useCaptureStyles } from './styles';
import { PATHS } from '@/shared/route-paths';

/**
 * /capture/capture-biometrics: starts (or resumes) the capture session of one applicant and offers this
 * device's camera or a phone (QR code and link); follows the session and moves on by itself when done. Opened
 * from the server, the session is started there (capture-biometrics-loader.ts) and the page comes with it.
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
  const loaded = useLoaderData() as CaptureStartLoaderData | null | undefined;
  const startFailed = loaded?.startFailed
    ? new ApiError({ success: false, status: loaded.startFailed.status, error: loaded.startFailed.error as string })
    : undefined;
  const startAgainHref = useHref(`${PATHS.captureBiometrics}?applicantIdentifier=${applicantIdentifier ?? ''}`);

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
  const beginOnce = useEffectEvent(() => {
    if (sessionIdentifier || asked.current || !canStart || startFailed) return;
    asked.current = true;
    begin();
  });
  useEffect(() => beginOnce(), [sessionIdentifier, canStart]);

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
    return <SessionPending heading={heading} error={start.error ?? startFailed} />;
  }

  return (
    <FollowSession
      key={sessionIdentifier}
      sessionIdentifier={sessionIdentifier}
      heading={heading}
      onStartAgain={canStart ? begin : undefined}
      startAgainHref={startAgainHref}
      startingAgain={start.isPending}
    />
  );
}
