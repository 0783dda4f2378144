import { Button, makeStyles, tokens } from '@fluentui/react-components';
import { NavigationRegular } from '@fluentui/react-icons';
import { Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { useSettings } from '@/api/settings';
import { brandGreen, mediaDown, mediaUp } from '@/app/theme';
import { Emblem } from './emblem';
import { LanguageSwitcher } from './language-switcher';
import { SiteNav } from './site-nav';
import { useSwipeDrawer } from './swipe';
import { lazyComponent } from '@/ui/lazy-component';
import { preloadWhenIdle } from '@/ui/idle-modules';
import { useMediaQuery } from './use-media-query';
import { PATHS } from '@/shared/route-paths';
import { MAIN_CONTENT_ID } from '@/shared/rendered-page';

/** The drawer (Fluent's dialog machinery) comes in its own chunk, preloaded once a narrow page is idle. */
export const siteMenuDrawer = lazyComponent(async () => (await import('./site-menu-drawer')).SiteMenuDrawer, {
  idle: 'siteMenuDrawer',
});

const useStyles = makeStyles({
  utility: {
    backgroundColor: brandGreen[10],
    color: '#FFFFFF',
    fontSize: tokens.fontSizeBase200,
  },
  utilityInner: {
    maxWidth: '1200px',
    margin: '0 auto',
    padding: `0 ${tokens.spacingHorizontalL}`,
    minHeight: '40px',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalM,
  },
  utilityLinks: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalL,
    listStyleType: 'none',
    margin: 0,
    padding: 0,
    [mediaDown('sm')]: { display: 'none' },
  },
  utilityLink: {
    color: '#FFFFFF',
    textUnderlineOffset: '3px',
    ':hover': { textDecorationThickness: '2px' },
  },
  language: { marginInlineStart: 'auto' },
  brandBar: {
    position: 'relative',
    backgroundColor: brandGreen[80],
    color: '#FFFFFF',
    borderBottom: `6px solid ${brandGreen[40]}`,
  },
  brandInner: {
    maxWidth: '1200px',
    margin: '0 auto',
    padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalL}`,
    display: 'flex',
    alignItems: 'center',
    flexWrap: 'wrap',
    columnGap: tokens.spacingHorizontalXXL,
    rowGap: tokens.spacingVerticalS,
    // Below 600 px the name and the menu button share one row; the name wraps instead of the button.
    [mediaDown('sm')]: { flexWrap: 'nowrap', columnGap: tokens.spacingHorizontalM },
  },
  home: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
    color: '#FFFFFF',
    textDecorationLine: 'none',
    fontSize: tokens.fontSizeBase500,
    fontWeight: tokens.fontWeightSemibold,
    lineHeight: tokens.lineHeightBase500,
    ':hover': { textDecorationLine: 'underline', textDecorationThickness: '2px', textUnderlineOffset: '4px' },
    minWidth: 0,
    [mediaDown('sm')]: { fontSize: tokens.fontSizeBase400, lineHeight: tokens.lineHeightBase300 },
  },
  emblem: { flexShrink: 0, display: 'inline-flex' },
  desktopNav: {
    marginInlineStart: 'auto',
    [mediaDown('sm')]: { display: 'none' },
  },
  menuButton: {
    marginInlineStart: 'auto',
    flexShrink: 0,
    color: '#FFFFFF',
    // White on the brand bar in every state (Fluent's transparent button turns its text brand-coloured on hover).
    ':hover': { color: '#FFFFFF', backgroundColor: brandGreen[70] },
    ':hover:active': { color: '#FFFFFF', backgroundColor: brandGreen[60] },
    [mediaUp('sm')]: { display: 'none' },
  },
  // Until the page's scripts run (or when they never do), Menu is a link to the menu below the brand bar, which the
  // browser shows while the address ends in its fragment (`:target`); once they run, Menu opens the drawer instead.
  plainMenu: {
    display: 'none',
    position: 'absolute',
    insetInlineStart: 0,
    insetInlineEnd: 0,
    top: '100%',
    zIndex: 10,
    padding: tokens.spacingHorizontalL,
    color: tokens.colorNeutralForeground1,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow16,
    // Following the link keeps the page where it is instead of scrolling the menu to the top of the window.
    scrollMarginTop: '100vh',
    ':target': { display: 'block' },
    [mediaUp('sm')]: { ':target': { display: 'none' } },
  },
  plainMenuClose: {
    display: 'inline-block',
    marginTop: tokens.spacingVerticalS,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    color: tokens.colorBrandForegroundLink,
    fontSize: tokens.fontSizeBase400,
  },
});

/** The fragment of the menu shown without the drawer (the Menu link's target). */
const PLAIN_MENU_ID = 'site-menu';

/** Header: department links, language, service name linking home, and the menu (a drawer below 600 px). */
export function Header() {
  const { t } = useTranslation('common');
  const styles = useStyles();
  const settings = useSettings();
  const location = useLocation();
  const narrow = useMediaQuery(mediaDown('sm').replace('@media ', ''));
  const [drawerOpen, setDrawerOpen] = useState(false);
  // The drawer (a Fluent Dialog inside) adds focus sentinels to the page even while closed, so it is
  // mounted on first opening only and stays mounted afterwards for its closing animation.
  const [drawerUsed, setDrawerUsed] = useState(false);
  if (drawerOpen && !drawerUsed) setDrawerUsed(true);
  const drawerRef = useRef<HTMLDivElement>(null);

  useSwipeDrawer({
    open: drawerOpen,
    enabled: narrow,
    onOpen: () => setDrawerOpen(true),
    onClose: () => setDrawerOpen(false),
    getDrawerElement: () => drawerRef.current,
  });

  // A route change (also by back/forward) closes the drawer; it only ever covers the page it was opened on.
  useEffect(() => {
    setDrawerOpen(false);
  }, [location.pathname]);

  // Widening the window past the breakpoint leaves no menu button to close the drawer with.
  useEffect(() => {
    if (!narrow) setDrawerOpen(false);
    else preloadWhenIdle(siteMenuDrawer);
  }, [narrow]);

  const departmentLinks = [
    { key: 'department', href: settings.DEPARTMENT_URL, label: t('header.department') },
    { key: 'portal', href: settings.GOV_PORTAL_URL, label: t('header.governmentPortal') },
  ].filter((link) => Boolean(link.href));

  return (
    <header>
      <div className={styles.utility}>
        <div className={styles.utilityInner}>
          {departmentLinks.length > 0 && (
            <ul className={styles.utilityLinks} aria-label={t('header.serviceLinks')}>
              {departmentLinks.map((link) => (
                <li key={link.key}>
                  <a className={styles.utilityLink} href={link.href}>
                    {link.label}
                  </a>
                </li>
              ))}
            </ul>
          )}
          <LanguageSwitcher className={styles.language} />
        </div>
      </div>
      <div className={styles.brandBar}>
        <div className={styles.brandInner}>
          <Link to={PATHS.home} className={styles.home} aria-label={t('header.homeLink')}>
            <span className={styles.emblem}>
              <Emblem />
            </span>
            <span>{t('serviceName')}</span>
          </Link>
          <SiteNav orientation="horizontal" className={styles.desktopNav} />
          <Button
            as="a"
            href={`#${PLAIN_MENU_ID}`}
            role="button"
            className={styles.menuButton}
            appearance="transparent"
            size="large"
            icon={<NavigationRegular />}
            aria-expanded={drawerOpen}
            aria-controls={drawerUsed ? 'site-menu-drawer' : undefined}
            onClick={(event) => {
              event.preventDefault();
              setDrawerOpen(true);
            }}
          >
            {t('nav.menuButton')}
          </Button>
        </div>
        <div id={PLAIN_MENU_ID} className={styles.plainMenu}>
          <SiteNav orientation="vertical" />
          <a href={`#${MAIN_CONTENT_ID}`} className={styles.plainMenuClose}>
            {t('nav.closeMenu')}
          </a>
        </div>
      </div>
      {drawerUsed && (
        <Suspense fallback={null}>
          <siteMenuDrawer.Component
            ref={drawerRef}
            open={drawerOpen}
            onOpenChange={setDrawerOpen}
            departmentLinks={departmentLinks}
          />
        </Suspense>
      )}
    </header>
  );
}
