import { PATHS } from '@/shared/route-paths';
/** One entry of the main menu: a link, or the logout action. */
export type NavItem =
  | { id: 'home' | 'faq' | 'profile' | 'register' | 'apply' | 'login'; labelKey: string; to: string }
  | { id: 'logout'; labelKey: string; action: 'logout' };

/** The main menu in the spec's order, by login state. */
export function navItems(loggedIn: boolean): NavItem[] {
  const items: NavItem[] = [
    { id: 'home', labelKey: 'nav.home', to: '/' },
    { id: 'faq', labelKey: 'nav.faq', to: PATHS.faq },
  ];
  if (loggedIn) {
    items.push(
      { id: 'profile', labelKey: 'nav.profile', to: PATHS.profile },
      { id: 'apply', labelKey: 'nav.apply', to: PATHS.createApplication },
      { id: 'logout', labelKey: 'nav.logout', action: 'logout' },
    );
  } else {
    items.push(
      { id: 'register', labelKey: 'nav.register', to: PATHS.registrationWarning },
      { id: 'login', labelKey: 'nav.login', to: PATHS.login },
    );
  }
  return items;
}
