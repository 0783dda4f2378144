/**
 * What the server does with a schema form posted to its page before (or without) the page's scripts: the answers
 * read back by the form's JSON Schema (src/shared/forms/posted-answers.ts), judged by the same flow model, validators
 * and messages as in the browser, and what goes back to the page when they are refused. A route's action (the page's
 * own, see src/routing/page-actions.ts) then calls the API and redirects, or answers `FormActionData`, with which
 * the page renders the form again: its answers, the error summary and the messages beside the fields.
 */
import type { TFunction } from 'i18next';
import type { Params } from 'react-router-dom';
import type { ApiErrorBody, FieldError } from '@/shared/api-types';
import type { RequestScope } from '@/shared/request-scope';
import { CHECK_ANSWERS_PAGE, type FlowPage } from '@/shared/forms/flow';
import { sendingOf, stepAfterPage } from '@/shared/forms/navigation';
import { answersFromPost, listReadLimit } from '@/shared/forms/posted-answers';
import type { JsonSchema } from '@/shared/validation/schema-walk';
import { FORM_ACTIONS, FORM_FIELDS } from './form-address';
import { loadForm } from './form-loader';
import type { CompiledForm, FormAnswers } from './form-types';
import { formValidation, type FormValidation } from './validation/form-validation';

/** What a page's action is given (see src/routing/page-actions.ts). */
export interface PageActionArgs {
  request: Request;
  params: Params;
  /** The posted form's fields (read once: a request's body can be read only once). */
  fields: FormData;
  /** The route's manifest entry: `form` is the form it shows. */
  route: { path: string; form?: string; titleKey?: string };
  /** Texts in the language of the request. */
  t: TFunction;
  /** The request being handled: its session, router context and language, and what its answer carries back. */
  scope: RequestScope;
}

/** An action answers a redirect (`Response`), or data the page renders the form again with (`FormActionData`). */
export type PageAction = (args: PageActionArgs) => Promise<unknown>;

/** What a refused form posted without scripts hands back to its page. */
export interface FormActionData {
  /** The answers as posted (over those kept before), shown again. */
  answers: FormAnswers;
  /** The page that was shown. */
  pageId?: string;
  /** The page was opened from check answers. */
  fromReview?: boolean;
  /** Messages by field, as the browser shows them. */
  errors: FieldError[];
  /** A message about the whole form (the API's answer that names no field). */
  problem?: string;
  /** The API's error code with `problem`, for pages that offer a way on (e.g. an address not yet confirmed). */
  code?: string;
}

/** A form posted to its page, read back. */
export interface PostedForm {
  form: CompiledForm;
  validation: FormValidation;
  /** The page that was shown (undefined for check answers). */
  page?: FlowPage;
  pageId: string;
  reviewing: boolean;
  fromReview: boolean;
  /** The button pressed (`continue`, or a list's `add:` / `remove:`). */
  action: string;
  /** The answers: those kept before, the shown page's replaced by what was posted. */
  answers: FormAnswers;
}

/** Reads a schema form posted to its page; `kept` are the answers saved before (the other pages'). */
export async function readPostedForm(fields: FormData, formId: string, kept: FormAnswers = {}): Promise<PostedForm> {
  const form = await loadForm(formId);
  const validation = formValidation(form);
  const pageId = String(fields.get(FORM_FIELDS.page) ?? validation.pages[0].id);
  const reviewing = pageId === CHECK_ANSWERS_PAGE;
  const page = reviewing ? undefined : (validation.page(pageId) ?? validation.pages[0]);
  const posted = page
    ? answersFromPost(validation.rjsfSchema as JsonSchema, form.uiSchema as JsonSchema, page.fields, fields)
    : {};
  const others = Object.fromEntries(Object.entries(kept).filter(([field]) => !page?.fields.includes(field)));
  return {
    form,
    validation,
    page,
    pageId: page?.id ?? CHECK_ANSWERS_PAGE,
    reviewing,
    fromReview: fields.get(FORM_FIELDS.fromReview) === '1',
    action: String(fields.get(FORM_FIELDS.action) ?? FORM_ACTIONS.continue),
    answers: { ...others, ...posted },
  };
}

/**
 * Reads a form with several pages that is sent only from its end (nothing saved page by page): the page shown posts
 * the answers of the other pages too, in hidden fields (SchemaForm renders them), and they are read back as kept.
 */
export async function readCarriedForm(fields: FormData, formId: string): Promise<PostedForm> {
  const form = await loadForm(formId);
  const validation = formValidation(form);
  const every = validation.pages.flatMap((page) => page.fields);
  const carried = answersFromPost(validation.rjsfSchema as JsonSchema, form.uiSchema as JsonSchema, every, fields);
  return readPostedForm(fields, formId, carried);
}

/** A form sent only from its end, once every page that applies is right: its answers as the browser sends them. */
export interface CarriedFormDone {
  done: FormAnswers;
}

/**
 * Where a page of a form sent only from its end (`readCarriedForm`) goes: the page shown again with its problems,
 * the page before it (Back, unchecked), the next page that applies, check answers (`checkAnswers`, as the form shows
 * it), or, from the last page or check answers with nothing wrong, the answers to send (`done`), as the engine
 * sends them with scripts (skipped pages' answers dropped, the rules' normalisations made).
 */
