import { Spinner } from '@fluentui/react-components';
import Form from '@rjsf/core';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiErrorBody, FieldError } from '@/shared/api-types';
import { pagesToCheck } from '@/shared/forms/navigation';
import { ContentLoading } from '@/ui/content-loading';
import { CarriedAnswers } from './carried-answers';
import { CheckAnswers } from './check-answers';
import { ErrorSummary } from './error-summary';
import type { FormAddress } from './form-address';
import { FormButtons } from './form-buttons';
import { useCompiledForm } from './form-loader';
import type { CompiledForm, FormAnswers, FormPage } from './form-types';
import { localiseUiSchema } from './localise';
import { fields, templates, widgets } from './registry';
import { useFormNavigation } from './use-form-navigation';
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
  const { form, address, disabled, children, id } = props;
  const { t, i18n } = useTranslation(['forms', 'validation']);
  const shown = useFormNavigation(props);
  const { validation, data, pages, problems } = shown;
  const { page, reviewing } = pages;
  // Posted without scripts, each page of a form sent only from its end carries the answers of the others.
  const carries = pages.multiPage && !address;
  const uiSchema = useMemo(
    () => localiseUiSchema(form.schema as RJSFSchema, form.uiSchema, (key) => t(key)),
    // Translated again when the language changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [form, t, i18n.language],
  );

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
      busy={shown.busy || Boolean(disabled)}
      pageId={shown.shownKey}
      fromReview={pages.returnsToReview}
      back={reviewing ? undefined : back}
    />
  );
  const rulesFailed = shown.rulesFailed && <p role="alert">{t('engine.loadFailed')}</p>;

  if (reviewing) {
    return (
      <form
        id={id}
        method="post"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void shown.submit(data);
        }}
      >
        <h2 ref={shown.headingRef} tabIndex={-1}>
          {t('engine.checkAnswersTitle')}
        </h2>
        <ErrorSummary ref={shown.summaryRef} errors={problems.summary} />
        {rulesFailed}
        <CheckAnswers
          form={form}
          data={validation.withoutSkipped(data)}
          pages={pagesToCheck(validation, data)}
          changeHref={address && ((pageId) => address.href(pageId, { fromReview: true }))}
          onChange={shown.changeFromReview}
        />
        {carries && <CarriedAnswers answers={data} except={[]} />}
        {buttons}
        {children}
      </form>
    );
  }

  return (
    <div>
      <ErrorSummary ref={shown.summaryRef} errors={problems.summary} />
      {rulesFailed}
      {pages.multiPage && page.titleKey && (
        <h2 ref={shown.headingRef} tabIndex={-1}>
          {t(page.titleKey)}
        </h2>
      )}
      <Form<FormAnswers>
        id={id}
        schema={validation.rjsfSchema}
        uiSchema={uiSchema as UiSchema<FormAnswers>}
        initialFormData={shown.formStart}
        validator={validation.validator}
        widgets={widgets}
        fields={fields}
        templates={templates as never}
        formContext={shown.formContext}
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
        onChange={(e) => shown.change((e.formData ?? {}) as FormAnswers)}
        onSubmit={(e) => void shown.submit((e.formData ?? {}) as FormAnswers)}
      >
        {carries && <CarriedAnswers answers={data} except={page.fields} />}
        {buttons}
      </Form>
      {children}
    </div>
  );
}
