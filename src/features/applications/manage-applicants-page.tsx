import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { useApplicants, useApplication } from '@/api/applications';
import { useRouterContext } from '@/api/router-context';
import { ProblemPanel } from '@/engine/problem-panel';
import { PATHS } from '@/shared/route-paths';
import { PageHeading } from '@/ui/page-heading';
import { ApplicantFormView } from './applicant-form';
import { ApplicantList, type Flash } from './applicant-list';
import { ApplicationPending } from './application-pending';
import { NoApplication } from './no-application';
import { useApplicationStyles } from './styles';

/** The applicants of the application in the router context: list, add, change, remove, then confirm. */
export default function ManageApplicantsPage() {
  const { applicationIdentifier } = useRouterContext();
  if (!applicationIdentifier) return <NoApplication titleKey="manageApplicants.title" />;
  return <ManageApplicants applicationIdentifier={applicationIdentifier} />;
}

function ManageApplicants({ applicationIdentifier }: { applicationIdentifier: string }) {
  const { t } = useTranslation('applications');
  const styles = useApplicationStyles();
  const application = useApplication(applicationIdentifier);
  const applicants = useApplicants(applicationIdentifier);
  const [params] = useSearchParams();
  const [flash, setFlash] = useState<Flash>();

  const failure = application.error ?? applicants.error;
  if (failure || !application.data || !applicants.data) {
    return <ApplicationPending titleKey="manageApplicants.title" failure={failure} />;
  }
  if (application.data.status !== 'IN_PROGRESS') {
    return (
      <div className={styles.page}>
        <PageHeading>{t('manageApplicants.title')}</PageHeading>
        <ProblemPanel message={t('pages.common.notEditable')}>
          <Link className={styles.link} to={PATHS.myApplications}>
            {t('pages.common.goToApplications')}
          </Link>
        </ProblemPanel>
      </div>
    );
  }

  const editId = params.get('edit');
  const returnTo = params.get('from') === 'confirm' ? PATHS.confirmApplicant : PATHS.manageApplicants;
  if (params.get('add') !== null || editId !== null) {
    const editing = editId === null ? undefined : applicants.data.find((a) => a.applicantIdentifier === editId);
    if (editId !== null && !editing) {
      return (
        <ApplicantList
          application={application.data}
          applicants={applicants.data}
          problem={t('pages.manage.applicantMissing')}
        />
      );
    }
    return (
      <ApplicantFormView
        key={editId ?? 'new'}
        application={application.data}
        applicants={applicants.data}
        editing={editing}
        returnTo={returnTo}
        onStart={() => setFlash(undefined)}
        onDone={setFlash}
      />
    );
  }
  return <ApplicantList application={application.data} applicants={applicants.data} flash={flash} onFlash={setFlash} />;
}
