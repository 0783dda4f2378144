import { useTranslation } from 'react-i18next';
import { useRouterContext } from '@/api/router-context';
import { usePageStyles } from '@/ui/page-styles';
import { ButtonLink } from '@/ui/button-link';
import { PageHeading } from '@/ui/page-heading';
import { ResendEmail } from './resend-email';
import { ResendForm } from './resend-form';
import { PATHS } from '@/shared/route-paths';

/** After registration: a link and a code were sent; resend them, or go and enter the code. */
export default function EmailConfirmationPage() {
  const { t } = useTranslation('accounts');
  const styles = usePageStyles();
  const email = useRouterContext().email || undefined;
  return (
    <div className={styles.page}>
      <PageHeading>{t('emailConfirmation.title')}</PageHeading>
      <p className={styles.lead}>
        {email ? (
          <>
            {t('emailConfirmation.sentTo')} <span className={styles.strong}>{email}</span>
          </>
        ) : (
          t('emailConfirmation.sentToUnknown')
        )}
      </p>
      <p className={styles.text}>{t('emailConfirmation.contains')}</p>
      <p className={styles.inset}>{t('emailConfirmation.expiry')}</p>
      <div className={styles.actions}>
        <ButtonLink to={PATHS.otp} appearance="primary" className={styles.fullWidthOnPhone}>
          {t('emailConfirmation.enterCode')}
        </ButtonLink>
      </div>

      <h2 className={styles.h2}>{t('resend.title')}</h2>
      <p className={styles.text}>{t('resend.body')}</p>
      {email ? <ResendEmail email={email} /> : <ResendForm />}
    </div>
  );
}
