import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { WalletRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { PATHS } from '@/shared/route-paths';
import { usePageStyles } from '@/ui/page-styles';

const useStyles = makeStyles({
  root: {
    maxWidth: '36em',
    margin: '0 auto',
    padding: `${tokens.spacingVerticalXXL} 0`,
  },
  icon: { fontSize: '56px', color: tokens.colorBrandForeground1 },
  afterIcon: { marginTop: tokens.spacingVerticalM },
  text: {
    margin: `0 0 ${tokens.spacingVerticalL}`,
    fontSize: tokens.fontSizeBase400,
    lineHeight: tokens.lineHeightBase500,
  },
  links: {
    listStyleType: 'none',
    margin: `${tokens.spacingVerticalXL} 0 0`,
    padding: 0,
    display: 'flex',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalXL,
  },
  link: {
    color: tokens.colorBrandForegroundLink,
    fontSize: tokens.fontSizeBase400,
    fontWeight: tokens.fontWeightMedium,
    textUnderlineOffset: '3px',
    ':hover': { textDecorationThickness: '2px' },
  },
});

/** Shown (without header and footer) when the ETA could not be added to a digital wallet. */
export default function WalletErrorPage() {
  const { t } = useTranslation('common');
  const page = usePageStyles();
  const styles = useStyles();
  return (
    <div className={styles.root}>
      <WalletRegular className={styles.icon} aria-hidden="true" />
      <h1 className={mergeClasses(page.title, styles.afterIcon)}>{t('walletError.title')}</h1>
      <p className={styles.text}>{t('walletError.body')}</p>
      <p className={styles.text}>{t('walletError.next')}</p>
      <ul className={styles.links}>
        <li>
          <Link className={styles.link} to={PATHS.applicationsList}>
            {t('walletError.myApplications')}
          </Link>
        </li>
        <li>
          <Link className={styles.link} to={PATHS.home}>
            {t('walletError.home')}
          </Link>
        </li>
      </ul>
    </div>
  );
}
