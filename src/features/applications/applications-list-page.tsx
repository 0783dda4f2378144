import { Spinner } from '@fluentui/react-components';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useActionData, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { useApplications, useDeleteApplication, type Applicant, type Application } from '@/api/applications';
import { useFlash } from '@/api/flash';
import { getRouterContext, setRouterContext } from '@/api/router-context';
import { resumePath } from '@/api/journey';
import { errorBodyOf } from './api-errors';
import { ApplicationCard, outcomeLink, type OutcomeLinkKey } from './application-card';
import { ButtonLink } from '@/ui/button-link';
import type { ApplicationsListActionData } from './applications-list-action';
import { ConfirmDialog } from './confirm-dialog';
import { ConfirmPage } from './confirm-page';
import { APPLICATION_FIELD, DELETE_APPLICATION_ACTION, type DeletedFlash } from './posted-names';
import { useApplicantLabels, useApplicationLabels, type ApplicationLabel } from './labels';
import { Notice } from '@/ui/notice';
import { PageHeading } from '@/ui/page-heading';
import { ProblemPanel } from '@/engine/problem-panel';
import { usePageStyles } from '@/ui/page-styles';
import { PATHS } from '@/shared/route-paths';

/** Where the outcome of a decided applicant is shown, as its card on this page links it. */
export { outcomeLink } from './application-card';

/** Where a resumed application continues: the one resolver every Continue uses (the step the API names). */
export { resumePath };

