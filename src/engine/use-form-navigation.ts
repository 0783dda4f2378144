import { useEffect, useEffectEvent, useMemo, useReducer, useRef, useState } from 'react';
import type { ApiErrorBody, FieldError } from '@/shared/api-types';
import { CHECK_ANSWERS_PAGE } from '@/shared/forms/flow';
import { sendingOf, stepAfterPage } from '@/shared/forms/navigation';
import type { EngineFormContext } from './engine-context';
import { focusControlWhenShown } from './error-summary';
import { useReportFormErrors } from './error-title';
import type { FormAddress } from './form-address';
import { loadAllRules, useAllRules } from './form-loader';
import type { CompiledForm, FormAnswers, FormPage } from './form-types';
import { controlIdForPath } from './templates/field-aria';
import { useFormPages } from './use-form-pages';
import { useFormProblems } from './use-form-problems';
import { formValidation } from './validation/form-validation';

/** What the form's state and navigation are made from (the props SchemaForm passes on). */
export interface FormNavigationOptions {
  form: CompiledForm;
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
  /** Errors answered by the API (`ApiErrorBody.fields`, or the whole body): shown in the same summary. */
  serverErrors?: FieldError[] | ApiErrorBody | null;
  /** Show the generated check-answers page before the final submit (default: when the form has several pages). */
  checkAnswers?: boolean;
}

/** What the form holds besides the page shown. */
interface FormState {
  /** The answers, as rjsf reports them on each change. */
  data: FormAnswers;
  /** The pages whose button was pressed there: their problems are shown. */
  judged: ReadonlySet<string>;
  /** The rules loaded after the form showed could not be fetched. */
  rulesFailed: boolean;
  /** A page save or the final submit is under way. */
  busy: boolean;
  /** Counts the times the error summary is to take focus. */
  summaryFocus: number;
}

type FormEvent =
  | { type: 'changed'; data: FormAnswers }
  | { type: 'judged'; pageId: string }
  | { type: 'rules'; failed: boolean }
  | { type: 'busy'; busy: boolean }
  | { type: 'focusSummary' };

function reduce(state: FormState, event: FormEvent): FormState {
  switch (event.type) {
    case 'changed':
      return { ...state, data: event.data };
    case 'judged':
      return state.judged.has(event.pageId) ? state : { ...state, judged: new Set(state.judged).add(event.pageId) };
    case 'rules':
      return state.rulesFailed === event.failed ? state : { ...state, rulesFailed: event.failed };
    case 'busy':
      return state.busy === event.busy ? state : { ...state, busy: event.busy };
    case 'focusSummary':
      return { ...state, summaryFocus: state.summaryFocus + 1 };
  }
}

/**
 * The state of a form and its navigation, by the flow's navigation (src/shared/forms/navigation.ts): the answers, the
 * page shown and its problems, what the page's button, Back and the Change links of check answers do, and where focus
 * goes (the error summary when problems are found, the heading of each page shown next, or the control a Change link
 * names). SchemaForm renders what it returns.
 */
