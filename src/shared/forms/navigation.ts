/**
 * Navigation inside a form, from its flow (flow.ts): which page or check answers an address (or a page posted without
 * scripts) names, the page shown and the pages before and after it that apply, where a page's button leads once its
 * answers are right, and what sending the whole form finds. The same functions serve the form in the browser and the
 * page actions on the server, so both take the same way through a form.
 */
import { CHECK_ANSWERS_PAGE, type Answers, type FlowPage, type FormFlow } from './flow';

/** Where a form is: one of its pages (the id asked for, not yet the page that applies), or its check answers. */
export interface FlowPosition {
  /** The page asked for; the first page that applies when undefined, unknown or skipped. */
  pageId?: string;
  /** Check answers is shown instead of a page. */
  reviewing: boolean;
  /** The page was opened from check answers (a Change link): once saved, check answers is shown again. */
  returnsToReview: boolean;
}

/**
 * The position an address names: a page id, or check answers (only for a form that shows it; otherwise where the
 * form starts).
 */
export function positionNamed(
  named: string | undefined,
  options: { checkAnswers: boolean; fromReview?: boolean },
): FlowPosition {
  const reviewing = named === CHECK_ANSWERS_PAGE;
  return {
    pageId: reviewing ? undefined : named,
    reviewing: options.checkAnswers && reviewing,
    returnsToReview: options.fromReview === true,
  };
}

/**
 * Whether check answers comes after the last page of a form: when asked for (by default when the form has several
 * pages), and only for a form with several pages.
 */
export function showsCheckAnswers(flow: Pick<FormFlow, 'pages'>, checkAnswers?: boolean): boolean {
  const multiPage = flow.pages.length > 1;
  return (checkAnswers ?? multiPage) && multiPage;
}

/** What is shown at a position, and where its buttons lead. */
export interface FlowNavigation {
  /** The page shown (while reviewing, the page the position names: its button and hidden fields are check answers'). */
  page: FlowPage;
  /** Check answers is shown instead of the page. */
  reviewing: boolean;
  /** Saving the page shown returns to check answers (it was opened by a Change link). */
  returnsToReview: boolean;
  /** The page before the one shown that applies, if any (Back). */
  previous?: FlowPage;
  /** The page after the one shown that applies, if any. */
  next?: FlowPage;
  /** Pressing the button ends the form: check answers is shown, or no page nor check answers comes after this one. */
  finishes: boolean;
}

/** The navigation at a position of a form with these answers (`checkAnswers`: see `showsCheckAnswers`). */
export function navigationAt(
  flow: FormFlow,
  position: FlowPosition,
  answers: Answers,
  checkAnswers: boolean,
): FlowNavigation {
  const page = flow.pageToShow(position.pageId, answers);
  const next = flow.nextPage(page.id, answers);
  return {
    page,
    reviewing: position.reviewing,
    returnsToReview: position.returnsToReview,
    previous: flow.previousPage(page.id, answers),
    next,
    finishes: position.reviewing || (!next && !checkAnswers),
  };
}

/** Where a page's button leads once its answers are right: another page, check answers, or sending the form. */
export type PageStep = { to: 'page'; page: FlowPage } | { to: 'check-answers' } | { to: 'send' };

/**
 * Where the button of a page leads once its answers are right: back to check answers for a page opened from there,
 * else the next page that applies, else check answers when the form shows it (`checkAnswers`), else sending.
 */
export function stepAfterPage(
  flow: FormFlow,
  pageId: string,
  answers: Answers,
  options: { checkAnswers: boolean; fromReview?: boolean },
): PageStep {
  if (options.fromReview) return { to: 'check-answers' };
  const next = flow.nextPage(pageId, answers);
  if (next) return { to: 'page', page: next };
  return options.checkAnswers ? { to: 'check-answers' } : { to: 'send' };
}

/** What sending a whole form finds: the first page that applies and has a problem, or the answers to send. */
export type FormSending =
  { pageWithProblems: FlowPage; answers?: undefined } | { pageWithProblems?: undefined; answers: Answers };

/**
 * What sending a whole form finds: the answers of skipped pages and hidden fields dropped, then the first page with a
 * problem (shown again, with its messages), else the answers to send, with the rules' normalisations made.
 */
export function sendingOf(flow: FormFlow, answers: Answers): FormSending {
  const kept = flow.withoutSkipped(answers);
  const wrong = flow.firstPageWithProblems(kept);
  return wrong ? { pageWithProblems: wrong } : { answers: flow.normalise(kept) };
}

/** The pages check answers lists with these answers: those that apply, each with the fields it asks. */
export function pagesToCheck(flow: FormFlow, answers: Answers): FlowPage[] {
  return flow.pages
    .filter((page) => flow.pageApplies(page, answers))
    .map((page) => ({ ...page, fields: flow.fieldsShown(page, answers) }));
}

/** The fields each page of a form holds, by page id (whatever the answers: what a page saves). */
export function fieldsByPage(flow: Pick<FormFlow, 'pages'>): Record<string, string[]> {
  return Object.fromEntries(flow.pages.map((page) => [page.id, page.fields]));
}