/** The signed-in user's applications (/my-applications and /applications), with the actions each state allows. */
export default function ApplicationsListPage() {
  const { t } = useTranslation('applications');
  const styles = usePageStyles();
  const location = useLocation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const applications = useApplications();
  const remove = useDeleteApplication();
  // What the server said of a form posted before (or without) the page's scripts, and the message it left.
  const sent = useActionData() as ApplicationsListActionData | undefined;
  const left = useFlash(location.pathname) as DeletedFlash | undefined;
  const [deleting, setDeleting] = useState<{ application: Application; label: string }>();
  const [dialogOpen, setDialogOpen] = useState(false);
  const [deleted, setDeleted] = useState<string | undefined>(left?.label);
  const [problem, setProblem] = useState<{ applicationIdentifier: string; message: string } | undefined>(sent?.problem);
  const list = applications.data ?? NONE;
  const labels = useApplicationLabels(list);
  const outcomeLabels = useOutcomeLabels(list, labels);
  const title = t(location.pathname.startsWith(PATHS.applicationsList) ? 'myApplications.title' : 'list.title');

  /** Deletes the application; answers whether it was deleted. */
  const deleteApplication = async (target: Application, label: string) => {
    setProblem(undefined);
    try {
      await remove.mutateAsync(target.applicationIdentifier);
      if (getRouterContext().applicationIdentifier === target.applicationIdentifier)
        setRouterContext({ applicationIdentifier: undefined });
      setDeleted(label);
      return true;
    } catch (error) {
      setProblem({
        applicationIdentifier: target.applicationIdentifier,
        message: errorBodyOf(error)?.error ?? t('pages.list.actionFailed'),
      });
      return false;
    }
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await deleteApplication(deleting.application, deleting.label);
    } finally {
      setDialogOpen(false);
    }
  };

  // The confirmation as a page of its own (`?delete=<application>`): without scripts, or opened directly.
  const deleteId = params.get('delete');
  const toDelete = deleteId === null ? -1 : list.findIndex((a) => a.applicationIdentifier === deleteId);
  if (toDelete >= 0 && list[toDelete].status === 'IN_PROGRESS') {
    const target = list[toDelete];
    const label = labels[toDelete].label;
    return (
      <ConfirmPage
        title={t('pages.list.deleteTitle')}
        body={t('pages.list.deleteBody', { application: label })}
        confirmLabel={t('pages.list.deleteConfirm')}
        cancelLabel={t('pages.list.deleteCancel')}
        cancelTo={location.pathname}
        action={DELETE_APPLICATION_ACTION}
        fields={{ [APPLICATION_FIELD]: target.applicationIdentifier }}
        problem={problem?.applicationIdentifier === target.applicationIdentifier ? problem.message : undefined}
        busy={remove.isPending}
        onConfirm={() =>
          void deleteApplication(target, label).then((done) => {
            if (done) navigate(location.pathname);
          })
        }
      />
    );
  }

  let content;
  if (applications.isPending) {
    content = <Spinner label={t('pages.list.loading')} />;
  } else if (!applications.data) {
    content = <ProblemPanel message={errorBodyOf(applications.error)?.error ?? t('pages.common.loadFailed')} />;
  } else if (applications.data.length === 0) {
    content = (
      <>
        <p className={styles.lead}>{t('pages.list.leadEmpty')}</p>
        <div className={styles.actions}>
          <ButtonLink to={PATHS.createApplication} appearance="primary" className={styles.fullWidthOnPhone}>
            {t('pages.list.apply')}
          </ButtonLink>
        </div>
      </>
    );
  } else {
    content = (
      <>
        <div className={styles.actions}>
          <ButtonLink to={PATHS.createApplication} appearance="secondary" className={styles.fullWidthOnPhone}>
            {t('pages.list.applyAnother')}
          </ButtonLink>
        </div>
        {applications.data.map((application, index) => (
          <ApplicationCard
            key={application.applicationIdentifier}
            application={application}
            label={labels[index]}
            outcomeLabels={outcomeLabels}
            problem={problem?.applicationIdentifier === application.applicationIdentifier ? problem.message : undefined}
            onProblem={(message) => setProblem({ applicationIdentifier: application.applicationIdentifier, message })}
            deletePath={location.pathname}
            onDelete={() => {
              setDeleting({ application, label: labels[index].label });
              setDialogOpen(true);
            }}
          />
        ))}
      </>
    );
  }

  return (
    <div className={styles.wide}>
      <PageHeading>{title}</PageHeading>
      {deleted && <Notice tone="success">{t('pages.list.deleted', { application: deleted })}</Notice>}
      {content}
      {deleting && (
        <ConfirmDialog
          open={dialogOpen}
          title={t('pages.list.deleteTitle')}
          body={t('pages.list.deleteBody', { application: deleting.label })}
          confirmLabel={t('pages.list.deleteConfirm')}
          cancelLabel={t('pages.list.deleteCancel')}
          busy={remove.isPending}
          onConfirm={() => void confirmDelete()}
          onCancel={() => setDialogOpen(false)}
          onClosed={() => setDeleting(undefined)}
        />
      )}
    </div>
  );
}

const NONE: readonly Application[] = [];

/**
 * The names of the outcome links, by applicant identifier: the applicant's name, made more specific where the
 * same link (the same kind of outcome) would otherwise name the same person twice.
 */
function useOutcomeLabels(
  applications: readonly Application[],
  labels: readonly ApplicationLabel[],
): Map<string, string> {
  const context = new Map<string, string>();
  const byLink: Record<OutcomeLinkKey, Applicant[]> = {
    'pages.list.viewEta': [],
    'pages.list.viewVisa': [],
    'pages.list.viewNotice': [],
  };
  applications.forEach((application, index) => {
    for (const applicant of application.applicants) {
      context.set(applicant.applicantIdentifier, labels[index].label);
      const link = outcomeLink(applicant, application.applicationType);
      if (link) byLink[link.labelKey].push(applicant);
    }
  });
  const eta = useApplicantLabels(byLink['pages.list.viewEta'], context);
  const visas = useApplicantLabels(byLink['pages.list.viewVisa'], context);
  const notices = useApplicantLabels(byLink['pages.list.viewNotice'], context);
  return new Map([...eta, ...visas, ...notices]);
}
