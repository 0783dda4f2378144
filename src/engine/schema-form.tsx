// Over 300 lines on purpose: SchemaForm is one component whose pages, error summary and check-answers view share
// the same state (the answers, the current page, the errors); the pieces that stand alone live beside it.
import { Button, Spinner } from '@fluentui/react-components';
import Form from '@rjsf/core';
import type { ErrorSchema, RJSFSchema, UiSchema } from '@rjsf/utils';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiErrorBody, FieldError } from '@/shared/api-types';
import { toErrorSchema } from './answers';
import { CheckAnswers } from './check-answers';
import type { EngineFormContext } from './engine-context';
import { ErrorSummary, focusControl, type SummaryError } from './error-summary';
import { FormButtons } from './form-buttons';
import { useReportFormErrors } from './error-title';
import { loadAllRules, useAllRules, useCompiledForm } from './form-loader';
import type { CompiledForm, FormAnswers, FormPage } from './form-types';
import { localiseUiSchema } from './localise';
import { fields, templates, widgets } from './registry';
import { stillStands, useServerErrors } from './server-errors';
import { useEngineStyles } from './styles';
import { controlIdForPath } from './templates/field-aria';
import { formValidation, topField } from './validation/form-validation';
import { keepConstraintAllOf } from './validation/merge-all-of';
import { ContentLoading } from '@/ui/content-loading';

/** An unanswered yes/no or tick box stays unanswered: never 'No' or ticked before the user chooses. */
const DEFAULT_FORM_STATE = { constAsDefaults: 'never', requiredBooleanDefault: 'skip' } as const;

export interface SchemaFormProps {
  /** Id of a form in `schemas/` (`<id>.schema.json`). */
  formId?: string;
  /** A compiled form given directly (tests, preview); takes precedence over `formId`. */
  form?: CompiledForm;
  /** Answers to start from (e.g. loaded from the API, or the authKey from a link). */
  formData?: FormAnswers;
  /** Called with valid, normalised answers (hidden pages' answers removed, mobile numbers in E.164). */
  onSubmit: (formData: FormAnswers) => void | Promise<unknown>;
  /** Called on every change (for autosave). */
  onChange?: (formData: FormAnswers) => void;
  /** Called when another page of a multi-page form is shown. */
  onPageChange?: (page: FormPage, index: number) => void;
  /**
   * Called when a page passes validation on Continue, before the next page (or check answers) is shown, e.g. to
   * save that page; resolving `false` keeps the user on the page (show why through `serverErrors`).
   */
  onPageSubmit?: (page: FormPage, formData: FormAnswers) => boolean | void | Promise<boolean | void>;
  /** Id of the page to open first (resuming a saved form); the first page when unknown or not applicable. */
  initialPageId?: string;
  /** i18n key of the final button (default "Continue"). */
  submitLabelKey?: string;
  /** Errors answered by the API (`ApiErrorBody.fields`, or the whole body): shown in the same summary. */
  serverErrors?: FieldError[] | ApiErrorBody | null;
  /** Show the generated check-answers page before the final submit (default: when the form has several pages). */
  checkAnswers?: boolean;
  /** Disables the whole form (e.g. while a request runs). */
  disabled?: boolean;
  /** Content under the buttons (e.g. a "Forgot your password?" link). */
  children?: ReactNode;
}

/** Renders a form from its JSON Schema + UI schema, with GOV.UK error handling, pages and check answers. */
export function SchemaForm(props: SchemaFormProps) {
  const { form, error } = useCompiledForm(props.formId, props.form);
  const { t } = useTranslation('forms');
  if (error) return <p role="alert">{t('engine.loadFailed')}</p>;
  if (!form)
    return (
      <ContentLoading>
        <Spinner label={t('engine.loading')} />
      </ContentLoading>
    );
  return <LoadedSchemaForm {...props} form={form} />;
}

