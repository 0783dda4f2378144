import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ProblemPanel } from '@/engine/problem-panel';
import { useJourneyStyles } from './journey-styles';
import { OVERVIEW_PATH } from './steps';

/** The link back to the applicant's step overview. */
export function BackToOverview() {
  const { t } = useTranslation('journey');
  const styles = useJourneyStyles();
  return (
    <Link className={`${styles.link} ${styles.back}`} to={OVERVIEW_PATH}>
      {t('form.backToOverview')}
    </Link>
  );
}

/** Said when the step asked for cannot be opened yet, with the way to the overview. */
export function StepNotReached({ message }: { message: string }) {
  const { t } = useTranslation('journey');
  const styles = useJourneyStyles();
  return (
    <ProblemPanel title={t('form.stepNotReachedTitle')} message={[message]}>
      <Link className={styles.link} to={OVERVIEW_PATH}>
        {t('form.goToOverview')}
      </Link>
    </ProblemPanel>
  );
}