export function carriedStep(
  posted: PostedForm,
  t: TFunction,
  options: { checkAnswers?: boolean } = {},
): FormActionData | CarriedFormDone {
  const { validation, page, answers } = posted;
  const show = (pageId: string): FormActionData => ({ answers, pageId, errors: [] });
  const listed = listChange(posted);
  if (listed) return { ...refused(posted, []), answers: listed };
  if (page && posted.action === FORM_ACTIONS.back) {
    return show(validation.previousPage(page.id, answers)?.id ?? page.id);
  }
  if (page) {
    const problems = problemsOf(posted, t);
    if (problems.length > 0) return refused(posted, problems);
    const checkAnswers = options.checkAnswers ?? validation.pages.length > 1;
    const step = stepAfterPage(validation, page.id, answers, { checkAnswers });
    if (step.to === 'page') return show(step.page.id);
    if (step.to === 'check-answers') return show(CHECK_ANSWERS_PAGE);
  }
  const sending = sendingOf(validation, answers);
  if (sending.pageWithProblems) return refusedOnPage(posted, sending.pageWithProblems, t);
  return { done: sending.answers };
}

/** What a posted form sends (`send`), or the form shown again (`refusal`) without sending anything. */
export type PostedCheck = { send: FormAnswers; refusal?: undefined } | { refusal: FormActionData; send?: undefined };

/**
 * Checks a posted form before anything is sent, as the browser does: a list's "Add another" or "Remove" shows the
 * page again with one item more or fewer; the shown page's problems show it again. A page of a form saved page by
 * page then sends that page's answers alone; check answers, or a form sent whole from its page (`whole`), sends the
 * whole form's answers as the browser sends them, or shows the first page that still has problems.
 */
export function checkPosted(posted: PostedForm, t: TFunction, options: { whole: boolean }): PostedCheck {
  const listed = listChange(posted);
  if (listed) return { refusal: { ...refused(posted, []), answers: listed } };
  const { page, validation, answers } = posted;
  if (page) {
    const problems = problemsOf(posted, t);
    if (problems.length > 0) return { refusal: refused(posted, problems) };
    if (!options.whole) {
      return { send: Object.fromEntries(Object.entries(answers).filter(([field]) => page.fields.includes(field))) };
    }
  }
  const sending = sendingOf(validation, answers);
  if (sending.pageWithProblems) return { refusal: refusedOnPage(posted, sending.pageWithProblems, t) };
  return { send: sending.answers };
}

/** Whether a step of a form sent only from its end gave the answers to send. */
export const isDone = (step: FormActionData | CarriedFormDone): step is CarriedFormDone => 'done' in step;

/** The messages of the problems of the shown page (or of the whole form, on check answers), in the page's language. */
export function problemsOf(posted: PostedForm, t: TFunction): FieldError[] {
  const { validation, page } = posted;
  const problems = page
    ? validation.pageProblems(page, posted.answers)
    : validation.problems(validation.withoutSkipped(posted.answers));
  return problems.map((p) => ({ field: p.path, key: p.key, message: t(p.key, p.params) }));
}

/**
 * The answers after a list's "Add another" or "Remove" button (`add:<field>`, `remove:<field>.<index>`), which a form
 * without scripts posts to be shown again with one more or one fewer item; undefined for any other button.
 */
export function listChange(posted: PostedForm): FormAnswers | undefined {
  const { action, answers } = posted;
  if (action.startsWith(FORM_ACTIONS.add)) {
    const field = action.slice(FORM_ACTIONS.add.length);
    const list = Array.isArray(answers[field]) ? (answers[field] as unknown[]) : [];
    // Never beyond the list's most items (its button is not drawn there): the page is shown again as it was.
    const schema = (posted.validation.rjsfSchema as JsonSchema).properties as Record<string, JsonSchema> | undefined;
    const most = listReadLimit(schema?.[field] ?? {}) - 1;
    return { ...answers, [field]: list.length >= most ? list : [...list, undefined] };
  }
  if (action.startsWith(FORM_ACTIONS.remove)) {
    const [field, index] = action.slice(FORM_ACTIONS.remove.length).split('.');
    const list = Array.isArray(answers[field]) ? (answers[field] as unknown[]) : [];
    return { ...answers, [field]: list.filter((_, i) => i !== Number(index)) };
  }
  return undefined;
}

/** The form shown again with what the API said against its answers: by field when it names fields. */
export function refusedByApi(posted: PostedForm, body: ApiErrorBody | undefined, fallback: string): FormActionData {
  const errors = body?.fields ?? [];
  return {
    answers: posted.answers,
    pageId: posted.pageId,
    fromReview: posted.fromReview,
    errors,
    ...(errors.length === 0 ? { problem: body?.error ?? fallback, code: body?.code } : {}),
  };
}

/** The form shown again at another of its pages (the first with a problem, on sending it), with that page's problems. */
export function refusedOnPage(posted: PostedForm, page: FlowPage, t: TFunction): FormActionData {
  const onPage = { ...posted, page, pageId: page.id };
  return refused(onPage, problemsOf(onPage, t));
}

/** The form shown again with its own problems. */
export function refused(posted: PostedForm, errors: FieldError[]): FormActionData {
  return { answers: posted.answers, pageId: posted.pageId, fromReview: posted.fromReview, errors };
}

/** Whether an action's answer carries problems to show (the page's title then starts with "Error: "). */
export function showsProblems(data: unknown): boolean {
  const answer = data as Partial<FormActionData> | undefined;
  return Boolean(answer && ((answer.errors?.length ?? 0) > 0 || answer.problem));
}
