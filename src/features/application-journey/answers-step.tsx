import { Button, Spinner } from '@fluentui/react-components';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useActionData, useNavigate } from 'react-router-dom';
import {
  AnswerSaveQueue,
  useAnswerSaveCall,
  mergeWithBackup,
  readBackup,
  type AnswerFormId,
  type Answers,
  type AnswersTarget,
  type SaveOutcome,
  type SaveStatus,
} from '@/api/answers';
import { queryKeys } from '@/api/query-keys';
import { ApiError } from '@/api/request';
import { useRequestScope } from '@/api/request-scope';
import type { FormActionData } from '@/engine/form-action';
import type { FormPage } from '@/engine/form-types';
import { SchemaForm } from '@/engine/schema-form';
import type { ApiErrorBody, FieldError } from '@/shared/api-types';
import { ContentLoading } from '@/ui/content-loading';
import { Notice } from '@/ui/notice';
import { PageHeading } from '@/ui/page-heading';
import { useServerRender } from '@/ui/server-render';
import { ProblemPanel } from '@/engine/problem-panel';
import { useJourneyStyles } from './journey-styles';
import { BackToOverview, StepNotReached } from './step-links';
import { useAnswersAddress } from './use-answers-address';
import type { OverviewState } from './overview';
import { stepQuery, type LoadedStep } from './step-query';
import { OVERVIEW_PATH, stepNamed, stepPosition } from './steps';
import { useOtherTabs } from './use-other-tabs';
import { PassportCheck } from './passport-check';
import { CHECK_ANSWERS_PAGE } from '@/shared/forms/flow';

export interface AnswersStepProps {
  formId: AnswerFormId;
  /** The step these answers belong to (APPLICATION_FORM or DECLARATION). */
  step: string;
  applicationIdentifier: string;
  applicantIdentifier: string;
  headingKey: string;
  submitLabelKey: string;
}

type Loaded = LoadedStep;

/** The pages that show the passport photo's reading beside the answers. */
const PASSPORT_CHECK_PAGES = new Set(['passport', CHECK_ANSWERS_PAGE]);

/** Top-level answers that differ between two versions of the answers. */
function changedFields(before: Answers, after: Answers): string[] {
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...keys].filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]));
}

/**
 * One applicant's answers of one form of the step flow: loaded with every saved answer and resumed where the
 * server says, each page saved on Continue, drafts saved after a pause in typing, nothing lost when the
 * service cannot be reached.
 */
export function AnswersStep(props: AnswersStepProps) {
  const { t } = useTranslation(['journey', 'applications']);
  const styles = useJourneyStyles();
  const scope = useRequestScope();
  const loaded = useQuery(
    stepQuery(
      {
        formId: props.formId,
        applicationIdentifier: props.applicationIdentifier,
        applicantIdentifier: props.applicantIdentifier,
      },
      scope,
    ),
  );
  const heading = t(props.headingKey);

  if (loaded.isPending) {
    // The page's frame as it will be once loaded, so nothing moves when the answers and the form arrive: the
    // caption's line is kept for the applicant's name, and the footer waits for the form (ContentLoading).
    return (
      <div className={styles.page}>
        <BackToOverview />
        <PageHeading caption={'\u00a0'}>{heading}</PageHeading>
        <ContentLoading>
          <Spinner label={t('form.loading')} />
        </ContentLoading>
      </div>
    );
  }
  if (!loaded.data) {
    const body = loaded.error instanceof ApiError ? loaded.error.errorBody : undefined;
    return (
      <div className={styles.page}>
        <PageHeading>{heading}</PageHeading>
        <ProblemPanel message={[body?.error ?? t('form.loadFailed')]}>
          <Link className={styles.link} to={OVERVIEW_PATH}>
            {t('form.goToOverview')}
          </Link>
        </ProblemPanel>
      </div>
    );
  }
  const data = loaded.data;
  const caption = data.name ? t('form.caption', { name: data.name }) : undefined;
  if (stepPosition(data.current) < stepPosition(props.step)) {
    const blocking = stepNamed(data.current);
    return (
      <div className={styles.page}>
        <PageHeading caption={caption}>{heading}</PageHeading>
        <StepNotReached message={t('form.stepNotReached', { step: blocking ? t(blocking.labelKey) : data.current })} />
      </div>
    );
  }
  return <LoadedAnswersStep {...props} loaded={data} caption={caption} heading={heading} />;
}

