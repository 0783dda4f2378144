import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { NavLink, useNavigate } from 'react-router-dom';
import { SIGN_OUT_ACTION } from '@/api/auth/session';
import { useAuth } from '@/api/auth/use-auth';
import { PATHS } from '@/shared/route-paths';
import { PostForm } from '@/ui/post-form';
import { navItems } from './nav-items';
import { FORM_FIELDS } from '@/engine/form-address';

const useStyles = makeStyles({
  list: {
    display: 'flex',
    flexWrap: 'wrap',
    listStyleType: 'none',
    margin: 0,
    padding: 0,
    columnGap: tokens.spacingHorizontalXS,
  },
  vertical: {
    flexDirection: 'column',
    rowGap: tokens.spacingVerticalXXS,
  },
  link: {
    display: 'block',
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    color: 'inherit',
    fontFamily: 'inherit',
    fontSize: tokens.fontSizeBase400,
    fontWeight: tokens.fontWeightMedium,
    lineHeight: tokens.lineHeightBase400,
    textDecorationLine: 'none',
    border: 'none',
    borderBottom: '3px solid transparent',
    backgroundColor: 'transparent',
    cursor: 'pointer',
    ':hover': { textDecorationLine: 'underline', textDecorationThickness: '2px', textUnderlineOffset: '4px' },
    ':focus-visible': {
      outline: `3px solid ${tokens.colorNeutralForeground1}`,
      outlineOffset: '0',
      backgroundColor: '#FFDD00',
      color: tokens.colorNeutralForeground1,
    },
  },
  linkVertical: {
    width: '100%',
    textAlign: 'start',
    borderBottom: 'none',
    borderLeft: '4px solid transparent',
  },
  current: {
    borderBottomColor: 'currentColor',
  },
  form: { display: 'contents' },
  currentVertical: {
    borderLeftColor: tokens.colorBrandBackground,
    backgroundColor: tokens.colorBrandBackground2,
  },
});

export interface SiteNavProps {
  /** Horizontal in the header, vertical in the drawer. */
  orientation: 'horizontal' | 'vertical';
  /** Called after an item is chosen (the drawer closes itself). */
  onNavigate?: () => void;
  className?: string;
}

/** The main menu: Home, FAQs, then Profile/Apply/Logout or Register/Login by login state. */
export function SiteNav({ orientation, onNavigate, className }: SiteNavProps) {
  const { t } = useTranslation('common');
  const styles = useStyles();
  const { loggedIn, signOut } = useAuth();
  const navigate = useNavigate();
  const vertical = orientation === 'vertical';
  const linkClass = mergeClasses(styles.link, vertical && styles.linkVertical);

  return (
    <nav aria-label={t('nav.label')} className={className}>
      <ul className={mergeClasses(styles.list, vertical && styles.vertical)}>
        {navItems(loggedIn).map((item) => (
          <li key={item.id}>
            {'to' in item ? (
              <NavLink
                to={item.to}
                end={item.to === '/'}
                onClick={onNavigate}
                className={({ isActive }) =>
                  mergeClasses(linkClass, isActive && (vertical ? styles.currentVertical : styles.current))
                }
              >
                {t(item.labelKey)}
              </NavLink>
            ) : (
              // A form, so that signing out works before (or without) the page's scripts: the server ends the session
              // and clears its cookies (src/features/accounts/login-action.ts); with them, the same is done here.
              <PostForm
                action={PATHS.login}
                className={styles.form}
                onSubmit={async (event) => {
                  event.preventDefault();
                  onNavigate?.();
                  await signOut();
                  navigate('/');
                }}
              >
                <button type="submit" name={FORM_FIELDS.action} value={SIGN_OUT_ACTION} className={linkClass}>
                  {t(item.labelKey)}
                </button>
              </PostForm>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
