import { useTranslation } from 'react-i18next';
import { ButtonLink } from '@/ui/button-link';
import { PageHeading } from '@/ui/page-heading';
import { useApplicationStyles } from './styles';
import { PATHS } from '@/shared/route-paths';

/** What a step page shows when the router context names no application: where to go instead. */
export function NoApplication({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation('applications');
  const styles = useApplicationStyles();
  return (
    <div className={styles.page}>
      <PageHeading>{t(titleKey)}</PageHeading>
      <h2 className={styles.h2}>{t('pages.common.noApplicationTitle')}</h2>
      <p className={styles.text}>{t('pages.common.noApplicationBody')}</p>
      <div className={styles.actions}>
        <ButtonLink to={PATHS.createApplication} appearance="primary" className={styles.fullWidthOnPhone}>
          {t('pages.common.startNew')}
        </ButtonLink>
        <ButtonLink to={PATHS.myApplications} appearance="secondary" className={styles.fullWidthOnPhone}>
          {t('pages.common.goToApplications')}
        </ButtonLink>
      </div>
    </div>
  );
}
