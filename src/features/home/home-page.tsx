import { makeStyles, mergeClasses, tokens, useFluent } from '@fluentui/react-components';
import {
  ArrowLeftRegular,
  ArrowRightRegular,
  BookOpenGlobeRegular,
  CameraRegular,
  MailRegular,
  PaymentRegular,
} from '@fluentui/react-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useAuth } from '@/api/auth/use-auth';
import { ButtonLink } from '@/ui/button-link';
import { NARROW } from '@/ui/media';
import { usePageStyles } from '@/ui/page-styles';
import { PATHS } from '@/shared/route-paths';

// The theme's md (900 px) breakpoint: from it the home page's cards sit side by side.
const MEDIUM_UP = '@media (min-width: 900px)';

const useStyles = makeStyles({
  title: {
    margin: `0 0 ${tokens.spacingVerticalL}`,
    maxWidth: '20em',
    fontSize: tokens.fontSizeHero900,
    lineHeight: tokens.lineHeightHero900,
    fontWeight: tokens.fontWeightSemibold,
    [NARROW]: { fontSize: tokens.fontSizeHero800, lineHeight: tokens.lineHeightHero800 },
  },
  lead: {
    margin: `0 0 ${tokens.spacingVerticalXXL}`,
    maxWidth: '38em',
    fontSize: tokens.fontSizeBase500,
    lineHeight: tokens.lineHeightBase500,
    color: tokens.colorNeutralForeground2,
  },
  start: {
    marginBottom: tokens.spacingVerticalXXXL,
    padding: tokens.spacingHorizontalXXL,
    maxWidth: '46em',
    backgroundColor: tokens.colorBrandBackground2,
    borderLeft: `6px solid ${tokens.colorBrandBackground}`,
    borderRadius: tokens.borderRadiusMedium,
    [NARROW]: { padding: tokens.spacingHorizontalL },
  },
  startBody: {
    margin: `${tokens.spacingVerticalS} 0 ${tokens.spacingVerticalL}`,
    fontSize: tokens.fontSizeBase400,
    lineHeight: tokens.lineHeightBase400,
  },
  actions: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: tokens.spacingHorizontalL,
  },
  grid: {
    display: 'grid',
    gridTemplateColumns: '1fr',
    gap: tokens.spacingVerticalXXL,
    [MEDIUM_UP]: { gridTemplateColumns: '2fr 1fr', columnGap: tokens.spacingHorizontalXXXL },
  },
  section: {
    marginBottom: tokens.spacingVerticalXXL,
  },
  h2: {
    margin: `0 0 ${tokens.spacingVerticalM}`,
    fontSize: tokens.fontSizeBase600,
    lineHeight: tokens.lineHeightBase600,
    fontWeight: tokens.fontWeightSemibold,
  },
  /** A comfortable line length for the page's paragraphs, in the wide grid's main column. */
  measure: { maxWidth: '40em' },
  needList: {
    listStyleType: 'none',
    margin: 0,
    padding: 0,
    display: 'grid',
    gap: tokens.spacingVerticalM,
  },
  needItem: {
    display: 'flex',
    alignItems: 'flex-start',
    gap: tokens.spacingHorizontalM,
    fontSize: tokens.fontSizeBase400,
    lineHeight: tokens.lineHeightBase500,
  },
  needIcon: {
    flexShrink: 0,
    fontSize: '28px',
    color: tokens.colorBrandForeground1,
  },
  aside: {
    alignSelf: 'start',
    padding: tokens.spacingHorizontalXL,
    borderTop: `4px solid ${tokens.colorBrandBackground}`,
    backgroundColor: tokens.colorNeutralBackground3,
  },
  link: {
    color: tokens.colorBrandForegroundLink,
    fontSize: tokens.fontSizeBase400,
    fontWeight: tokens.fontWeightMedium,
    textUnderlineOffset: '3px',
    ':hover': { textDecorationThickness: '2px', color: tokens.colorBrandForegroundLinkHover },
  },
});

function Section({ title, children }: { title: string; children: ReactNode }) {
  const styles = useStyles();
  return (
    <section className={styles.section}>
      <h2 className={styles.h2}>{title}</h2>
      {children}
    </section>
  );
}

/** Home: what an ETA is, who needs one, what to have at hand, how long it takes, and where to start. */
export default function HomePage() {
  const { t } = useTranslation('common');
  const styles = useStyles();
  const page = usePageStyles();
  const text = mergeClasses(page.text, styles.measure);
  const { loggedIn } = useAuth();
  // "Go on" points the way the page reads: to the left in a right-to-left language.
  const forward = useFluent().dir === 'rtl' ? <ArrowLeftRegular /> : <ArrowRightRegular />;

  const needs = [
    { key: 'passport', icon: <BookOpenGlobeRegular /> },
    { key: 'camera', icon: <CameraRegular /> },
    { key: 'card', icon: <PaymentRegular /> },
    { key: 'email', icon: <MailRegular /> },
  ];

  return (
    <>
      <h1 className={styles.title}>{t('home.title')}</h1>
      <p className={styles.lead}>{t('home.lead')}</p>

      <section className={styles.start} aria-labelledby="home-start">
        <h2 id="home-start" className={styles.h2}>
          {loggedIn ? t('home.start.loggedInTitle') : t('home.start.loggedOutTitle')}
        </h2>
        <p className={styles.startBody}>{loggedIn ? t('home.start.loggedInBody') : t('home.start.loggedOutBody')}</p>
        <div className={styles.actions}>
          {loggedIn ? (
            <>
              <ButtonLink to={PATHS.createApplication} appearance="primary" icon={forward} iconPosition="after">
                {t('home.start.apply')}
              </ButtonLink>
              <Link className={styles.link} to={PATHS.applicationsList}>
                {t('home.start.myApplications')}
              </Link>
            </>
          ) : (
            <>
              <ButtonLink to={PATHS.registrationWarning} appearance="primary" icon={forward} iconPosition="after">
                {t('home.start.register')}
              </ButtonLink>
              <ButtonLink to={PATHS.login} appearance="secondary">
                {t('home.start.login')}
              </ButtonLink>
            </>
          )}
        </div>
      </section>

      <div className={styles.grid}>
        <div>
          <Section title={t('home.what.title')}>
            <p className={text}>{t('home.what.body')}</p>
          </Section>
          <Section title={t('home.who.title')}>
            <p className={text}>{t('home.who.body')}</p>
            <p className={text}>{t('home.who.group')}</p>
          </Section>
          <Section title={t('home.need.title')}>
            <p className={text}>{t('home.need.intro')}</p>
            <ul className={styles.needList}>
              {needs.map((need) => (
                <li key={need.key} className={styles.needItem}>
                  <span className={styles.needIcon} aria-hidden="true">
                    {need.icon}
                  </span>
                  <span>{t(`home.need.${need.key}`)}</span>
                </li>
              ))}
            </ul>
          </Section>
          <Section title={t('home.time.title')}>
            <p className={text}>{t('home.time.apply')}</p>
            <p className={text}>{t('home.time.decision')}</p>
          </Section>
        </div>
        <aside className={styles.aside} aria-labelledby="home-help">
          <h2 id="home-help" className={styles.h2}>
            {t('home.help.title')}
          </h2>
          <p className={text}>{t('home.help.body')}</p>
          <Link className={styles.link} to={PATHS.faq}>
            {t('home.help.faqLink')}
          </Link>
        </aside>
      </div>
    </>
  );
}
