import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { useResumeApplication, type Applicant, type Application } from '@/api/applications';
import { resumePath } from '@/api/journey';
import { setRouterContext } from '@/api/router-context';
import { ProblemPanel } from '@/engine/problem-panel';
import { PATHS } from '@/shared/route-paths';
import { AskFirstButton } from '@/ui/ask-first-button';
import { ButtonLink } from '@/ui/button-link';
import { PostForm } from '@/ui/post-form';
import { errorBodyOf } from './api-errors';
import { useApplicationCardStyles } from './application-card.styles';
import { formatDate, formatTime } from '@/shared/dates';
import { applicantName } from './format';
import { HiddenText } from './hidden-text';
import type { ApplicationLabel } from './labels';
import { APPLICATION_FIELD, CONTINUE_APPLICATION_ACTION } from './posted-names';
import { usePageStyles } from '@/ui/page-styles';
import { ActionButton } from '@/engine/action-button';

/** The kinds of outcome link, each named after the document it opens. */
export type OutcomeLinkKey = 'pages.list.viewEta' | 'pages.list.viewVisa' | 'pages.list.viewNotice';

/**
 * Where the document of a decided applicant is shown, if it has one: an approved (or since expired) ETA or visa
 * under section 11(1), or a notice of refusal.
 */
export function outcomeLink(
  applicant: Applicant,
  applicationType: Application['applicationType'] = 'ETA',
): { to: string; labelKey: OutcomeLinkKey } | undefined {
  const query = `?applicantIdentifier=${encodeURIComponent(applicant.applicantIdentifier)}`;
  if (applicant.status === 'APPROVED' || applicant.status === 'EXPIRED') {
    return applicationType === 'ETA_SECTION_11_1'
      ? { to: `${PATHS.viewVisa}${query}`, labelKey: 'pages.list.viewVisa' }
      : { to: `${PATHS.viewEta}${query}`, labelKey: 'pages.list.viewEta' };
  }
  if (applicant.status === 'REJECTED') return { to: `${PATHS.viewNotice}${query}`, labelKey: 'pages.list.viewNotice' };
  return undefined;
}

interface ApplicationCardProps {
  application: Application;
  label: ApplicationLabel;
  outcomeLabels: ReadonlyMap<string, string>;
  problem?: string;
  onProblem(message: string): void;
  /** The page that asks before deleting it, when the page's scripts are not running (`?delete=<application>`). */
  deletePath: string;
  /** Asks before deleting it (the dialog). */
  onDelete(): void;
}

/** One application on the list: when it was made, its state, its applicants (with their outcomes), and its actions. */
export function ApplicationCard({
  application,
  label,
  outcomeLabels,
  problem,
  onProblem,
  deletePath,
  onDelete,
}: ApplicationCardProps) {
  const { t, i18n } = useTranslation(['applications', 'forms']);
  const styles = usePageStyles();
  const own = useApplicationCardStyles();
  const navigate = useNavigate();
  const resume = useResumeApplication();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const date = formatDate(application.createdAt, language);
  // Two applications started on the same day show the time too, as their names for screen readers say it.
  const created = label.withTime
    ? t('pages.list.label.dateTime', { date, time: formatTime(application.createdAt, language) })
    : date;
  const inProgress = application.status === 'IN_PROGRESS';
  // One status per applicant: a submitted applicant (referred to a case officer or not) is being decided.
  const applicantStatus = (applicant: Applicant) =>
    applicant.status === 'SUBMITTED' ? t('pages.list.beingDecided') : t(`enums.applicantStatus.${applicant.status}`);
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
          <dt className={styles.summaryTerm}>{t('pages.list.created')}</dt>
          <dd className={styles.summaryValue}>{created}</dd>
        </div>
        <div className={styles.summaryRow}>
          <dt className={styles.summaryTerm}>{t('pages.list.status')}</dt>
          <dd className={styles.summaryValue}>{t(`enums.applicationStatus.${application.status}`)}</dd>
        </div>
        <div className={styles.summaryRow}>
          <dt className={styles.summaryTerm}>{t('pages.list.applicants')}</dt>
          <dd className={styles.summaryValue}>
            {application.applicants.length === 0 ? (
              t('pages.list.noApplicants')
            ) : (
              <ul className={own.applicants}>
                {application.applicants.map((applicant) => {
                  const name = applicantName(applicant);
                  const outcome = outcomeLink(applicant, application.applicationType);
                  return (
                    <li key={applicant.applicantIdentifier} className={own.applicant}>
                      <div>
                        <div className={own.applicantName}>{name}</div>
                        <div className={own.applicantFacts}>
                          {t('pages.list.statusLine', { status: applicantStatus(applicant) })}
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
      {(application.status === 'SUBMITTED' || application.status === 'COMPLETE') && (
        <div className={own.cardActions}>
          <ButtonLink
            appearance="secondary"
            to={`${PATHS.applicationSubmitted}?applicationIdentifier=${encodeURIComponent(application.applicationIdentifier)}`}
          >
            <HiddenText i18nKey="pages.list.viewConfirmation" values={{ application: label.label }} />
          </ButtonLink>
        </div>
      )}
      {inProgress && (
        <div className={own.cardActions}>
          {/* Continue posts to the list's own address without scripts (its action resumes the application there). */}
          <PostForm
            className={own.actionForm}
            onSubmit={(event) => {
              event.preventDefault();
              void continueApplication();
            }}
          >
            <input type="hidden" name={APPLICATION_FIELD} value={application.applicationIdentifier} />
            <ActionButton action={CONTINUE_APPLICATION_ACTION} appearance="primary" disabled={resume.isPending}>
              <HiddenText i18nKey="pages.list.continue" values={{ application: label.label }} />
            </ActionButton>
          </PostForm>
          <AskFirstButton
            action={deletePath}
            name="delete"
            value={application.applicationIdentifier}
            appearance="secondary"
            size="large"
            onAsk={onDelete}
          >
            <HiddenText i18nKey="pages.list.delete" values={{ application: label.label }} />
          </AskFirstButton>
        </div>
      )}
    </section>
  );
}