function LoadedSchemaForm(props: SchemaFormProps & { form: CompiledForm }) {
  const { form, onSubmit, onChange, onPageChange, onPageSubmit, submitLabelKey, serverErrors, disabled, children } =
    props;
  const { t, i18n } = useTranslation(['forms', 'validation']);
  const styles = useEngineStyles();
  const validation = formValidation(form);
  const pages = validation.pages;
  const multiPage = pages.length > 1;
  const showCheckAnswers = props.checkAnswers ?? multiPage;

  const [data, setData] = useState<FormAnswers>(() => props.formData ?? {});
  const [pageIndex, setPageIndex] = useState(() => {
    const start = pages.findIndex((p) => p.id === props.initialPageId);
    return start > 0 && validation.pageApplies(pages[start], props.formData ?? {}) ? start : 0;
  });
  const [attempted, setAttempted] = useState<Set<string>>(() => new Set());
  const [reviewing, setReviewing] = useState(false);
  const [rulesFailed, setRulesFailed] = useState(false);
  const [returnToReview, setReturnToReview] = useState(false);
  const [busy, setBusy] = useState(false);
  const [focusTick, setFocusTick] = useState(0);
  const summaryRef = useRef<HTMLDivElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  // Server errors stay next to their field until the answer there changes.
  const server = useServerErrors(serverErrors, data, () => setFocusTick((n) => n + 1));

  const applies = useCallback((page: FormPage) => validation.pageApplies(page, data), [validation, data]);
  const page = pages[pageIndex] ?? pages[0];
  // Checked again once the rules loaded after the form showed have arrived.
  const allRules = useAllRules(form);
  // Messages show on a page once Continue was pressed there: until then no keystroke pays for judging the answers.
  const judged = attempted.has(page.id);
  const problems = useMemo(
    () => (judged ? validation.problems(data) : []),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [validation, data, allRules, judged],
  );
  // A field with its own `when` is asked only while it holds.
  const shownFields = validation.fieldsShown(page, data);
  const pageFieldsKey = shownFields.join('\n');
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const pageFields = useMemo(() => shownFields, [pageFieldsKey]);

  const message = useCallback((key: string, params?: Record<string, unknown>) => t(key, params), [t]);
  const shownProblems = problems.filter((p) => pageFields.includes(topField(p.path)));
  const shownServer = server.filter(
    (s) => (!multiPage || pageFields.includes(topField(s.path)) || s.path === '') && stillStands(s, data),
  );
  // The summary follows the order of the fields on the page, as GOV.UK asks.
  const position = (path: string) => {
    const i = pageFields.indexOf(topField(path));
    return i === -1 ? -1 : i;
  };
  const fieldMessages = [
    ...shownProblems.map((p) => ({ path: p.path, message: message(p.key, p.params) })),
    ...shownServer
      .filter((s) => !shownProblems.some((p) => p.path === s.path))
      .map((s) => ({ path: s.path, message: s.message })),
  ]
    .map((m, i) => ({ m, i }))
    .sort((a, b) => position(a.m.path) - position(b.m.path) || a.i - b.i)
    .map(({ m }) => m);
  const summary: SummaryError[] =
    attempted.has(page.id) || shownServer.length > 0
      ? fieldMessages.map((m) => ({ ...m, targetId: controlIdForPath(m.path) }))
      : [];
  const extraErrors = useMemo(
    () => toErrorSchema(fieldMessages.filter((m) => m.path !== '')) as ErrorSchema,
    // fieldMessages is rebuilt each render; its content is what matters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [JSON.stringify(fieldMessages)],
  );
  useReportFormErrors(summary.length > 0);

  useEffect(() => {
    if (focusTick > 0) summaryRef.current?.focus();
  }, [focusTick]);
  // The new page's heading takes focus once rendered (a frame later may still find the old one, about to go).
  const [headingTick, setHeadingTick] = useState(0);
  useEffect(() => {
    if (headingTick > 0) headingRef.current?.focus();
  }, [headingTick]);

  const uiSchema = useMemo(
    () => localiseUiSchema(form.schema as RJSFSchema, form.uiSchema, (key) => t(key)),
    // Re-translate when the language changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [form, t, i18n.language],
  );
  const formContext: EngineFormContext = useMemo(() => ({ pageFields }), [pageFields]);
  // rjsf holds the answers while the form is shown and reports each change (kept in `data`): handing them back as
  // `formData` would make it derive its whole state again on every keystroke. It starts from the latest answers
  // each time it is shown (again after the check-answers view).
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const formStart = useMemo(() => data, [reviewing]);

  const goTo = (index: number) => {
    setPageIndex(index);
    onPageChange?.(pages[index], index);
    setHeadingTick((n) => n + 1);
  };
  const nextIndex = (from: number, step: 1 | -1) => {
    for (let i = from + step; i >= 0 && i < pages.length; i += step) if (applies(pages[i])) return i;
    return -1;
  };

  const finish = async (answers: FormAnswers) => {
    const kept = validation.withoutSkipped(answers);
    const remaining = validation.problems(kept);
    if (remaining.length > 0) {
      const first = pages.findIndex((p) => validation.fieldsShown(p, kept).includes(topField(remaining[0].path)));
      setReviewing(false);
      setAttempted((a) => new Set(a).add(pages[Math.max(first, 0)].id));
      if (first >= 0) setPageIndex(first);
      setFocusTick((n) => n + 1);
      return;
    }
    setBusy(true);
    try {
      await onSubmit(validation.normalise(kept));
    } finally {
      setBusy(false);
    }
  };

  const handleSubmit = async (answers: FormAnswers) => {
    try {
      await loadAllRules(form);
      setRulesFailed(false);
    } catch {
      // The rules loaded after the form showed could not be fetched: nothing is judged or sent unchecked.
      setRulesFailed(true);
      return;
    }
    if (reviewing) {
      await finish(answers);
      return;
    }
    setAttempted((a) => new Set(a).add(page.id));
    const pageProblems = validation.problems(answers).filter((p) => pageFields.includes(topField(p.path)));
    if (pageProblems.length > 0) {
      setFocusTick((n) => n + 1);
      return;
    }
    if (onPageSubmit) {
      setBusy(true);
      let accepted: boolean | void;
      try {
        accepted = await onPageSubmit(page, answers);
      } finally {
        setBusy(false);
      }
      if (accepted === false) return;
    }
    const next = nextIndex(pageIndex, 1);
    if (returnToReview || (next === -1 && showCheckAnswers && multiPage)) {
      setReturnToReview(false);
      setReviewing(true);
      setHeadingTick((n) => n + 1);
      return;
    }
    if (next !== -1) {
      goTo(next);
      return;
    }
    await finish(answers);
  };

  const isLast = nextIndex(pageIndex, 1) === -1;
  const submitText = t(isLast || reviewing ? (submitLabelKey ?? 'forms:engine.submit') : 'forms:engine.continue');

  if (reviewing) {
    return (
      <div>
        <h2 ref={headingRef} tabIndex={-1}>
          {t('engine.checkAnswersTitle')}
        </h2>
        <ErrorSummary ref={summaryRef} errors={summary} />
        {rulesFailed && <p role="alert">{t('engine.loadFailed')}</p>}
        <CheckAnswers
          form={form}
          data={validation.withoutSkipped(data)}
          pages={pages.filter(applies).map((p) => ({ ...p, fields: validation.fieldsShown(p, data) }))}
          onChange={(pageId, field) => {
            setReviewing(false);
            setReturnToReview(true);
            setPageIndex(pages.findIndex((p) => p.id === pageId));
            requestAnimationFrame(() => focusControl(controlIdForPath(field)));
          }}
        />
        <div className={styles.buttons}>
          <Button appearance="primary" size="large" disabled={busy || disabled} onClick={() => void handleSubmit(data)}>
            {submitText}
          </Button>
        </div>
        {children}
      </div>
    );
  }

  return (
    <div>
      <ErrorSummary ref={summaryRef} errors={summary} />
      {rulesFailed && <p role="alert">{t('engine.loadFailed')}</p>}
      {multiPage && page.titleKey && (
        <h2 ref={headingRef} tabIndex={-1}>
          {t(page.titleKey)}
        </h2>
      )}
      <Form<FormAnswers>
        schema={validation.rjsfSchema}
        uiSchema={uiSchema as UiSchema<FormAnswers>}
        initialFormData={formStart}
        validator={validation.validator}
        widgets={widgets}
        fields={fields}
        templates={templates as never}
        formContext={formContext}
        extraErrors={extraErrors}
        noValidate
        noHtml5Validate
        experimental_defaultFormStateBehavior={DEFAULT_FORM_STATE}
        showErrorList={false}
        omitExtraData
        experimental_customMergeAllOf={keepConstraintAllOf}
        disabled={disabled}
        // Never answers in the address, whatever sends the form.
        method="post"
        onChange={(e) => {
          const next = (e.formData ?? {}) as FormAnswers;
          setData(next);
          onChange?.(next);
        }}
        onSubmit={(e) => void handleSubmit((e.formData ?? {}) as FormAnswers)}
      >
        <FormButtons
          submitText={submitText}
          busy={busy || Boolean(disabled)}
          backText={t('engine.back')}
          onBack={pageIndex > 0 && nextIndex(pageIndex, -1) !== -1 ? () => goTo(nextIndex(pageIndex, -1)) : undefined}
        />
      </Form>
      {children}
    </div>
  );
}
