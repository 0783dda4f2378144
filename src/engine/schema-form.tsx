import { Spinner } from '@fluentui/react-components';
import Form, { type FormProps } from '@rjsf/core';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { pagesToCheck } from '@/shared/forms/navigation';
import { ContentLoading } from '@/ui/content-loading';
import { useServerRender } from '@/ui/server-render';
import { CarriedAnswers } from './carried-answers';
import { CheckAnswers } from './check-answers';
import { ErrorSummary } from './error-summary';
import { FormButtons } from './form-buttons';
import { useCompiledForm } from './form-loader';
import type { CompiledForm, FormAnswers } from './form-types';
import { localiseUiSchema } from './localise';
import { fields, templates, widgets } from './registry';
import { useFormNavigation, type FormNavigationOptions } from './use-form-navigation';
import { keepConstraintAllOf } from './validation/merge-all-of';

/** An unanswered yes/no or tick box stays unanswered: never 'No' or ticked before the user chooses. */
const DEFAULT_FORM_STATE = { constAsDefaults: 'never', requiredBooleanDefault: 'skip' } as const;

/** Every control is named by its answer's path, dotted, so a form posted without scripts can be read back. */
const nameByPath = (path: (string | number)[], prefix: string) => (path.length ? path.map(String).join('.') : prefix);

/** The form's props: what its state and navigation are made from (FormNavigationOptions, documented there), and these. */
export interface SchemaFormProps extends Omit<FormNavigationOptions, 'form'> {
  /** Id of a form in `schemas/` (`<id>.schema.json`). */
  formId?: string;
  /** A compiled form given directly (tests, preview); takes precedence over `formId`. */
  form?: CompiledForm;
  /** i18n key of the final button (default "Continue"). */
  submitLabelKey?: string;
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
  const { t } = useTranslation(['forms', 'validation']);
  const shown = useFormNavigation(props);
  const { validation, data, pages, problems } = shown;
  const { page, reviewing } = pages;
  // Posted without scripts, each page of a form sent only from its end carries the answers of the others.
  const carries = pages.multiPage && !address;

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
      <LocalisedForm
        form={form}
        id={id}
        schema={validation.rjsfSchema}
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
      </LocalisedForm>
      {children}
    </div>
  );
}

/**
 * rjsf's Form, with the texts of the form's UI schema translated. A component of its own, so that when React renders
 * or hydrates the form in slices it can let the browser run between translating the UI schema and the Form's own first
 * render (its answers' defaults and conditions), each some milliseconds of work on a large form.
 */
function LocalisedForm({ form, ...props }: Omit<FormProps<FormAnswers>, 'uiSchema'> & { form: CompiledForm }) {
  const { t, i18n } = useTranslation(['forms', 'validation']);
  // Translated again when the language changes.
  const language = i18n.language;
  const server = useServerRender() !== undefined;
  const uiSchema = useMemo(() => {
    const translate = () =>
      localiseUiSchema(form.schema as RJSFSchema, form.uiSchema, (key) => t(key, { lng: language }));
    return server ? translatedOnServer(form, language, translate) : translate();
  }, [form, t, language, server]);
  return <Form<FormAnswers> {...props} uiSchema={uiSchema as UiSchema<FormAnswers>} />;
}

/**
 * The server's translated UI schemas, by form and language: the server holds every text from its start and loads
 * each form once, so a form's translation in a language is the same for every page it renders.
 */
const serverTranslations = new WeakMap<CompiledForm, Map<string, UiSchema>>();

function translatedOnServer(form: CompiledForm, language: string, translate: () => UiSchema): UiSchema {
  let byLanguage = serverTranslations.get(form);
  if (!byLanguage) serverTranslations.set(form, (byLanguage = new Map()));
  let uiSchema = byLanguage.get(language);
  if (!uiSchema) byLanguage.set(language, (uiSchema = translate()));
  return uiSchema;
}
