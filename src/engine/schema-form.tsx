import { Spinner } from '@fluentui/react-components';
import Form from '@rjsf/core';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiErrorBody, FieldError } from '@/shared/api-types';
import { CHECK_ANSWERS_PAGE } from '@/shared/forms/flow';
import { pagesToCheck, sendingOf, stepAfterPage } from '@/shared/forms/navigation';
import { ContentLoading } from '@/ui/content-loading';
import { CarriedAnswers } from './carried-answers';
import { CheckAnswers } from './check-answers';
import type { EngineFormContext } from './engine-context';
import { ErrorSummary, focusControlWhenShown } from './error-summary';
import { useReportFormErrors } from './error-title';
import type { FormAddress } from './form-address';
import { FormButtons } from './form-buttons';
import { loadAllRules, useAllRules, useCompiledForm } from './form-loader';
import type { CompiledForm, FormAnswers, FormPage } from './form-types';
import { localiseUiSchema } from './localise';
import { fields, templates, widgets } from './registry';
import { controlIdForPath } from './templates/field-aria';
import { useFormPages } from './use-form-pages';
import { useFormProblems } from './use-form-problems';
import { formValidation } from './validation/form-validation';
import { keepConstraintAllOf } from './validation/merge-all-of';

/** An unanswered yes/no or tick box stays unanswered: never 'No' or ticked before the user chooses. */
const DEFAULT_FORM_STATE = { constAsDefaults: 'never', requiredBooleanDefault: 'skip' } as const;

/** Every control is named by its answer's path, dotted, so a form posted without scripts can be read back. */
const nameByPath = (path: (string | number)[], prefix: string) => (path.length ? path.map(String).join('.') : prefix);

export interface SchemaFormProps {
  /** Id of a form in `schemas/` (`<id>.schema.json`). */
  formId?: string;
  /** A compiled form given directly (tests, preview); takes precedence over `formId`. */
  form?: CompiledForm;
  /** Answers to start from (e.g. loaded from the API, the authKey from a link, or those of a form sent back). */
  formData?: FormAnswers;
  /** Called with valid, normalised answers (hidden pages' answers removed, mobile numbers in E.164). */
  onSubmit: (formData: FormAnswers) => void | Promise<unknown>;
  /** Called on every change (for autosave). */
  onChange?: (formData: FormAnswers) => void;
  /** Called when another page of a multi-page form is shown. */
  onPageChange?: (page: FormPage) => void;
  /**
   * Called when a page passes validation on Continue, before the next page (or check answers) is shown, e.g. to
   * save that page; resolving `false` keeps the user on the page (show why through `serverErrors`).
   */
  onPageSubmit?: (page: FormPage, formData: FormAnswers) => boolean | void | Promise<boolean | void>;
  /**
   * Id of the page to open first (resuming a saved form, or the page the server answered a form posted without
   * scripts with; check answers too); the first page when unknown or not applicable.
   */
  initialPageId?: string;
  /**
   * The pages' own addresses (see form-address.ts); without it the form keeps its page itself, and each page of a
   * form with several pages carries the other pages' answers when posted without scripts (it is sent from its end).
   */
  address?: FormAddress;
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
  /** The `<form>`'s id: a button elsewhere on the page can then send this form (its `form` attribute). */
  id?: string;
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
  const { form, onSubmit, onChange, onPageChange, onPageSubmit, address, disabled, children, id } = props;
  const { t, i18n } = useTranslation(['forms', 'validation']);
  const validation = formValidation(form);
  const [data, setData] = useState<FormAnswers>(() => props.formData ?? {});
  const pages = useFormPages(validation, data, { ...props });
  const { page, reviewing } = pages;
  // Posted without scripts, each page of a form sent only from its end carries the answers of the others.
  const carries = pages.multiPage && !address;
  const [judgedPages, setJudgedPages] = useState<Set<string>>(() => new Set());
  const [rulesFailed, setRulesFailed] = useState(false);
  const [busy, setBusy] = useState(false);
  const [focusTick, setFocusTick] = useState(0);
  const summaryRef = useRef<HTMLDivElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const rulesReady = useAllRules(form);
  const pageFields = validation.fieldsShown(page, data);
  const problems = useFormProblems({
    validation,
    data,
    page,
    fields: pageFields,
    judged: judgedPages.has(page.id),
    rulesReady,
    serverErrors: props.serverErrors,
    onServerErrors: () => setFocusTick((n) => n + 1),
  });
  useReportFormErrors(problems.summary.length > 0);
  useEffect(() => {
    if (focusTick > 0) summaryRef.current?.focus();
  }, [focusTick]);
  // The heading of the page shown next takes focus once rendered; so does check answers.
  // A Change link of check answers names the control to focus on the page it opens, instead of the heading.
  const shownKey = reviewing ? CHECK_ANSWERS_PAGE : page.id;
  const firstShown = useRef(shownKey);
  /** The page (or check answers) just left by a submit, until the next one shows or an answer changes. */
  const leaving = useRef<string | null>(null);
  const controlToFocus = useRef<string | null>(null);
  useEffect(() => {
    leaving.current = null;
    if (shownKey === firstShown.current) return;
    firstShown.current = '';
    onPageChange?.(page);
    const control = controlToFocus.current;
    controlToFocus.current = null;
    if (control) focusControlWhenShown(control);
    else headingRef.current?.focus();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when another page is shown
  }, [shownKey]);

