import { Button } from '@fluentui/react-components';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useHref, useNavigate, useSearchParams } from 'react-router-dom';
import { isBlockingStatus, SESSION_ERRORS, useCaptureSession, type CaptureType, type RouteFrom } from '@/api/capture';
import { queryKeys } from '@/api/query-keys';
import { APPLICATION_OVERVIEW, captureBiometricsPath, entryPath } from './capture-links';
import { CaptureOutcome } from './capture-outcome';
import { ButtonLink } from '@/ui/button-link';
import { Notice } from '@/ui/notice';
import { PageHeading } from '@/ui/page-heading';
import { ProblemPanel } from '@/engine/problem-panel';
import { useCaptureStyles } from './styles';

const SESSION_CODES: readonly string[] = Object.values(SESSION_ERRORS);

/**
 * /capture/image-capture-result: how the photo went. A rejected photo gets its reason and a retry; an accepted
 * one leads to the next photo, back to the application (routeFrom web) or back to the computer (mobile).
 */
export default function ImageCaptureResultPage() {
  const [params] = useSearchParams();
  const captureType: CaptureType = params.get('captureType') === 'passport' ? 'passport' : 'biometrics';
  const routeFrom: RouteFrom = params.get('routeFrom') === 'mobile' ? 'mobile' : 'web';
  const sessionIdentifier = params.get('sessionIdentifier') ?? '';
  const errorCode = params.get('errorCode') || undefined;
  const props = { captureType, routeFrom, sessionIdentifier };
  return params.get('status') === 'success' ? <Accepted {...props} /> : <Rejected {...props} errorCode={errorCode} />;
}

interface ResultProps {
  captureType: CaptureType;
  routeFrom: RouteFrom;
  sessionIdentifier: string;
}

function Accepted({ captureType, routeFrom, sessionIdentifier }: ResultProps) {
  const { t } = useTranslation('capture');
  const styles = useCaptureStyles();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const overviewHref = useHref(APPLICATION_OVERVIEW);
  const heading = <PageHeading>{t(`result.success.${captureType}`)}</PageHeading>;

  if (captureType === 'biometrics') {
    return (
      <div className={styles.wide}>
        {heading}
        <Notice tone="success">{t('start.selfieDone')}</Notice>
        <div className={styles.actions}>
          <ButtonLink
            to={entryPath('passport', sessionIdentifier, routeFrom)}
            appearance="primary"
            className={styles.fullWidthOnPhone}
          >
            {t('result.takePassport')}
          </ButtonLink>
          {routeFrom === 'web' && (
            <Link className={styles.link} to={captureBiometricsPath(sessionIdentifier)}>
              {t('result.backToPhotos')}
            </Link>
          )}
        </div>
      </div>
    );
  }
  if (routeFrom === 'mobile') {
    return (
      <div className={styles.wide}>
        {heading}
        <Notice tone="success">{t('result.allDoneMobile')}</Notice>
      </div>
    );
  }
  return (
    <div className={styles.wide}>
      {heading}
      <Notice tone="success">{t('result.allDoneWeb')}</Notice>
      {/* A form that opens the application's steps (a GET: nothing changes), so the button works without scripts. */}
      <form method="get" action={overviewHref} className={styles.actions}>
        <Button
          type="submit"
          appearance="primary"
          size="large"
          className={styles.fullWidthOnPhone}
          onClick={(event) => {
            event.preventDefault();
            // The overview reads the applicants' steps again, so the photo step shows as completed.
            void queryClient.invalidateQueries({ queryKey: queryKeys.applications.all });
            navigate(APPLICATION_OVERVIEW);
          }}
        >
          {t('result.continueApplication')}
        </Button>
      </form>
    </div>
  );
}

function Rejected({ captureType, routeFrom, sessionIdentifier, errorCode }: ResultProps & { errorCode?: string }) {
  const { t, i18n } = useTranslation('capture');
  const styles = useCaptureStyles();
  // The session says whether another attempt is possible and, after the last one, when to start again.
  const session = useCaptureSession(sessionIdentifier);
  const view = session.data;
  const signedIn = routeFrom === 'web';
  const heading = <PageHeading>{t('result.failure')}</PageHeading>;

  if (errorCode && (SESSION_CODES.includes(errorCode) || isBlockingStatus(errorCode))) {
    return (
      <div className={styles.wide}>
        {heading}
        <CaptureOutcome code={errorCode} retryAfter={view?.retryAfter} signedIn={signedIn} />
      </div>
    );
  }

  const reason =
    errorCode && i18n.exists(`capture:errors.${errorCode}`) ? t(`errors.${errorCode}`) : t('result.unknownError');
  if (view && isBlockingStatus(view.status)) {
    return (
      <div className={styles.wide}>
        {heading}
        <p className={styles.lead}>{reason}</p>
        <CaptureOutcome code={view.status} retryAfter={view.retryAfter} signedIn={signedIn} />
      </div>
    );
  }
  return (
    <div className={styles.wide}>
      {heading}
      <ProblemPanel message={reason}>
        {view && view.attemptsLeft > 0 && (
          <p className={styles.text}>{t('result.attemptsLeft', { count: view.attemptsLeft })}</p>
        )}
      </ProblemPanel>
      <div className={styles.actions}>
        <ButtonLink
          to={entryPath(captureType, sessionIdentifier, routeFrom)}
          appearance="primary"
          className={styles.fullWidthOnPhone}
        >
          {t('result.retry')}
        </ButtonLink>
        {routeFrom === 'web' && (
          <Link className={styles.link} to={captureBiometricsPath(sessionIdentifier)}>
            {t('result.backToPhotos')}
          </Link>
        )}
      </div>
    </div>
  );
}
