/** One entry of the main menu: a link, or the logout action. */
export type NavItem =
  | { id: 'home' | 'faq' | 'profile' | 'register' | 'apply' | 'login'; labelKey: string; to: string }
  | { id: 'logout'; labelKey: string; action: 'logout' };

/** The main menu in the spec's order, by login state. */
export function navItems(loggedIn: boolean): NavItem[] {
  const items: NavItem[] = [
    { id: 'home', labelKey: 'nav.home', to: '/' },
    { id: 'faq', labelKey: 'nav.faq', to: '/faq' },
  ];
  if (loggedIn) {
    items.push(
      { id: 'profile', labelKey: 'nav.profile', to: '/profile' },
      { id: 'apply', labelKey: 'nav.apply', to: '/applications/create-application' },
      { id: 'logout', labelKey: 'nav.logout', action: 'logout' },
    );
  } else {
    items.push(
      { id: 'register', labelKey: 'nav.register', to: '/registration-warning' },
      { id: 'login', labelKey: 'nav.login', to: '/login' },
    );
  }
  return items;
}
