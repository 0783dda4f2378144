import { useTranslation } from 'react-i18next';
import { ButtonLink } from '@/ui/button-link';
import { PageHeading } from '@/ui/page-heading';
import { usePageStyles } from '@/ui/page-styles';
import { PATHS } from '@/shared/route-paths';

interface DonePanelProps {
  /** Keys of the `accounts` texts: the heading, the sentence under it and the sign-in button. */
  titleKey: string;
  bodyKey: string;
  actionKey: string;
}

/** The end of an e-mail confirmation or a password reset: what happened, and the way on to sign in. */
export function DonePanel({ titleKey, bodyKey, actionKey }: DonePanelProps) {
  const { t } = useTranslation('accounts');
  const styles = usePageStyles();
  return (
    <div className={styles.page}>
      <div className={styles.panel}>
        <PageHeading focus>{t(titleKey)}</PageHeading>
      </div>
      <p className={styles.lead}>{t(bodyKey)}</p>
      <div className={styles.actions}>
        <ButtonLink to={PATHS.login} appearance="primary" className={styles.fullWidthOnPhone}>
          {t(actionKey)}
        </ButtonLink>
      </div>
    </div>
  );
}
