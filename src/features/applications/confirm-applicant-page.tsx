import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { useApplicants, useApplication } from '@/api/applications';
import { useFlash } from '@/api/flash';
import { useRouterContext } from '@/api/router-context';
import { ApplicantSummary } from './applicant-summary';
import { ButtonLink } from '@/ui/button-link';
import { applicantName } from './format';
import { useApplicantLabels } from './labels';
import type { PassportRetakeState } from './applicant-form';
import { ApplicationPending } from './application-pending';
import { NoApplication } from './no-application';
import type { ApplicantFlash } from './posted-names';
import { Notice } from '@/ui/notice';
import { PageHeading } from '@/ui/page-heading';
import { usePageStyles } from '@/ui/page-styles';
import { PATHS } from '@/shared/route-paths';
import { OVERVIEW_PATH } from '@/api/journey';

/** Shows every applicant back, with Change links, before the application form of each of them. */
export default function ConfirmApplicantPage() {
  const { applicationIdentifier } = useRouterContext();
  if (!applicationIdentifier) return <NoApplication titleKey="confirmApplicant.title" />;
  return <ConfirmApplicants applicationIdentifier={applicationIdentifier} />;
}

function ConfirmApplicants({ applicationIdentifier }: { applicationIdentifier: string }) {
  const { t } = useTranslation('applications');
  const styles = usePageStyles();
  const application = useApplication(applicationIdentifier);
  const applicants = useApplicants(applicationIdentifier);
  const heading = <PageHeading>{t('confirmApplicant.title')}</PageHeading>;
  const labels = useApplicantLabels(applicants.data ?? []);
  // Set by a change of passport details that removed the accepted passport photo (made without scripts: its message).
  const left = useFlash(PATHS.confirmApplicant) as ApplicantFlash | undefined;
  const retake =
    (useLocation().state as Partial<PassportRetakeState> | null)?.passportRetake ??
    (left?.retakePassport ? left.name : undefined);

  const failure = application.error ?? applicants.error;
  if (failure || !application.data || !applicants.data) {
    return <ApplicationPending titleKey="confirmApplicant.title" failure={failure} />;
  }
  const editable = application.data.status === 'IN_PROGRESS';
  if (applicants.data.length === 0) {
    return (
      <div className={styles.page}>
        {heading}
        <p className={styles.text}>{t('pages.confirm.none')}</p>
        <div className={styles.actions}>
          <ButtonLink to={PATHS.manageApplicants} appearance="primary" className={styles.fullWidthOnPhone}>
            {t('pages.confirm.addApplicants')}
          </ButtonLink>
        </div>
      </div>
    );
  }

  return (
    <div className={styles.wide}>
      {heading}
      {retake && <Notice>{t('pages.manage.passportRetake', { name: retake })}</Notice>}
      <p className={styles.lead}>{t('pages.confirm.lead')}</p>
      {applicants.data.map((applicant, index) => {
        const name = applicantName(applicant);
        const changeTo =
          editable && applicant.status === 'NOT_SUBMITTED'
            ? `${PATHS.manageApplicants}?edit=${encodeURIComponent(applicant.applicantIdentifier)}&from=confirm`
            : undefined;
        return (
          <section key={applicant.applicantIdentifier} aria-labelledby={`applicant-${applicant.applicantIdentifier}`}>
            <h2 id={`applicant-${applicant.applicantIdentifier}`} className={styles.h2}>
              {t('pages.confirm.applicantTitle', {
                index: index + 1,
                name: applicant.isAccountHolder ? t('pages.common.youSuffix', { name }) : name,
              })}
            </h2>
            <ApplicantSummary
              applicant={applicant}
              changeTo={changeTo}
              label={labels.get(applicant.applicantIdentifier)}
            />
          </section>
        );
      })}
      {editable && (
        <p className={styles.text}>
          <Link className={styles.link} to={PATHS.manageApplicants}>
            {t('pages.confirm.changeApplicants')}
          </Link>
        </p>
      )}
      <div className={styles.actions}>
        <ButtonLink to={OVERVIEW_PATH} appearance="primary" className={styles.fullWidthOnPhone}>
          {t('pages.confirm.submit')}
        </ButtonLink>
      </div>
    </div>
  );
}