  const uiSchema = useMemo(
    () => localiseUiSchema(form.schema as RJSFSchema, form.uiSchema, (key) => t(key)),
    // Translated again when the language changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [form, t, i18n.language],
  );
  const formContext: EngineFormContext = useMemo(() => ({ pageFields, busy }), [pageFields.join('\n'), busy]); // eslint-disable-line react-hooks/exhaustive-deps
  // rjsf holds the answers while a page is shown and reports each change (kept in `data`): handing them back as
  // `formData` would make it derive its whole state again on every keystroke. It starts from the latest answers each
  // time a page (or check answers) is shown.
  const formStart = useMemo(() => data, [shownKey]); // eslint-disable-line react-hooks/exhaustive-deps

  const judge = (pageId: string) => setJudgedPages((judged) => new Set(judged).add(pageId));

  const finish = async (answers: FormAnswers) => {
    const sending = sendingOf(validation, answers);
    if (sending.pageWithProblems) {
      // Back to the first page with a problem, its messages shown.
      judge(sending.pageWithProblems.id);
      pages.goTo(sending.pageWithProblems.id);
      setFocusTick((n) => n + 1);
      return;
    }
    setBusy(true);
    try {
      await onSubmit(sending.answers);
    } finally {
      setBusy(false);
    }
  };

  // One submit at a time: a second press (a double click, Enter twice) while the first is handled is not a second
  // submit, whichever button the browser pressed (the disabled Continue, or the form's hidden default button). Nor is
  // a press on a page already left, while the next page's address is opened: that page is not sent again.
  const submitting = useRef(false);
  const handleSubmit = async (answers: FormAnswers) => {
    if (submitting.current || leaving.current === shownKey) return;
    submitting.current = true;
    try {
      await submitOnce(answers);
    } finally {
      submitting.current = false;
    }
  };

  const submitOnce = async (answers: FormAnswers) => {
    try {
      await loadAllRules(form);
      setRulesFailed(false);
    } catch {
      // The rules loaded after the form showed could not be fetched: nothing is judged or sent unchecked.
      setRulesFailed(true);
      return;
    }
    if (reviewing) return finish(answers);
    judge(page.id);
    if (validation.pageProblems(page, answers).length > 0) {
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
    const step = stepAfterPage(validation, page.id, data, {
      checkAnswers: pages.checkAnswers,
      fromReview: pages.returnsToReview,
    });
    if (step.to === 'send') return finish(answers);
    leaving.current = shownKey;
    return step.to === 'page' ? pages.goTo(step.page.id) : pages.review();
  };

  // The last page names what the form does (check answers may still come after it).
  const submitText = t(
    !pages.next || reviewing ? (props.submitLabelKey ?? 'forms:engine.submit') : 'forms:engine.continue',
  );
  const back = pages.previous && {
    text: t('engine.back'),
    href: address?.href(pages.previous.id),
    // Without an address, Back posts the answers given so far, to be shown the page before with all of them.
    posts: carries,
    onBack: () => pages.previous && pages.goTo(pages.previous.id),
  };
  const buttons = (
    <FormButtons
      submitText={submitText}
      busy={busy || Boolean(disabled)}
      pageId={shownKey}
      fromReview={pages.returnsToReview}
      back={reviewing ? undefined : back}
    />
  );

  if (reviewing) {
    return (
      <form
        id={id}
        method="post"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void handleSubmit(data);
        }}
      >
        <h2 ref={headingRef} tabIndex={-1}>
          {t('engine.checkAnswersTitle')}
        </h2>
        <ErrorSummary ref={summaryRef} errors={problems.summary} />
        {rulesFailed && <p role="alert">{t('engine.loadFailed')}</p>}
        <CheckAnswers
          form={form}
          data={validation.withoutSkipped(data)}
          pages={pagesToCheck(validation, data)}
          changeHref={address && ((pageId) => address.href(pageId, { fromReview: true }))}
          onChange={(pageId, field) => {
            controlToFocus.current = controlIdForPath(field);
            pages.goTo(pageId, { fromReview: true });
          }}
        />
        {carries && <CarriedAnswers answers={data} except={[]} />}
        {buttons}
        {children}
      </form>
    );
  }

  return (
    <div>
      <ErrorSummary ref={summaryRef} errors={problems.summary} />
      {rulesFailed && <p role="alert">{t('engine.loadFailed')}</p>}
      {pages.multiPage && page.titleKey && (
        <h2 ref={headingRef} tabIndex={-1}>
          {t(page.titleKey)}
        </h2>
      )}
      <Form<FormAnswers>
        id={id}
        schema={validation.rjsfSchema}
        uiSchema={uiSchema as UiSchema<FormAnswers>}
        initialFormData={formStart}
        validator={validation.validator}
        widgets={widgets}
        fields={fields}
        templates={templates as never}
        formContext={formContext}
        extraErrors={problems.fieldErrors}
        nameGenerator={nameByPath}
        noValidate
        noHtml5Validate
        experimental_defaultFormStateBehavior={DEFAULT_FORM_STATE}
        showErrorList={false}
        omitExtraData
        experimental_customMergeAllOf={keepConstraintAllOf}
        disabled={disabled}
        // Posted to the page's own address until the page's scripts take it over; answers never in the address.
        method="post"
        onChange={(e) => {
          const next = (e.formData ?? {}) as FormAnswers;
          leaving.current = null;
          setData(next);
          onChange?.(next);
        }}
        onSubmit={(e) => void handleSubmit((e.formData ?? {}) as FormAnswers)}
      >
        {carries && <CarriedAnswers answers={data} except={page.fields} />}
        {buttons}
      </Form>
      {children}
    </div>
  );
}
