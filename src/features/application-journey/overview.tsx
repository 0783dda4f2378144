import { Spinner } from '@fluentui/react-components';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useActionData, useLocation, useNavigate } from 'react-router-dom';
import { resumeApplication, type ApplicationSteps } from '@/api/answers';
import { useApplication } from '@/api/applications';
import { useFlash } from '@/api/flash';
import { ApiError, unwrap } from '@/api/request';
import { ButtonLink } from '@/ui/button-link';
import { NextStepsPage } from '@/ui/next-steps-page';
import { Notice } from '@/ui/notice';
import { PageHeading } from '@/ui/page-heading';
import { ProblemPanel } from '@/engine/problem-panel';
import { PostForm } from '@/ui/post-form';
import { fullName } from './applicant-name';
import { useJourneyStyles } from './journey-styles';
import {
  journeySteps,
  OVERVIEW_PATH,
  RESUME_ACTION,
  resumePath,
  stepHref,
  type ResumeActionData,
  type SavedFlash,
} from './steps';
import { PATHS } from '@/shared/route-paths';
import { ActionButton } from '@/engine/action-button';

/** Router state the overview may receive after a step was finished. */
export interface OverviewState {
  savedFor?: string;
}

type Applicant = ApplicationSteps['applicants'][number];

function TaskList({ applicant }: { applicant: Applicant }) {
  const { t } = useTranslation(['journey', 'applications']);
  const styles = useJourneyStyles();
  const name = fullName(applicant);
  const states = new Map(applicant.steps.map((s) => [s.step, s.state]));
  return (
    <section aria-labelledby={`applicant-${applicant.applicantIdentifier}`}>
      <h2 id={`applicant-${applicant.applicantIdentifier}`} className={styles.h2}>
        {t('overview.stepsOf', { name })}
      </h2>
      <ul className={styles.taskList}>
        {journeySteps.map((step) => {
          // The server's state machine decides; a step it does not report cannot be started.
          const state = states.get(step.step) ?? 'CANNOT_START_YET';
          const statusId = `status-${applicant.applicantIdentifier}-${step.step}`;
          const label = t(step.labelKey);
          const tagClass =
            state === 'COMPLETED'
              ? styles.tagCompleted
              : state === 'IN_PROGRESS'
                ? styles.tagInProgress
                : styles.tagNotYet;
          return (
            <li key={step.step} className={styles.task}>
              <span className={styles.taskName}>
                {state === 'CANNOT_START_YET' ? (
                  label
                ) : (
                  <Link
                    className={styles.link}
                    to={stepHref(step, applicant.applicantIdentifier)}
                    aria-describedby={statusId}
                  >
                    {label}
                  </Link>
                )}
              </span>
              <strong id={statusId} className={`${styles.tag} ${tagClass}`}>
                {t(`status.${state}`)}
              </strong>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** The task list of every applicant of the application in the router context, with a way to continue. */
export function ApplicationOverview({ applicationIdentifier }: { applicationIdentifier: string | undefined }) {
  const { t } = useTranslation(['journey', 'applications']);
  const styles = useJourneyStyles();
  const navigate = useNavigate();
  const location = useLocation();
  // Saved without scripts, the step's page left its message for the task list; Continue posted without scripts
  // that failed comes back with why.
  const left = useFlash(OVERVIEW_PATH) as SavedFlash | undefined;
  const sent = useActionData() as Partial<ResumeActionData> | undefined;
  const savedFor = (location.state as OverviewState | null)?.savedFor ?? left?.savedFor;
  // The application with each applicant's step list (GET /api/eta/applications/{guid}).
  const application = useApplication(applicationIdentifier);
  const resume = useMutation({
    mutationFn: async () => unwrap(await resumeApplication(applicationIdentifier ?? '')),
    onSuccess: (answer) => navigate(resumePath(answer)),
  });

  if (!applicationIdentifier) {
    return (
      <NextStepsPage
        title={t('overview.heading')}
        primary={{ to: PATHS.createApplication, label: t('overview.startNew') }}
        secondary={{ to: PATHS.applicationsList, label: t('overview.myApplications') }}
      >
        <p className={styles.lead}>{t('overview.noApplication')}</p>
        <p className={styles.lead}>{t('overview.noApplicationHint')}</p>
      </NextStepsPage>
    );
  }
  if (application.isPending) {
    return (
      <div className={styles.wide}>
        <PageHeading>{t('overview.heading')}</PageHeading>
        <Spinner label={t('overview.loading')} />
      </div>
    );
  }
  if (!application.data) {
    const body = application.error instanceof ApiError ? application.error.errorBody : undefined;
    return (
      <div className={styles.wide}>
        <PageHeading>{t('overview.heading')}</PageHeading>
        <ProblemPanel message={[body?.error ?? t('overview.loadFailed')]}>
          <Link className={styles.link} to={PATHS.applicationsList}>
            {t('overview.myApplications')}
          </Link>
        </ProblemPanel>
      </div>
    );
  }

  const data = application.data;
  const resumeError =
    resume.error instanceof ApiError
      ? (resume.error.errorBody?.error ?? t('overview.loadFailed'))
      : resume.isIdle
        ? sent?.resumeProblem
        : undefined;
  return (
    <div className={styles.wide}>
      <PageHeading>{t('overview.heading')}</PageHeading>
      {savedFor && <Notice tone="success">{t('overview.saved', { name: savedFor })}</Notice>}
      {resumeError && <ProblemPanel message={[resumeError]} />}
      {data.status !== 'IN_PROGRESS' && <Notice>{t('overview.notEditable')}</Notice>}
      <p className={styles.lead}>{t('overview.intro')}</p>
      {data.applicants.length === 0 ? (
        <>
          <p className={styles.lead}>{t('overview.noApplicants')}</p>
          <ButtonLink to={PATHS.manageApplicants} appearance="primary" className={styles.fullWidthOnPhone}>
            {t('overview.addApplicants')}
          </ButtonLink>
        </>
      ) : (
        <>
          {data.applicants.map((applicant) => (
            <TaskList key={applicant.applicantIdentifier} applicant={applicant} />
          ))}
          {data.status === 'IN_PROGRESS' && (
            // Continue posts to the task list's address without scripts: its action asks the API where to go on.
            <PostForm
              action={OVERVIEW_PATH}
              className={styles.actions}
              onSubmit={(event) => {
                event.preventDefault();
                resume.mutate();
              }}
            >
              <ActionButton
                action={RESUME_ACTION}
                appearance="primary"
                className={styles.fullWidthOnPhone}
                disabled={resume.isPending}
              >
                {t('overview.continue')}
              </ActionButton>
              <ButtonLink to={PATHS.manageApplicants} appearance="secondary" className={styles.fullWidthOnPhone}>
                {t('overview.manageApplicants')}
              </ButtonLink>
            </PostForm>
          )}
        </>
      )}
    </div>
  );
}
