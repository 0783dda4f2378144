import { Button, Link, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import type { StaffSession } from '@/api/staff';
import { FORM_FIELDS } from '@/engine/form-address';
import { logicalBorder } from '@/ui/logical-border';
import { PostForm } from '@/ui/post-form';
import { STAFF_ROLES_THAT, staffMay } from '@/shared/contract';
import { STAFF_PAGE_PATHS } from '@/shared/staff-routes';
import { SIGN_OUT_ACTION } from './sign-out';

const useStyles = makeStyles({
  bar: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalL,
    padding: `0 0 ${tokens.spacingVerticalM}`,
    marginBottom: tokens.spacingVerticalXL,
    ...logicalBorder('BlockEnd', '1px', 'solid', tokens.colorNeutralStroke2),
  },
  links: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalL,
    listStyleType: 'none',
    margin: 0,
    padding: 0,
    fontSize: tokens.fontSizeBase400,
  },
  who: { margin: 0, fontSize: tokens.fontSizeBase300, color: tokens.colorNeutralForeground2, overflowWrap: 'anywhere' },
  end: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalM },
});

/** The staff's own navigation above each of their pages: where they can go, who is signed in, and "Sign out". */
export function StaffBar({ member }: { member: StaffSession }) {
  const { t } = useTranslation('staff');
  const styles = useStyles();
  const { pathname } = useLocation();
  const links = [
    { to: STAFF_PAGE_PATHS.home, label: t('bar.home') },
    ...(staffMay(member.roles, STAFF_ROLES_THAT.writeTexts)
      ? [{ to: STAFF_PAGE_PATHS.texts, label: t('bar.texts') }]
      : []),
    ...(staffMay(member.roles, STAFF_ROLES_THAT.manageStaff)
      ? [
          { to: STAFF_PAGE_PATHS.accounts, label: t('bar.accounts') },
          { to: STAFF_PAGE_PATHS.audit, label: t('bar.audit') },
        ]
      : []),
  ];
  return (
    <nav className={styles.bar} aria-label={t('bar.label')}>
      <ul className={styles.links}>
        {links.map((link) => (
          <li key={link.to}>
            <Link as="a" href={link.to} aria-current={pathname === link.to ? 'page' : undefined}>
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
      <div className={styles.end}>
        <p className={styles.who}>{t('bar.signedInAs', { email: member.email })}</p>
        <PostForm>
          <Button type="submit" name={FORM_FIELDS.action} value={SIGN_OUT_ACTION}>
            {t('bar.signOut')}
          </Button>
        </PostForm>
      </div>
    </nav>
  );
}
