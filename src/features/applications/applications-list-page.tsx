import { Button, makeStyles, Spinner, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import {
  useApplications,
  useDeleteApplication,
  useResumeApplication,
  type Applicant,
  type Application,
} from '@/api/applications';
import { getRouterContext, setRouterContext } from '@/api/router-context';
import { resumePath } from '@/api/journey';
import { errorBodyOf } from './api-errors';
import { ButtonLink } from '@/ui/button-link';
import { ConfirmDialog } from './confirm-dialog';
import { applicantName, formatDate, formatTime } from './format';
import { HiddenText } from './hidden-text';
import { useApplicantLabels, useApplicationLabels, type ApplicationLabel } from './labels';
import { Notice } from '@/ui/notice';
import { PageHeading } from '@/ui/page-heading';
import { ProblemPanel } from '@/engine/problem-panel';
import { NARROW } from '@/ui/media';
import { useApplicationStyles } from './styles';
import { PATHS } from '@/shared/route-paths';

const useStyles = makeStyles({
  card: {
    margin: `0 0 ${tokens.spacingVerticalXXL}`,
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalXL} ${tokens.spacingVerticalL}`,
    border: `1px solid ${tokens.colorNeutralStroke1}`,
    borderRadius: tokens.borderRadiusMedium,
    [NARROW]: { padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalM} ${tokens.spacingVerticalM}` },
  },
  cardTitle: {
    margin: `${tokens.spacingVerticalL} 0 ${tokens.spacingVerticalS}`,
    fontSize: tokens.fontSizeBase600,
    lineHeight: tokens.lineHeightBase600,
    fontWeight: tokens.fontWeightSemibold,
  },
  facts: { margin: `0 0 ${tokens.spacingVerticalM}` },
  applicants: { listStyleType: 'none', margin: 0, padding: 0 },
  applicant: {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 1fr) auto',
    alignItems: 'center',
    gap: tokens.spacingHorizontalL,
    padding: `${tokens.spacingVerticalM} 0`,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
    fontSize: tokens.fontSizeBase400,
    lineHeight: tokens.lineHeightBase500,
    [NARROW]: { gridTemplateColumns: 'minmax(0, 1fr)', gap: tokens.spacingVerticalXS },
    // The list sits in a summary row, which draws its own divider below and pads its top: the first applicant
    // lines up with the row's term, and the last one draws no second divider above the row's.
    ':first-child': { paddingTop: 0 },
    ':last-child': { borderBottomStyle: 'none', paddingBottom: 0 },
  },
  applicantName: { fontWeight: tokens.fontWeightSemibold, overflowWrap: 'anywhere' },
  applicantFacts: { color: tokens.colorNeutralForeground2 },
  cardActions: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalL,
    marginTop: tokens.spacingVerticalL,
  },
});

/** Where the outcome of a decided applicant is shown (later screens), if it has one. */
export function outcomeLink(applicant: Applicant): { to: string; labelKey: string } | undefined {
  const query = `?applicantIdentifier=${encodeURIComponent(applicant.applicantIdentifier)}`;
  if (applicant.status === 'APPROVED') return { to: `${PATHS.viewEta}${query}`, labelKey: 'pages.list.viewEta' };
  if (applicant.status === 'REJECTED') return { to: `${PATHS.viewNotice}${query}`, labelKey: 'pages.list.viewNotice' };
  return undefined;
}

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
  const approved: Applicant[] = [];
  const rejected: Applicant[] = [];
  applications.forEach((application, index) => {
    for (const applicant of application.applicants) {
      context.set(applicant.applicantIdentifier, labels[index].label);
      if (applicant.status === 'APPROVED') approved.push(applicant);
      if (applicant.status === 'REJECTED') rejected.push(applicant);
    }
  });
  const eta = useApplicantLabels(approved, context);
  const notices = useApplicantLabels(rejected, context);
  return new Map([...eta, ...notices]);
}

