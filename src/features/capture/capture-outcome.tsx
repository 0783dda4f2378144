import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { isBlockingStatus, type BlockingStatus } from '@/api/capture';
import { APPLICATION_OVERVIEW } from './capture-links';
import { ProblemPanel } from '@/engine/problem-panel';
import { useCaptureStyles } from './styles';
import { PATHS } from '@/shared/route-paths';

/** Minutes until `retryAfter` (at least one), for "start again in N minutes". */
export function minutesUntil(retryAfter: string | undefined, now = Date.now()): number | undefined {
  if (!retryAfter) return undefined;
  const at = Date.parse(retryAfter);
  if (Number.isNaN(at)) return undefined;
  return Math.max(1, Math.ceil((at - now) / 60_000));
}

/** Links to the next step after a blocking outcome, where the traveller can act on it. */
function BlockedNextSteps({ status, signedIn }: { status: BlockingStatus; signedIn: boolean }) {
  const { t } = useTranslation('capture');
  const styles = useCaptureStyles();
  if (!signedIn) return null;
  const links: { to: string; label: string }[] = [];
  if (status === 'PASSPORT_COUNTRY_NOT_WHITELISTED')
    links.push({ to: PATHS.manageApplicants, label: t('captureBiometrics.checkApplicants') });
  if (status === 'OPEN_APPLICATION_EXISTS' || status === 'ACTIVE_ETA_VISA_EXISTS')
    links.push({ to: PATHS.applicationsList, label: t('captureBiometrics.myApplications') });
  links.push({ to: APPLICATION_OVERVIEW, label: t('captureBiometrics.backToApplication') });
  return (
    <ul className={styles.list}>
      {links.map((link) => (
        <li key={link.to}>
          <Link className={styles.link} to={link.to}>
            {link.label}
          </Link>
        </li>
      ))}
    </ul>
  );
}

interface CaptureOutcomeProps {
  /** A blocking status or a session error code (CAPTURE_SESSION_EXPIRED, ...). */
  code: string;
  retryAfter?: string;
  /** On the signed-in pages the next steps are links into the application; a phone is told to go back. */
  signedIn: boolean;
  children?: ReactNode;
}

/**
 * Why the photos cannot go on, in the traveller's words, with what to do next: one explanation for each
 * blocking outcome and for a link that expired, was replaced or is unknown.
 */
export function CaptureOutcome({ code, retryAfter, signedIn, children }: CaptureOutcomeProps) {
  const { t } = useTranslation('capture');
  const styles = useCaptureStyles();
  const group = isBlockingStatus(code) ? 'blocked' : 'session';
  const minutes = minutesUntil(retryAfter);
  const next =
    code === 'CAPTURE_RETRIES_EXCEEDED' && minutes !== undefined
      ? t('blocked.CAPTURE_RETRIES_EXCEEDED.next', { count: minutes })
      : code === 'CAPTURE_RETRIES_EXCEEDED'
        ? t('blocked.CAPTURE_RETRIES_EXCEEDED.nextLater')
        : t(`${group}.${code}.next`);
  return (
    <ProblemPanel title={t(`${group}.${code}.title`)} message={t(`${group}.${code}.message`)}>
      <p className={styles.text}>{next}</p>
      {isBlockingStatus(code) && <BlockedNextSteps status={code} signedIn={signedIn} />}
      {children}
    </ProblemPanel>
  );
}
