import { Spinner } from '@fluentui/react-components';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { useApplications, useDeleteApplication, type Applicant, type Application } from '@/api/applications';
import { getRouterContext, setRouterContext } from '@/api/router-context';
import { resumePath } from '@/api/journey';
import { errorBodyOf } from './api-errors';
import { ApplicationCard, outcomeLink, type OutcomeLinkKey } from './application-card';
import { ButtonLink } from '@/ui/button-link';
import { ConfirmDialog } from './confirm-dialog';
import { useApplicantLabels, useApplicationLabels, type ApplicationLabel } from './labels';
import { Notice } from '@/ui/notice';
import { PageHeading } from '@/ui/page-heading';
import { ProblemPanel } from '@/engine/problem-panel';
import { useApplicationStyles } from './styles';
import { PATHS } from '@/shared/route-paths';

/** Where the outcome of a decided applicant is shown, as its card on this page links it. */
export { outcomeLink } from './application-card';

/** Where a resumed application continues: the one resolver every Continue uses (the step the API names). */
export { resumePath };

/** The signed-in user's applications (/my-applications and /applications), with the actions each state allows. */
export default function ApplicationsListPage() {
  const { t } = useTranslation('applications');
  const styles = useApplicationStyles();
  const location = useLocation();
  const applications = useApplications();
  const remove = useDeleteApplication();
  const [deleting, setDeleting] = useState<{ application: Application; label: string }>();
  const [dialogOpen, setDialogOpen] = useState(false);
  const [deleted, setDeleted] = useState<string>();
  const [problem, setProblem] = useState<{ applicationIdentifier: string; message: string }>();
  const list = applications.data ?? NONE;
  const labels = useApplicationLabels(list);
  const outcomeLabels = useOutcomeLabels(list, labels);
  const title = t(location.pathname.startsWith(PATHS.myApplications) ? 'myApplications.title' : 'list.title');

  const confirmDelete = async () => {
    if (!deleting) return;
    const { application: target, label } = deleting;
    setProblem(undefined);
    try {
      await remove.mutateAsync(target.applicationIdentifier);
      if (getRouterContext().applicationIdentifier === target.applicationIdentifier)
        setRouterContext({ applicationIdentifier: undefined });
      setDeleted(label);
    } catch (error) {
      setProblem({
        applicationIdentifier: target.applicationIdentifier,
        message: errorBodyOf(error)?.error ?? t('pages.list.actionFailed'),
      });
    } finally {
      setDialogOpen(false);
    }
  };

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
