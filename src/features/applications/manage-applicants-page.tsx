import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useActionData, useNavigate, useSearchParams } from 'react-router-dom';
import { useApplicants, useApplication, useRemoveApplicant, type Applicant } from '@/api/applications';
import { useFlash } from '@/api/flash';
import { useRouterContext } from '@/api/router-context';
import type { FormActionData } from '@/engine/form-action';
import { ProblemPanel } from '@/engine/problem-panel';
import { PATHS } from '@/shared/route-paths';
import { PageHeading } from '@/ui/page-heading';
import { errorBodyOf } from './api-errors';
import { ApplicantFormView } from './applicant-form';
import { ApplicantList, type Flash } from './applicant-list';
import { ApplicationPending } from './application-pending';
import { ConfirmPage } from './confirm-page';
import { applicantName } from './format';
import { useApplicantLabels } from './labels';
import type { ManageApplicantsActionData } from './manage-applicants-action';
import { NoApplication } from './no-application';
import { APPLICANT_FIELD, REMOVE_APPLICANT_ACTION, type ApplicantFlash } from './posted-names';
import { usePageStyles } from '@/ui/page-styles';

/** The applicants of the application in the router context: list, add, change, remove, then confirm. */
export default function ManageApplicantsPage() {
  const { applicationIdentifier } = useRouterContext();
  if (!applicationIdentifier) return <NoApplication titleKey="manageApplicants.title" />;
  return <ManageApplicants applicationIdentifier={applicationIdentifier} />;
}

function ManageApplicants({ applicationIdentifier }: { applicationIdentifier: string }) {
  const { t } = useTranslation('applications');
  const styles = usePageStyles();
  const application = useApplication(applicationIdentifier);
  const applicants = useApplicants(applicationIdentifier);
  const [params] = useSearchParams();
  const [flash, setFlash] = useState<Flash>();
  // What the server said of a form posted before (or without) the page's scripts.
  const sent = useActionData() as ManageApplicantsActionData | undefined;
  const left = useFlash(PATHS.manageApplicants) as ApplicantFlash | undefined;
  const shownFlash = flash ?? (left && { key: left.key, name: left.name, retakePassport: left.retakePassport });

  const failure = application.error ?? applicants.error;
  if (failure || !application.data || !applicants.data) {
    return <ApplicationPending titleKey="manageApplicants.title" failure={failure} />;
  }
  if (application.data.status !== 'IN_PROGRESS') {
    return (
      <div className={styles.page}>
        <PageHeading>{t('manageApplicants.title')}</PageHeading>
        <ProblemPanel message={t('pages.common.notEditable')}>
          <Link className={styles.link} to={PATHS.applicationsList}>
            {t('pages.common.goToApplications')}
          </Link>
        </ProblemPanel>
      </div>
    );
  }

  const removeId = params.get('remove');
  if (removeId !== null) {
    const removing = applicants.data.find((a) => a.applicantIdentifier === removeId);
    if (removing?.status === 'NOT_SUBMITTED') {
      return (
        <RemoveApplicant
          applicationIdentifier={applicationIdentifier}
          applicants={applicants.data}
          applicant={removing}
          problem={sent && 'removeProblem' in sent ? sent.removeProblem : undefined}
          onRemoved={setFlash}
        />
      );
    }
    return (
      <ApplicantList
        application={application.data}
        applicants={applicants.data}
        problem={t('pages.manage.applicantMissing')}
      />
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
        sent={sent && 'answers' in sent ? (sent as FormActionData) : undefined}
        onStart={() => setFlash(undefined)}
        onDone={setFlash}
      />
    );
  }
  return (
    <ApplicantList application={application.data} applicants={applicants.data} flash={shownFlash} onFlash={setFlash} />
  );
}

/**
 * Asks before removing an applicant, as a page of its own (`?remove=<applicant>`): where the list's dialog is not
 * there (no scripts, or the address opened directly). Without scripts its form is taken by the page's action.
 */
function RemoveApplicant(props: {
  applicationIdentifier: string;
  applicants: Applicant[];
  applicant: Applicant;
  problem?: string;
  onRemoved(flash: Flash): void;
}) {
  const { applicationIdentifier, applicants, applicant, onRemoved } = props;
  const { t } = useTranslation('applications');
  const navigate = useNavigate();
  const remove = useRemoveApplicant(applicationIdentifier);
  const [problem, setProblem] = useState(props.problem);
  const label = useApplicantLabels(applicants).get(applicant.applicantIdentifier) ?? applicantName(applicant);
  const confirm = async () => {
    setProblem(undefined);
    try {
      await remove.mutateAsync(applicant.applicantIdentifier);
      onRemoved({ key: 'removed', name: label });
      navigate(PATHS.manageApplicants);
    } catch (error) {
      setProblem(errorBodyOf(error)?.error ?? t('pages.manage.removeFailed'));
    }
  };
  return (
    <ConfirmPage
      title={t('pages.manage.removeTitle', { name: label })}
      body={t('pages.manage.removeBody')}
      confirmLabel={t('pages.manage.removeConfirm')}
      cancelLabel={t('pages.manage.removeCancel')}
      cancelTo={PATHS.manageApplicants}
      action={REMOVE_APPLICANT_ACTION}
      fields={{ [APPLICANT_FIELD]: applicant.applicantIdentifier }}
      problem={problem}
      busy={remove.isPending}
      onConfirm={() => void confirm()}
    />
  );
}
