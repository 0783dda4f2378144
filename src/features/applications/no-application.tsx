import { useTranslation } from 'react-i18next';
import { NextStepsPage } from '@/ui/next-steps-page';
import { usePageStyles } from '@/ui/page-styles';
import { PATHS } from '@/shared/route-paths';

/** What a step page shows when the router context names no application: where to go instead. */
export function NoApplication({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation('applications');
  const styles = usePageStyles();
  return (
    <NextStepsPage
      title={t(titleKey)}
      primary={{ to: PATHS.createApplication, label: t('pages.common.startNew') }}
      secondary={{ to: PATHS.applicationsList, label: t('pages.common.goToApplications') }}
    >
      <h2 className={styles.h2}>{t('pages.common.noApplicationTitle')}</h2>
      <p className={styles.text}>{t('pages.common.noApplicationBody')}</p>
    </NextStepsPage>
  );
}
