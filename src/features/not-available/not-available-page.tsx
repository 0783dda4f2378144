import { makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { PATHS } from '@/shared/route-paths';
import { ButtonLink } from '@/ui/button-link';
import { usePageStyles } from '@/ui/page-styles';

const useStyles = makeStyles({
  root: {
    maxWidth: '36em',
    margin: '0 auto',
    padding: `${tokens.spacingVerticalXXL} 0`,
    textAlign: 'center',
  },
  text: {
    margin: `0 0 ${tokens.spacingVerticalXL}`,
    fontSize: tokens.fontSizeBase400,
    lineHeight: tokens.lineHeightBase500,
  },
});

/** Rendered for a route that exists in the manifest but whose screen has not been built yet. */
export default function NotAvailablePage() {
  const { t } = useTranslation('common');
  const page = usePageStyles();
  const styles = useStyles();
  return (
    <div className={styles.root}>
      <h1 className={page.title}>{t('notAvailable.title')}</h1>
      <p className={styles.text}>{t('notAvailable.body')}</p>
      <ButtonLink to={PATHS.home} appearance="primary">
        {t('notAvailable.homeButton')}
      </ButtonLink>
    </div>
  );
}
