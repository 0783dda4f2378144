import { makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useSettings, type SettingKey } from '@/api/settings';
import { brandGreen, mediaUp } from '@/app/theme';

const useStyles = makeStyles({
  footer: {
    marginTop: 'auto',
    backgroundColor: brandGreen[10],
    color: '#FFFFFF',
    borderTop: `6px solid ${brandGreen[80]}`,
  },
  inner: {
    maxWidth: '1200px',
    margin: '0 auto',
    padding: `${tokens.spacingVerticalXXL} ${tokens.spacingHorizontalL}`,
    display: 'grid',
    gap: tokens.spacingVerticalXL,
    gridTemplateColumns: '1fr',
    [mediaUp('sm')]: { gridTemplateColumns: 'repeat(3, 1fr)', columnGap: tokens.spacingHorizontalXXL },
  },
  heading: {
    margin: `0 0 ${tokens.spacingVerticalS}`,
    fontSize: tokens.fontSizeBase400,
    lineHeight: tokens.lineHeightBase400,
    fontWeight: tokens.fontWeightSemibold,
  },
  list: {
    listStyleType: 'none',
    margin: 0,
    padding: 0,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
  },
  link: {
    color: '#FFFFFF',
    fontSize: tokens.fontSizeBase300,
    textUnderlineOffset: '3px',
    ':hover': { textDecorationThickness: '2px' },
  },
  service: {
    gridColumn: '1 / -1',
    margin: 0,
    paddingTop: tokens.spacingVerticalL,
    borderTop: `1px solid ${brandGreen[60]}`,
    fontSize: tokens.fontSizeBase200,
  },
});

interface FooterLink {
  setting: SettingKey;
  labelKey: string;
}

const groups: ReadonlyArray<{ id: string; headingKey: string; links: FooterLink[] }> = [
  {
    id: 'government',
    headingKey: 'footer.government',
    links: [
      { setting: 'DEPARTMENT_URL', labelKey: 'footer.department' },
      { setting: 'GOV_PORTAL_URL', labelKey: 'footer.governmentPortal' },
    ],
  },
  {
    id: 'useful',
    headingKey: 'footer.usefulLinks',
    links: [
      { setting: 'TERMS_URL', labelKey: 'footer.terms' },
      { setting: 'PAIA_URL', labelKey: 'footer.paia' },
    ],
  },
  {
    id: 'social',
    headingKey: 'footer.followUs',
    links: [
      { setting: 'FACEBOOK_URL', labelKey: 'footer.facebook' },
      { setting: 'X_URL', labelKey: 'footer.x' },
      { setting: 'YOUTUBE_URL', labelKey: 'footer.youtube' },
      { setting: 'INSTAGRAM_URL', labelKey: 'footer.instagram' },
    ],
  },
];

/** Footer: department and government portal, Terms of use and PAIA Manual, social media; targets from settings. */
export function Footer() {
  const { t } = useTranslation('common');
  const styles = useStyles();
  const settings = useSettings();

  return (
    <footer className={styles.footer} aria-label={t('footer.label')}>
      <div className={styles.inner}>
        {groups.map((group) => {
          // A link without a configured target is left out rather than shown dead.
          const links = group.links.filter((link) => Boolean(settings[link.setting]));
          if (links.length === 0) return null;
          const headingId = `footer-${group.id}`;
          return (
            <section key={group.id} aria-labelledby={headingId}>
              <h2 id={headingId} className={styles.heading}>
                {t(group.headingKey)}
              </h2>
              <ul className={styles.list}>
                {links.map((link) => (
                  <li key={link.setting}>
                    <a className={styles.link} href={settings[link.setting]}>
                      {t(link.labelKey)}
                    </a>
                  </li>
                ))}
              </ul>
            </section>
          );
        })}
        <p className={styles.service}>{t('serviceName')}</p>
      </div>
    </footer>
  );
}
