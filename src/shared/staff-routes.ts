/**
 * The staff's pages (`/staff`): part of the portal's code, not of its configuration, so no edit of the route manifest
 * can move or remove them (the checker refuses a manifest route below STAFF_ROOT). They are routes as the manifest's
 * are (src/routing/manifest.ts adds them to its routes), served and posted to as every page is; each page checks the
 * staff session itself (src/features/staff/page-loaders.ts), apart from the applicants' sign-in.
 */

/** Where the staff's pages live. */
export const STAFF_ROOT = '/staff';

export const STAFF_PAGE_PATHS = {
  home: STAFF_ROOT,
  signIn: `${STAFF_ROOT}/sign-in`,
  audit: `${STAFF_ROOT}/audit`,
  accounts: `${STAFF_ROOT}/accounts`,
  texts: `${STAFF_ROOT}/texts`,
  draft: `${STAFF_ROOT}/draft`,
} as const;

/** Whether an address is one of the staff's pages (never kept by a cache: they show accounts and their keys). */
export const isStaffPath = (pathname: string): boolean =>
  pathname === STAFF_ROOT || pathname.startsWith(`${STAFF_ROOT}/`);

/** A staff page's route, in the manifest's terms. */
export interface StaffRoute {
  path: string;
  guard: 'public';
  page: string;
  titleKey: string;
}

export const STAFF_ROUTES: readonly StaffRoute[] = [
  { path: STAFF_PAGE_PATHS.home, guard: 'public', page: 'staff-home', titleKey: 'staff:home.title' },
  { path: STAFF_PAGE_PATHS.signIn, guard: 'public', page: 'staff-sign-in', titleKey: 'staff:signIn.title' },
  { path: STAFF_PAGE_PATHS.audit, guard: 'public', page: 'staff-audit', titleKey: 'staff:audit.title' },
  { path: STAFF_PAGE_PATHS.texts, guard: 'public', page: 'staff-texts', titleKey: 'staff:texts.title' },
  { path: STAFF_PAGE_PATHS.draft, guard: 'public', page: 'staff-draft', titleKey: 'staff:draft.title' },
  { path: STAFF_PAGE_PATHS.accounts, guard: 'public', page: 'staff-accounts', titleKey: 'staff:accounts.title' },
];