interface ApplicationCardProps {
  application: Application;
  label: ApplicationLabel;
  outcomeLabels: ReadonlyMap<string, string>;
  problem?: string;
  onProblem(message: string): void;
  onDelete(): void;
}

function ApplicationCard({ application, label, outcomeLabels, problem, onProblem, onDelete }: ApplicationCardProps) {
  const { t, i18n } = useTranslation(['applications', 'forms']);
  const styles = useApplicationStyles();
  const own = useStyles();
  const navigate = useNavigate();
  const resume = useResumeApplication();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const date = formatDate(application.createdAt, language);
  // Two applications started on the same day show the time too, as their names for screen readers say it.
  const created = label.withTime
    ? t('pages.list.label.dateTime', { date, time: formatTime(application.createdAt, language) })
    : date;
  const inProgress = application.status === 'IN_PROGRESS';
  const titleId = `application-${application.applicationIdentifier}`;

  const continueApplication = async () => {
    try {
      const answer = await resume.mutateAsync(application.applicationIdentifier);
      setRouterContext({ applicationIdentifier: answer.applicationIdentifier });
      navigate(resumePath(answer));
    } catch (error) {
      onProblem(errorBodyOf(error)?.error ?? t('pages.list.actionFailed'));
    }
  };

  return (
    <section className={own.card} aria-labelledby={titleId}>
      <h2 id={titleId} className={own.cardTitle}>
        <HiddenText
          i18nKey="pages.list.cardTitle"
          values={{ type: t(`forms:enums.applicationType.${application.applicationType}`), application: label.label }}
        />
      </h2>
      {problem && <ProblemPanel message={problem} />}
      <dl className={own.facts}>
        <div className={styles.summaryRow}>
          <dt className={styles.term}>{t('pages.list.created')}</dt>
          <dd className={styles.value}>{created}</dd>
        </div>
        <div className={styles.summaryRow}>
          <dt className={styles.term}>{t('pages.list.status')}</dt>
          <dd className={styles.value}>{t(`enums.applicationStatus.${application.status}`)}</dd>
        </div>
        <div className={styles.summaryRow}>
          <dt className={styles.term}>{t('pages.list.applicants')}</dt>
          <dd className={styles.value}>
            {application.applicants.length === 0 ? (
              t('pages.list.noApplicants')
            ) : (
              <ul className={own.applicants}>
                {application.applicants.map((applicant) => {
                  const name = applicantName(applicant);
                  const outcome = outcomeLink(applicant);
                  return (
                    <li key={applicant.applicantIdentifier} className={own.applicant}>
                      <div>
                        <div className={own.applicantName}>{name}</div>
                        <div className={own.applicantFacts}>
                          {t('pages.list.statusLine', { status: t(`enums.applicantStatus.${applicant.status}`) })}
                        </div>
                        {applicant.status === 'NOT_SUBMITTED' && inProgress && (
                          <div className={own.applicantFacts}>
                            {t('pages.list.stepLine', { step: t(`enums.step.${applicant.step}`) })}
                          </div>
                        )}
                      </div>
                      {outcome && (
                        <Link className={styles.link} to={outcome.to}>
                          <HiddenText
                            i18nKey={outcome.labelKey}
                            values={{ name: outcomeLabels.get(applicant.applicantIdentifier) ?? name }}
                          />
                        </Link>
                      )}
                    </li>
                  );
                })}
              </ul>
            )}
          </dd>
        </div>
      </dl>
      {inProgress && (
        <div className={own.cardActions}>
          <Button
            appearance="primary"
            size="large"
            disabled={resume.isPending}
            onClick={() => void continueApplication()}
          >
            <HiddenText i18nKey="pages.list.continue" values={{ application: label.label }} />
          </Button>
          <Button appearance="secondary" size="large" onClick={onDelete}>
            <HiddenText i18nKey="pages.list.delete" values={{ application: label.label }} />
          </Button>
        </div>
      )}
    </section>
  );
}
