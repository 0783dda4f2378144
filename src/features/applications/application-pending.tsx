import { Spinner } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ProblemPanel } from '@/engine/problem-panel';
import { PageHeading } from '@/ui/page-heading';
import { errorBodyOf, errorCodeOf } from './api-errors';
import { usePageStyles } from '@/ui/page-styles';
import { PATHS } from '@/shared/route-paths';

/**
 * An application page whose application and applicants are not there yet: its heading with a spinner while they
 * load, or, when they could not be read, why (gone, or the API's message) and the way back to My applications.
 */
export function ApplicationPending({ titleKey, failure }: { titleKey: string; failure: unknown }) {
  const { t } = useTranslation('applications');
  const styles = usePageStyles();
  const heading = <PageHeading>{t(titleKey)}</PageHeading>;
  if (!failure) {
    return (
      <div className={styles.page}>
        {heading}
        <Spinner label={t('pages.common.loading')} />
      </div>
    );
  }
  const notFound = errorCodeOf(failure) === 'APPLICATION_NOT_FOUND';
  return (
    <div className={styles.page}>
      {heading}
      <ProblemPanel
        message={notFound ? t('pages.common.notFound') : (errorBodyOf(failure)?.error ?? t('pages.common.loadFailed'))}
      >
        <Link className={styles.link} to={PATHS.applicationsList}>
          {t('pages.common.goToApplications')}
        </Link>
      </ProblemPanel>
    </div>
  );
}
