import { Button, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
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
import { preloadWhenIdle } from '@/ui/when-idle';
import { useMediaQuery } from './use-media-query';
import { PATHS } from '@/shared/route-paths';

/** The drawer (Fluent's dialog machinery) comes in its own chunk, preloaded once a narrow page is idle. */
export const siteMenuDrawer = lazyComponent(async () => (await import('./site-menu-drawer')).SiteMenuDrawer);

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
    [mediaUp('sm')]: { display: 'none' },
  },
  // Without scripts the menu is a disclosure the browser opens itself: the list drops below the brand bar.
  plainMenu: {
    marginInlineStart: 'auto',
    flexShrink: 0,
    [mediaUp('sm')]: { display: 'none' },
  },
  plainMenuSummary: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    minHeight: '40px',
    padding: `0 ${tokens.spacingHorizontalM}`,
    cursor: 'pointer',
    listStyleType: 'none',
    fontSize: tokens.fontSizeBase400,
    fontWeight: tokens.fontWeightSemibold,
    '::-webkit-details-marker': { display: 'none' },
    ':focus-visible': { outline: '3px solid #FFDD00', outlineOffset: '2px' },
  },
  plainMenuList: {
    position: 'absolute',
    insetInlineStart: 0,
    insetInlineEnd: 0,
    top: '100%',
    zIndex: 10,
    padding: tokens.spacingHorizontalL,
    color: tokens.colorNeutralForeground1,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow16,
  },
});

/** The class the menu button carries, by which a page without scripts hides it (see `PlainMenu`). */
const MENU_BUTTON_CLASS = 'site-menu-button';

/**
 * The menu of a page whose scripts are not running (they are switched off): the browser's own disclosure, and a
 * style that hides the button that opens the drawer. Rendered inside `<noscript>`, so a page with scripts never
 * shows it, not even before they run.
 */
function PlainMenu() {
  const { t } = useTranslation('common');
  const styles = useStyles();
  return (
    <noscript>
      <style>{`.${MENU_BUTTON_CLASS}{display:none!important}`}</style>
      <details className={styles.plainMenu}>
        <summary className={styles.plainMenuSummary}>
          <NavigationRegular aria-hidden="true" fontSize={20} />
          {t('nav.menuButton')}
        </summary>
        <SiteNav orientation="vertical" className={styles.plainMenuList} />
      </details>
    </noscript>
  );
}

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
          <PlainMenu />
          <Button
            className={mergeClasses(styles.menuButton, MENU_BUTTON_CLASS)}
            appearance="transparent"
            size="large"
            icon={<NavigationRegular />}
            aria-expanded={drawerOpen}
            aria-controls={drawerUsed ? 'site-menu-drawer' : undefined}
            onClick={() => setDrawerOpen(true)}
          >
            {t('nav.menuButton')}
          </Button>
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
