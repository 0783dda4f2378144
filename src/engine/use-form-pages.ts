import { useState } from 'react';
import { CHECK_ANSWERS_PAGE, type Answers, type FlowPage, type FormFlow } from '@/shared/forms/flow';
import type { FormAddress } from './form-address';

export interface FormPagesOptions {
  /** The page addresses, when the form's pages have their own (see form-address.ts). */
  address?: FormAddress;
  /** Id of the page to open first (resuming a saved form); the first page when unknown or not applicable. */
  initialPageId?: string;
  /** Show check answers after the last page (a form with several pages does by default). */
  checkAnswers?: boolean;
}

export interface FormPages {
  /** The page shown (the last one answered while reviewing). */
  page: FlowPage;
  /** Whether check answers is shown instead of a page. */
  reviewing: boolean;
  /** Whether the form has several pages. */
  multiPage: boolean;
  /** Whether the page shown returns to check answers once saved (it was opened by a Change link). */
  returnsToReview: boolean;
  /** The page before the one shown that applies, if any. */
  previous?: FlowPage;
  /** The page after the one shown that applies, if any. */
  next?: FlowPage;
  /** Whether pressing the page's button ends the form (no page after it, and no check answers to show first). */
  finishes: boolean;
  goTo(pageId: string, options?: { fromReview?: boolean }): void;
  review(): void;
}

/**
 * Which page of a form is shown and where its buttons lead, by the flow model's navigation (src/shared/forms/flow.ts):
 * kept by the form itself, or by the page's address when the form has one (the browser's history then holds it).
 */
export function useFormPages(flow: FormFlow, answers: Answers, options: FormPagesOptions): FormPages {
  const { address } = options;
  const multiPage = flow.pages.length > 1;
  const checkAnswers = options.checkAnswers ?? multiPage;
  const [own, setOwn] = useState(() => ({
    pageId: flow.pageToShow(options.initialPageId, answers).id,
    // A form the server answered with its check answers (posted without scripts) opens there.
    reviewing: checkAnswers && options.initialPageId === CHECK_ANSWERS_PAGE,
    returnsToReview: false,
  }));
  const current = address
    ? {
        pageId: address.current === CHECK_ANSWERS_PAGE ? undefined : (address.current ?? options.initialPageId),
        reviewing: checkAnswers && address.current === CHECK_ANSWERS_PAGE,
        returnsToReview: address.fromReview === true,
      }
    : own;
  const page = flow.pageToShow(current.pageId, answers);
  const next = flow.nextPage(page.id, answers);
  return {
    page,
    reviewing: current.reviewing,
    multiPage,
    returnsToReview: current.returnsToReview,
    previous: flow.previousPage(page.id, answers),
    next,
    finishes: current.reviewing || (!next && !(checkAnswers && multiPage)),
    goTo(pageId, goOptions) {
      if (address) address.go(pageId, goOptions);
      else setOwn({ pageId, reviewing: false, returnsToReview: goOptions?.fromReview === true });
    },
    review() {
      if (address) address.go(CHECK_ANSWERS_PAGE);
      else setOwn((state) => ({ ...state, reviewing: true, returnsToReview: false }));
    },
  };
}
