import { Spinner } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ProblemPanel } from '@/engine/problem-panel';
import { APPLICATION_OVERVIEW } from './capture-links';
import { messageOf } from './capture-errors';
import { useCaptureStyles } from './styles';

/** A capture session not yet at hand: being started or loaded, or why it could not be, with the way back. */
export function SessionPending({ heading, error }: { heading: ReactNode; error: unknown }) {
  const { t } = useTranslation('capture');
  const styles = useCaptureStyles();
  return (
    <div className={styles.wide}>
      {heading}
      {error ? (
        <ProblemPanel message={messageOf(error, t('captureBiometrics.followFailed'))}>
          <Link className={styles.link} to={APPLICATION_OVERVIEW}>
            {t('captureBiometrics.backToApplication')}
          </Link>
        </ProblemPanel>
      ) : (
        <Spinner label={t('captureBiometrics.starting')} />
      )}
    </div>
  );
}
