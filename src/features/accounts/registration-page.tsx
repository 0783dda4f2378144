import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { useRegister, type RegistrationAnswers } from '@/api/accounts';
import { setRouterContext } from '@/api/router-context';
import { usePageStyles } from '@/ui/page-styles';
import { AccountFormPage, useFormProblems } from './account-form';
import { PATHS } from '@/shared/route-paths';

/** Registration (guest only): the registration form; on success the address goes to the router context. */
export default function RegistrationPage({ formId = 'registration' }: { formId?: string }) {
  const { t } = useTranslation('accounts');
  const styles = usePageStyles();
  const navigate = useNavigate();
  const register = useRegister();
  const problems = useFormProblems();

  const submit = async (answers: Record<string, unknown>) => {
    problems.clear();
    const registration = answers as unknown as RegistrationAnswers;
    try {
      await register.mutateAsync(registration);
    } catch (error) {
      problems.show(error);
      return;
    }
    setRouterContext({ email: registration.email.trim() });
    navigate(PATHS.emailConfirmation);
  };

  return (
    <AccountFormPage
      title={t('registration.title')}
      lead={t('registration.lead')}
      problems={problems}
      formId={formId}
      onSubmit={submit}
      submitLabelKey="accounts:registration.submit"
    >
      <p className={styles.links}>
        <span>
          {t('registration.haveProfile')}{' '}
          <Link className={styles.link} to={PATHS.login}>
            {t('registration.login')}
          </Link>
        </span>
      </p>
    </AccountFormPage>
  );
}