export function useFormNavigation(options: FormNavigationOptions) {
  const { form, onSubmit, onPageChange, onPageSubmit } = options;
  const validation = formValidation(form);
  const [state, dispatch] = useReducer(reduce, undefined, () => ({
    data: options.formData ?? {},
    judged: new Set<string>(),
    rulesFailed: false,
    busy: false,
    summaryFocus: 0,
  }));
  const { data } = state;
  const pages = useFormPages(validation, data, options);
  const { page, reviewing } = pages;
  const summaryRef = useRef<HTMLDivElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The rules loaded after the form showed: their arrival renders the form again, and its answers are judged by them.
  useAllRules(form);
  const pageFields = validation.fieldsShown(page, data);
  const problems = useFormProblems({
    validation,
    data,
    page,
    fields: pageFields,
    judged: state.judged.has(page.id),
    serverErrors: options.serverErrors,
    onServerErrors: () => dispatch({ type: 'focusSummary' }),
  });
  useReportFormErrors(problems.summary.length > 0);
  useEffect(() => {
    if (state.summaryFocus > 0) summaryRef.current?.focus();
  }, [state.summaryFocus]);
  // The heading of the page shown next takes focus once rendered; so does check answers.
  // A Change link of check answers names the control to focus on the page it opens, instead of the heading.
  const shownKey = reviewing ? CHECK_ANSWERS_PAGE : page.id;
  const firstShown = useRef(shownKey);
  /** The page (or check answers) just left by a submit, until the next one shows or an answer changes. */
  const leaving = useRef<string | null>(null);
  const controlToFocus = useRef<string | null>(null);
  const pageShown = useEffectEvent((key: string) => {
    leaving.current = null;
    if (key === firstShown.current) return;
    firstShown.current = '';
    onPageChange?.(page);
    const control = controlToFocus.current;
    controlToFocus.current = null;
    if (control) focusControlWhenShown(control);
    else headingRef.current?.focus();
  });
  // Only when another page is shown, not on every change of the answers.
  useEffect(() => pageShown(shownKey), [shownKey]);

  // The fields are worked out again each render; which they are is what matters.
  const fieldsKey = JSON.stringify(pageFields);
  const formContext: EngineFormContext = useMemo(
    () => ({ pageFields: JSON.parse(fieldsKey) as string[], busy: state.busy }),
    [fieldsKey, state.busy],
  );
  // rjsf holds the answers while a page is shown and reports each change (kept in `data`): handing them back as
  // `formData` would make it derive its whole state again on every keystroke. It starts from the latest answers each
  // time a page (or check answers) is shown.
  const [start, setStart] = useState({ key: shownKey, data });
  if (start.key !== shownKey) setStart({ key: shownKey, data });
  const formStart = start.key === shownKey ? start.data : data;

  const busyWhile = async <T>(work: () => Promise<T> | T): Promise<T> => {
    dispatch({ type: 'busy', busy: true });
    try {
      return await work();
    } finally {
      dispatch({ type: 'busy', busy: false });
    }
  };

  const finish = async (answers: FormAnswers) => {
    const sending = sendingOf(validation, answers);
    if (sending.pageWithProblems) {
      // Back to the first page with a problem, its messages shown.
      dispatch({ type: 'judged', pageId: sending.pageWithProblems.id });
      pages.goTo(sending.pageWithProblems.id);
      dispatch({ type: 'focusSummary' });
      return;
    }
    await busyWhile(() => onSubmit(sending.answers));
  };

  const submitOnce = async (answers: FormAnswers) => {
    try {
      await loadAllRules(form);
      dispatch({ type: 'rules', failed: false });
    } catch {
      // The rules loaded after the form showed could not be fetched: nothing is judged or sent unchecked.
      dispatch({ type: 'rules', failed: true });
      return;
    }
    if (reviewing) return finish(answers);
    dispatch({ type: 'judged', pageId: page.id });
    if (validation.pageProblems(page, answers).length > 0) {
      dispatch({ type: 'focusSummary' });
      return;
    }
    if (onPageSubmit && (await busyWhile(() => onPageSubmit(page, answers))) === false) return;
    const step = stepAfterPage(validation, page.id, data, {
      checkAnswers: pages.checkAnswers,
      fromReview: pages.returnsToReview,
    });
    if (step.to === 'send') return finish(answers);
    leaving.current = shownKey;
    return step.to === 'page' ? pages.goTo(step.page.id) : pages.review();
  };

  // One submit at a time: a second press (a double click, Enter twice) while the first is handled is not a second
  // submit, whichever button the browser pressed (the disabled Continue, or the form's hidden default button). Nor is
  // a press on a page already left, while the next page's address is opened: that page is not sent again.
  const submitting = useRef(false);
  const submit = async (answers: FormAnswers) => {
    if (submitting.current || leaving.current === shownKey) return;
    submitting.current = true;
    try {
      await submitOnce(answers);
    } finally {
      submitting.current = false;
    }
  };

  return {
    validation,
    data,
    pages,
    /** The page shown, or check answers: what the page's hidden `_page` field names. */
    shownKey,
    pageFields,
    problems,
    rulesFailed: state.rulesFailed,
    busy: state.busy,
    summaryRef,
    headingRef,
    formContext,
    formStart,
    submit,
    /** An answer changed (rjsf's onChange). */
    change(next: FormAnswers) {
      leaving.current = null;
      dispatch({ type: 'changed', data: next });
      options.onChange?.(next);
    },
    /** A Change link of check answers: the page it names, the control of the field focused there. */
    changeFromReview(pageId: string, field: string) {
      controlToFocus.current = controlIdForPath(field);
      pages.goTo(pageId, { fromReview: true });
    },
  };
}
