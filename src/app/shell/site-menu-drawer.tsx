import {
  Button,
  DrawerBody,
  DrawerHeader,
  DrawerHeaderTitle,
  makeStyles,
  OverlayDrawer,
  tokens,
} from '@fluentui/react-components';
import { DismissRegular } from '@fluentui/react-icons';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { SiteNav } from './site-nav';
import { DRAWER_WIDTH_RATIO } from './swipe';

const useStyles = makeStyles({
  drawer: {
    width: `${DRAWER_WIDTH_RATIO * 100}vw`,
    maxWidth: `${DRAWER_WIDTH_RATIO * 100}vw`,
  },
  drawerLinks: {
    listStyleType: 'none',
    margin: `${tokens.spacingVerticalL} 0 0`,
    padding: `${tokens.spacingVerticalM} 0 0`,
    borderTop: `1px solid ${tokens.colorNeutralStroke2}`,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    fontSize: tokens.fontSizeBase300,
  },
  drawerLink: {
    display: 'block',
    color: tokens.colorBrandForegroundLink,
    padding: `0 ${tokens.spacingHorizontalM}`,
  },
});

export interface SiteMenuDrawerProps {
  ref?: Ref<HTMLDivElement>;
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The department's links of the header's top bar, repeated under the menu. */
  departmentLinks: { key: string; href: string; label: string }[];
}

/** The site menu below 600 px: a drawer from the inline end with the navigation and the department's links. */
export function SiteMenuDrawer({ ref, open, onOpenChange, departmentLinks }: SiteMenuDrawerProps) {
  const { t } = useTranslation('common');
  const styles = useStyles();
  return (
    <OverlayDrawer
      id="site-menu-drawer"
      ref={ref}
      position="end"
      open={open}
      onOpenChange={(_, data) => onOpenChange(data.open)}
      className={styles.drawer}
    >
      <DrawerHeader>
        <DrawerHeaderTitle
          action={
            <Button
              appearance="subtle"
              aria-label={t('nav.closeMenu')}
              icon={<DismissRegular />}
              onClick={() => onOpenChange(false)}
            />
          }
        >
          {t('nav.menuButton')}
        </DrawerHeaderTitle>
      </DrawerHeader>
      <DrawerBody>
        <SiteNav orientation="vertical" onNavigate={() => onOpenChange(false)} />
        {departmentLinks.length > 0 && (
          <ul className={styles.drawerLinks} aria-label={t('header.serviceLinks')}>
            {departmentLinks.map((link) => (
              <li key={link.key}>
                <a className={styles.drawerLink} href={link.href}>
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        )}
      </DrawerBody>
    </OverlayDrawer>
  );
}
