import { makeStyles, mergeClasses, Spinner, tokens } from '@fluentui/react-components';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { useProfile, type Profile } from '@/api/accounts';
import { useAuth } from '@/api/auth/use-auth';
import { setRouterContext } from '@/api/router-context';
import { usePageStyles } from '@/ui/page-styles';
import { ButtonLink } from '@/ui/button-link';
import { Notice } from '@/ui/notice';
import { PageHeading } from '@/ui/page-heading';
import { ProblemPanel } from '@/engine/problem-panel';
import { parseMobileNumber } from '@/shared/rules/phone-number';
import { errorBodyOf } from './api-errors';
import { PATHS } from '@/shared/route-paths';
import { LtrValue } from '@/ui/ltr-value';
import { SIGN_OUT_ACTION } from '@/api/auth/session';
import { PostForm } from '@/ui/post-form';
import { CHANGE_PASSWORD_ACTION, PROFILE_NOTICE_PARAM } from './account-action-data';
import { ActionButton } from '@/engine/action-button';

const useStyles = makeStyles({
  list: { marginBottom: tokens.spacingVerticalXXL, maxWidth: '38em' },
  secondary: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalL,
    alignItems: 'center',
  },
  form: { display: 'contents' },
});

/** The mobile number in international format ("+44 7400 123456"), or as stored when it cannot be parsed. */
export function formatMobile(mobile: Profile['mobile']): string {
  return parseMobileNumber(mobile.isoAlpha2Code, mobile.mobileNumber)?.formatInternational() ?? mobile.mobileNumber;
}

/** Router state /profile may receive after a change made elsewhere. */
export interface ProfileState {
  notice?: 'passwordChanged';
}

/**
 * The signed-in user's profile and what they can do next: apply, see applications, change password, log out. Change
 * password and Log out are forms, so that they work before (and without) the page's scripts: the profile's action puts
 * the address in the router context (profile-action.ts), the sign-in page's action ends the session (login-action.ts).
 */
export default function ProfilePage() {
  const { t, i18n } = useTranslation(['accounts', 'forms']);
  const styles = usePageStyles();
  const own = useStyles();
  const navigate = useNavigate();
  const location = useLocation();
  const { signOut } = useAuth();
  const profile = useProfile();
  const [params] = useSearchParams();
  const passwordChanged =
    ((location.state as ProfileState | null)?.notice ?? params.get(PROFILE_NOTICE_PARAM)) === 'passwordChanged';

  const changePassword = (email: string) => {
    setRouterContext({ email });
    navigate(PATHS.changePassword);
  };
  // Signing out happens once this page has left the screen: while it is mounted its guard would answer the
  // cleared cookies by sending the user to /login instead of home.
  const leaving = useRef(false);
  const signOutRef = useRef(signOut);
  signOutRef.current = signOut;
  useEffect(
    () => () => {
      if (leaving.current) void signOutRef.current();
    },
    [],
  );
  const logOut = () => {
    leaving.current = true;
    navigate('/', { replace: true });
  };

  if (profile.isPending) {
    return (
      <div className={styles.page}>
        <PageHeading>{t('profile.title')}</PageHeading>
        <Spinner label={t('profile.loading')} />
      </div>
    );
  }
  if (!profile.data) {
    return (
      <div className={styles.page}>
        <PageHeading>{t('profile.title')}</PageHeading>
        <ProblemPanel message={errorBodyOf(profile.error)?.error ?? t('profile.loadFailed')} />
      </div>
    );
  }

  const data = profile.data;
  const titleKey = data.title ? `forms:enums.title.${data.title}` : undefined;
  const title = titleKey && i18n.exists(titleKey) ? t(titleKey) : '';
  const name = [title, data.givenNames, data.familyName].filter(Boolean).join(' ');

  return (
    <div>
      <PageHeading>{t('profile.title')}</PageHeading>
      {passwordChanged && <Notice tone="success">{t('profile.passwordChanged')}</Notice>}
      <h2 className={styles.h2}>{t('profile.detailsTitle')}</h2>
      <dl className={mergeClasses(styles.summaryList, own.list)}>
        <div className={styles.summaryRow}>
          <dt className={styles.summaryTerm}>{t('profile.name')}</dt>
          <dd className={styles.summaryValue}>
            <bdi>{name}</bdi>
          </dd>
        </div>
        <div className={styles.summaryRow}>
          <dt className={styles.summaryTerm}>{t('profile.email')}</dt>
          <dd className={styles.summaryValue}>
            <LtrValue>{data.email}</LtrValue>
          </dd>
        </div>
        <div className={styles.summaryRow}>
          <dt className={styles.summaryTerm}>{t('profile.mobile')}</dt>
          <dd className={styles.summaryValue}>
            <LtrValue>{formatMobile(data.mobile)}</LtrValue>
          </dd>
        </div>
      </dl>

      <div className={styles.actions}>
        <ButtonLink to={PATHS.createApplication} appearance="primary" className={styles.fullWidthOnPhone}>
          {t('profile.apply')}
        </ButtonLink>
        <ButtonLink to={PATHS.applicationsList} appearance="secondary" className={styles.fullWidthOnPhone}>
          {t('profile.myApplications')}
        </ButtonLink>
      </div>

      <h2 className={styles.h2}>{t('profile.accountTitle')}</h2>
      <div className={own.secondary}>
        <PostForm className={own.form}>
          {/* With the page's scripts the address goes into the router context here; before them, the browser sends the form. */}
          <ActionButton
            action={CHANGE_PASSWORD_ACTION}
            onPress={() => changePassword(data.email)}
            appearance="secondary"
          >
            {t('profile.changePassword')}
          </ActionButton>
        </PostForm>
        <PostForm action={PATHS.login} className={own.form}>
          <ActionButton action={SIGN_OUT_ACTION} onPress={logOut} appearance="subtle">
            {t('profile.logOut')}
          </ActionButton>
        </PostForm>
      </div>
      <p className={styles.links}>
        <Link className={styles.link} to={PATHS.faq}>
          {t('profile.help')}
        </Link>
      </p>
    </div>
  );
}