function LoadedAnswersStep(props: AnswersStepProps & { loaded: Loaded; caption?: string; heading: string }) {
  const { loaded, formId, applicationIdentifier, applicantIdentifier } = props;
  const { t } = useTranslation(['journey', 'applications']);
  const styles = useJourneyStyles();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // What the server said of a page sent before the page's scripts ran (answers-action.ts).
  const sent = useActionData() as FormActionData | undefined;
  const address = useAnswersAddress(sent);
  const target: AnswersTarget = useMemo(
    () => ({ formId, applicationIdentifier, applicantIdentifier }),
    [formId, applicationIdentifier, applicantIdentifier],
  );
  // Answers typed in this browser and never saved are laid over the server's once the page is shown.
  const [restored, setRestored] = useState<{ answers: Answers; page?: string } | undefined>();
  useEffect(() => {
    const merged = mergeWithBackup(loaded.answers, loaded.updatedAt, readBackup(target));
    if (merged.fromBackup) setRestored({ answers: merged.answers, page: merged.page });
  }, [loaded, target]);
  const answers = restored?.answers ?? sent?.answers ?? loaded.answers;
  const [status, setStatus] = useState<SaveStatus>('idle');
  const [everKept, setEverKept] = useState(false);
  const [serverErrors, setServerErrors] = useState<ApiErrorBody | FieldError[] | null>(sent?.errors ?? null);
  const [problem, setProblem] = useState<{ messages: string[]; stepNotReached?: boolean } | null>(
    sent?.problem ? { messages: [sent.problem], stepNotReached: sent.code === 'STEP_NOT_REACHED' } : null,
  );
  const current = useRef<{ answers: Answers; page?: string }>({ answers, page: address.current ?? loaded.startPage });
  const saveCall = useAnswerSaveCall();
  const tabs = useOtherTabs(target);
  const { announceSaved } = tabs;
  const send = useCallback<typeof saveCall>(
    async (saveTarget, body) => {
      const result = await saveCall(saveTarget, body);
      if (result.success) announceSaved();
      return result;
    },
    [saveCall, announceSaved],
  );

  const serverRender = useServerRender();
  const queue = useMemo(
    () =>
      new AnswerSaveQueue({
        target,
        pageFields: (page) => loaded.pageFields[page] ?? [],
        send,
        inert: serverRender !== undefined,
        onStatus: (s) => {
          setStatus(s);
          if (s === 'kept') setEverKept(true);
        },
      }),
    [target, loaded, send, serverRender],
  );
  useEffect(
    () => () => {
      void queue.flush().finally(() => queue.dispose());
    },
    [queue],
  );
  useEffect(() => {
    // Answers restored from this browser go to the server straight away.
    if (restored) queue.change(restored.answers, undefined, Object.keys(restored.answers));
  }, [queue, restored]);

  /** Shows what a refused save answered; answers false so the form stays where it is. */
  const refused = (outcome: Extract<SaveOutcome, { kind: 'refused' }>) => {
    if (outcome.error.fields && outcome.error.fields.length > 0) {
      setProblem(null);
      setServerErrors(outcome.error);
    } else {
      setServerErrors(null);
      setProblem({ messages: [outcome.error.error], stepNotReached: outcome.error.code === 'STEP_NOT_REACHED' });
    }
    return false;
  };

  const onChange = (answers: Answers) => {
    const changed = changedFields(current.current.answers, answers);
    current.current = { ...current.current, answers };
    if (changed.length > 0) queue.change(answers, current.current.page, changed);
  };

  const onPageSubmit = async (page: FormPage, answers: Answers) => {
    const outcome = await queue.savePage(answers, page.id);
    if (outcome.kind === 'refused') return refused(outcome);
    setServerErrors(null);
    setProblem(null);
    return true;
  };

  // Once the whole form is saved, the overview opens: a press made before it shows (the second of a double click)
  // saves nothing again.
  const leaving = useRef(false);
  const onSubmit = async (answers: Answers) => {
    if (leaving.current) return;
    const outcome = await queue.saveAll(answers);
    if (outcome.kind === 'refused') {
      refused(outcome);
      // On the check-answers page the fields' own messages may belong to other pages: list them here too.
      if (outcome.error.fields?.length) setProblem({ messages: outcome.error.fields.map((f) => f.message) });
      return;
    }
    if (outcome.kind === 'kept') {
      setProblem({ messages: [t('form.unsavedFinish')] });
      return;
    }
    leaving.current = true;
    await queryClient.invalidateQueries({ queryKey: queryKeys.applications.all });
    const state: OverviewState = { savedFor: loaded.name };
    navigate(OVERVIEW_PATH, { state });
  };

  return (
    <div className={styles.page}>
      <BackToOverview />
      <PageHeading caption={props.caption}>{props.heading}</PageHeading>
      {tabs.changedElsewhere ? (
        <Notice tone="warning">
          {t('save.changedElsewhere')}{' '}
          <Button appearance="secondary" onClick={() => window.location.reload()}>
            {t('save.reload')}
          </Button>
        </Notice>
      ) : (
        tabs.otherTab && <Notice>{t('save.otherTab')}</Notice>
      )}
      {restored && status !== 'kept' && <Notice>{t('form.restored')}</Notice>}
      {status === 'kept' && <Notice tone="warning">{t('save.kept')}</Notice>}
      {everKept && status === 'saved' && <Notice tone="success">{t('save.saved')}</Notice>}
      {problem &&
        (problem.stepNotReached ? (
          <StepNotReached message={problem.messages[0]} />
        ) : (
          <ProblemPanel message={problem.messages} />
        ))}
      {loaded.passportReading && PASSPORT_CHECK_PAGES.has(address.current ?? loaded.startPage ?? '') && (
        <PassportCheck
          reading={loaded.passportReading}
          applicantIdentifier={applicantIdentifier}
          pageOf={(field) => Object.keys(loaded.pageFields).find((page) => loaded.pageFields[page].includes(field))}
          pageHref={(pageId) =>
            address.href(pageId, { fromReview: address.current === CHECK_ANSWERS_PAGE || address.fromReview })
          }
        />
      )}
      <SchemaForm
        key={restored ? 'restored' : 'loaded'}
        formId={formId}
        formData={answers}
        initialPageId={restored?.page ?? loaded.startPage}
        address={address}
        onChange={onChange}
        onPageChange={(page) => {
          current.current = { ...current.current, page: page.id };
          setProblem(null);
        }}
        onPageSubmit={onPageSubmit}
        onSubmit={onSubmit}
        serverErrors={serverErrors}
        submitLabelKey={props.submitLabelKey}
      />
    </div>
  );
}
