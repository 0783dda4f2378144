import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { usePageStyles } from '@/ui/page-styles';
import { ButtonLink } from '@/ui/button-link';
import { PageHeading } from '@/ui/page-heading';
import { PATHS } from '@/shared/route-paths';

/** Before registering: what the service is, that it is the only official site, own e-mail, no cost. */
export default function RegistrationWarningPage() {
  const { t } = useTranslation('accounts');
  const styles = usePageStyles();
  return (
    <div className={styles.page}>
      <PageHeading>{t('registrationWarning.title')}</PageHeading>
      <p className={styles.lead}>{t('registrationWarning.lead')}</p>

      <h2 className={styles.h2}>{t('registrationWarning.officialTitle')}</h2>
      <p className={styles.text}>{t('registrationWarning.officialBody')}</p>
      <p className={styles.text}>{t('registrationWarning.noAgents')}</p>

      <h2 className={styles.h2}>{t('registrationWarning.emailTitle')}</h2>
      <p className={styles.text}>{t('registrationWarning.emailBody')}</p>

      <h2 className={styles.h2}>{t('registrationWarning.costTitle')}</h2>
      <p className={styles.text}>{t('registrationWarning.costBody')}</p>

      <div className={styles.actions}>
        <ButtonLink to={PATHS.registration} appearance="primary" className={styles.fullWidthOnPhone}>
          {t('registrationWarning.continue')}
        </ButtonLink>
      </div>
      <p className={styles.text}>
        {t('registrationWarning.haveProfile')}{' '}
        <Link className={styles.link} to={PATHS.login}>
          {t('registrationWarning.login')}
        </Link>
      </p>
    </div>
  );
}
